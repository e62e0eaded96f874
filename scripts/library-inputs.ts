/**
 * What the library's build (scripts/build.ts: dist/src and dist/generated, JavaScript and
 * declarations) is made from, hashed: the build writes the hash beside its output when it
 * succeeds, so a test can tell whether dist/'s declarations are those of the sources as they are
 * now (test/support/user-code.ts type-checks users' files against them when they are).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Written by the build after a successful tsc; outside the published folders (dist/src, dist/generated). */
const STAMP = join('dist', '.library-inputs');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

export function libraryInputsHash(root: string): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(root, 'src')),
    ...files(join(root, 'generated')),
    join(root, 'tsconfig.json'),
    join(root, 'tsconfig.build.json'),
    // The TypeScript that emits the declarations, and the types they import.
    join(root, 'package-lock.json'),
  ];
  for (const file of inputs) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Before a build: dist/ no longer stands for any sources until it succeeds. */
export const forgetBuiltInputs = (root: string) => rmSync(join(root, STAMP), { force: true });

/** After a successful build, the hash of the inputs taken before it began (a file changed meanwhile makes it stale). */
export const recordBuiltInputs = (root: string, hash: string) => writeFileSync(join(root, STAMP), `${hash}\n`);

/** Whether dist/ holds the build of the sources as they are now. */
export function builtFromCurrentInputs(root: string): boolean {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === libraryInputsHash(root);
}
