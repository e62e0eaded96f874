import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

/**
 * The console's own build, in two modes:
 * - `production` -> dist/console, served by `npm start` beside the sandbox;
 * - `static` -> dist/console-static, a folder any static host can serve: the sandbox runs in
 *   the page behind msw's service worker (console/src/features/sandbox/browser-sandbox.ts, loaded only in this mode).
 */
export default defineConfig(({ mode, command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  // A build is React's production build even when started from vitest (NODE_ENV=test).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: fileURLToPath(new URL(mode === 'static' ? '../dist/console-static' : '../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
}));
