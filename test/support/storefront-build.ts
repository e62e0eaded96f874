/**
 * One production build of the example storefront for the test files that serve it (the HTTP
 * tests of test/examples and the Chromium walk), instead of one each: the first file to ask
 * builds, under a lock, while the other waits; a later run reuses the build. The build's folder
 * is named by a hash of what goes into it (the example's sources, the library's dist/, the
 * lockfile), so a change to any makes a new build and nobody is served a stale one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildStorefront, STOREFRONT_DIR } from '../../examples/storefront/build.ts';
import { once } from './once.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, '.tmp');
/** Folders of the example that are outputs, not inputs. */
const NOT_INPUTS = new Set(['build', '.react-router', 'node_modules']);
const DONE = '.complete';

function files(dir: string, skip: Set<string> = new Set()): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !skip.has(e.name))
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

/** A hash of what the storefront's build reads: the example's sources, the library's build, the installed toolchain's versions. */
function inputsHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(STOREFRONT_DIR, NOT_INPUTS),
    ...files(join(ROOT, 'dist', 'src')),
    // The versions of React Router, Vite and React that build it.
    join(ROOT, 'package-lock.json'),
  ];
  for (const file of inputs) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export interface SharedBuild {
  /** The build's folder (build/client and build/server inside), under .tmp/ where the server build's imports resolve. */
  dir: string;
  /** How long this file's own build took; undefined when it found one ready. */
  ms: number | undefined;
}

export async function sharedStorefrontBuild(): Promise<SharedBuild> {
  // The example imports storefront-kit through dist/ (as a user's app imports the package): no
  // file that serves it even loads without it, so it is there; `npm test` packs it first.
  if (!existsSync(join(ROOT, 'dist', 'src')))
    throw new Error('dist/ is missing: build the library first (npx tsx scripts/build.ts, or npm test)');
  const dir = join(TMP, `storefront-${inputsHash()}`);
  let ms: number | undefined;
  await once(
    `${dir}.building`,
    () => existsSync(join(dir, DONE)),
    async () => {
      // Builds made from other inputs are of no further use.
      for (const old of readdirSync(TMP).filter((f) => /^storefront-[0-9a-f]{16}$/.test(f)))
        rmSync(join(TMP, old), { recursive: true, force: true });
      ms = (await buildStorefront({ outDir: dir })).ms;
      writeFileSync(join(dir, DONE), new Date().toISOString());
    },
  );
  return { dir, ms };
}
