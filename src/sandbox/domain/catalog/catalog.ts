/**
 * The store catalog's products: how they are stored, their derived fields (price range, stock,
 * choices in stock), which variant a line names and its price, moving tracked stock, and the
 * change every writer operation goes through (derived fields recomputed, the update announced).
 * Stored: `products` (the spec's Product, with `variants`) and `productRevisions` (Catalog V3's
 * count of each product's changes, kept apart so the V1 product answers stay as they were).
 */
import type { components } from '../../../../generated/types/stores-reader.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Db } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';
import { choiceAvailable, choiceName, combinations, selectVariant } from './options.ts';
import { catalogPrice, type CatalogPrice, type CostData, type Discount } from './pricing.ts';

type Schemas = components['schemas'];
/** A spec type with its read-only fields writable: the sandbox is what computes them. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export const PRODUCTS = 'products';
export const PRODUCT_REVISIONS = 'productRevisions';

declare module '../../platform/types.ts' {
  interface Collections {
    products: StoredProduct;
    productRevisions: { id: string; revision: number };
  }
}

/** A product's revision (Catalog V3's): 1 until its first change, one more with every change. */
export const revisionOf = (db: Db, id: string): number => db.get(PRODUCT_REVISIONS, id)?.revision ?? 1;

/** A choice of an option as stored (`inStock` derived from the variants). */
export type StoredChoice = Writable<Schemas['Choice']>;
export type StoredOption = Omit<Schemas['ProductOption'], 'choices'> & { choices?: StoredChoice[] };
export type MediaItem = Schemas['MediaItem'];

/** A variant as stored: always its choices (in the provider's names), prices and stock. */
export interface StoredVariant {
  id: string;
  choices: Record<string, string>;
  variant: Omit<
    Writable<Schemas['VariantDataWithNoStock']>,
    'priceData' | 'convertedPriceData' | 'costAndProfitData'
  > & {
    priceData: CatalogPrice;
    convertedPriceData: CatalogPrice;
    costAndProfitData?: CostData;
  };
  stock: { trackQuantity: boolean; quantity: number; inStock: boolean };
}

/** A product as stored: the spec's Product with the fields the sandbox always writes. */
export type StoredProduct = Omit<
  Writable<Schemas['Product']>,
  'id' | 'variants' | 'productOptions' | 'collectionIds' | 'priceData' | 'price' | 'convertedPriceData' | 'stock'
> & {
  id: string;
  variants: StoredVariant[];
  productOptions?: StoredOption[];
  collectionIds: string[];
  priceData: CatalogPrice;
  price?: CatalogPrice;
  convertedPriceData?: CatalogPrice;
  stock: Writable<Schemas['Stock']>;
};

const CURRENCY = 'USD';

/** The catalog's PriceData for a list price and the product's discount, in the store's currency. */
export const priceData = (price: number, discount?: Discount): CatalogPrice => catalogPrice(price, discount, CURRENCY);

/** Where the sandbox's store shows its product pages (`productPageUrl.base`). */
export const PRODUCT_PAGE_BASE = 'https://sandbox.store/';

/**
 * Recomputes the derived fields of a product: its page URL (from its slug), its ribbons (from its
 * ribbon), and from its variants the ranges, stock and main price. Seeded, created and changed
 * products all go through it, so a product made through the writer is as whole as a seeded one.
 */
export function recompute(p: StoredProduct, now: Date): StoredProduct {
  p.productPageUrl = { base: PRODUCT_PAGE_BASE, path: `/product-page/${p.slug}` };
  p.ribbons = p.ribbon ? [{ text: p.ribbon }] : [];
  const variants = p.variants ?? [];
  const numbers = (xs: (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number');
  const prices = numbers(variants.map((v) => v.variant?.priceData?.price));
  const costs = numbers(variants.map((v) => v.variant?.costAndProfitData?.itemCost));
  const weights = numbers(variants.map((v) => v.variant?.weight));
  const range = (xs: number[]) => (xs.length ? { minValue: Math.min(...xs), maxValue: Math.max(...xs) } : undefined);
  p.priceRange = range(prices) ?? { minValue: p.priceData?.price ?? 0, maxValue: p.priceData?.price ?? 0 };
  if (costs.length) p.costRange = range(costs);
  if (weights.length) p.weightRange = range(weights);
  p.price = p.priceData;
  p.convertedPriceData = p.priceData;
  const quantities = variants.map((v) => v.stock?.quantity ?? 0);
  const inStock = variants.map((v) => v.stock?.inStock !== false);
  if (p.stock?.trackInventory) p.stock.quantity = quantities.reduce((a, b) => a + b, 0);
  const some = inStock.some(Boolean);
  const all = inStock.every(Boolean);
  p.stock = {
    ...p.stock,
    inStock: some,
    inventoryStatus: all ? 'IN_STOCK' : some ? 'PARTIALLY_OUT_OF_STOCK' : 'OUT_OF_STOCK',
  };
  for (const option of p.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      choice.inStock = choiceAvailable(p, String(option.name), choiceName(option, choice));
    }
  }
  p.lastUpdated = now.toISOString();
  return p;
}

export function emitProduct(ctx: DomainContext, slug: 'created' | 'updated' | 'deleted', p: StoredProduct): void {
  ctx.emit(entityEvent('wix.stores.catalog.v1.product', slug, p));
}

/** One variant's stock: what an order takes and a restock gives back. */
export interface StockUnit {
  productId: string;
  variantId: string;
}

/**
 * Moves a variant's tracked inventory by `delta` (an order takes stock, a cancel with restock
 * gives it back), never below zero, and emits the product's updated event. Answers the quantity
 * actually moved (0 for untracked stock, or a product or variant that is no longer there).
 */
export function changeStock(ctx: DomainContext, unit: StockUnit, delta: number): number {
  let moved = 0;
  const product = ctx.db.update(PRODUCTS, unit.productId, (p) => {
    const variant = p.variants.find((v) => v.id === unit.variantId);
    if (!variant?.stock?.trackQuantity) return;
    const before = variant.stock.quantity ?? 0;
    variant.stock.quantity = Math.max(0, before + delta);
    variant.stock.inStock = variant.stock.quantity > 0;
    moved = variant.stock.quantity - before;
    recompute(p, ctx.now());
  });
  if (product && moved !== 0) emitProduct(ctx, 'updated', product);
  return moved;
}

/** The one tracked stock a product's variant holds (lines naming it, by id or by choices, draw on it together). */
export const stockKey = (productId: string, variantId: string | undefined): string => `${productId}/${variantId}`;

export function findProduct(db: Db, id: string): StoredProduct | undefined {
  return db.get(PRODUCTS, id);
}

/** A product a writer changes; a missing one is the writer's PRODUCT_NOT_FOUND. */
export function requireProduct(db: Db, id: string): StoredProduct {
  const p = findProduct(db, id);
  if (!p) throw notFound('Product', id, 'PRODUCT_NOT_FOUND');
  return p;
}

/**
 * A stable uuid-shaped id for a text (FNV-1a, four seeds), the same on every run and in every
 * sandbox: Catalog V3's option and choice ids, and its variant ids of a product whose variants
 * are not managed.
 */
export function stableId(text: string): string {
  const hex = [0x811c9dc5, 0x9e3779b9, 0x2545f491, 0x27d4eb2f]
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return h.toString(16).padStart(8, '0');
    })
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A product that does not manage variants sells any combination of its options' choices from
 * its one variant; Catalog V3 shows one variant per combination, with this id.
 */
export const combinationVariantId = (productId: string, choices: Record<string, string>): string =>
  stableId(`${productId}/${JSON.stringify(Object.entries(choices).sort(([a], [b]) => a.localeCompare(b)))}`);

/** The combinations a product without managed variants sells (none for one that manages them or has no options). */
export const sellableCombinations = (p: StoredProduct): Record<string, string>[] =>
  p.manageVariants || !p.productOptions?.length ? [] : combinations(p.productOptions);

type VariantRef = { variantId?: string; options?: Record<string, string> };

/** A V3 combination variant id stands for its choices; any other reference is itself. */
function resolveRef(product: StoredProduct, ref: VariantRef): VariantRef {
  const id = ref.variantId;
  if (!id || product.variants.some((v) => v.id === id)) return ref;
  const combo = sellableCombinations(product).find((c) => combinationVariantId(product.id, c) === id);
  return combo ? { options: combo } : ref;
}

/** The variant a line item points at (by variant id, or by choices), or the default one. */
export function findVariant(product: StoredProduct, ref: VariantRef = {}): StoredVariant | undefined {
  return selectVariant(product, resolveRef(product, ref))?.variant;
}

/** What a cart needs to price a line: price, weight, sku, stock of a product's variant. */
export function priceForVariant(product: StoredProduct, ref: VariantRef = {}) {
  const selected = selectVariant(product, resolveRef(product, ref));
  if (!selected) return undefined;
  const v = selected.variant;
  return {
    variantId: v.id,
    /** The choices the line names: the variant's, or those chosen for a product without managed variants. */
    choices: Object.keys(selected.options).length ? selected.options : (v.choices ?? {}),
    /** Options a line keeps in its catalog reference (a product without managed variants). */
    options: selected.options,
    price: v.variant?.priceData?.discountedPrice ?? v.variant?.priceData?.price ?? product.priceData?.price,
    fullPrice: v.variant?.priceData?.price ?? product.priceData?.price,
    weight: v.variant?.weight ?? product.weight ?? undefined,
    sku: v.variant?.sku,
    inStock: v.stock?.inStock !== false,
    quantity: v.stock?.trackQuantity ? v.stock.quantity : undefined,
  };
}

/** Changes a stored product, recomputes its derived fields and announces the update. */
export function changeProduct(ctx: DomainContext, id: string, change: (p: StoredProduct) => void): StoredProduct {
  requireProduct(ctx.db, id);
  const p = ctx.db.update(PRODUCTS, id, (draft) => {
    change(draft);
    recompute(draft, ctx.now());
  })!;
  ctx.db.put(PRODUCT_REVISIONS, id, { id, revision: revisionOf(ctx.db, id) + 1 });
  emitProduct(ctx, 'updated', p);
  return p;
}

/** Answers SLUG_ALREADY_EXISTS (or the given code: V3 says DUPLICATE_SLUG_ERROR) when another entity of the collection has the slug. */
export function uniqueSlug(
  db: Db,
  collection: 'products' | 'collections',
  slug: string,
  except?: string,
  code = 'SLUG_ALREADY_EXISTS',
): void {
  if (db.list(collection, { slug }).some((e) => e.id !== except))
    throw conflict(code, `The slug "${slug}" is already used`, { slug });
}

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';
