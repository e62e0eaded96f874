/**
 * `npm run docs` writes the HTML reference of every service, the client's TypeDoc reference with
 * the README as its front page, and every guide of docs/ (the reference the README links to).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import rows from '../data/operations.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '..', '..');

describe('npm run docs', () => {
  it('writes docs/index.html, one page per service with its operations, and the client reference', () => {
    execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/docs.ts'], { cwd: root, stdio: 'pipe' });
    const index = readFileSync(join(root, 'docs', 'index.html'), 'utf8');
    const pages = [...index.matchAll(/href="api\/([\w-]+)\.html"/g)].map((m) => m[1]);
    expect(pages).toHaveLength(20);
    const html = pages.map((p) => readFileSync(join(root, 'docs', 'api', `${p}.html`), 'utf8')).join('\n');
    for (const row of rows) expect(html, row.operationId).toContain(row.operationId);
    expect(readFileSync(join(root, 'docs', 'client', 'index.html'), 'utf8')).toContain('Two commands');
    // Every hand-written page of docs/ is a guide in the built docs, linked from the index.
    const guides = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    expect(guides.length).toBeGreaterThan(5);
    for (const guide of guides) {
      const page = `client/documents/${guide.replace(/\.md$/, '.html')}`;
      expect(index, guide).toContain(`href="${page}"`);
      expect(existsSync(join(root, 'docs', page)), page).toBe(true);
    }
  }, 300_000);
});
