/** The consumer folder is its own root (no lockfile above it to guess from). */
export default { turbopack: { root: import.meta.dirname }, typescript: { tsconfigPath: 'tsconfig.next.json' } };
