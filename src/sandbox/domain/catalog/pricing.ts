/**
 * Catalog pricing rules: a product's discount (an amount or a percentage off) and a variant's
 * price as the product's base price plus the variant's own surcharge, with the product's
 * discount applied. Prices are JSON numbers in major units on the catalog's wire; every
 * computation goes through minor units (money.ts).
 */
import { applyRate, rateOfPercent, toMajor, toMinor, type Minor } from '../money.ts';

export interface Discount {
  type?: string;
  value?: number;
}

/** The catalog's PriceData: list price, price after the product's discount, formatted texts. */
export interface CatalogPrice {
  currency: string;
  price: number;
  discountedPrice: number;
  formatted: { price: string; discountedPrice: string };
}

/** The catalog's CostAndProfitData: an item's cost, the profit at its price and the margin. */
export interface CostData {
  itemCost: number;
  formattedItemCost: string;
  profit: number;
  formattedProfit: string;
  profitMargin: number;
}

/** A price as the catalog formats it (`$25.00`). */
export const formatPrice = (n: number): string => (Number.isFinite(n) ? `$${n.toFixed(2)}` : String(n));

/** The price after a product discount; never below zero. */
export function discountedMinor(full: Minor, discount: Discount | undefined): Minor {
  if (discount?.type === 'AMOUNT') return Math.max(0, full - toMinor(discount.value ?? 0));
  if (discount?.type === 'PERCENT') return Math.max(0, full - applyRate(full, rateOfPercent(discount.value ?? 0)));
  return full;
}

/** PriceData for a list price (major units) and the product's discount. NaN and Infinity pass through as given. */
export function catalogPrice(price: number, discount?: Discount, currency = 'USD'): CatalogPrice {
  const discounted = Number.isFinite(price) ? toMajor(discountedMinor(toMinor(price), discount)) : price;
  return {
    currency,
    price,
    discountedPrice: discounted,
    formatted: { price: formatPrice(price), discountedPrice: formatPrice(discounted) },
  };
}

/** A variant's surcharge over its product's base price (what a base-price change keeps). */
export function surchargeOf(variantPrice: number, basePrice: number): number {
  if (!Number.isFinite(variantPrice) || !Number.isFinite(basePrice)) return 0;
  return toMajor(toMinor(variantPrice) - toMinor(basePrice));
}

/** A variant's list price for a base price and its surcharge, never below zero. */
export function variantPrice(basePrice: number, surcharge: number): number {
  if (!Number.isFinite(basePrice)) return basePrice;
  return toMajor(Math.max(0, toMinor(basePrice) + toMinor(surcharge)));
}

/** A percentage or amount adjustment of a number (bulk adjust), rounded to cents or to an integer. */
export function adjusted(current: number, a: { amount?: number; percentage?: number; roundToInt?: boolean }): number {
  const base = toMinor(current);
  const next =
    a.amount !== undefined ? base + toMinor(a.amount) : base + applyRate(base, rateOfPercent(a.percentage ?? 0));
  const major = toMajor(Math.max(0, next));
  return a.roundToInt ? Math.round(major) : major;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Cost and profit for a price and an item cost; none without a cost. */
export function costData(price: number, cost: number | undefined): CostData | undefined {
  if (cost === undefined) return undefined;
  const profit = round2(price - cost);
  return {
    itemCost: cost,
    formattedItemCost: formatPrice(cost),
    profit,
    formattedProfit: formatPrice(profit),
    // From the unrounded profit: a rounded one can pass the price (price 0.006, cost 0: profit 0.01).
    profitMargin: price ? Math.round(((price - cost) / price) * 10_000) / 10_000 : 0,
  };
}
