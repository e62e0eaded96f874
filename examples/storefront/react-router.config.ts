import type { Config } from '@react-router/dev/config';

// Server rendering with loaders and actions; the build goes to build/ (ignored by git), or where
// buildStorefront({ outDir }) says (a test builds its own copy).
export default {
  appDirectory: 'app',
  buildDirectory: process.env.SFK_STOREFRONT_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
