/**
 * The publishable package as users get it: `npm pack`, whose prepack script builds the library
 * and the console (`npm run build`), then checked with the ecosystem's package linters (publint,
 * @arethetypeswrong/cli). `npm test` packs once, before vitest, and hands the tarball to the
 * packaging tests on every Node it runs (SFK_PACKED), so runs on several runtimes at once never
 * rebuild dist/ under each other. Run without npm test, the packaging test files pack once per
 * vitest run between them (`packedForTests`); that rebuilds dist/, console included.
 *
 *   tsx scripts/pack.ts <folder>   writes the tarball into <folder>, lints it and prints its path
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command in the project's root and answers what it printed; a failure rejects with
 * everything it printed. Asynchronous: npm test runs its other checks beside the pack.
 */
function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // NO_COLOR: the linters colour their verdicts when CI is set (picocolors), and their text is read here.
      env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const failed = (why: string) =>
      fail(
        new Error(`${[cmd, ...args].join(' ')} failed (${why}):\n${Buffer.concat([...out, ...err]).toString('utf8')}`),
      );
    child.on('error', (e) => failed(e.message));
    child.on('close', (code) => (code === 0 ? done(Buffer.concat(out).toString('utf8')) : failed(`exit ${code}`)));
  });
}

export interface Packed {
  tarball: string;
  files: number;
  /** The tarball's size (gzip), bytes. */
  bytes: number;
  unpackedBytes: number;
}

/** Builds (prepack) and packs the package into `destination`. */
export async function packLibrary(destination: string): Promise<Packed> {
  const out = await run('npm', ['pack', '--json', '--pack-destination', destination]);
  // The prepack build prints on the same stdout, before npm's JSON (an array on its own line).
  const json = out.slice(out.search(/^\[$/m));
  const [p] = JSON.parse(json) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  return { tarball: join(destination, p.filename), files: p.entryCount, bytes: p.size, unpackedBytes: p.unpackedSize };
}

export const packedSummary = (p: Packed) =>
  `${p.tarball}: ${p.files} files, ${(p.bytes / 1024).toFixed(1)} kB packed, ${(p.unpackedBytes / 1024).toFixed(1)} kB unpacked`;

/** The module resolutions a consumer can use: the package is ESM only (`"type": "module"`, `import` conditions). */
const ESM_RESOLUTIONS = ['node16-esm', 'bundler'];

/**
 * publint and @arethetypeswrong/cli on the tarball; throws with what they report (publint's
 * suggestions and warnings count too). attw runs with its `esm-only` profile: the package has no
 * CommonJS build, so `require` and node10 resolution are out of scope, not problems.
 */
export async function lintPackage(tarball: string): Promise<string> {
  const publint = await run(join(root, 'node_modules', '.bin', 'publint'), ['run', tarball, '--level', 'suggestion']);
  if (!/^All good!$/m.test(publint)) throw new Error(`publint reports:\n${publint}`);
  const attw = JSON.parse(
    await run(join(root, 'node_modules', '.bin', 'attw'), [tarball, '--profile', 'esm-only', '--format', 'json']),
  ) as {
    analysis: {
      entrypoints: Record<string, unknown>;
      problems: { kind: string; entrypoint: string; resolutionKind?: string }[];
    };
  };
  const problems = attw.analysis.problems.filter(
    (p) => !p.resolutionKind || ESM_RESOLUTIONS.includes(p.resolutionKind),
  );
  if (problems.length)
    throw new Error(
      `@arethetypeswrong/cli reports:\n${problems.map((p) => `  ${p.entrypoint} (${p.resolutionKind ?? 'any'}): ${p.kind}`).join('\n')}`,
    );
  const entries = Object.keys(attw.analysis.entrypoints);
  return `publint: all good; attw (esm-only): no problems on ${entries.length} entry points (${entries.join(', ')}) for ${ESM_RESOLUTIONS.join(' and ')}`;
}

/**
 * The tarball for a packaging test: npm test's (SFK_PACKED), or packed once for this vitest run.
 * Test files run in parallel worker processes of one vitest, whose pid is their parent's: the
 * first to take `.tmp/packed-<that pid>` packs, the others wait for its result file.
 */
export async function packedForTests(): Promise<string> {
  const given = process.env.SFK_PACKED;
  if (given) {
    if (!existsSync(given))
      throw new Error(`SFK_PACKED names ${given}, which does not exist: npm test's pack step failed (see its output)`);
    return given;
  }
  const base = join(root, '.tmp');
  const dir = join(base, `packed-${process.ppid}`);
  const resultFile = join(dir, 'result.json');
  mkdirSync(base, { recursive: true });
  let first = true;
  try {
    mkdirSync(dir);
  } catch {
    first = false;
  }
  if (first) {
    for (const old of readdirSync(base).filter((n) => /^packed-\d+$/.test(n) && n !== `packed-${process.ppid}`))
      if (!alive(Number(old.slice('packed-'.length)))) rmSync(join(base, old), { recursive: true, force: true });
    let result: { tarball?: string; error?: string };
    try {
      result = { tarball: (await packLibrary(dir)).tarball };
    } catch (e) {
      result = { error: (e as Error).message };
    }
    // Written aside and renamed: a waiter sees the file appear whole.
    writeFileSync(`${resultFile}.part`, JSON.stringify(result));
    renameSync(`${resultFile}.part`, resultFile);
  } else {
    await new Promise<void>((done) => {
      const watcher = watch(dir, () => {
        if (existsSync(resultFile)) (watcher.close(), done());
      });
      if (existsSync(resultFile)) (watcher.close(), done());
    });
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { tarball?: string; error?: string };
  if (!result.tarball) throw new Error(`packing failed: ${result.error}`);
  return result.tarball;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const destination = process.argv[2];
  if (!destination) throw new Error('usage: tsx scripts/pack.ts <folder>');
  const packed = await packLibrary(resolve(destination));
  console.log(packedSummary(packed));
  console.log(await lintPackage(packed.tarball));
}
