/** `npm run coverage`: writes docs/coverage.md (the sandbox's coverage table). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { coverageMarkdown } from './lib/coverage.ts';

const file = fileURLToPath(new URL('../docs/coverage.md', import.meta.url));
writeFileSync(file, coverageMarkdown());
console.log('docs/coverage.md');
