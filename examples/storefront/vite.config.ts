import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Its own root: the repository's vite.config.ts is vitest's.
  root: import.meta.dirname,
  logLevel: 'warn',
});
