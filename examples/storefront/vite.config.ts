import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Its own root: the repository's vite.config.ts is vitest's.
  root: import.meta.dirname,
  logLevel: 'warn',
  // The server build imports the package from dist/ as server.ts does: one copy of the client's
  // error classes, so the React layer's instanceof checks hold for the client's errors.
  ssr: { external: ['storefront-kit'] },
});
