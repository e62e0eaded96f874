/**
 * A product's price and item cost are never below 0 (Catalog V1): a negative one is a 400 naming
 * the field, and the product is unchanged. Before, they were taken, and a cost below 0 answered a
 * profit margin above 1, which the spec's answer refuses (a 500 under response validation).
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { API_KEY, call, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const path = `/stores/v1/products/${PRODUCT.notebook}`;

describe('a negative price or cost', () => {
  it.each([
    ['product.priceData.price', { priceData: { price: -1 } }],
    ['product.costAndProfitData.itemCost', { costAndProfitData: { itemCost: -5 } }],
  ])('%s below 0 is a 400, and the product is unchanged', async (field, product) => {
    const before = await call(s.current.url, 'GET', path, { token: API_KEY });
    const r = await call(s.current.url, 'PATCH', path, { token: API_KEY, body: { product } });
    expect(r.status).toBe(400);
    expect(r.body.details.validationError.fieldViolations).toEqual([
      { field, description: 'must be >= 0', violatedRule: 'MIN' },
    ]);
    const after = await call(s.current.url, 'GET', path, { token: API_KEY });
    expect(after.body.product).toEqual(before.body.product);
  });
});
