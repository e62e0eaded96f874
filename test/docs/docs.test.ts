/** `npm run docs` writes the HTML reference of every service and the client's TypeDoc reference. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import rows from '../data/operations.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '..', '..');

describe('npm run docs', () => {
  it('writes docs/index.html, one page per service with its operations, and the client reference', () => {
    execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/docs.ts'], { cwd: root, stdio: 'pipe' });
    const index = readFileSync(join(root, 'docs', 'index.html'), 'utf8');
    const pages = [...index.matchAll(/href="api\/([\w-]+)\.html"/g)].map((m) => m[1]);
    expect(pages).toHaveLength(13);
    const html = pages.map((p) => readFileSync(join(root, 'docs', 'api', `${p}.html`), 'utf8')).join('\n');
    for (const row of rows) expect(html, row.operationId).toContain(row.operationId);
    expect(existsSync(join(root, 'docs', 'client', 'index.html'))).toBe(true);
  }, 300_000);
});
