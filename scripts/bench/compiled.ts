/**
 * The bench measures the code as it ships, not as tsx runs it: tsx compiles with `keepNames`,
 * which wraps every function it creates in a naming call (an extra cost per closure that no
 * published build pays; the official SDK is measured from its published JavaScript). esbuild
 * bundles our sources here, packages left as imports, into node_modules/.cache so they resolve.
 */
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(root, 'node_modules', '.cache', 'storefront-kit-bench');

/** Bundles `entry` (a path from the repository root) to plain ES module JavaScript; returns the file. */
export async function compiled(name: string, entry: string): Promise<string> {
  const outfile = join(OUT, `${name}.mjs`);
  await build({ entryPoints: [join(root, entry)], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent' });
  return outfile;
}
