import type { Config } from '@react-router/dev/config';

// Server rendering with loaders and actions; the build goes to build/ (ignored by git).
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
