/**
 * `npm run build`: the publishable library (ESM + .d.ts) into dist/ — `storefront-kit`
 * (client and modules) and `storefront-kit/sandbox`. The console build joins this with issue 6.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forgetBuiltInputs, libraryInputsHash, recordBuiltInputs } from './library-inputs.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inputs = libraryInputsHash(root);
forgetBuiltInputs(root);
// Only the library's own output: dist/console* belong to the console build (and may be served
// by a running test while this runs).
for (const dir of ['src', 'generated']) rmSync(join(root, 'dist', dir), { recursive: true, force: true });
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { stdio: 'inherit', cwd: root });
recordBuiltInputs(root, inputs);
console.log('dist/ written');
