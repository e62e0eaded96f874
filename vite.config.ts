import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { NOT_ON_OTHER_RUNTIMES, PLAIN_TYPESCRIPT } from './scripts/runtimes.ts';
import LongWaitsFirst from './test/support/sequencer.ts';

const shared = {
  reporters: ['default', './test/support/count-reporter.ts'],
  // Each test file's temporary folders are removed when it ends, isolated or not.
  setupFiles: ['./test/support/temp-folder-cleanup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  sequence: { sequencer: LongWaitsFirst },
};

// React 18.3 is a peer beside 19: the React tests run again on it. react and react-dom 18 are a
// nested install (test/react-18, a devDependency by path: react-dom 18 wants react 18 beside it),
// so react-dom 18's own `require('react')` finds the same copy the aliases hand the sources.
const react18 = (path: string) => fileURLToPath(new URL(`./test/react-18/node_modules/${path}`, import.meta.url));

/**
 * The hardening suites that measure time, memory or restarts (latency of a concurrent request
 * beside the largest bodies, RSS growth, writes across SIGKILL restarts; test-results/hardening.json)
 * run after everything else, one file at a time, so no neighbour distorts their figures (`npm
 * test` runs them in a vitest run of their own, once Node 22, 24 and 26 are done too). The
 * other hardening suites (fuzz, hostile inputs, regexes, security) count refusals, not time:
 * they run with the rest.
 */
const FIGURES = 'test/hardening/{largest-body,state-growth,load-and-fault}.test.ts';

/**
 * Three files at a time for the rest: much of their time is spent waiting on chromium, a child
 * process or a server, so three overlap well even on two cores (vitest's run-mode default there,
 * cores - 1, is one). With two, a fresh-clone `.ci/run` left the cores idle about a sixth of the
 * time: 609 s; with three, 530 s, the cores busy throughout Node 20's run (docs/development.md).
 * Each file has its own servers on free ports, scratch folders and browser.
 * SFK_TEST_WORKERS sets another count (scripts/test.ts gives the other runtimes' runs one
 * each): a project's maxWorkers is not overridden by vitest's --maxWorkers flag.
 */
const WORKERS = Number(process.env.SFK_TEST_WORKERS) || 3;

const TEST_FILES = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
/** Globs of scripts/runtimes.ts as test-file globs: a folder's glob (`test/browser/**`) stands for the test files under it. */
const testFiles = (globs: Record<string, string>) =>
  Object.keys(globs).flatMap((glob) =>
    glob.endsWith('/**') ? TEST_FILES.map((files) => glob + files.slice('test/**'.length)) : [glob],
  );
/** The suites only Node 20 runs (scripts/runtimes.ts). */
const NODE_20_ONLY = testFiles(NOT_ON_OTHER_RUNTIMES);
/** Of those, the ones that are plain TypeScript over in-memory state. */
const PLAIN = testFiles(PLAIN_TYPESCRIPT);
/** Of those, React's hooks and components in happy-dom (test/react's .tsx files). */
const REACT_DOM = NODE_20_ONLY.filter((glob) => glob.startsWith('test/react/') && glob.endsWith('.tsx'));

// One config for the console build (vite) and the test runner (vitest).
export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        // Node 20's browser, build, tool and hardening suites, without isolation too: the
        // browser support (the sandbox, playwright, vite through the console's build script) is
        // imported once per worker, not once per file (about 1.7 s of CPU a file). Each file
        // still launches its own chromium and starts its own servers and scratch folders; none
        // mocks a module or fakes a timer, and the one that stubs a global unstubs it after each
        // test (test/hardening/react-layer).
        extends: true,
        test: {
          name: 'default',
          include: NODE_20_ONLY,
          exclude: [...configDefaults.exclude, ...PLAIN, ...REACT_DOM, FIGURES],
          isolate: false,
          env: { SFK_REACT_MAJOR: '19' },
          maxWorkers: WORKERS,
        },
      },
      {
        // The suites every Node version runs (the rest of test/): the files of a worker share one
        // module graph, so the sandbox, the client and the official SDK are imported once per
        // worker, not once per file (each file still gets fresh servers, scratch folders and
        // state: every one passes either way). Node 22, 24 and 26 run this project alone.
        extends: true,
        test: {
          name: 'every-node',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...NODE_20_ONLY, FIGURES],
          isolate: false,
          env: { SFK_REACT_MAJOR: '19' },
          maxWorkers: WORKERS,
        },
      },
      {
        // Node 20's plain TypeScript suites (the sandbox's rules, the query builders, the spec's
        // examples), without isolation for the same reason: none mocks a module, fakes a timer or
        // changes a global.
        extends: true,
        test: {
          name: 'plain-typescript',
          include: PLAIN,
          isolate: false,
          env: { SFK_REACT_MAJOR: '19' },
          maxWorkers: WORKERS,
        },
      },
      {
        // Node 20's React hooks and components in happy-dom on React 19, without isolation as
        // the react-18 project below: a worker's files share one module graph (React, the
        // sandbox, the client) and one happy-dom window, each file mounting into containers of
        // its own (test/react/support.tsx) and restoring what it spies on; the every-node project
        // already runs the other React tests that way.
        extends: true,
        test: {
          name: 'react',
          include: REACT_DOM,
          isolate: false,
          env: { SFK_REACT_MAJOR: '19' },
          maxWorkers: WORKERS,
        },
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
          // Not isolated (a run of its 20 files, two workers: 48 s of CPU isolated, 20 s not).
          isolate: false,
          env: { SFK_REACT_MAJOR: '18' },
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: { name: 'hardening', include: [FIGURES], sequence: { groupOrder: 1 }, maxWorkers: 1 },
      },
    ],
  },
});
