/**
 * Builds the storefront (React Router's production build: build/client for the browser,
 * build/server for the server) and, first, the library when dist/ is missing: the example
 * imports storefront-kit by its package name, through the package's exports (dist/), as a user
 * who installed it does.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

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

interface ManifestEntry {
  module: string;
  imports?: string[];
}

/**
 * The JavaScript a first load of a route fetches (the client entry, the root's and the route's
 * modules and their imports, each once, the manifest itself too), read from the build's manifest:
 * the files and their gzip size in bytes.
 */
export function firstLoadJs(buildDir: string, routeId: string): { files: string[]; gzipBytes: number } {
  const client = join(buildDir, 'client');
  const assets = readdirSync(join(client, 'assets'));
  const manifestFile = assets.find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error(`No manifest-*.js in ${join(client, 'assets')}: is the storefront built?`);
  const text = readFileSync(join(client, 'assets', manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
    entry: ManifestEntry;
    routes: Record<string, ManifestEntry>;
  };
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the manifest (${Object.keys(manifest.routes).join(', ')})`);
  const files = [
    ...new Set(
      [manifest.entry, manifest.routes.root, route]
        .flatMap((e) => [e.module, ...(e.imports ?? [])])
        .concat(`/assets/${manifestFile}`),
    ),
  ];
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(client, f))).length, 0);
  return { files, gzipBytes };
}
