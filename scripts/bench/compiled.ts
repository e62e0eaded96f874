/**
 * The bench measures the code as it ships, not as tsx runs it: tsx compiles with `keepNames`,
 * which wraps every function it creates in a naming call (an extra cost per closure that no
 * published build pays; the official SDK is measured from its published JavaScript). esbuild
 * bundles our sources here, packages left as imports, into node_modules/.cache so they resolve.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT = join(root, 'node_modules', '.cache', 'storefront-kit-bench');

/** Bundles the module at the absolute path `entry` into `outfile`, packages left as imports. */
async function bundle(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  return outfile;
}

/** Bundles `entry` (a path from the repository root) to plain ES module JavaScript; returns the file. */
export function compiled(name: string, entry: string): Promise<string> {
  return bundle(join(root, entry), join(OUT, `${name}.mjs`));
}

/**
 * The repository's src/, generated/, scripts/bench/ and TypeScript configs as they were at
 * `commit`, taken out of git (`git archive`) into .tmp/ (packages resolve from there, and it is
 * not under node_modules, where tsc would name its files by package paths in declarations);
 * returns the folder. Throws when the commit is not in this clone.
 */
export function treeAt(commit: string): string {
  const dir = join(root, '.tmp', 'bench-trees', commit);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let tarball: Buffer;
  try {
    tarball = execFileSync(
      'git',
      ['archive', '--format=tar', commit, 'src', 'generated', 'scripts/bench', 'tsconfig.json', 'tsconfig.build.json'],
      { cwd: root, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    throw new Error(
      `commit ${commit} is not in this clone (a shallow clone has no history): ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`,
    );
  }
  execFileSync('tar', ['-x', '-C', dir], { input: tarball });
  return dir;
}

/** `entry` as it was at `commit` (treeAt), bundled like `compiled`, so a previous build runs beside this one. */
export async function compiledAt(commit: string, name: string, entry: string): Promise<string> {
  return bundle(join(treeAt(commit), entry), join(OUT, `${name}-${commit}.mjs`));
}
