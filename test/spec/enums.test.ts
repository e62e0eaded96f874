/**
 * Every enumeration the product description lists (test/data/enums.json) is in the spec with
 * every value, as the `enum` of some schema.
 */
import { describe, expect, it } from 'vitest';
import enums from '../data/enums.json' with { type: 'json' };
import { loadBundles, walk } from '../support/spec.ts';

const present: string[][] = [];
for (const doc of Object.values(loadBundles())) {
  walk(doc, (node) => {
    if (Array.isArray(node.enum)) present.push(node.enum.map(String));
    if (Array.isArray(node.oneOf) && node.oneOf.every((b) => b && typeof b === 'object' && 'const' in b)) {
      present.push(node.oneOf.map((b) => String((b as { const: unknown }).const)));
    }
  });
}

describe('every enumeration of the description is in the spec', () => {
  it.each(Object.entries(enums))('%s', (name, values) => {
    const best = present
      .map((e) => ({ e, missing: values.filter((v) => !e.includes(v)) }))
      .sort((a, b) => a.missing.length - b.missing.length)[0];
    expect(best?.missing ?? values, `${name}: closest enum misses these values`).toEqual([]);
  });
});

describe('the enumerations the description names without values, and the commerce side\'s discount kind', () => {
  const OPEN = ['InvoiceStatus', 'CustomFieldGroup', 'RestockType', 'InventoryAction', 'DepositType', 'VersioningMode', 'PreviewEmailType'];
  const orders = loadBundles().orders as { 'x-sfk-enumerations'?: Record<string, { enum?: string[]; 'x-sfk-open-enum'?: boolean }> };
  const named = orders['x-sfk-enumerations'] ?? {};

  it.each(OPEN)('%s: in the orders spec, marked x-sfk-open-enum, with the official SDK\'s values', (name) => {
    expect(named[name]?.['x-sfk-open-enum'], name).toBe(true);
    expect(named[name]?.enum).toEqual((enums as Record<string, string[]>)[name]);
  });

  it('discount kind is on the commerce side (AMOUNT, PERCENT), not only the catalog\'s product discount type', () => {
    expect(named.DiscountKind?.enum).toEqual(['AMOUNT', 'PERCENT']);
  });
});
