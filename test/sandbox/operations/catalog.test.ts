/**
 * The sandbox's catalog through the project's own client over real HTTP: seeded data, reads,
 * queries, writes with state read back, NaN round trips, conflicts that change nothing.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, ApplicationError, collections, createClient, currentCart, OAuthStrategy, products, wishlist } from '../../../src/index.ts';
import { COLLECTION, PRODUCT, WISHLIST_ID } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
const visitor = () => createClient({ modules: { products, collections, wishlist }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: s.current.url });
const admin = () => createClient({ modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }), host: s.current.url });
const state = async () => (await call(s.current.url, 'GET', '/__sandbox/state')).body;

describe('seeded catalog', () => {
  it('has at least 20 products (physical and digital, with variants) and 4 collections', async () => {
    const page = await visitor().products.queryProducts({ query: { paging: { limit: 100 } }, includeHiddenProducts: true });
    expect(page.products!.length).toBeGreaterThanOrEqual(20);
    expect(new Set(page.products!.map((p) => p.productType))).toEqual(new Set(['physical', 'digital']));
    expect(page.products!.some((p) => (p.variants?.length ?? 0) > 1)).toBe(true);
    expect(page.products!.some((p) => p.stock?.inventoryStatus === 'OUT_OF_STOCK')).toBe(true);
    expect(page.products!.some((p) => p.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK')).toBe(true);
    const cols = await visitor().collections.queryCollections({ query: {} });
    expect(cols.collections!.length).toBeGreaterThanOrEqual(5);
  });

  it('query builders page through products with offset paging that counts right', async () => {
    const first = await visitor().products.queryProducts().limit(5).ascending('name').find();
    expect(first.items).toHaveLength(5);
    const names: string[] = [];
    for await (const p of first) names.push(p.name!);
    expect(names.length).toBe(first.totalCount);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('hides hidden products from visitors and cost data from everyone but elevated callers', async () => {
    const all = await admin().products.queryProducts({ query: { paging: { limit: 100 } }, includeHiddenProducts: true, includeMerchantSpecificData: true });
    const hidden = all.products!.filter((p) => !p.visible)[0];
    // The store reader documents no custom errors: a hidden product is a standard 404 to a visitor.
    await expect(visitor().products.getProduct(hidden.id!)).rejects.toMatchObject({ name: 'HttpError', code: 'NOT_FOUND', status: 404 });
    const p = (await visitor().products.queryProducts({ query: { paging: { limit: 1 } } })).products![0];
    expect((await visitor().products.getProduct(p.id!, { includeMerchantSpecificData: true })).product!.costAndProfitData).toBeUndefined();
    expect((await admin().products.getProduct(p.id!, { includeMerchantSpecificData: true })).product!.costAndProfitData).toBeDefined();
  });

  it('answers options availability with the selected variant', async () => {
    const shirt = (await visitor().products.queryProducts({ query: { filter: { slug: 'linen-shirt' } } })).products![0];
    const res = await visitor().products.getProductOptionsAvailability(shirt.id!, { options: { Size: 'L' } });
    expect(res.selectedVariant!.price!.price).toBe(50);
    expect(res.availableForPurchase).toBe(true);
    const partial = await visitor().products.getProductOptionsAvailability(shirt.id!, { options: {} });
    expect(partial.selectedVariant).toBeUndefined();
  });

  it('reads the demo member wishlist with dates', async () => {
    const res = await visitor().wishlist.getWishlistById({ id: WISHLIST_ID, limit: 2, offset: 0 });
    expect(res.wishlist!.items).toHaveLength(2);
    expect(res.wishlist!.totalCount).toBe(3);
    expect(res.wishlist!.items![0].dateAdded).toBeInstanceOf(Date);
  });
});

describe('catalog writes', () => {
  it('raises every price in a collection by 10% with bulk adjust, and the cart reflects it', async () => {
    const col = (await visitor().collections.getCollectionBySlug('kitchen')).collection!;
    const members = (await admin().products.queryProducts({ query: { filter: { collectionIds: { $hasSome: [col.id] } } } })).products!;
    expect(members.length).toBe(col.numberOfProducts);
    const before = new Map(members.map((p) => [p.id, p.priceData!.price!]));
    // A shopper put one of them in the cart before the change.
    const shopper = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: s.current.url });
    const simple = members.find((p) => p.manageVariants !== true && p.stock?.inStock !== false)!;
    await shopper.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: simple.id!, appId: STORES_APP_ID } }] });
    const cartBefore = (await shopper.currentCart.getCurrentCart()).cart!;
    expect(Number(cartBefore.lineItems![0].price!.amount)).toBeCloseTo(simple.priceData!.discountedPrice!, 2);
    const res = await admin().products.bulkAdjustProductProperty({ ids: members.map((p) => p.id!), adjust: { price: { percentage: 10 } } });
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: members.length, totalFailures: 0, undetailedFailures: 0 });
    for (const p of members) {
      const after = (await visitor().products.getProduct(p.id!)).product!;
      expect(after.priceData!.price).toBeCloseTo(before.get(p.id)! * 1.1, 2);
    }
    const repriced = (await visitor().products.getProduct(simple.id!)).product!;
    const cartAfter = (await shopper.currentCart.getCurrentCart()).cart!;
    expect(Number(cartAfter.lineItems![0].price!.amount)).toBeCloseTo(repriced.priceData!.discountedPrice!, 2);
    expect(Number(cartAfter.lineItems![0].price!.amount)).toBeGreaterThan(Number(cartBefore.lineItems![0].price!.amount));
  });

  it('round-trips NaN and Infinity on variant prices and costs', async () => {
    const shirt = (await visitor().products.queryProducts({ query: { filter: { slug: 'linen-shirt' } } })).products![0];
    const res = await admin().products.updateProductVariants(shirt.id!, { variants: [{ choices: { Size: 'S' }, price: NaN, cost: Infinity }] });
    expect(res.variants![0].variant!.priceData!.price).toBeNaN();
    expect(res.variants![0].variant!.costAndProfitData!.itemCost).toBe(Infinity);
    const again = await admin().products.queryProductVariants(shirt.id!, { choices: { Size: 'S' }, includeMerchantSpecificData: true });
    expect(again.variants![0].variant!.priceData!.price).toBeNaN();
  });

  it('creates, updates and deletes products and collections, with events', async () => {
    const created = (await admin().products.createProduct({ product: { name: 'Sandbox hat', priceData: { price: 20 }, weight: 0.2 } })).product!;
    expect(created.slug).toBe('sandbox-hat');
    const col = (await admin().products.createCollection({ collection: { name: 'Hats' } })).collection!;
    await admin().products.addProductsToCollection(col.id!, { productIds: [created.id!] });
    expect((await visitor().collections.getCollection(col.id!)).collection!.numberOfProducts).toBe(1);
    await admin().products.updateProduct(created.id!, { product: { name: 'Sandbox hat II' } });
    expect((await visitor().products.getProduct(created.id!)).product!.name).toBe('Sandbox hat II');
    await admin().products.deleteProduct(created.id!);
    await expect(visitor().products.getProduct(created.id!)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const events = (await call(s.current.url, 'GET', '/__sandbox/events?entityFqdn=wix.stores.catalog.v1.product')).body.events;
    expect(events.filter((e: { entityId: string }) => e.entityId === created.id).map((e: { slug: string }) => e.slug)).toEqual(['created', 'updated', 'updated', 'deleted']);
  });

  it('applies a bulk adjust once per mention of a product, answers each mention, and announces the product once', async () => {
    const hat = (await admin().products.createProduct({ product: { name: 'Bulk hat', priceData: { price: 20 } } })).product!;
    const res = await admin().products.bulkAdjustProductProperty({ ids: [hat.id!, 'missing', hat.id!, hat.id!], adjust: { price: { amount: 1 } } });
    expect(res.results!.map((r) => [r.itemMetadata!.originalIndex, r.itemMetadata!.success])).toEqual([[0, true], [1, false], [2, true], [3, true]]);
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 3, totalFailures: 1, undetailedFailures: 0 });
    expect((await visitor().products.getProduct(hat.id!)).product!.priceData!.price).toBe(23);
    const events = (await call(s.current.url, 'GET', '/__sandbox/events?entityFqdn=wix.stores.catalog.v1.product')).body.events;
    expect(events.filter((e: { entityId: string }) => e.entityId === hat.id).map((e: { slug: string }) => e.slug)).toEqual(['created', 'updated']);
  });

  it('refuses a duplicate slug, an unknown product and a visitor writer, changing nothing', async () => {
    const before = await state();
    await expect(admin().products.createCollection({ collection: { name: 'Clothing again', slug: 'clothing' } })).rejects.toMatchObject({ code: 'SLUG_ALREADY_EXISTS', status: 409 });
    await expect(admin().products.removeBrand('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    await expect(admin().products.addProductsToCollection(COLLECTION.clothing.id, { productIds: [PRODUCT.linenShirt, 'missing'] })).rejects.toMatchObject({ status: 404 });
    const v = await call(s.current.url, 'POST', '/stores/v1/products', { body: { product: { name: 'x' } }, token: (await call(s.current.url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } })).body.access_token });
    expect(v.status).toBe(403);
    const after = await state();
    expect(after).toEqual(before);
  });
});

describe('creating a product with options', () => {
  const sizes = (choices?: { value: string; description: string }[]) => ({
    name: `Sized hat ${choices?.length ?? 'none'}`,
    priceData: { price: 20 },
    manageVariants: true,
    productOptions: [{ optionType: 'drop_down' as const, name: 'Size', ...(choices ? { choices } : {}) }],
  });

  it('prices every variant at the product price (large sizes cost no more unless the merchant says so)', async () => {
    const created = (await admin().products.createProduct({ product: sizes([{ value: 'S', description: 'S' }, { value: 'L', description: 'L' }, { value: 'XL', description: 'XL' }]) })).product!;
    expect(created.variants!.map((v) => [v.choices, v.variant!.priceData!.price])).toEqual([
      [{ Size: 'S' }, 20],
      [{ Size: 'L' }, 20],
      [{ Size: 'XL' }, 20],
    ]);
    expect(created.priceRange).toEqual({ minValue: 20, maxValue: 20 });
  });

  it('refuses an option without choices, changing nothing', async () => {
    const before = await state();
    await expect(admin().products.createProduct({ product: sizes() })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_OPTION',
      message: expect.stringContaining('Option "Size" needs at least one choice'),
    });
    const after = await state();
    expect(after).toEqual(before);
  });
});

describe('the query operations over GET `.r` (the official SDK\'s form)', () => {
  const PATH = '/stores-reader/v1/products/query-platformized';
  const r = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

  it('answers GET `.r`, GET with no parameters and the POST fallback alike', async () => {
    const token = await visitorToken(s.current.url);
    const query = { filter: { slug: 'linen-shirt' }, paging: { limit: 1 } };
    const viaGet = await call(s.current.url, 'GET', `${PATH}?.r=${r({ query })}`, { token });
    const viaPost = await call(s.current.url, 'POST', PATH, { body: { query }, token });
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.products.map((p: { slug: string }) => p.slug)).toEqual(['linen-shirt']);
    expect(viaGet.body).toEqual(viaPost.body);
    const bare = await call(s.current.url, 'GET', PATH, { token });
    expect(bare.status).toBe(200);
    expect(bare.body.metadata.offset).toBe(0);
    const cols = await call(
      s.current.url,
      'GET',
      `/v2/collections/query?.r=${r({ query: { paging: { limit: 2 } } })}`,
      { token },
    );
    expect(cols.body.collections).toHaveLength(2);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a `.r` payload with a %s key and changes nothing',
    async (key) => {
      const token = await visitorToken(s.current.url);
      const text = Buffer.from(`{"query":{"filter":{"${key}":{"polluted":true}}}}`).toString('base64url');
      const res = await call(s.current.url, 'GET', `${PATH}?.r=${text}`, { token });
      expect(res.status).toBe(400);
      // The one prototype-safe parser's answer: a validation error naming the reserved key.
      expect(res.body.details.validationError.fieldViolations).toEqual([
        { field: `.r.query.filter.${key}`, description: 'is a reserved name and cannot be used as a field', violatedRule: 'FIELD_NOT_ALLOWED' },
      ]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
