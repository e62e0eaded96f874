import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Its own root: the repository's vite.config.ts is vitest's.
  root: import.meta.dirname,
  logLevel: 'warn',
  // The server build imports storefront-kit from the package, as server.ts does: one copy of its
  // error classes, so the React layer's `instanceof` knows the client's errors (a bundled second
  // copy made a visitor without a cart look like a failed read, and the browser read it again).
  ssr: { external: ['storefront-kit'] },
});
