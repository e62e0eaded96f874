/**
 * A storefront on the provider's current catalog (the official SDK's `productsV3` of
 * `@wix/stores`, unchanged) against the sandbox over HTTP: it lists the shop with the fields a
 * newer storefront template asks for, pages by cursor, reads a product by slug, searches and
 * counts, adds a V3 product to the cart by its V3 references and orders it; a back-office tool
 * creates, updates and deletes products through V3 and the V1 catalog sees each change (and
 * the other way round). Requests go through the SDK's own forms: the short GET with `.r` and,
 * for a long query, the POST fallback.
 */
import { checkout, currentCart } from '@wix/ecom';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { products, productsV3 } from '@wix/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeProviderRequests } from '../../src/sandbox/platform/node-routing.ts';
import { PRODUCT, variantId } from '../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';
import { API_KEY, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';

const s = useSandboxServer();

/** Every provider call the SDK makes in a test: method, path and the query's `.r` presence. */
let seen: { method: string; path: string; dotR: boolean }[] = [];
let restore = () => {};
beforeEach(async () => {
  await fetch(`${s.current.url}/__sandbox/reset`, { method: 'POST' });
  seen = [];
  const unroute = routeProviderRequests(s.current.url);
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith('/stores/v3/'))
      seen.push({
        method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
        path: url.pathname,
        dotR: url.searchParams.has('.r'),
      });
    return inner(input, init);
  }) as typeof fetch;
  restore = () => {
    globalThis.fetch = inner;
    unroute();
  };
});
afterEach(() => restore());

const storefront = () =>
  createClient({
    modules: { productsV3, products, currentCart, checkout },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
  });
const backOffice = () =>
  createClient({
    modules: { productsV3, products },
    auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }),
  });

const SHOP_FIELDS = ['CURRENCY', 'PLAIN_DESCRIPTION', 'VARIANT_OPTION_CHOICE_NAMES'] as const;

describe('the official SDK productsV3 on the sandbox', () => {
  it('lists the shop as a newer storefront template does (GET with .r), with the fields it reads', async () => {
    const shop = storefront();
    const page = await shop.productsV3
      .queryProducts({ fields: [...SHOP_FIELDS] })
      .limit(50)
      .find();
    expect(seen).toEqual([{ method: 'GET', path: '/stores/v3/products/query', dotR: true }]);
    // Every visible seeded product, not the hidden one.
    expect(page.items).toHaveLength(22);
    expect(page.items.map((p) => p._id)).not.toContain(PRODUCT.hiddenSample);
    const shirt = page.items.find((p) => p._id === PRODUCT.linenShirt)!;
    expect(shirt.name).toBe('Linen shirt');
    expect(shirt.plainDescription).toEqual(expect.any(String));
    expect(shirt.media?.main?.image).toMatch(/^wix:image:\/\/v1\//);
    expect(shirt.actualPriceRange?.minValue).toEqual({ amount: '45', formattedAmount: '$45.00' });
    expect(shirt.actualPriceRange?.maxValue).toEqual({ amount: '50', formattedAmount: '$50.00' });
    expect(shirt.options?.[0]?.choicesSettings?.choices?.map((c) => c.name)).toEqual(['S', 'M', 'L', 'XL']);
    const first = shirt.variantsInfo!.variants![0];
    expect(first._id).toBe(variantId(1, 0));
    expect(first.price?.actualPrice?.formattedAmount).toBe('$45.00');
    expect(first.inventoryStatus?.inStock).toBe(true);
    expect(first.choices?.[0]?.optionChoiceNames).toEqual({
      optionName: 'Size',
      choiceName: 'S',
      renderType: 'TEXT_CHOICES',
    });
  });

  it('answers a flat query the SDK sends as plain parameters (fields=CURRENCY, no .r)', async () => {
    const { products: listed } = await storefront().productsV3.queryProducts({}, { fields: ['CURRENCY'] });
    expect(seen).toEqual([{ method: 'GET', path: '/stores/v3/products/query', dotR: false }]);
    expect(listed).toHaveLength(22);
    expect(listed!.every((p) => p.currency === 'USD')).toBe(true);
  });

  it('leaves out what the fields do not ask for', async () => {
    const { items } = await storefront().productsV3.queryProducts().eq('slug', 'linen-shirt').find();
    const [shirt] = items;
    expect(shirt.plainDescription).toBeUndefined();
    expect(shirt.currency).toBeUndefined();
    expect(shirt.actualPriceRange?.minValue).toEqual({ amount: '45' });
    expect(shirt.variantsInfo!.variants![0].choices![0].optionChoiceNames).toBeUndefined();
  });

  it('pages by cursor: the next page carries the query', async () => {
    const shop = storefront();
    const first = await shop.productsV3.queryProducts().ascending('slug').limit(10).find();
    expect(first.items).toHaveLength(10);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    const third = await second.next();
    const slugs = [...first.items, ...second.items, ...third.items].map((p) => p.slug!);
    expect(slugs).toHaveLength(22);
    expect(slugs).toEqual([...slugs].sort((a, b) => a.localeCompare(b)));
    expect(third.hasNext()).toBe(false);
  });

  it('sends a long query as the POST fallback, with the same answer', async () => {
    const shop = storefront();
    const many = Array.from({ length: 200 }, (_, i) => `no-such-product-slug-${i}`);
    const { items } = await shop.productsV3
      .queryProducts()
      .in('slug', [...many, 'canvas-tote'])
      .find();
    expect(items.map((p) => p._id)).toEqual([PRODUCT.canvasTote]);
    expect(seen.map((r) => r.method)).toEqual(['POST']);
  });

  it('reads a product by slug and by id, and a missing one as a 404', async () => {
    const shop = storefront();
    const bySlug = await shop.productsV3.getProductBySlug('canvas-tote', { fields: ['URL'] });
    expect(bySlug.product?._id).toBe(PRODUCT.canvasTote);
    // The SDK turns the wire's { relativePath, url } into the URL text.
    expect(bySlug.product?.url).toBe('https://sandbox.store/product-page/canvas-tote');
    const colour = bySlug.product!.options![0];
    expect(colour.optionRenderType).toBe('SWATCH_CHOICES');
    expect(colour.choicesSettings!.choices!.map((c) => [c.name, c.choiceType])).toEqual([
      ['Green', 'ONE_COLOR'],
      ['Red', 'ONE_COLOR'],
    ]);
    const byId = await shop.productsV3.getProduct(PRODUCT.canvasTote);
    expect(byId._id).toBe(PRODUCT.canvasTote);
    for (const call of [
      () => shop.productsV3.getProduct(PRODUCT.hiddenSample),
      () => shop.productsV3.getProductBySlug('nope'),
    ]) {
      const err = (await call().catch((e: unknown) => e)) as { details?: { applicationError?: { code?: unknown } } };
      expect(err.details?.applicationError?.code).toBe(404);
    }
  });

  it('refuses merchant data and hidden products to a visitor, in the provider error codes', async () => {
    const shop = storefront();
    const merchant = await shop.productsV3
      .queryProducts({ fields: ['MERCHANT_DATA'] })
      .find()
      .catch((e: unknown) => e);
    expect(merchant).toMatchObject({ details: { applicationError: { code: 'NO_PERMISSION_TO_READ_MERCHANT_DATA' } } });
    const hidden = await shop.productsV3
      .queryProducts()
      .eq('visible', false)
      .find()
      .catch((e: unknown) => e);
    expect(hidden).toMatchObject({
      details: { applicationError: { code: 'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS' } },
    });
    // The site owner sees the hidden product, and costs.
    const admin = await backOffice()
      .productsV3.queryProducts({ fields: ['MERCHANT_DATA'] })
      .eq('visible', false)
      .find();
    expect(admin.items.map((p) => p._id)).toEqual([PRODUCT.hiddenSample]);
    expect(admin.items[0].variantsInfo!.variants![0].revenueDetails?.cost?.amount).toBe('0.5');
  });

  it('refuses a filter field the query does not take, as a validation error naming it', async () => {
    const err = await storefront()
      .productsV3.queryProducts()
      .eq('name' as never, 'Linen shirt')
      .find()
      .catch((e: unknown) => e);
    expect(JSON.stringify(err)).toContain('query.filter');
  });

  it('searches by words and price, and counts', async () => {
    const shop = storefront();
    const found = await shop.productsV3.searchProducts({
      // The SDK types amounts as text (V3's money is decimal text); they compare as numbers.
      filter: { 'actualPriceRange.minValue.amount': { $lt: '20' } },
      sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
      search: { expression: 'mug' },
    });
    expect(found.products?.map((p) => p.name)).toEqual(['Ceramic mug']);
    const cheap = await shop.productsV3.searchProducts({
      filter: { 'actualPriceRange.minValue.amount': { $lt: '12' } },
      sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
    });
    const prices = cheap.products!.map((p) => Number(p.actualPriceRange!.minValue!.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p) => p < 12)).toBe(true);
    const { count } = await shop.productsV3.countProducts({
      filter: { 'inventory.availabilityStatus': 'OUT_OF_STOCK' },
    });
    expect(count).toBe(1);
  });
});

describe('one store, two views', () => {
  it('a V1 reader and a V3 reader agree on every visible product', async () => {
    const shop = storefront();
    const v3 = (await shop.productsV3.queryProducts().limit(100).find()).items;
    const v1 = (await shop.products.queryProducts().limit(100).find()).items;
    expect(v3.map((p) => p._id).sort()).toEqual(v1.map((p) => p._id).sort());
    for (const p1 of v1) {
      const p3 = v3.find((p) => p._id === p1._id)!;
      expect([p3.name, p3.slug]).toEqual([p1.name, p1.slug]);
      const paid = p1.variants!.map((v) => v.variant!.priceData!.discountedPrice);
      expect(Number(p3.actualPriceRange!.minValue!.amount)).toBe(Math.min(...paid.map(Number)));
      if (p1.manageVariants || !p1.productOptions?.length) {
        expect(p3.variantsInfo!.variants!.map((v) => v._id)).toEqual(p1.variants!.map((v) => v._id));
        expect(p3.variantsInfo!.variants!.map((v) => v.inventoryStatus!.inStock)).toEqual(
          p1.variants!.map((v) => v.stock!.inStock),
        );
      }
    }
  });

  it('a product created through V3 is read through V1, and a V1 change through V3', async () => {
    const admin = backOffice();
    const created = await admin.productsV3.createProductWithInventory(
      {
        name: 'Linen apron',
        productType: 'PHYSICAL',
        physicalProperties: {},
        plainDescription: '<p>Washed linen.</p>',
        options: [
          {
            name: 'Color',
            optionRenderType: 'SWATCH_CHOICES',
            choicesSettings: {
              choices: [
                { name: 'Sand', choiceType: 'ONE_COLOR', colorCode: '#d8c8a8' },
                { name: 'Slate', choiceType: 'ONE_COLOR', colorCode: '#5a6470' },
              ],
            },
          },
        ],
        variantsInfo: {
          variants: [
            {
              choices: [{ optionChoiceNames: { optionName: 'Color', choiceName: 'Sand' } }],
              price: { actualPrice: { amount: '34' }, compareAtPrice: { amount: '40' } },
              sku: 'APRON-SAND',
              inventoryItem: { quantity: 3 },
            },
            {
              choices: [{ optionChoiceNames: { optionName: 'Color', choiceName: 'Slate' } }],
              price: { actualPrice: { amount: '36' } },
              sku: 'APRON-SLATE',
              inventoryItem: { quantity: 0 },
            },
          ],
        },
      },
      { fields: ['CURRENCY'] },
    );
    const v3 = created.product!;
    expect(v3.revision).toBe('1');
    expect(v3.actualPriceRange).toEqual({
      minValue: { amount: '34', formattedAmount: '$34.00' },
      maxValue: { amount: '36', formattedAmount: '$36.00' },
    });
    expect(v3.variantsInfo!.variants!.map((v) => v.inventoryStatus!.inStock)).toEqual([true, false]);
    const { product: v1 } = await storefront().products.getProduct(v3._id!);
    expect(v1!.slug).toBe('linen-apron');
    expect(v1!.variants!.map((v) => v._id)).toEqual(v3.variantsInfo!.variants!.map((v) => v._id));
    expect(
      v1!.variants!.map((v) => [
        v.choices,
        v.variant!.priceData!.price,
        v.variant!.priceData!.discountedPrice,
        v.stock!.quantity,
      ]),
    ).toEqual([
      [{ Color: 'Sand' }, 40, 34, 3],
      [{ Color: 'Slate' }, 36, 36, 0],
    ]);
    expect(v1!.stock!.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    // A V1 change shows in V3, with the revision moved on.
    await admin.products.updateProduct(v3._id!, { name: 'Linen apron (washed)' });
    const after = await admin.productsV3.getProduct(v3._id!);
    expect([after.name, after.revision]).toEqual(['Linen apron (washed)', '2']);
  });

  it('updates through V3 with the current revision only, and deletes', async () => {
    const admin = backOffice();
    const before = await admin.productsV3.getProduct(PRODUCT.notebook);
    const updated = await admin.productsV3.updateProduct(PRODUCT.notebook, {
      revision: before.revision!,
      name: 'Notebook A5 (dotted)',
      variantsInfo: {
        variants: [
          {
            _id: before.variantsInfo!.variants![0]._id,
            price: { actualPrice: { amount: '8' }, compareAtPrice: { amount: '9' } },
          },
        ],
      },
    });
    expect(updated.name).toBe('Notebook A5 (dotted)');
    expect(updated.revision).toBe(String(Number(before.revision) + 1));
    expect(updated.variantsInfo!.variants![0].price).toEqual({
      actualPrice: { amount: '8' },
      compareAtPrice: { amount: '9' },
    });
    const { product: v1 } = await storefront().products.getProduct(PRODUCT.notebook);
    expect([v1!.name, v1!.variants![0].variant!.priceData!.discountedPrice]).toEqual(['Notebook A5 (dotted)', 8]);
    const stale = await admin.productsV3
      .updateProduct(PRODUCT.notebook, { revision: before.revision!, name: 'x' })
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({
      details: {
        applicationError: {
          code: 'REVISION_MISMATCH',
          description: `Product ${PRODUCT.notebook} is at revision 2, not 1`,
        },
      },
    });
    await admin.productsV3.deleteProduct(PRODUCT.notebook);
    const gone = (await storefront()
      .products.getProduct(PRODUCT.notebook)
      .catch((e: unknown) => e)) as { details?: { applicationError?: { code?: unknown } } };
    expect(gone.details?.applicationError?.code).toBe(404);
  });

  it('refuses a bad new product with the provider codes, and creates nothing', async () => {
    const admin = backOffice();
    const size = {
      name: 'Size',
      optionRenderType: 'TEXT_CHOICES' as const,
      choicesSettings: {
        choices: [
          { name: 'S', choiceType: 'CHOICE_TEXT' as const },
          { name: 'M', choiceType: 'CHOICE_TEXT' as const },
        ],
      },
    };
    const variant = (choice?: string, price = '10') => ({
      choices: choice ? [{ optionChoiceNames: { optionName: 'Size', choiceName: choice } }] : [],
      price: { actualPrice: { amount: price } },
    });
    const attempts: [unknown, string, string][] = [
      [
        { name: 'A', options: [size], variantsInfo: { variants: [variant('S'), variant('S')] } },
        'DUPLICATE_VARIANT_OPTION_CHOICE',
        'Two variants name the same choices {"Size":"S"}',
      ],
      [
        { name: 'A', options: [size], variantsInfo: { variants: [variant()] } },
        'MISSING_VARIANT_OPTION_CHOICE',
        'A variant names no choice of option "Size"',
      ],
      [
        { name: 'A', options: [size], variantsInfo: { variants: [variant('XXL')] } },
        'CHOICE_NOT_EXIST',
        'Option "Size" has no choice "XXL"',
      ],
      [
        { name: 'A', options: [size, size], variantsInfo: { variants: [variant('S')] } },
        'DUPLICATE_PRODUCT_OPTIONS',
        'Option "Size" is given twice',
      ],
      [
        { name: 'A', variantsInfo: { variants: [variant(), variant()] } },
        'INVALID_DEFAULT_VARIANT',
        'A product without options has exactly one variant, without choices',
      ],
      [
        { name: 'Linen shirt', slug: 'linen-shirt', variantsInfo: { variants: [variant()] } },
        'DUPLICATE_SLUG_ERROR',
        'The slug "linen-shirt" is already used',
      ],
      [
        {
          name: 'A',
          variantsInfo: { variants: [{ price: { actualPrice: { amount: '10' }, compareAtPrice: { amount: '9' } } }] },
        },
        'COMPARE_AT_PRICE_LOWER_THAN_ACTUAL_PRICE',
        'Variant 0: compareAtPrice 9 is lower than actualPrice 10',
      ],
    ];
    const count = async () => (await admin.productsV3.countProducts()).count;
    const before = await count();
    for (const [product, code, description] of attempts) {
      const err = await admin.productsV3.createProduct(product as never).catch((e: unknown) => e);
      expect(err, code).toMatchObject({ details: { applicationError: { code, description } } });
    }
    expect(await count()).toBe(before);
  });
});

describe('a V3 product through cart, checkout and order', () => {
  it('is added by its V3 references, checked out and ordered, and its stock taken', async () => {
    const shop = storefront();
    const { product } = await shop.productsV3.getProductBySlug('linen-shirt', { fields: [...SHOP_FIELDS] });
    const variant = product!.variantsInfo!.variants!.find(
      (v) => v.choices?.[0]?.optionChoiceNames?.choiceName === 'L',
    )!;
    const cart = await shop.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: product!._id!,
            appId: STORES_APP_ID,
            options: { variantId: variant._id!, preOrderRequested: false },
          },
          quantity: 2,
        },
      ],
    });
    const line = cart.cart!.lineItems![0];
    expect(Number(line.price?.amount)).toBe(Number(variant.price!.actualPrice!.amount));
    expect(line.catalogReference?.options).toMatchObject({ variantId: variant._id });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    await shop.checkout.updateCheckout(checkoutId!, { buyerInfo: { email: 'v3@storefront.test' } }, {});
    const { orderId } = await shop.checkout.createOrder(checkoutId!, {});
    expect(orderId).toEqual(expect.any(String));
    const after = await backOffice().productsV3.getProduct(product!._id!);
    const v1 = await backOffice().products.getProduct(product!._id!);
    const stock = v1.product!.variants!.find((v) => v._id === variant._id)!.stock!;
    expect(after.variantsInfo!.variants!.find((v) => v._id === variant._id)!.inventoryStatus!.inStock).toBe(
      stock.inStock,
    );
  });

  it('sells a combination of a product whose variants are not managed by its V3 variant id', async () => {
    const shop = storefront();
    const { product } = await shop.productsV3
      .getProduct(PRODUCT.cottonBandana, { fields: ['VARIANT_OPTION_CHOICE_NAMES'] })
      .then((p) => ({ product: p }));
    const variants = product.variantsInfo!.variants!;
    expect(variants.length).toBe(product.options![0].choicesSettings!.choices!.length);
    const red = variants.find((v) => v.choices?.[0]?.optionChoiceNames?.choiceName === 'Red')!;
    const cart = await shop.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: PRODUCT.cottonBandana,
            appId: STORES_APP_ID,
            options: { variantId: red._id! },
          },
          quantity: 1,
        },
      ],
    });
    expect(
      cart.cart!.lineItems![0].descriptionLines?.map((d) => d.colorInfo?.original ?? d.plainText?.original),
    ).toContain('Red');
  });
});
