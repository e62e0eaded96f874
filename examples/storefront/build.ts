/**
 * Builds the storefront (React Router's production build: build/client for the browser,
 * build/server for the server) and, first, the library when dist/ is missing: the example
 * imports storefront-kit by its package name, through the package's exports (dist/), as a user
 * who installed it does.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const STOREFRONT_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(STOREFRONT_DIR, '..', '..');
export const BUILD_DIR = join(STOREFRONT_DIR, 'build');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** `npm run build`'s library part, when dist/ has no entry point yet. */
export async function ensureLibraryBuilt(): Promise<boolean> {
  if (existsSync(join(ROOT, 'dist', 'src', 'react', 'index.js'))) return false;
  await run(bin('tsx'), [join(ROOT, 'scripts', 'build.ts')], { cwd: ROOT });
  return true;
}

/** The library if needed, then the storefront; resolves the milliseconds the storefront's build took. */
export async function buildStorefront({ outDir = BUILD_DIR }: { outDir?: string } = {}): Promise<{
  ms: number;
  libraryBuilt: boolean;
  outDir: string;
}> {
  const libraryBuilt = await ensureLibraryBuilt();
  const started = performance.now();
  try {
    await run(bin('react-router'), ['build'], {
      cwd: STOREFRONT_DIR,
      env: { ...process.env, NODE_ENV: 'production', SFK_STOREFRONT_BUILD_DIR: outDir },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`The storefront's build failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
  return { ms: Math.round(performance.now() - started), libraryBuilt, outDir };
}
