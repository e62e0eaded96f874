// @vitest-environment happy-dom
/** The variant picker's rules (variants.ts), server and browser alike, against the sandbox's seeded catalog. */
import { describe, expect, it } from 'vitest';
import { selectVariant, type Product } from '../../src/react/index.ts';
import { visitorKit, type Kit } from './support.tsx';

const productOf = async (kit: Kit, slug: string): Promise<Product> =>
  (await kit.client.products.queryProducts({ query: { filter: { slug } } })).products![0];

/** A choice's state as the test reads it. */
const states = (selection: ReturnType<typeof selectVariant>, option: string) =>
  Object.fromEntries(
    selection.options
      .find((o) => o.name === option)!
      .choices.map((c) => [
        c.name,
        { exists: c.exists, available: c.available, inStock: c.inStock, selected: c.selected },
      ]),
  );

describe('selectVariant (the picker rules, server and browser alike)', () => {
  it('knows which sizes are in stock and prices the chosen variant in decimal text', async () => {
    const kit = visitorKit();
    const jacket = await productOf(kit, 'rain-jacket');
    const none = selectVariant(jacket);
    expect(none.complete).toBe(false);
    expect(none.toLineItem(1)).toBeUndefined();
    expect(states(none, 'Size')).toEqual({
      S: { exists: true, available: true, inStock: false, selected: false },
      M: { exists: true, available: true, inStock: true, selected: false },
      L: { exists: true, available: true, inStock: true, selected: false },
      XL: { exists: true, available: true, inStock: true, selected: false },
    });
    const large = selectVariant(jacket, { Size: 'L' });
    expect(large.complete).toBe(true);
    expect(large.price).toEqual({ amount: '134.00', discountedAmount: '134.00', currency: 'USD' });
    expect(large.inStock).toBe(true);
    expect(large.options[0].choices.find((c) => c.name === 'M')!.search).toBe('Size=M');
    expect(selectVariant(jacket, { Size: 'S' }).inStock).toBe(false);
    // A choice the product does not have is dropped.
    expect(selectVariant(jacket, { Size: 'XXL', Fit: 'Slim' }).selected).toEqual({});
  });

  it('names colours as the variants do, and builds the line item the server accepts', async () => {
    const kit = visitorKit();
    const mug = await productOf(kit, 'ceramic-mug');
    const red = selectVariant(mug, { Color: 'Red' });
    expect(red.options[0].choices.map((c) => [c.name, c.value])).toEqual([
      ['Green', '#1B4D3E'],
      ['Red', '#C0392B'],
    ]);
    const bandana = await productOf(kit, 'cotton-bandana');
    const greenBandana = selectVariant(bandana, { Color: 'Green' });
    const { cart } = await kit.client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [red.toLineItem(1)!, greenBandana.toLineItem(2)!],
    });
    expect(
      cart.lineItems.map((l) => [
        l.name.original,
        l.quantityInfo.requestedQuantity,
        l.attributes?.descriptionLines?.[0]?.colorInfo?.original,
      ]),
    ).toEqual([
      ['Ceramic mug', 1, 'Red'],
      ['Cotton bandana', 2, 'Green'],
    ]);
  });
});
