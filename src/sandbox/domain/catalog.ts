/**
 * The store catalog's products: how they are stored, their derived fields (price range, stock,
 * choices in stock), which variant a line names and its price, moving tracked stock, and the
 * changes every writer operation goes through (a product's price, cost and weight with its
 * variants', slugs, bulk changes). Stored: `products` (the spec's Product, with `variants`).
 */
import type { components } from '../../../generated/types/stores-reader.ts';
import { appError, conflict, notFound, standardError } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import type { Db } from '../platform/types.ts';
import type { SortRules } from '../query-engine.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '../seed/ids.ts';
import type { DomainContext } from './context.ts';
import { choiceAvailable, choiceName, resolveChoices, selectVariant, variantsWith } from './options.ts';
import {
  catalogPrice,
  costData,
  surchargeOf,
  variantPrice,
  type CatalogPrice,
  type CostData,
  type Discount,
} from './pricing.ts';

type Schemas = components['schemas'];
/** A spec type with its read-only fields writable: the sandbox is what computes them. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export const PRODUCTS = 'products';

declare module '../platform/types.ts' {
  interface Collections {
    products: StoredProduct;
  }
}

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

/** The numbers a writer sets on a product and its variants. */
export type ProductNumber = 'price' | 'cost' | 'weight';

const CURRENCY = 'USD';

/** The catalog's PriceData for a list price and the product's discount, in the store's currency. */
export const priceData = (price: number, discount?: Discount): CatalogPrice => catalogPrice(price, discount, CURRENCY);

/** The product's discount when it has one. */
const discountOf = (p: StoredProduct): Discount | undefined =>
  p.discount?.type && p.discount.type !== 'NONE' ? p.discount : undefined;

/** What a new product's variants are made from. */
export interface VariantBase {
  price: number;
  cost?: number;
  weight?: number;
  sku: string;
  discount?: Discount;
  /** A variant's surcharge over the base price, by its choices (none unless given). */
  surcharge?: (choices: Record<string, string>) => number;
}

/** One variant per combination of the options' choices (one default variant without options). */
export function buildVariants(
  options: StoredOption[],
  base: VariantBase,
  idOf: (index: number, count: number) => string,
  stockOf: (index: number) => number,
): StoredVariant[] {
  let combos: Record<string, string>[] = [{}];
  for (const o of options) {
    combos = combos.flatMap((c) => (o.choices ?? []).map((ch) => ({ ...c, [String(o.name)]: choiceName(o, ch) })));
  }
  return combos.map((choices, i) => {
    const values = Object.values(choices);
    const price = variantPrice(base.price, base.surcharge?.(choices) ?? 0);
    const quantity = stockOf(i);
    return {
      id: idOf(i, combos.length),
      choices,
      variant: {
        priceData: priceData(price, base.discount),
        convertedPriceData: priceData(price, base.discount),
        costAndProfitData: costData(price, base.cost),
        weight: base.weight,
        sku: `${base.sku}${values.length ? '-' + values.join('-') : ''}`,
        visible: true,
      },
      stock: { trackQuantity: true, quantity, inStock: quantity > 0 },
    };
  });
}

/** The id of a new product's variant: the provider's fixed id for a product's only one. */
export const newVariantId = (ctx: DomainContext) => (index: number, count: number) =>
  index === 0 && count === 1 ? DEFAULT_VARIANT_ID : ctx.newId();

/** Recomputes the derived fields of a product from its variants (ranges, stock, main price). */
export function recompute(p: StoredProduct, now: Date): StoredProduct {
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

/**
 * Moves a store line's tracked inventory by `delta` (an order takes stock, a cancel with restock
 * gives it back), never below zero, and emits the product's updated event. Answers the quantity
 * actually moved (0 for untracked stock or a line that is not the store's).
 */
export function changeStock(
  ctx: DomainContext,
  ref: { appId?: string; catalogItemId?: string; options?: { variantId?: string } } | undefined,
  delta: number,
): number {
  if (ref?.appId !== STORES_APP_ID || !ref.catalogItemId) return 0;
  let moved = 0;
  const product = ctx.db.update(PRODUCTS, ref.catalogItemId, (p) => {
    const variant =
      (p.variants ?? []).find((v) => v.id === ref.options?.variantId) ??
      (p.variants?.length === 1 ? p.variants[0] : undefined);
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

export function findProduct(db: Db, id: string): StoredProduct | undefined {
  return db.get(PRODUCTS, id);
}

/** A product a writer changes; a missing one is the writer's PRODUCT_NOT_FOUND. */
export function requireProduct(db: Db, id: string): StoredProduct {
  const p = findProduct(db, id);
  if (!p) throw notFound('Product', id, 'PRODUCT_NOT_FOUND');
  return p;
}

/** Whether a product shows: visible ones to everyone, hidden ones when asked to include them. */
export const shows = (p: StoredProduct, includeHidden: boolean): boolean => p.visible !== false || includeHidden;

/** The store reader's answer for a missing entity: a standard 404 (its methods document no custom errors). */
export const missing = (what: string, key: string) => standardError(404, `${what} ${key} not found`);

/** A product the store reader shows (hidden ones when asked to include them). */
export function readProduct(db: Db, id: string, includeHidden: boolean): StoredProduct {
  const p = findProduct(db, id);
  if (!p || !shows(p, includeHidden)) throw missing('Product', id);
  return p;
}

/** Every shown product's variants as store variants. */
export function storeVariants(db: Db, includeHidden: boolean) {
  return db
    .list(PRODUCTS)
    .filter((p) => shows(p, includeHidden))
    .flatMap((p) => (p.variants ?? []).map((v) => storeVariant(p, v)));
}

/** The variant a line item points at (by variant id, or by choices), or the default one. */
export function findVariant(
  product: StoredProduct,
  ref: { variantId?: string; options?: Record<string, string> } = {},
): StoredVariant | undefined {
  return selectVariant(product, ref)?.variant;
}

/** What a cart needs to price a line: price, weight, sku, stock of a product's variant. */
export function priceForVariant(
  product: StoredProduct,
  ref?: { variantId?: string; options?: Record<string, string> },
) {
  const selected = selectVariant(product, ref);
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

/**
 * Which choices of a product are in stock given those already chosen (in the provider's names;
 * a colour also by its code), and the variant they pick once every option is chosen. An unknown
 * option or choice answers INVALID_OPTION or INVALID_CHOICE.
 */
export function optionsAvailability(p: StoredProduct, named: Record<string, string>) {
  const options = p.productOptions ?? [];
  const resolved = resolveChoices(p, named);
  if (!resolved.ok) {
    const { option, choice } = resolved;
    if (choice === undefined)
      throw appError(400, 'INVALID_OPTION', `Product ${p.id} has no option "${option}"`, { option });
    throw appError(400, 'INVALID_CHOICE', `Option "${option}" of product ${p.id} has no choice "${choice}"`, {
      option,
      choice,
    });
  }
  const chosen = resolved.choices;
  const complete = options.every((o) => chosen[String(o.name)] !== undefined);
  const v = complete ? findVariant(p, { options: chosen }) : undefined;
  return {
    selectedVariant: v
      ? {
          price: v.variant.priceData,
          convertedPriceData: v.variant.convertedPriceData,
          weight: v.variant.weight,
          sku: v.variant.sku,
          quantity: v.stock?.quantity,
          inStock: v.stock?.inStock,
          visible: v.variant.visible,
        }
      : undefined,
    media: p.media,
    productOptions: options.map((o) => ({
      ...o,
      choices: (o.choices ?? []).map((ch) => ({
        ...ch,
        inStock: choiceAvailable(p, String(o.name), choiceName(o, ch), chosen),
      })),
    })),
    availableForPurchase: Boolean(v ? v.stock?.inStock !== false : options.length === 0 && p.stock?.inStock),
  };
}

/** A product's variants with the named choices (none when a choice is unknown) and, when given, among the ids. */
export function variantsMatching(
  p: StoredProduct,
  named: Record<string, string>,
  variantIds?: string[],
): StoredVariant[] {
  let variants = p.variants ?? [];
  if (Object.keys(named).length) {
    const resolved = resolveChoices(p, named);
    variants = resolved.ok ? variantsWith(variants, resolved.choices) : [];
  }
  if (variantIds?.length) variants = variants.filter((v) => variantIds.includes(v.id));
  return variants;
}

/**
 * What products sort by (the official SDK's query builder offers these). `price` is the price a
 * shopper pays (after the product's discount); `priceData.price` the list price.
 */
export const PRODUCT_SORT: SortRules<StoredProduct> = {
  id: { type: 'text' },
  name: { type: 'text' },
  slug: { type: 'text' },
  productType: { type: 'text' },
  sku: { type: 'text' },
  price: { type: 'number', key: (p) => p.priceData?.discountedPrice ?? p.priceData?.price },
  'priceData.price': { type: 'number' },
  numericId: { type: 'number' },
  lastUpdated: { type: 'date' },
  createdDate: { type: 'date' },
};

/** A product without what only the merchant sees (costs and profits), unless `include`. */
export function withoutMerchantData(p: StoredProduct, include: boolean): StoredProduct {
  if (include) return p;
  const { costAndProfitData: _c, costRange: _r, ...rest } = p;
  return { ...rest, variants: (p.variants ?? []).map((v) => withoutVariantCost(v)) };
}

/** A variant without its cost and profit. */
export const withoutVariantCost = (v: StoredVariant): StoredVariant => ({
  ...v,
  variant: { ...v.variant, costAndProfitData: undefined },
});

/** A store variant (the reader's variant queries): the variant with its product's id, name and image. */
function storeVariant(
  p: StoredProduct,
  v: StoredVariant,
): Schemas['ProductVariant'] & { variant: StoredVariant['variant'] } {
  const main = p.media?.mainMedia;
  return {
    id: `${p.id}-${v.id}`,
    variantId: v.id,
    productId: p.id,
    variantName: Object.values(v.choices ?? {}).join(' / ') || (p.name ?? undefined),
    productName: p.name ?? undefined,
    managedVariant: Boolean(p.manageVariants),
    sku: v.variant?.sku,
    stock: v.stock,
    choices: v.choices,
    collectionIds: p.collectionIds,
    media: main?.image
      ? {
          image: {
            id: main.id,
            url: main.image.url,
            width: 1200,
            height: 800,
            urlExpirationDate: main.image.urlExpirationDate,
          },
        }
      : undefined,
    variant: v.variant,
  };
}

/** Changes a stored product, recomputes its derived fields and announces the update. */
export function changeProduct(ctx: DomainContext, id: string, change: (p: StoredProduct) => void): StoredProduct {
  requireProduct(ctx.db, id);
  const p = ctx.db.update(PRODUCTS, id, (draft) => {
    change(draft);
    recompute(draft, ctx.now());
  })!;
  emitProduct(ctx, 'updated', p);
  return p;
}

/** Answers SLUG_ALREADY_EXISTS when another entity of the collection has the slug. */
export function uniqueSlug(db: Db, collection: 'products' | 'collections', slug: string, except?: string): void {
  if (db.list(collection, { slug }).some((e) => e.id !== except))
    throw conflict('SLUG_ALREADY_EXISTS', `The slug "${slug}" is already used`, { slug });
}

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'item';

/** Sets a variant's list price, cost or weight; its price takes the product's discount. */
export function setVariantNumber(p: StoredProduct, v: StoredVariant, field: ProductNumber, value: number): void {
  if (field === 'price') {
    v.variant.priceData = priceData(value, discountOf(p));
    v.variant.convertedPriceData = priceData(value, discountOf(p));
    if (v.variant.costAndProfitData)
      v.variant.costAndProfitData = costData(value, v.variant.costAndProfitData.itemCost);
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
export function setProductNumber(p: StoredProduct, field: ProductNumber, value: number): void {
  const oldBase = p.priceData?.price ?? 0;
  if (field === 'price') {
    p.priceData = priceData(value, discountOf(p));
    if (p.costAndProfitData) p.costAndProfitData = costData(value, p.costAndProfitData.itemCost ?? undefined);
  } else if (field === 'cost') p.costAndProfitData = costData(p.priceData?.price ?? 0, value);
  else p.weight = value;
  for (const v of p.variants ?? []) {
    const next =
      field === 'price' ? variantPrice(value, surchargeOf(v.variant?.priceData?.price ?? oldBase, oldBase)) : value;
    setVariantNumber(p, v, field, next);
  }
}

/** A product's base price, cost or weight (0 when unset). */
export function currentNumber(p: StoredProduct, field: ProductNumber): number {
  if (field === 'price') return p.priceData?.price ?? 0;
  if (field === 'cost') return p.costAndProfitData?.itemCost ?? 0;
  return p.weight ?? 0;
}

/** A bulk change's answer: one result per id (a missing product fails alone), and the counts. */
export function bulkChange(ctx: DomainContext, ids: string[], change: (p: StoredProduct) => void) {
  const results = ids.map((id, originalIndex) => {
    if (!findProduct(ctx.db, id)) {
      return {
        itemMetadata: {
          id,
          originalIndex,
          success: false,
          error: { code: 'PRODUCT_NOT_FOUND', description: `Product ${id} not found` },
        },
      };
    }
    changeProduct(ctx, id, change);
    return { itemMetadata: { id, originalIndex, success: true } };
  });
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}
