/**
 * The store catalog's rules other parts of the sandbox meet: a product's derived fields (price
 * range, stock, choices in stock), which variant a line names and its price, and moving tracked
 * stock. Stored: `products` (the spec's Product, with `variants`).
 */
import { entityEvent } from '../platform/events.ts';
import type { Db } from '../platform/types.ts';
import { STORES_APP_ID } from '../seed/ids.ts';
import type { DomainContext } from './context.ts';
import { choiceAvailable, choiceName, selectVariant } from './options.ts';

type Json = Record<string, any>;

export const PRODUCTS = 'products';

/** Recomputes the derived fields of a product from its variants (ranges, stock, main price). */
export function recompute(p: Json, now: Date): Json {
  const variants: Json[] = p.variants ?? [];
  const prices = variants.map((v) => v.variant?.priceData?.price).filter((x) => typeof x === 'number');
  const costs = variants.map((v) => v.variant?.costAndProfitData?.itemCost).filter((x) => typeof x === 'number');
  const weights = variants.map((v) => v.variant?.weight).filter((x) => typeof x === 'number');
  const range = (xs: number[]) => (xs.length ? { minValue: Math.min(...xs), maxValue: Math.max(...xs) } : undefined);
  p.priceRange = range(prices) ?? { minValue: p.priceData?.price ?? 0, maxValue: p.priceData?.price ?? 0 };
  if (costs.length) p.costRange = range(costs);
  if (weights.length) p.weightRange = range(weights);
  p.price = p.priceData;
  p.convertedPriceData = p.priceData;
  const quantities = variants.map((v) => v.stock?.quantity ?? 0);
  const inStock = variants.map((v) => v.stock?.inStock !== false);
  if (p.stock?.trackInventory) p.stock.quantity = quantities.reduce((a, b) => a + b, 0);
  const any = inStock.some(Boolean);
  const all = inStock.every(Boolean);
  p.stock = {
    ...p.stock,
    inStock: any,
    inventoryStatus: all ? 'IN_STOCK' : any ? 'PARTIALLY_OUT_OF_STOCK' : 'OUT_OF_STOCK',
  };
  for (const option of p.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      choice.inStock = choiceAvailable(p, option.name, choiceName(option, choice));
    }
  }
  p.lastUpdated = now.toISOString();
  return p;
}

export function emitProduct(ctx: DomainContext, slug: 'created' | 'updated' | 'deleted', p: Json): void {
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
  const product = ctx.db.update<Json>(PRODUCTS, ref.catalogItemId, (p) => {
    const variant =
      (p.variants ?? []).find((v: Json) => v.id === ref.options?.variantId) ??
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

export function findProduct(db: Db, id: string): Json | undefined {
  return db.get<Json>(PRODUCTS, id);
}

/** The variant a line item points at (by variant id, or by choices), or the default one. */
export function findVariant(
  product: Json,
  ref: { variantId?: string; options?: Record<string, string> } = {},
): Json | undefined {
  return selectVariant<Json>(product, ref)?.variant;
}

/** What a cart needs to price a line: price, weight, sku, stock of a product's variant. */
export function priceForVariant(product: Json, ref?: { variantId?: string; options?: Record<string, string> }) {
  const selected = selectVariant<Json>(product, ref);
  if (!selected) return undefined;
  const v = selected.variant;
  return {
    variantId: v.id as string,
    /** The choices the line names: the variant's, or those chosen for a product without managed variants. */
    choices: (Object.keys(selected.options).length ? selected.options : (v.choices ?? {})) as Record<string, string>,
    /** Options a line keeps in its catalog reference (a product without managed variants). */
    options: selected.options,
    price: (v.variant?.priceData?.discountedPrice ?? v.variant?.priceData?.price ?? product.priceData?.price) as number,
    fullPrice: (v.variant?.priceData?.price ?? product.priceData?.price) as number,
    weight: (v.variant?.weight ?? product.weight) as number | undefined,
    sku: v.variant?.sku as string | undefined,
    inStock: v.stock?.inStock !== false,
    quantity: (v.stock?.trackQuantity ? v.stock.quantity : undefined) as number | undefined,
  };
}
