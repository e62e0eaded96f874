/**
 * The publishable package as users get it: the library built (scripts/build.ts) and packed with
 * `npm pack`. `npm test` packs once, before vitest, and hands the tarball to the packaging test
 * on every Node it runs (SFK_PACKED), so runs on several runtimes at once never rebuild dist/
 * under each other; the packaging test run alone packs for itself.
 *
 *   tsx scripts/pack.ts <folder>   writes the tarball into <folder> and prints its path
 */
import { spawnSync } from 'node:child_process';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the project's root; a failure throws with everything the command printed. */
function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (r.status !== 0)
    throw new Error(
      `${[cmd, ...args].join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout ?? ''}${r.stderr ?? ''}`,
    );
  return r.stdout;
}

/** Builds and packs the library into `destination`; returns the tarball's path. */
export function packLibrary(destination: string): string {
  run(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts']);
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', destination])) as {
    filename: string;
  }[];
  return join(destination, packed.filename);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const destination = process.argv[2];
  if (!destination) throw new Error('usage: tsx scripts/pack.ts <folder>');
  console.log(packLibrary(resolve(destination)));
}
