import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { chunkUrl } from './chunk-url.ts';

/** The app's and the kit's modules of the first load's shared chunk (React and React Router come with them). */
const SHELL = [
  /app[\\/]components[\\/](cart-drawer|cart-loader|cart-words|not-found)\.tsx?$/,
  /dist[\\/]src[\\/](react[\\/](image|money|locale|variants)|media[\\/]\w+|provider-ids)\.js$/,
];
const inShell = (id: string) => SHELL.some((pattern) => pattern.test(id));

export default defineConfig({
  plugins: [reactRouter(), chunkUrl()],
  // Its own root: the repository's vite.config.ts is vitest's.
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    rolldownOptions: {
      // One chunk for what every page's first load shares: React, React Router, the drawer's
      // shell, the kit's images, money and variant picker. Split as Rolldown splits by default
      // (a chunk per set of pages sharing a module), the product page's first load takes 7 files
      // more and 1.5 kB gzip more. The price: a change of the app's shell changes that chunk's
      // hash, React's bytes with it.
      output: { codeSplitting: { groups: [{ name: 'shell', test: inShell }] } },
    },
  },
  // The server build imports the package from dist/ as server.ts does: one copy of the client's
  // error classes, so the React layer's instanceof checks hold for the client's errors.
  ssr: { external: ['storefront-kit'] },
});
