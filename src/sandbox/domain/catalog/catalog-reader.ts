/**
 * What the store reader shows of the catalog: the products a caller may see, the
 * availability of a product's choices, its variants by choices, store variants, what products
 * sort by, and products without the merchant's own data (costs and profits).
 */
import type { components } from '../../../../generated/types/stores-reader.ts';
import { fixedValue } from '../../platform/answer-text.ts';
import { appError, standardError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';
import type { SortRules } from '../../platform/query-engine.ts';
import { findProduct, findVariant, PRODUCTS, type StoredProduct, type StoredVariant } from './catalog.ts';
import { choiceAvailable, choiceName, resolveChoices, variantsWith } from './options.ts';

type Schemas = components['schemas'];

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

/**
 * Preorder per store variant (`{productId}-{variantId}`): whether it can be bought out of stock,
 * the buyer's message and how many. The provider keeps it apart from the product (its inventory),
 * and answers it only on store variants. Stored: `preorders` (none: not enabled).
 */
export const PREORDERS = 'preorders';

declare module '../../platform/types.ts' {
  interface Collections {
    preorders: { id: string; preorderInfo: Schemas['PreorderInfo'] };
  }
}

const NO_PREORDER: Schemas['PreorderInfo'] = { enabled: false, limit: null };

/** Every shown product's variants as store variants. */
export function storeVariants(db: Db, includeHidden: boolean) {
  return db
    .list(PRODUCTS)
    .filter((p) => shows(p, includeHidden))
    .flatMap((p) =>
      (p.variants ?? []).map((v) => {
        const sv = storeVariant(p, v);
        return { ...sv, preorderInfo: db.get(PREORDERS, `${p.id}-${v.id}`)?.preorderInfo ?? NO_PREORDER };
      }),
    );
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

/** The shopper's view of each stored product, made once: a stored product never changes in place (an update stores a copy). */
const shopperViews = new WeakMap<StoredProduct, StoredProduct>();

/**
 * A product without what only the merchant sees (costs and profits), unless `include`. The view
 * is made once per stored product and frozen, and its answer text is kept (answer-text.ts).
 */
export function withoutMerchantData(p: StoredProduct, include: boolean): StoredProduct {
  if (include) return p;
  let view = shopperViews.get(p);
  if (!view) {
    // Left undefined (no answer writes them), not taken out with a rest pattern: V8 copies an
    // object minus named keys on a slow path, which was an eighth of a storefront listing's time.
    view = fixedValue({
      ...p,
      costAndProfitData: undefined,
      costRange: undefined,
      variants: (p.variants ?? []).map((v) => withoutVariantCost(v)),
    });
    shopperViews.set(p, view);
  }
  return view;
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
