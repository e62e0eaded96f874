/**
 * Writes vitest's pass/fail counts to the file named by SFK_COUNTS (if set), so that
 * scripts/test.ts can end the whole run with one plain `N passed, N failed` line, and the names
 * of the failed tests with their first error line: CI keeps only the end of a long log, so the
 * failures are repeated there.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** The projects whose files no other project of the run runs again (react-18 reruns the React tests). */
const ONCE = new Set(['default', 'every-node', 'plain-typescript', 'react', 'hardening']);

export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of testModules) {
      // The react-18 project runs the React tests again: its failures say so (the hardening
      // project is the hardening files, run after the rest: their path says where they are).
      const where =
        (ONCE.has(mod.project.name) ? '' : `[${mod.project.name}] `) + mod.moduleId.replace(process.cwd() + '/', '');
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          const why = test.result().errors?.[0]?.message?.split('\n')[0] ?? '';
          failures.push(`${where} > ${test.fullName}: ${why}`.slice(0, 400));
        } else skipped++;
      }
      // A file that failed to load has no tests but must count as a failure.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) {
        failed++;
        const why = mod.errors()[0]?.message?.split('\n')[0] ?? '';
        failures.push(`${where}: did not load: ${why}`.slice(0, 400));
      }
    }
    const file = process.env.SFK_COUNTS;
    if (file) writeFileSync(file, JSON.stringify({ passed, failed, skipped, failures }));
  }
}
