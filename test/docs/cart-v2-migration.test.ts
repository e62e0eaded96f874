/**
 * docs/cart-v2-migration.md: its V1 -> V2 table is written from the bundled specs by
 * `npm run generate` (scripts/lib/migration-page.ts), so it cannot drift from them: this test
 * fails when the committed page is not what the specs give, and when the README or the sandbox
 * page stop linking it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replacements } from '../../generated/operations.ts';
import { specs } from '../../generated/specs.ts';
import { BEGIN, END, MIGRATION_PAGE, migrationTable, withTable } from '../../scripts/lib/migration-page.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('docs/cart-v2-migration.md', () => {
  it('holds the table the specs give (run `npm run generate` when this fails)', () => {
    const page = read(MIGRATION_PAGE);
    expect(page, 'stale: run `npm run generate` and commit docs/cart-v2-migration.md').toBe(
      withTable(page, migrationTable(specs, replacements)),
    );
  });

  it('shows each V1 call beside its V2 call with the fields of both, and a changed note makes it stale', () => {
    const table = migrationTable(specs, replacements);
    expect(table.startsWith(BEGIN) && table.endsWith(END)).toBe(true);
    expect(table).toContain(
      '| `currentCart.addToCurrentCart({ lineItems?, customLineItems?, businessLocationId? })`<br>`POST /ecom/v1/carts/current/add-to-cart`<br>→ `{ cart }` | `currentCartV2.addLineItemsToCurrentCart({ catalogItems?, customItems? })`<br>`POST /ecom/v2/carts/current/add-line-items`<br>→ `{ cart }` |',
    );
    expect(table).toContain('| `checkout.getCheckout({ id })`<br>`GET /ecom/v1/checkouts/{id}`<br>→ `{ checkout }` | `cartV2.getCart({ cartId })`');
    expect(table).toMatch(/\| `currentCart\.createCheckoutFromCurrentCart\(\{ [^|]*\| none \| None needed: /);
    expect(table.match(/^\| `(currentCart|checkout)\.\w+\(/gm)).toHaveLength(23);
    expect(table.match(/^\| `(currentCart|checkout)\.on\w+`<br>payload/gm)).toHaveLength(6);
    const changed = { ...replacements, 'checkout.getCheckout': { ...replacements['checkout.getCheckout'], note: 'Other words.' } };
    expect(migrationTable(specs, changed)).not.toBe(table);
  });

  it('refuses a page without its markers, and a successor the spec lacks', () => {
    expect(() => withTable('# no markers', 'x')).toThrow('docs/cart-v2-migration.md lacks its generated section');
    const wrong = { ...replacements, 'checkout.getCheckout': { ...replacements['checkout.getCheckout'], operation: 'cartV2.nope' } };
    expect(() => migrationTable(specs, wrong)).toThrow(
      'docs/cart-v2-migration.md: checkout.getCheckout is replaced by cartV2.nope, which the spec lacks',
    );
  });

  it('is linked from the README and the sandbox page', () => {
    expect(read('README.md')).toContain('](docs/cart-v2-migration.md)');
    expect(read('docs/sandbox.md')).toContain('](cart-v2-migration.md)');
  });
});
