/**
 * The variant picker's rules as pure functions (no React, so the server runs them too): per
 * choice, whether a variant with it exists beside the other choices made, whether it can be
 * bought and is in stock, and the query text of a link to it; the variant chosen, its price as
 * decimal text, and its line item for addLines.
 */
import type { LineItemInput, Product, StoreVariant } from './client-types.ts';
import { STORES_APP_ID } from '../index.ts';

// Every store product's catalog reference names the Stores app; re-exported for a page's own lines.
export { STORES_APP_ID };

type Variant = NonNullable<Product['variants']>[number];

/** Choices by option name (a colour by its name, as the variants name it: `{ Size: 'M', Color: 'Red' }`). */
export type Choices = Record<string, string>;

export interface ChoiceState {
  /** What the variants and a link call it (a colour's name). */
  name: string;
  /** The option's own value (a colour's code; for other options the same as name). */
  value: string;
  selected: boolean;
  /** A variant has this choice together with the other options chosen. */
  exists: boolean;
  /** It exists and is shown for sale (the choice and its variant are visible). */
  available: boolean;
  /** Some such variant is in stock. */
  inStock: boolean;
  /**
   * None is in stock but one for sale can be preordered (the store variants say so: without
   * them, false).
   */
  preorder: boolean;
  /** The query of a link to the product with this choice made (`Size=M&Color=Red`): the server can render it. */
  search: string;
}

export interface OptionState {
  name: string;
  optionType: string | undefined;
  choices: ChoiceState[];
}

export interface VariantSelection {
  options: OptionState[];
  selected: Choices;
  /** Every option has a choice. */
  complete: boolean;
  /** The variant of the choices (a product without options or without managed variants: its one variant). */
  variant: Variant | undefined;
  /** The price of the variant (or the product's, before the choices are complete), as decimal text. */
  price: { amount: string; discountedAmount: string; currency: string } | undefined;
  /** The variant can be bought now: complete, visible, in stock. */
  inStock: boolean;
  /** The variant is out of stock and can be preordered; `message` is the store's word for the buyer, `limit` how many. */
  preorder: { message: string | undefined; limit: number | undefined } | undefined;
  /** The line item for `addLines`; undefined until the choices name a variant. */
  toLineItem(quantity: number): LineItemInput | undefined;
}

const choiceName = (c: { value?: string; description?: string }) => c.description ?? c.value ?? '';

/** A variant has every choice in `choices` (a product without managed variants has one variant with no choices: it has them all). */
const hasChoices = (variant: Variant, choices: Choices) =>
  Object.entries(choices).every(
    ([option, name]) =>
      !variant.choices || Object.keys(variant.choices).length === 0 || variant.choices[option] === name,
  );

const inStock = (v: Variant) => v.stock?.inStock !== false;
const visible = (v: Variant) => v.variant?.visible !== false;

/** A catalog price (a number in the catalog's reader) as decimal text in the currency's own decimals. */
function decimalText(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return amount.toFixed(digits);
}

/**
 * The picker's state of `product` with `selected` chosen (unknown option names and choices are
 * dropped). `storeVariants`, the product's store variants (queryStoreVariants), add preorder.
 */
export function selectVariant(
  product: Product,
  selected: Choices = {},
  storeVariants?: StoreVariant[],
): VariantSelection {
  const preorderOf = (v: Variant) =>
    storeVariants?.find((s) => s.variantId === v.id && s.productId === product.id)?.preorderInfo ?? undefined;
  const preorderable = (v: Variant) => !inStock(v) && preorderOf(v)?.enabled === true;
  const options = product.productOptions ?? [];
  const variants = product.variants ?? [];
  // Only choices the product has count.
  const chosen: Choices = {};
  for (const o of options)
    if (o.name && selected[o.name] !== undefined && o.choices?.some((c) => choiceName(c) === selected[o.name!]))
      chosen[o.name] = selected[o.name];

  const optionStates: OptionState[] = options.map((o) => {
    const others = Object.fromEntries(Object.entries(chosen).filter(([name]) => name !== o.name));
    return {
      name: o.name ?? '',
      optionType: o.optionType,
      choices: (o.choices ?? []).map((c): ChoiceState => {
        const name = choiceName(c);
        const withIt = { ...others, [o.name ?? '']: name };
        const matching = variants.filter((v) => hasChoices(v, withIt));
        const forSale = c.visible !== false ? matching.filter(visible) : [];
        return {
          name,
          value: c.value ?? name,
          selected: chosen[o.name ?? ''] === name,
          exists: matching.length > 0,
          available: forSale.length > 0,
          inStock: forSale.some(inStock) && (product.manageVariants ? true : c.inStock !== false),
          preorder: !forSale.some(inStock) && forSale.some(preorderable),
          search: new URLSearchParams(withIt).toString(),
        };
      }),
    };
  });

  const complete = options.every((o) => o.name !== undefined && chosen[o.name] !== undefined);
  const variant = complete ? variants.find((v) => hasChoices(v, chosen)) : undefined;
  const priceData = variant?.variant?.priceData ?? product.priceData;
  const currency = priceData?.currency ?? product.priceData?.currency;
  const full = priceData?.price;
  const price =
    typeof full === 'number' && currency
      ? {
          amount: decimalText(full, currency),
          discountedAmount: decimalText(priceData?.discountedPrice ?? full, currency),
          currency,
        }
      : undefined;
  const managed = product.manageVariants === true;

  return {
    options: optionStates,
    selected: chosen,
    complete,
    variant,
    price,
    inStock: !!variant && visible(variant) && inStock(variant),
    preorder:
      variant && visible(variant) && preorderable(variant)
        ? { message: preorderOf(variant)?.message ?? undefined, limit: preorderOf(variant)?.limit ?? undefined }
        : undefined,
    toLineItem(quantity) {
      if (!variant?.id || !product.id) return undefined;
      // A managed variant is bought by its id; a product without managed variants by its choices.
      const reference = managed || options.length === 0 ? { variantId: variant.id } : { options: chosen };
      return { quantity, catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID, options: reference } };
    },
  };
}
