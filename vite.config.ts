import { defineConfig } from 'vitest/config';

// One config for the console build (vite) and the test runner (vitest).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    reporters: ['default', './test/support/count-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
