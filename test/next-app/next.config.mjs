/**
 * The test storefront's Next.js config: the provider's media host is the one remote image
 * source (next/image fetches it through the preload, which routes it to the sandbox). The build
 * output goes under .tmp/ (gitignored), never beside the sources.
 */
export default {
  // Relative to this folder; Next.js keeps it inside the workspace (.tmp/ is gitignored).
  distDir: process.env.SFK_NEXT_DIST_DIR ?? '../../.tmp/next-app/build',
  images: {
    remotePatterns: [{ protocol: 'https', hostname: 'static.wixstatic.com' }],
  },
};
