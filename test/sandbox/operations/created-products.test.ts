/**
 * A product made through the writer API is whole (issue 20, item 4): every field the sandbox
 * derives for a seeded product (page URL, slug, numeric id, price data and formatted prices,
 * ranges, inventory, variants, media, ribbons, discount) is there on a created one, in the same
 * shape, as the store reader answers both; and its cart line links to its page by its slug.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { adminClient, useSandboxServer, visitorClient } from '../../support/sandbox.ts';

const s = useSandboxServer();
const admin = () => adminClient(s.current.url);

/** Every path of a JSON value with its type; an array's elements share one path (`items[]`). */
function shape(value: unknown, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    out.add(`${path}: array`);
    for (const v of value) shape(v, `${path}[]`, out);
  } else if (value && typeof value === 'object') {
    out.add(`${path || '(product)'}: object`);
    for (const [k, v] of Object.entries(value)) shape(v, path ? `${path}.${k}` : k, out);
  } else out.add(`${path}: ${value === null ? 'null' : typeof value}`);
  return out;
}
const sorted = (xs: Set<string>) => [...xs].sort();

type ProductInput = Parameters<ReturnType<typeof adminClient>['products']['createProduct']>[0]['product'];

/** Seeded products and a product made through the writer from the same kind of input. */
const PAIRS: { name: string; seeded: string; input: ProductInput }[] = [
  {
    name: 'a plain product (trail socks)',
    seeded: PRODUCT.trailSocks,
    input: {
      name: 'Harbour socks',
      description: 'Warm socks.',
      productType: 'physical',
      sku: 'HARB-1',
      weight: 0.1,
      brand: 'Fjell',
      priceData: { price: 13 },
      costAndProfitData: { itemCost: 4 },
    },
  },
  {
    name: 'a product with a ribbon and a discount (scented candle)',
    seeded: PRODUCT.scentedCandle,
    input: {
      name: 'Beeswax candle',
      description: 'Smells of honey.',
      productType: 'physical',
      sku: 'BEE-1',
      weight: 0.3,
      brand: 'Lumen',
      ribbon: 'Sale',
      discount: { type: 'AMOUNT', value: 3 },
      priceData: { price: 18 },
      costAndProfitData: { itemCost: 5 },
    },
  },
  {
    name: 'a product with colour options and managed variants (canvas tote)',
    seeded: PRODUCT.canvasTote,
    input: {
      name: 'Market bag',
      description: 'Holds a week of vegetables.',
      productType: 'physical',
      sku: 'BAG-1',
      weight: 0.4,
      brand: 'Northwind',
      manageVariants: true,
      productOptions: [
        {
          optionType: 'color',
          name: 'Color',
          choices: [
            { value: '#1B4D3E', description: 'Green', visible: true },
            { value: '#C0392B', description: 'Red', visible: true },
          ],
        },
      ],
      priceData: { price: 25 },
      costAndProfitData: { itemCost: 8 },
    },
  },
];

describe('a product made through the writer API', () => {
  for (const pair of PAIRS) {
    it(`has every field a seeded one has, in the same shape: ${pair.name}`, async () => {
      const kit = admin();
      const { product: created } = await kit.products.createProduct({ product: pair.input });
      await kit.products.addProductMedia(created!.id!, { media: [{ mediaId: 'sfk_made~mv2.jpg' }] });
      const [seeded, read] = await Promise.all(
        [pair.seeded, created!.id!].map(async (id) => (await kit.products.getProduct(id)).product!),
      );
      expect(sorted(shape(read))).toEqual(sorted(shape(seeded)));
      expect(read.productPageUrl).toEqual({ base: seeded.productPageUrl!.base, path: `/product-page/${read.slug}` });
      expect(read.ribbons).toEqual(pair.input.ribbon ? [{ text: pair.input.ribbon }] : []);
      expect(Number(read.numericId)).toBeGreaterThan(Number(seeded.numericId));
    });
  }

  it('gives a cart line whose url ends in its slug', async () => {
    const { product } = await admin().products.createProduct({
      product: { name: 'Linen apron', productType: 'physical', priceData: { price: 30 } },
    });
    expect(product!.slug).toBe('linen-apron');
    const { cart } = await visitorClient(s.current.url).currentCart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: { appId: STORES_APP_ID, catalogItemId: product!.id! } }],
    });
    const url = cart!.lineItems![0].url!;
    expect(url.relativePath).toBe('/product-page/linen-apron');
    expect(url.url).toMatch(/\/linen-apron$/);
  });

  it('keeps its page URL and ribbons in step when the slug or the ribbon changes', async () => {
    const kit = admin();
    const { product } = await kit.products.createProduct({
      product: { name: 'Wool scarf', productType: 'physical', priceData: { price: 25 }, ribbon: 'New' },
    });
    const { product: updated } = await kit.products.updateProduct(product!.id!, {
      product: { slug: 'winter-scarf', ribbon: 'Last one' },
    });
    expect(updated!.slug).toBe('winter-scarf');
    expect(updated!.productPageUrl!.path).toBe('/product-page/winter-scarf');
    expect(updated!.ribbons).toEqual([{ text: 'Last one' }]);
    await kit.products.removeRibbon(product!.id!);
    expect((await kit.products.getProduct(product!.id!)).product!.ribbons).toEqual([]);
  });
});
