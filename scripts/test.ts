/**
 * `npm test`: everything, in order, on a fresh clone.
 *   spec lint -> generated-code drift -> type check -> import rules -> console build -> vitest (unit, contract, sandbox, browser)
 * Each step before vitest counts as one check; vitest's tests count one each. The run ends with
 * one plain line, `N passed, N failed`, which CI reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = (name: string) => join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;

function step(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${title}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(title: string, cmd: string, args: string[]): void {
  if (step(title, cmd, args)) passed++;
  else failed++;
}

check('spec lint', bin('redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'stylish', '--max-problems', '200']);
check('generated drift', bin('tsx'), ['scripts/generate.ts', '--check']);
check('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
// dependency-cruiser with .dependency-cruiser.cjs: no cycles in src/, one-way imports (see the file).
check('import rules', bin('depcruise'), ['src', 'console', '--config', '.dependency-cruiser.cjs']);
// Built once here so the browser test files (run in parallel) share one fresh build.
check('console build', bin('tsx'), ['scripts/build-console.ts']);

const counts = join(mkdtempSync(join(tmpdir(), 'sfk-test-')), 'counts.json');
// The hardening suites append their figures here; printed after vitest so they are easy to find.
const figures = join('test-results', 'hardening.json');
rmSync(figures, { force: true });
const vitestArgs = ['run', ...process.argv.slice(2)];
const vitestOk = step('vitest', bin('vitest'), vitestArgs, { SFK_COUNTS: counts });
if (existsSync(figures)) {
  console.log('\n=== hardening figures');
  for (const line of readFileSync(figures, 'utf8').split('\n').filter(Boolean)) {
    const f = JSON.parse(line) as { summary?: string };
    console.log(f.summary ?? line);
  }
}
if (existsSync(counts)) {
  const c = JSON.parse(readFileSync(counts, 'utf8')) as { passed: number; failed: number };
  passed += c.passed;
  failed += c.failed;
  if (!vitestOk && c.failed === 0) failed++; // vitest failed outside any test (config, unhandled error)
} else {
  failed++; // vitest did not get as far as reporting
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
