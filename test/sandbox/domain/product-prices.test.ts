/** A product's numbers and its variants': variants made from options, base-price changes that keep surcharges and discounts. */
import { describe, expect, it } from 'vitest';
import type { StoredProduct } from '../../../src/sandbox/domain/catalog/catalog.ts';
import { buildVariants, currentNumber, setProductNumber } from '../../../src/sandbox/domain/catalog/product-prices.ts';
import { DEFAULT_VARIANT_ID } from '../../../src/provider-ids.ts';

const colour = {
  name: 'Color',
  optionType: 'color' as const,
  choices: [
    { value: '#1B4D3E', description: 'Green' },
    { value: '#C0392B', description: 'Red' },
  ],
};
const size = {
  name: 'Size',
  optionType: 'drop_down' as const,
  choices: ['S', 'L'].map((v) => ({ value: v, description: v })),
};
const ids = (k: number) => `v${k}`;

function product(discount?: StoredProduct['discount']): StoredProduct {
  const base = {
    price: 40,
    cost: 10,
    sku: 'HAT',
    discount,
    surcharge: (c: Record<string, string>) => (c.Size === 'L' ? 5 : 0),
  };
  return {
    id: 'p',
    priceData: {
      currency: 'USD',
      price: 40,
      discountedPrice: 40,
      formatted: { price: '$40.00', discountedPrice: '$40.00' },
    },
    costAndProfitData: { itemCost: 10 },
    discount,
    stock: {},
    collectionIds: [],
    productOptions: [size],
    variants: buildVariants([size], base, ids, () => 3),
  };
}

describe('product prices', () => {
  it('makes one variant per combination of choices, a colour named by its description', () => {
    const variants = buildVariants([colour, size], { price: 10, sku: 'T' }, ids, (k) => k);
    expect(variants.map((v) => [v.id, v.choices, v.variant.sku, v.variant.priceData.price, v.stock.quantity])).toEqual([
      ['v0', { Color: 'Green', Size: 'S' }, 'T-Green-S', 10, 0],
      ['v1', { Color: 'Green', Size: 'L' }, 'T-Green-L', 10, 1],
      ['v2', { Color: 'Red', Size: 'S' }, 'T-Red-S', 10, 2],
      ['v3', { Color: 'Red', Size: 'L' }, 'T-Red-L', 10, 3],
    ]);
    expect(variants.map((v) => v.stock.inStock)).toEqual([false, true, true, true]);
  });

  it('makes one default variant without options', () => {
    const [only, ...rest] = buildVariants(
      [],
      { price: 10, sku: 'T' },
      () => DEFAULT_VARIANT_ID,
      () => 1,
    );
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      id: DEFAULT_VARIANT_ID,
      choices: {},
      variant: { sku: 'T', priceData: { price: 10 } },
    });
  });

  it('keeps each variant surcharge and the discount when the base price changes', () => {
    const p = product({ type: 'AMOUNT', value: 4 });
    setProductNumber(p, 'price', 50);
    expect(currentNumber(p, 'price')).toBe(50);
    expect(p.priceData).toMatchObject({ price: 50, discountedPrice: 46 });
    expect(
      p.variants.map((v) => [v.choices.Size, v.variant.priceData.price, v.variant.priceData.discountedPrice]),
    ).toEqual([
      ['S', 50, 46],
      ['L', 55, 51],
    ]);
    expect(p.variants.map((v) => v.variant.costAndProfitData?.profit)).toEqual([40, 45]);
  });

  it('sets a cost on the product and every variant, profits following each price', () => {
    const p = product();
    setProductNumber(p, 'cost', 12);
    expect(p.costAndProfitData).toMatchObject({ itemCost: 12, profit: 28, profitMargin: 0.7 });
    expect(p.variants.map((v) => [v.variant.costAndProfitData?.itemCost, v.variant.costAndProfitData?.profit])).toEqual(
      [
        [12, 28],
        [12, 33],
      ],
    );
  });
});
