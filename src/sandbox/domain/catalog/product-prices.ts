/**
 * A product's price, cost and weight and its variants': the variants a new product's options
 * make, and setting or adjusting a number so that each variant keeps its surcharge over the
 * base price and the product's discount applies to every price.
 */
import { DEFAULT_VARIANT_ID } from '../../../provider-ids.ts';
import { priceData, type StoredOption, type StoredProduct, type StoredVariant } from './catalog.ts';
import type { DomainContext } from '../context.ts';
import { combinations } from './options.ts';
import { costData, surchargeOf, variantPrice, type Discount } from './pricing.ts';

/** The numbers a writer sets on a product and its variants. */
export type ProductNumber = 'price' | 'cost' | 'weight';

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
  const combos = combinations(options);
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
