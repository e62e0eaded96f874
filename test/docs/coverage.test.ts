/** docs/coverage.md is the sandbox's coverage table as the handlers stand, and every operation but the listed Cart V2 ones is emulated. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageMarkdown, coverageRows } from '../../scripts/lib/coverage.ts';
import rows from '../data/operations.json' with { type: 'json' };
import { CART_V2_NOT_EMULATED } from '../../src/sandbox/operations/cart-v2.ts';

const root = resolve(import.meta.dirname, '..', '..');

describe('coverage table', () => {
  it('docs/coverage.md matches the handlers (run `npm run coverage` after adding one)', () => {
    expect(readFileSync(join(root, 'docs', 'coverage.md'), 'utf8')).toBe(coverageMarkdown());
  });

  it('lists all 161 operations, "not emulated" only the three Cart V2 ones the sandbox has nothing for', () => {
    const table = coverageRows();
    expect(table.map((r) => r.key.split('.')[1]).sort()).toEqual(rows.map((r) => r.operationId).sort());
    expect(table.filter((r) => !r.module).map((r) => r.key).sort()).toEqual([...CART_V2_NOT_EMULATED].sort());
  });
});
