/** docs/coverage.md is the sandbox's coverage table as the handlers stand, and every operation is emulated. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageMarkdown, coverageRows } from '../../scripts/lib/coverage.ts';
import rows from '../data/operations.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '..', '..');

describe('coverage table', () => {
  it('docs/coverage.md matches the handlers (run `npm run coverage` after adding one)', () => {
    expect(readFileSync(join(root, 'docs', 'coverage.md'), 'utf8')).toBe(coverageMarkdown());
  });

  it('lists all 161 operations, none of them "not emulated"', () => {
    const table = coverageRows();
    expect(table.map((r) => r.key.split('.')[1]).sort()).toEqual(rows.map((r) => r.operationId).sort());
    expect(table.filter((r) => !r.module).map((r) => r.key)).toEqual([]);
  });
});
