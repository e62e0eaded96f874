/**
 * A storefront built on the provider's official SDK (`@wix/sdk` with `@wix/stores` and
 * `@wix/ecom`, unchanged), pointed at the sandbox over HTTP, does what such a storefront does:
 * lists a collection sorted by price both ways and by name, searches by a name prefix, shows a
 * product page and picks a colour by its name, adds managed variants by id and a product without
 * managed variants by its options, reads the cart's line URLs, quantities and totals, and treats
 * a missing collection the way the provider's own templates do.
 */
import { currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../src/sandbox/domain/money.ts';
import { COLLECTION, PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

const storefront = () =>
  createClient({ modules: { products, collections, currentCart }, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
type Item = { name?: string | null; price?: { price?: number | null; discountedPrice?: number | null } | null };
const paid = (p: Item) => p.price?.discountedPrice ?? p.price?.price ?? 0;

describe('a storefront on the official SDK', () => {
  it('lists a collection by price, low to high and high to low, and by name', async () => {
    const shop = storefront();
    const { collection } = await shop.collections.getCollectionBySlug(COLLECTION.clothing.slug);
    const inClothing = () => shop.products.queryProducts().hasSome('collectionIds', [collection!._id!]);
    const up = (await inClothing().ascending('price').find()).items;
    const down = (await inClothing().descending('price').find()).items;
    expect(up.length).toBe(collection!.numberOfProducts);
    expect(up.map(paid)).toEqual([...up.map(paid)].sort((a, b) => a - b));
    expect(new Set(up.map(paid)).size).toBeGreaterThan(1);
    expect(down.map(paid)).toEqual([...up.map(paid)].reverse());
    const byName = (await inClothing().ascending('name').find()).items.map((p) => p.name!);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    // The whole catalog sorts by price too (without a collection filter).
    const all = (await shop.products.queryProducts().descending('price').limit(100).find()).items;
    expect(all.map(paid)).toEqual([...all.map(paid)].sort((a, b) => b - a));
  });

  it('searches by a name prefix', async () => {
    const shop = storefront();
    const found = (await shop.products.queryProducts().startsWith('name', 'co').find()).items.map((p) => p.name);
    expect(found.sort()).toEqual(['Coffee beans 1 kg', 'Cotton bandana']);
  });

  it('refuses a sort field products cannot sort by, as a validation error', async () => {
    const shop = storefront();
    const err = await shop.products
      .queryProducts()
      .ascending('media' as never)
      .find()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      details: {
        validationError: { fieldViolations: [expect.objectContaining({ violatedRule: 'INVALID_SORT_FIELD' })] },
      },
    });
  });

  it('answers a missing collection the way the provider templates recognise it (code 404)', async () => {
    const shop = storefront();
    for (const call of [
      () => shop.collections.getCollectionBySlug('no-such-collection'),
      () => shop.products.getProduct('6b3a0000-0000-4000-8000-999999999999'),
    ]) {
      const err = (await call().catch((e: unknown) => e)) as { details?: { applicationError?: { code?: unknown } } };
      expect(err.details?.applicationError?.code).toBe(404);
    }
  });

  it('shows a product page and picks a colour by its name', async () => {
    const shop = storefront();
    const { product } = await shop.products.getProduct(PRODUCT.canvasTote);
    const colour = product!.productOptions!.find((o) => o.optionType === 'color')!;
    expect(colour.choices!.map((c) => c.description)).toEqual(['Green', 'Red']);
    expect(product!.variants!.map((v) => v.choices)).toEqual([{ Color: 'Green' }, { Color: 'Red' }]);
    const availability = await shop.products.getProductOptionsAvailability(PRODUCT.canvasTote, { Color: 'Green' });
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant!.sku).toBe(
      product!.variants!.find((v) => v.choices!.Color === 'Green')!.variant!.sku,
    );
    expect(availability.productOptions![0].choices!.map((c) => [c.description, c.inStock])).toEqual([
      ['Green', true],
      ['Red', true],
    ]);
  });

  it('adds managed variants by id and an unmanaged product by its options; the cart shows URLs, quantities and totals', async () => {
    const shop = storefront();
    const { product: shirt } = await shop.products.getProduct(PRODUCT.linenShirt);
    const [small, large] = [
      shirt!.variants!.find((v) => v.choices!.Size === 'S')!,
      shirt!.variants!.find((v) => v.choices!.Size === 'L')!,
    ];
    const { product: tote } = await shop.products.getProduct(PRODUCT.canvasTote);
    const red = tote!.variants!.find((v) => v.choices!.Color === 'Red')!;
    const ref = (catalogItemId: string, options: Record<string, unknown>) => ({
      appId: STORES_APP_ID,
      catalogItemId,
      options,
    });
    const { cart } = await shop.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: ref(PRODUCT.linenShirt, { variantId: small._id }) },
        { quantity: 2, catalogReference: ref(PRODUCT.linenShirt, { variantId: large._id }) },
        { quantity: 1, catalogReference: ref(PRODUCT.canvasTote, { options: { Color: 'Red' } }) },
        { quantity: 3, catalogReference: ref(PRODUCT.cottonBandana, { options: { Color: 'Green' } }) },
      ],
    });
    const lines = cart!.lineItems!;
    expect(lines.map((l) => l.quantity)).toEqual([1, 2, 1, 3]);
    expect(lines.map((l) => l.url)).toEqual([
      'https://sandbox.store/product-page/linen-shirt',
      'https://sandbox.store/product-page/linen-shirt',
      'https://sandbox.store/product-page/canvas-tote',
      'https://sandbox.store/product-page/cotton-bandana',
    ]);
    expect(lines[2].catalogReference!.options).toEqual({ variantId: red._id });
    expect(lines[3].catalogReference!.options).toEqual({ options: { Color: 'Green' } });
    expect(
      lines[2].descriptionLines!.map((d) => [
        d.name!.original,
        d.colorInfo?.original,
        (d as { lineType?: string }).lineType,
      ]),
    ).toEqual([['Color', 'Red', 'COLOR']]);
    expect(lines[1].descriptionLines!.map((d) => [d.name!.original, d.plainText?.original])).toEqual([['Size', 'L']]);
    expect(Number(lines[1].price!.amount) - Number(lines[0].price!.amount)).toBe(5);

    const estimate = await shop.currentCart.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York' },
    });
    const sum = estimate.priceSummary!;
    const subtotal = lines.reduce((t, l) => t + toMinor(l.price!.amount) * l.quantity!, 0);
    expect(toMinor(sum.subtotal!.amount)).toBe(subtotal);
    expect(toMinor(sum.total!.amount)).toBe(
      toMinor(sum.subtotal!.amount) -
        toMinor(sum.discount!.amount) +
        toMinor(sum.shipping!.amount) +
        toMinor(sum.tax!.amount),
    );
  });
});
