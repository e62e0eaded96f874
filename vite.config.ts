import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = {
  reporters: ['default', './test/support/count-reporter.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// React 18.3 is a peer beside 19: the React tests run again on it. react and react-dom 18 are a
// nested install (test/react-18, a devDependency by path: react-dom 18 wants react 18 beside it),
// so react-dom 18's own `require('react')` finds the same copy the aliases hand the sources.
const react18 = (path: string) => fileURLToPath(new URL(`./test/react-18/node_modules/${path}`, import.meta.url));

// One config for the console build (vite) and the test runner (vitest).
export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        extends: true,
        test: { name: 'default', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], env: { SFK_REACT_MAJOR: '19' } },
      },
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^react$/, replacement: react18('react/index.js') },
            { find: /^react\/(.*)$/, replacement: react18('react/$1') },
            { find: /^react-dom$/, replacement: react18('react-dom/index.js') },
            { find: /^react-dom\/(.*)$/, replacement: react18('react-dom/$1') },
          ],
        },
        test: {
          name: 'react-18',
          // Inlined, so its `import 'react'` goes through the aliases too.
          server: { deps: { inline: ['@tanstack/react-query'] } },
          include: ['test/react/**/*.test.tsx'],
          env: { SFK_REACT_MAJOR: '18' },
        },
      },
    ],
  },
});
