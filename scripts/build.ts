/**
 * `npm run build`: the publishable library (ESM + .d.ts) into dist/ — `storefront-kit`
 * (client and modules) and `storefront-kit/sandbox`. The console build joins this with issue 6.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Only the library's own output: dist/console* belong to the console build (and may be served
// by a running test while this runs).
for (const dir of ['src', 'generated']) rmSync(join(root, 'dist', dir), { recursive: true, force: true });
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { stdio: 'inherit', cwd: root });
console.log('dist/ written');
