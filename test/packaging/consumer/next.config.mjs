/**
 * The consumer folder is its own root (no lockfile above it to guess from). The app's TypeScript
 * is type-checked by the test's `tsc -p tsconfig.bundler.json` (which includes app/), so the
 * build does not check it a second time; the project is built once, so Turbopack writes no
 * cache for a next build.
 */
export default {
  turbopack: { root: import.meta.dirname },
  typescript: { tsconfigPath: 'tsconfig.next.json', ignoreBuildErrors: true },
  experimental: { turbopackFileSystemCacheForBuild: false },
};
