/**
 * The store catalog: seeded products (with options, variants, stock, media, brands, ribbons,
 * discounts, price-per-unit data) and collections; the reader (products, variants, options
 * availability, collections v1 and v2), the writer (products, variants, media, options,
 * collections, bulk set and adjust of price, cost and weight) and the wishlist.
 *
 * Stored entities, in the spec's wire shapes (components/catalog.yaml):
 * - `products`: Product, with `variants` (each with `variant.priceData`, `costAndProfitData`,
 *   `weight`, `sku` and `stock`) and `collectionIds`;
 * - `collections`: Collection (`numberOfProducts` kept in step);
 * - `wishlists`: {id, ownerId, items: [{id, type, origin, dateAdded}]}.
 */
import { appError, conflict, notFound, standardError } from '../platform/errors.ts';
import type { SandboxModule, SeedContext } from '../platform/module.ts';
import { entityEvent } from '../platform/events.ts';
import { queryOffset, type Filter, type SortRules, type SortSpec } from '../query-engine.ts';
import type { Entity, OperationContext, SandboxHandlers } from '../platform/types.ts';
import { emitProduct, findProduct, findVariant, PRODUCTS, recompute } from '../domain/catalog.ts';
import { catalogPrice, surchargeOf, variantPrice, adjusted, type Discount } from '../domain/pricing.ts';
import { choiceAvailable, choiceName, resolveChoices, variantsWith } from '../domain/options.ts';

import { COLLECTION, collectionId, DEFAULT_VARIANT_ID, DEMO_MEMBER, productId, variantId, WISHLIST_ID } from '../seed/ids.ts';

export const COLLECTIONS = 'collections';
export const WISHLISTS = 'wishlists';
export const ALL_PRODUCTS_COLLECTION = COLLECTION.allProducts.id;
const CURRENCY = 'USD';

type Json = Record<string, any>;


const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => (Number.isFinite(n) ? `$${n.toFixed(2)}` : String(n));

export function priceData(price: number, discount?: Discount): Json {
  return { ...catalogPrice(price, discount, CURRENCY) };
}

/** The product's discount when it has one. */
const discountOf = (p: Json): Discount | undefined => (p.discount?.type && p.discount.type !== 'NONE' ? p.discount : undefined);

function costData(price: number, cost: number | undefined): Json | undefined {
  if (cost === undefined) return undefined;
  const profit = round2(price - cost);
  return { itemCost: cost, formattedItemCost: money(cost), profit, formattedProfit: money(profit), profitMargin: price ? round2(profit / price) : 0 };
}

function variantsFor(p: Json, base: { price: number; cost?: number; weight?: number; sku: string }, stockOf: (i: number) => number): Json[] {
  // A seeded product that does not manage variants has one default variant (any combination of its choices buys it).
  const options: Json[] = p.__single ? [] : (p.productOptions ?? []);
  let combos: Record<string, string>[] = [{}];
  for (const o of options) combos = combos.flatMap((c) => o.choices.map((ch: Json) => ({ ...c, [o.name]: choiceName(o, ch) })));
  return combos.map((choices, i) => {
    const extra = Object.values(choices).includes('L') || Object.values(choices).includes('XL') ? 5 : 0;
    const price = variantPrice(base.price, extra);
    const quantity = stockOf(i);
    return {
      id: options.length ? variantId(p.__n, i) : DEFAULT_VARIANT_ID,
      choices,
      variant: {
        priceData: priceData(price, p.discount),
        convertedPriceData: priceData(price, p.discount),
        costAndProfitData: costData(price, base.cost),
        weight: base.weight,
        sku: `${base.sku}${Object.values(choices).length ? '-' + Object.values(choices).join('-') : ''}`,
        visible: true,
      },
      stock: { trackQuantity: true, quantity, inStock: quantity > 0 },
    };
  });
}

const NAMES = [
  ['Linen shirt', 'physical', 45, 18, 0.3, 'Northwind', 'New'],
  ['Canvas tote', 'physical', 25, 8, 0.4, 'Northwind', undefined],
  ['Wool beanie', 'physical', 19, 6, 0.1, 'Fjell', 'Sale'],
  ['Rain jacket', 'physical', 129, 55, 0.9, 'Fjell', undefined],
  ['Trail socks', 'physical', 12, 3, 0.08, 'Fjell', undefined],
  ['Leather belt', 'physical', 39, 14, 0.25, 'Oakline', undefined],
  ['Ceramic mug', 'physical', 16, 4, 0.35, 'Kiln & Co', 'Best seller'],
  ['Espresso cups (set of 2)', 'physical', 24, 7, 0.5, 'Kiln & Co', undefined],
  ['Olive oil 500 ml', 'physical', 14, 5, 0.6, 'Arbequina', undefined],
  ['Coffee beans 1 kg', 'physical', 32, 12, 1.0, 'Roastery', 'New'],
  ['Notebook A5', 'physical', 9, 2, 0.2, 'Paperline', undefined],
  ['Fountain pen', 'physical', 58, 20, 0.05, 'Paperline', undefined],
  ['Desk lamp', 'physical', 79, 30, 1.4, 'Lumen', undefined],
  ['Scented candle', 'physical', 22, 6, 0.3, 'Lumen', 'Sale'],
  ['Yoga mat', 'physical', 48, 15, 1.2, 'Flow', undefined],
  ['Water bottle', 'physical', 21, 6, 0.3, 'Flow', undefined],
  ['Recipe e-book', 'digital', 12, 0, undefined, 'Kiln & Co', 'Digital'],
  ['Photo presets pack', 'digital', 29, 0, undefined, 'Lumen', undefined],
  ['Knitting pattern PDF', 'digital', 7, 0, undefined, 'Fjell', undefined],
  ['Gift card design', 'digital', 5, 0, undefined, 'Paperline', undefined],
  ['Hidden sample product', 'physical', 1, 0.5, 0.1, undefined, undefined],
  ['Sold-out poster', 'physical', 30, 10, 0.2, 'Paperline', undefined],
  ['Cotton bandana', 'physical', 11, 3, 0.05, 'Northwind', undefined],
] as const;

/** Seeded products (by index) with colour options; the last one does not manage variants. */
const COLOURED = [1, 6, 14, 22];
const UNMANAGED = [22];

const COLLECTION_SEED = [
  { n: 2, name: 'Clothing', slug: 'clothing', members: [0, 2, 3, 4, 5] },
  { n: 3, name: 'Kitchen', slug: 'kitchen', members: [6, 7, 8, 9] },
  { n: 4, name: 'Studio', slug: 'studio', members: [10, 11, 12, 13] },
  { n: 5, name: 'Digital downloads', slug: 'digital-downloads', members: [16, 17, 18, 19] },
];

function seedCatalog(ctx: SeedContext): void {
  const now = ctx.now;
  const expires = new Date(now.getTime() + 24 * 3600 * 1000).toISOString();
  const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  NAMES.forEach(([name, type, price, cost, weight, brand, ribbon], i) => {
    const n = i + 1;
    const id = productId(n);
    const imageId = `sfk_${n}~mv2.jpg`;
    const clothing = [0, 2, 3].includes(i);
    const coloured = COLOURED.includes(i);
    const p: Json = {
      __n: n,
      id,
      name,
      slug: slugOf(name),
      visible: i !== 20,
      productType: type,
      description: `${name}: a seeded sandbox product.`,
      sku: `SFK-${String(n).padStart(3, '0')}`,
      weight,
      stock: { trackInventory: type === 'physical', quantity: 0, inStock: true, inventoryStatus: 'IN_STOCK' },
      priceData: priceData(price, i === 2 ? { type: 'PERCENT', value: 20 } : i === 13 ? { type: 'AMOUNT', value: 4 } : undefined),
      discount: i === 2 ? { type: 'PERCENT', value: 20 } : i === 13 ? { type: 'AMOUNT', value: 4 } : { type: 'NONE', value: 0 },
      costAndProfitData: costData(price, cost),
      productOptions: clothing
        ? [{ optionType: 'drop_down', name: 'Size', choices: ['S', 'M', 'L', 'XL'].map((v) => ({ value: v, description: v, visible: true, inStock: true })) }]
        : coloured
          ? [{ optionType: 'color', name: 'Color', choices: ['#1B4D3E', '#C0392B'].map((v, k) => ({ value: v, description: k ? 'Red' : 'Green', visible: true, inStock: true })) }]
          : [],
      manageVariants: clothing || (coloured && !UNMANAGED.includes(i)),
      media: {
        mainMedia: { id: imageId, mediaType: 'image', title: name, image: { url: `https://static.wixstatic.com/media/${imageId}`, width: 1200, height: 800, urlExpirationDate: expires } },
        items: [{ id: imageId, mediaType: 'image', title: name, image: { url: `https://static.wixstatic.com/media/${imageId}`, width: 1200, height: 800, urlExpirationDate: expires } }],
      },
      productPageUrl: { base: 'https://sandbox.store/', path: `/product-page/${slugOf(name)}` },
      numericId: String(1000 + n),
      collectionIds: [ALL_PRODUCTS_COLLECTION],
      createdDate: now.toISOString(),
      ribbons: ribbon ? [{ text: ribbon }] : [],
      customTextFields: [],
      additionalInfoSections: [],
    };
    if (brand) p.brand = brand;
    if (ribbon) p.ribbon = ribbon;
    if ([8, 9].includes(i)) {
      p.pricePerUnitData = { totalQuantity: i === 8 ? 500 : 1, totalMeasurementUnit: i === 8 ? 'ML' : 'KG', baseQuantity: i === 8 ? 100 : 100, baseMeasurementUnit: i === 8 ? 'ML' : 'G' };
    }
    // Stock: some sold out, some short, most plenty.
    // Stock: some sold out, some short, most plenty (notebooks by the box: back-office orders take them).
    const stockOf = (k: number) => (i === 21 ? 0 : i === 3 && k === 0 ? 0 : i === 6 ? 2 : i === 10 ? 500 : type === 'digital' ? 1000 : 10 + ((n * 7 + k * 3) % 25));
    p.__single = UNMANAGED.includes(i);
    p.variants = variantsFor(p, { price, cost, weight, sku: p.sku }, stockOf);
    recompute(p, now);
    delete p.__n;
    delete p.__single;
    ctx.db.put(PRODUCTS, id, p);
  });
  const products = ctx.db.list<Json>(PRODUCTS);
  const all: Json = {
    id: ALL_PRODUCTS_COLLECTION,
    name: 'All Products',
    slug: 'all-products',
    visible: true,
    description: 'Every product of the store.',
    numberOfProducts: products.length,
    lastUpdated: now.toISOString(),
  };
  ctx.db.put(COLLECTIONS, all.id, all);
  for (const c of COLLECTION_SEED) {
    const id = collectionId(c.n);
    ctx.db.put(COLLECTIONS, id, { id, name: c.name, slug: c.slug, visible: true, description: `${c.name} (seeded)`, numberOfProducts: c.members.length, lastUpdated: now.toISOString() });
    for (const m of c.members) ctx.db.update<Json>(PRODUCTS, products[m].id, (p) => p.collectionIds.push(id));
  }
  ctx.db.put(WISHLISTS, WISHLIST_ID, {
    id: WISHLIST_ID,
    ownerId: DEMO_MEMBER.id,
    items: products.slice(0, 3).map((p, k) => ({ id: p.id, type: 'product', origin: 'wixstores', dateAdded: new Date(now.getTime() - (k + 1) * 86400000).toISOString() })),
  });
}

// ---------------- helpers other modules reuse ----------------

/**
 * What products sort by (the official SDK's query builder offers these). `price` is the price a
 * shopper pays (after the product's discount); `priceData.price` the list price.
 */
const PRODUCT_SORT: SortRules<Json> = {
  id: { type: 'text' },
  name: { type: 'text' },
  slug: { type: 'text' },
  productType: { type: 'text' },
  sku: { type: 'text' },
  price: { type: 'number', key: (p: Json) => p.priceData?.discountedPrice ?? p.priceData?.price },
  'priceData.price': { type: 'number' },
  numericId: { type: 'number' },
  lastUpdated: { type: 'date' },
  createdDate: { type: 'date' },
};

/** What collections sort by (the official SDK's query builder offers id and name). */
const COLLECTION_SORT: SortRules = { id: { type: 'text' }, name: { type: 'text' } };

function withoutMerchantData(p: Json, include: boolean): Json {
  if (include) return p;
  const { costAndProfitData: _c, costRange: _r, ...rest } = p;
  return { ...rest, variants: (p.variants ?? []).map((v: Json) => ({ ...v, variant: { ...v.variant, costAndProfitData: undefined } })) };
}

function requireProduct(ctx: OperationContext, id: string): Json {
  const p = findProduct(ctx.db, id);
  if (!p) throw notFound('Product', id, 'PRODUCT_NOT_FOUND');
  return p;
}

/** The store reader's answer for a missing entity: a standard 404 (its methods document no custom errors). */
const missing = (what: string, key: string) => standardError(404, `${what} ${key} not found`);

/** A product the store reader shows this caller (hidden ones only to elevated callers). */
function readProduct(ctx: OperationContext, id: string): Json {
  const p = findProduct(ctx.db, id);
  if (!p || !visibleTo(ctx, p)) throw missing('Product', id);
  return p;
}

function readCollectionBy(ctx: OperationContext, field: 'id' | 'slug', key: string): Json {
  const c = field === 'id' ? ctx.db.get<Json>(COLLECTIONS, key) : ctx.db.find<Json>(COLLECTIONS, (x) => x.slug === key);
  if (!c || (c.visible === false && ctx.caller.kind !== 'elevated')) throw missing(field === 'id' ? 'Collection' : 'Collection with slug', key);
  return c;
}

function requireCollection(ctx: OperationContext, id: string): Json {
  const c = ctx.db.get<Json>(COLLECTIONS, id);
  if (!c) throw notFound('Collection', id, 'COLLECTION_NOT_FOUND');
  return c;
}

const visibleTo = (ctx: OperationContext, p: Json) => p.visible !== false || ctx.caller.kind === 'elevated';

function storeVariant(p: Json, v: Json): Json {
  return {
    id: `${p.id}-${v.id}`,
    variantId: v.id,
    productId: p.id,
    variantName: Object.values(v.choices ?? {}).join(' / ') || p.name,
    productName: p.name,
    managedVariant: Boolean(p.manageVariants),
    sku: v.variant?.sku,
    stock: v.stock,
    choices: v.choices,
    collectionIds: p.collectionIds,
    media: p.media?.mainMedia?.image ? { image: { id: p.media.mainMedia.id, url: p.media.mainMedia.image.url, width: 1200, height: 800, urlExpirationDate: p.media.mainMedia.image.urlExpirationDate } } : undefined,
    variant: v.variant,
  };
}

function allStoreVariants(ctx: OperationContext): Json[] {
  return ctx.db.list<Json>(PRODUCTS).filter((p) => visibleTo(ctx, p)).flatMap((p) => (p.variants ?? []).map((v: Json) => storeVariant(p, v)));
}

function emitCollection(ctx: OperationContext, slug: 'created' | 'updated' | 'deleted', c: Json): void {
  ctx.emit(entityEvent('wix.stores.catalog.v1.collection', slug, c));
}

function changeProduct(ctx: OperationContext, id: string, change: (p: Json) => void): Json {
  requireProduct(ctx, id);
  const p = ctx.db.update<Json>(PRODUCTS, id, (draft) => {
    change(draft);
    recompute(draft, ctx.now());
  })!;
  emitProduct(ctx, 'updated', p);
  return p;
}

function countCollections(ctx: OperationContext): void {
  const products = ctx.db.list<Json>(PRODUCTS);
  for (const c of ctx.db.list<Json>(COLLECTIONS)) {
    const n = products.filter((p) => p.collectionIds?.includes(c.id)).length;
    if (n !== c.numberOfProducts) ctx.db.put(COLLECTIONS, c.id, { ...c, numberOfProducts: n });
  }
}

function uniqueSlug(ctx: OperationContext, collection: string, slug: string, except?: string): void {
  if (ctx.db.list<Json>(collection).some((e) => e.slug === slug && e.id !== except)) {
    throw conflict('SLUG_ALREADY_EXISTS', `The slug "${slug}" is already used`, { slug });
  }
}

const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'item';

/** Runs a per-id change for the bulk operations, with one result per id. */
function bulk(ctx: OperationContext, ids: string[], change: (p: Json) => void) {
  const results = ids.map((id, originalIndex) => {
    if (!findProduct(ctx.db, id)) return { itemMetadata: { id, originalIndex, success: false, error: { code: 'PRODUCT_NOT_FOUND', description: `Product ${id} not found` } } };
    changeProduct(ctx, id, change);
    return { itemMetadata: { id, originalIndex, success: true } };
  });
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 } };
}

/** Sets a variant's list price, cost or weight; its price takes the product's discount. */
function setVariantNumber(p: Json, v: Json, field: 'price' | 'cost' | 'weight', value: number): void {
  if (field === 'price') {
    v.variant.priceData = priceData(value, discountOf(p));
    v.variant.convertedPriceData = priceData(value, discountOf(p));
    if (v.variant.costAndProfitData) v.variant.costAndProfitData = costData(value, v.variant.costAndProfitData.itemCost);
  } else if (field === 'cost') {
    v.variant.costAndProfitData = costData(v.variant.priceData?.price ?? 0, value);
  } else {
    v.variant.weight = value;
  }
}

/**
 * Sets a product's base price, cost or weight. A base-price change keeps each variant's
 * surcharge over the base (an L that costs 5 more still does) and the product's discount.
 */
function setProductNumber(p: Json, field: 'price' | 'cost' | 'weight', value: number): void {
  const oldBase = p.priceData?.price ?? 0;
  if (field === 'price') {
    p.priceData = priceData(value, discountOf(p));
    if (p.costAndProfitData) p.costAndProfitData = costData(value, p.costAndProfitData.itemCost);
  } else if (field === 'cost') p.costAndProfitData = costData(p.priceData?.price ?? 0, value);
  else p.weight = value;
  for (const v of p.variants ?? []) {
    const next = field === 'price' ? variantPrice(value, surchargeOf(v.variant?.priceData?.price ?? oldBase, oldBase)) : value;
    setVariantNumber(p, v, field, next);
  }
}

function currentNumber(p: Json, field: 'price' | 'cost' | 'weight'): number {
  if (field === 'price') return p.priceData?.price ?? 0;
  if (field === 'cost') return p.costAndProfitData?.itemCost ?? 0;
  return p.weight ?? 0;
}

export const catalogModule: SandboxModule = {
  name: 'catalog',
  seed: seedCatalog,
  handlers: {
    // ---------- reader ----------
    'products.getProduct': (ctx) => {
      const p = readProduct(ctx, ctx.input.id);
      return { product: withoutMerchantData(p, Boolean(ctx.input.includeMerchantSpecificData) && ctx.caller.kind === 'elevated') };
    },
    'products.queryProducts': (ctx) => {
      const q = (ctx.input.query ?? {}) as { filter?: Filter; sort?: SortSpec[]; paging?: { limit?: number; offset?: number } };
      const all = ctx.db.list<Json>(PRODUCTS).filter((p) => ctx.input.includeHiddenProducts || p.visible !== false);
      const page = queryOffset(all, q, 50, PRODUCT_SORT);
      const merchant = Boolean(ctx.input.includeMerchantSpecificData) && ctx.caller.kind === 'elevated';
      const products = page.items.map((p) => {
        const out = withoutMerchantData(p, merchant);
        return ctx.input.includeVariants === false ? { ...out, variants: undefined } : out;
      });
      return { products, metadata: page.metadata, totalResults: page.metadata.total };
    },
    'products.getCollectionBySlug': (ctx) => ({ collection: readCollectionBy(ctx, 'slug', ctx.input.slug) }),
    'products.getProductOptionsAvailability': (ctx) => {
      const p = readProduct(ctx, ctx.input.id);
      const options: Json[] = p.productOptions ?? [];
      const resolved = resolveChoices(p, (ctx.input.options ?? {}) as Record<string, string>);
      if (!resolved.ok) {
        if (resolved.choice === undefined) throw appError(400, 'INVALID_OPTION', `Product ${p.id} has no option "${resolved.option}"`, { option: resolved.option });
        throw appError(400, 'INVALID_CHOICE', `Option "${resolved.option}" of product ${p.id} has no choice "${resolved.choice}"`, { option: resolved.option, choice: resolved.choice });
      }
      const chosen = resolved.choices;
      const complete = options.every((o) => chosen[o.name] !== undefined);
      const v = complete ? findVariant(p, { options: chosen }) : undefined;
      return {
        selectedVariant: v
          ? { price: v.variant.priceData, convertedPriceData: v.variant.convertedPriceData, weight: v.variant.weight, sku: v.variant.sku, quantity: v.stock?.quantity, inStock: v.stock?.inStock, visible: v.variant.visible }
          : undefined,
        media: p.media,
        productOptions: options.map((o) => ({
          ...o,
          choices: o.choices.map((ch: Json) => ({
            ...ch,
            inStock: choiceAvailable(p, o.name, choiceName(o, ch), chosen),
          })),
        })),
        availableForPurchase: Boolean(v ? v.stock?.inStock !== false : options.length === 0 && p.stock?.inStock),
      };
    },
    'products.queryProductVariants': (ctx) => {
      const p = readProduct(ctx, ctx.input.id);
      let variants: Json[] = p.variants ?? [];
      const named = (ctx.input.choices ?? {}) as Record<string, string>;
      if (Object.keys(named).length) {
        const resolved = resolveChoices(p, named);
        variants = resolved.ok ? variantsWith(variants, resolved.choices) : [];
      }
      const variantIds = ctx.input.variantIds;
      if (variantIds?.length) variants = variants.filter((v) => variantIds.includes(v.id));
      const offset = ctx.input.paging?.offset ?? 0;
      const limit = ctx.input.paging?.limit ?? 100;
      const merchant = Boolean(ctx.input.includeMerchantSpecificData) && ctx.caller.kind === 'elevated';
      const items = variants.slice(offset, offset + limit).map((v) => (merchant ? v : { ...v, variant: { ...v.variant, costAndProfitData: undefined } }));
      return { variants: items, metadata: { items: items.length, offset }, totalResults: variants.length };
    },
    'products.queryStoreVariants': (ctx) => {
      const page = queryOffset(allStoreVariants(ctx), (ctx.input.query ?? {}) as never, 100);
      return { variants: page.items, metadata: page.metadata };
    },
    'products.getStoreVariant': (ctx) => {
      const v = allStoreVariants(ctx).find((x) => x.id === ctx.input.id);
      if (!v) throw missing('Variant', ctx.input.id);
      return { variant: v };
    },
    // ---------- collections v2 ----------
    'collections.getCollection': (ctx) => ({ collection: readCollectionBy(ctx, 'id', ctx.input.id) }),
    'collections.getCollectionBySlug': (ctx) => ({ collection: readCollectionBy(ctx, 'slug', ctx.input.slug) }),
    'collections.queryCollections': (ctx) => {
      const page = queryOffset(
        ctx.db.list<Json>(COLLECTIONS).filter((c) => c.visible !== false || ctx.caller.kind === 'elevated'),
        (ctx.input.query ?? {}) as never,
        50,
        COLLECTION_SORT,
      );
      return { collections: page.items, metadata: page.metadata };
    },
    // ---------- wishlist ----------
    'wishlist.getWishlistById': (ctx) => {
      const w = ctx.db.get<Json>(WISHLISTS, ctx.input.id);
      if (!w) throw notFound('Wishlist', ctx.input.id, 'WISHLIST_NOT_FOUND');
      let items: Json[] = w.items ?? [];
      const kinds = (ctx.input.kind ?? []) as { type?: string; origin?: string }[];
      if (kinds.length) items = items.filter((it) => kinds.some((k) => (!k.type || k.type === it.type) && (!k.origin || k.origin === it.origin)));
      const offset = ctx.input.offset ?? 0;
      const limit = ctx.input.limit ?? 100;
      return { wishlist: { id: w.id, ownerId: w.ownerId, items: items.slice(offset, offset + limit), totalCount: items.length } };
    },
    // ---------- writer ----------
    'products.createProduct': (ctx) => {
      const input = ctx.input.product as Json;
      if (!input?.name) throw appError(400, 'MISSING_NAME', 'A product needs a name');
      const slug = input.slug ?? slugify(input.name);
      uniqueSlug(ctx, PRODUCTS, slug);
      const id = ctx.newId();
      const price = input.priceData?.price ?? 0;
      const p: Json = {
        visible: true,
        productType: 'physical',
        manageVariants: false,
        productOptions: [],
        media: { items: [] },
        customTextFields: [],
        additionalInfoSections: [],
        ribbons: [],
        ...input,
        id,
        slug,
        priceData: priceData(price, input.discount),
        stock: { trackInventory: input.stock?.trackInventory ?? false, quantity: input.stock?.quantity ?? 0, inStock: input.stock?.inStock ?? true, inventoryStatus: 'IN_STOCK' },
        collectionIds: [ALL_PRODUCTS_COLLECTION],
        createdDate: ctx.now().toISOString(),
      };
      p.__n = 0;
      p.variants = variantsFor(p, { price, cost: input.costAndProfitData?.itemCost, weight: input.weight, sku: input.sku ?? `SKU-${id.slice(0, 8)}` }, () => input.stock?.quantity ?? 100);
      p.variants.forEach((v: Json, i: number) => (v.id = i === 0 && p.variants.length === 1 ? '00000000-0000-0000-0000-000000000000' : ctx.newId()));
      delete p.__n;
      recompute(p, ctx.now());
      ctx.db.put(PRODUCTS, id, p);
      countCollections(ctx);
      emitProduct(ctx, 'created', p);
      return { product: p };
    },
    'products.updateProduct': (ctx) => {
      const input = ctx.input.product as Json;
      const id = input.id as string;
      const before = requireProduct(ctx, id);
      if (input.slug && input.slug !== before.slug) uniqueSlug(ctx, PRODUCTS, input.slug, id);
      const p = changeProduct(ctx, id, (draft) => {
        const { id: _id, variants: _v, priceData: newPrice, ...rest } = input;
        Object.assign(draft, rest);
        // A new price or discount re-prices the variants (surcharges kept, discount applied).
        if (newPrice?.price !== undefined || rest.discount !== undefined) setProductNumber(draft, 'price', newPrice?.price ?? draft.priceData?.price ?? 0);
      });
      return { product: p };
    },
    'products.deleteProduct': (ctx) => {
      const p = requireProduct(ctx, ctx.input.id);
      ctx.db.delete(PRODUCTS, p.id);
      countCollections(ctx);
      emitProduct(ctx, 'deleted', p);
      return {};
    },
    'products.updateProductVariants': (ctx) => {
      const p = requireProduct(ctx, ctx.input.id);
      const overrides = ctx.input.variants as Json[];
      const targets = overrides.map((o) => {
        const resolved = resolveChoices(p, o.choices ?? {});
        const matched = o.variantIds?.length
          ? (p.variants as Json[]).filter((v) => o.variantIds.includes(v.id))
          : resolved.ok
            ? variantsWith(p.variants as Json[], resolved.choices)
            : [];
        if (!matched.length) throw appError(400, 'VARIANT_NOT_FOUND', `No variant of product ${p.id} matches ${JSON.stringify(o.choices ?? o.variantIds)}`);
        return { o, ids: matched.map((v) => v.id) };
      });
      const updated = changeProduct(ctx, p.id, (draft) => {
        for (const { o, ids } of targets) {
          for (const v of draft.variants as Json[]) {
            if (!ids.includes(v.id)) continue;
            if (o.price !== undefined) setVariantNumber(draft, v, 'price', o.price);
            if (o.cost !== undefined) setVariantNumber(draft, v, 'cost', o.cost);
            if (o.weight !== undefined) setVariantNumber(draft, v, 'weight', o.weight);
            if (o.sku !== undefined) v.variant.sku = o.sku;
            if (o.visible !== undefined) v.variant.visible = o.visible;
          }
        }
        draft.manageVariants = true;
      });
      ctx.emit({ entityFqdn: 'wix.stores.catalog.v1.product', slug: 'variants_changed', entityId: p.id, actionEvent: { body: { productId: p.id, variants: targets.flatMap((t) => t.ids.map((variantId) => ({ variantId, changedFields: t.o }))) } } });
      return { variants: (updated.variants as Json[]).filter((v) => targets.some((t) => t.ids.includes(v.id))) };
    },
    'products.resetAllProductVariantData': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        for (const v of p.variants as Json[]) {
          setVariantNumber(p, v, 'price', p.priceData?.price ?? 0);
          if (p.costAndProfitData) setVariantNumber(p, v, 'cost', p.costAndProfitData.itemCost);
          v.variant.weight = p.weight;
          v.variant.sku = p.sku;
          v.variant.visible = true;
        }
        p.manageVariants = false;
      });
      return {};
    },
    'products.addProductsToCollection': (ctx) => {
      const c = requireCollection(ctx, ctx.input.id);
      for (const pid of ctx.input.productIds as string[]) requireProduct(ctx, pid);
      for (const pid of ctx.input.productIds as string[]) {
        changeProduct(ctx, pid, (p) => {
          if (!p.collectionIds.includes(c.id)) p.collectionIds.push(c.id);
        });
      }
      countCollections(ctx);
      emitCollection(ctx, 'updated', ctx.db.get<Json>(COLLECTIONS, c.id)!);
      return {};
    },
    'products.removeProductsFromCollection': (ctx) => {
      const c = requireCollection(ctx, ctx.input.id);
      if (c.id === ALL_PRODUCTS_COLLECTION) throw appError(400, 'CANNOT_MODIFY_ALL_PRODUCTS', 'Products cannot leave the All Products collection');
      for (const pid of ctx.input.productIds as string[]) requireProduct(ctx, pid);
      for (const pid of ctx.input.productIds as string[]) changeProduct(ctx, pid, (p) => (p.collectionIds = p.collectionIds.filter((x: string) => x !== c.id)));
      countCollections(ctx);
      emitCollection(ctx, 'updated', ctx.db.get<Json>(COLLECTIONS, c.id)!);
      return {};
    },
    'products.addProductMedia': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        p.media ??= { items: [] };
        for (const m of ctx.input.media as Json[]) {
          const id = m.mediaId ?? String(m.url).split('/').pop();
          if (!id) throw appError(400, 'INVALID_MEDIA', 'A media item needs a mediaId or a url');
          const item = { id, mediaType: 'image', image: { url: m.url ?? `https://static.wixstatic.com/media/${id}`, width: 1200, height: 800 } };
          p.media.items.push(item);
          p.media.mainMedia ??= item;
          if (m.choice) {
            const choice = p.productOptions?.find((o: Json) => o.name === m.choice.option)?.choices?.find((c: Json) => c.value === m.choice.choice || c.description === m.choice.choice);
            if (!choice) throw appError(400, 'CHOICE_NOT_FOUND', `No choice ${m.choice.option}: ${m.choice.choice}`);
            choice.media = { mainMedia: item, items: [...(choice.media?.items ?? []), item] };
          }
        }
      });
      return {};
    },
    'products.removeProductMedia': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        const ids = ctx.input.mediaIds as string[];
        p.media.items = (p.media?.items ?? []).filter((m: Json) => !ids.includes(m.id));
        if (p.media.mainMedia && ids.includes(p.media.mainMedia.id)) p.media.mainMedia = p.media.items[0];
      });
      return {};
    },
    'products.addProductMediaToChoices': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        for (const m of ctx.input.media as Json[]) {
          const choice = p.productOptions?.find((o: Json) => o.name === m.option)?.choices?.find((c: Json) => c.value === m.choice || c.description === m.choice);
          if (!choice) throw appError(400, 'CHOICE_NOT_FOUND', `No choice ${m.option}: ${m.choice}`);
          const items = (m.mediaIds ?? []).map((id: string) => p.media?.items?.find((x: Json) => x.id === id) ?? { id, mediaType: 'image' });
          choice.media = { mainMedia: items[0], items };
        }
      });
      return {};
    },
    'products.removeProductMediaFromChoices': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        for (const m of ctx.input.media as Json[]) {
          const choice = p.productOptions?.find((o: Json) => o.name === m.option)?.choices?.find((c: Json) => c.value === m.choice || c.description === m.choice);
          if (!choice) throw appError(400, 'CHOICE_NOT_FOUND', `No choice ${m.option}: ${m.choice}`);
          const drop: string[] = m.mediaIds ?? [];
          const items = (choice.media?.items ?? []).filter((x: Json) => drop.length && !drop.includes(x.id));
          choice.media = items.length ? { mainMedia: items[0], items } : undefined;
        }
      });
      return {};
    },
    'products.deleteProductOptions': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        p.productOptions = [];
        const first = (p.variants as Json[])[0];
        p.variants = first ? [{ ...first, id: '00000000-0000-0000-0000-000000000000', choices: {} }] : [];
        p.manageVariants = false;
      });
      return {};
    },
    'products.removeBrand': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => delete p.brand);
      return {};
    },
    'products.removeRibbon': (ctx) => {
      changeProduct(ctx, ctx.input.id, (p) => {
        delete p.ribbon;
        p.ribbons = [];
      });
      return {};
    },
    'products.createCollection': (ctx) => {
      const input = ctx.input.collection as Json;
      if (!input?.name) throw appError(400, 'MISSING_NAME', 'A collection needs a name');
      const slug = input.slug ?? slugify(input.name);
      uniqueSlug(ctx, COLLECTIONS, slug);
      const c = { visible: true, ...input, id: ctx.newId(), slug, numberOfProducts: 0, lastUpdated: ctx.now().toISOString() };
      ctx.db.put(COLLECTIONS, c.id, c);
      emitCollection(ctx, 'created', c);
      return { collection: c };
    },
    'products.updateCollection': (ctx) => {
      const input = ctx.input.collection as Json;
      const c = requireCollection(ctx, input.id);
      if (input.slug && input.slug !== c.slug) uniqueSlug(ctx, COLLECTIONS, input.slug, c.id);
      const { id: _id, numberOfProducts: _n, ...rest } = input;
      const next = ctx.db.update<Json>(COLLECTIONS, c.id, (d) => Object.assign(d, rest, { lastUpdated: ctx.now().toISOString() }))!;
      emitCollection(ctx, 'updated', next);
      return { collection: next };
    },
    'products.deleteCollection': (ctx) => {
      const c = requireCollection(ctx, ctx.input.id);
      if (c.id === ALL_PRODUCTS_COLLECTION) throw appError(400, 'CANNOT_DELETE_ALL_PRODUCTS', 'The All Products collection cannot be deleted');
      for (const p of ctx.db.list<Json>(PRODUCTS).filter((x) => x.collectionIds?.includes(c.id))) {
        ctx.db.update<Json>(PRODUCTS, p.id, (d) => (d.collectionIds = d.collectionIds.filter((x: string) => x !== c.id)));
      }
      ctx.db.delete(COLLECTIONS, c.id);
      emitCollection(ctx, 'deleted', c);
      return {};
    },
    'products.bulkUpdateProductsProperty': (ctx) => {
      const set = ctx.input.set as Json;
      return bulk(ctx, ctx.input.ids, (p) => {
        for (const field of ['price', 'cost', 'weight'] as const) if (set[field] !== undefined) setProductNumber(p, field, set[field]);
        if (set.ribbon !== undefined) p.ribbon = set.ribbon;
        if (set.brand !== undefined) p.brand = set.brand;
      });
    },
    'products.bulkAdjustProductProperty': (ctx) => {
      const adjust = ctx.input.adjust as Json;
      for (const [field, a] of Object.entries(adjust ?? {}) as [string, Json][]) {
        if ((a.amount === undefined) === (a.percentage === undefined)) {
          throw appError(400, 'INVALID_ADJUSTMENT', `adjust.${field} needs exactly one of amount or percentage`);
        }
      }
      return bulk(ctx, ctx.input.ids, (p) => {
        for (const field of ['price', 'cost', 'weight'] as const) {
          const a = adjust[field];
          if (!a) continue;
          setProductNumber(p, field, adjusted(currentNumber(p, field), a));
        }
      });
    },
  } satisfies SandboxHandlers<'products' | 'collections' | 'wishlist'>,
};

export type { Entity };
