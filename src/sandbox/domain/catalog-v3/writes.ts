/**
 * Catalog V3's writes over the one catalog: a V3 product created (with or without inventory) or
 * updated is stored as every product is (the V1 shape), so the V1 reader, carts, checkouts and
 * orders see it at once, with the same product and variant ids. V3 always manages variants: a
 * product with options sells the variants it names, one without has one default variant.
 */
import type { components } from '../../../../generated/types/stores-products-v3.ts';
import { appError, conflict } from '../../platform/errors.ts';
import { DEFAULT_VARIANT_ID } from '../../../provider-ids.ts';
import {
  changeProduct,
  PRODUCTS,
  requireProduct,
  revisionOf,
  slugify,
  uniqueSlug,
  type StoredOption,
  type StoredProduct,
  type StoredVariant,
} from '../catalog/catalog.ts';
import { newMediaItem, newProduct, storeNewProduct } from '../catalog/products.ts';
import { catalogPrice, costData } from '../catalog/pricing.ts';
import type { DomainContext } from '../context.ts';
import { toMajor, toMinor } from '../money.ts';
import { choiceName } from '../catalog/options.ts';
import { choiceIdOf, optionIdOf } from './view.ts';

type Schemas = components['schemas'];
export type V3ProductInput = Schemas['ProductInput'];
export type V3ProductPatch = Schemas['ProductPatch'];
type VariantInput = Schemas['VariantInput'];

const DUPLICATE_SLUG = 'DUPLICATE_SLUG_ERROR';

/** A variant's V1 price data for V3's actual and compare-at prices (a compare-at below the actual is refused). */
function priceOf(price: Schemas['Variant']['price'], index: number) {
  const actual = toMinor(price?.actualPrice?.amount ?? 0);
  const list = price?.compareAtPrice ? toMinor(price.compareAtPrice.amount) : actual;
  if (list < actual)
    throw appError(
      400,
      'COMPARE_AT_PRICE_LOWER_THAN_ACTUAL_PRICE',
      `Variant ${index}: compareAtPrice ${price?.compareAtPrice?.amount} is lower than actualPrice ${price?.actualPrice?.amount}`,
      { variant: index },
    );
  // The price a shopper pays is the list price less an amount off.
  return catalogPrice(toMajor(list), { type: 'AMOUNT', value: toMajor(list - actual) });
}

/** V3 options as the catalog stores them: a swatch option is a colour whose choices carry their colour codes. */
function storedOptions(options: Schemas['Option'][]): StoredOption[] {
  const names = new Set<string>();
  return options.map((o) => {
    if (!o.name) throw appError(400, 'PRODUCT_OPTION_NAME_AND_TYPE_REQUIRED', 'Every option needs a name');
    if (names.has(o.name))
      throw appError(400, 'DUPLICATE_PRODUCT_OPTIONS', `Option "${o.name}" is given twice`, { option: o.name });
    names.add(o.name);
    const colour = o.optionRenderType === 'SWATCH_CHOICES';
    return {
      name: o.name,
      optionType: colour ? 'color' : 'drop_down',
      choices: (o.choicesSettings?.choices ?? []).map((c) => {
        if (!c.name)
          throw appError(400, 'PRODUCT_OPTION_CHOICE_NAME_AND_TYPE_REQUIRED', `A choice of "${o.name}" has no name`, {
            option: o.name,
          });
        return { value: colour ? (c.colorCode ?? c.name) : c.name, description: c.name, visible: c.visible !== false };
      }),
    };
  });
}

/** The choices a variant names (by names, or by V3's option and choice ids), one of each option, each known. */
function variantChoices(options: StoredOption[], v: VariantInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of v.choices ?? []) {
    const option = options.find(
      (o) => o.name === c.optionChoiceNames?.optionName || optionIdOf(String(o.name)) === c.optionChoiceIds?.optionId,
    );
    const optionName = String(option?.name ?? c.optionChoiceNames?.optionName ?? c.optionChoiceIds?.optionId);
    const choice = option?.choices?.find(
      (ch) =>
        ch.description === c.optionChoiceNames?.choiceName ||
        choiceIdOf(optionName, String(ch.description)) === c.optionChoiceIds?.choiceId,
    );
    if (!option || !choice) {
      const named = String(c.optionChoiceNames?.choiceName ?? c.optionChoiceIds?.choiceId);
      throw appError(400, 'CHOICE_NOT_EXIST', `Option "${optionName}" has no choice "${named}"`, {
        option: optionName,
        choice: named,
      });
    }
    out[optionName] = String(choice.description);
  }
  const missingOption = options.find((o) => out[String(o.name)] === undefined);
  if (missingOption)
    throw appError(
      400,
      'MISSING_VARIANT_OPTION_CHOICE',
      `A variant names no choice of option "${missingOption.name}"`,
      {
        option: missingOption.name,
      },
    );
  return out;
}

/** A variant's stock: tracked with a quantity, or in stock or not (untracked); in stock without inventory. */
function stockOf(v: VariantInput, withInventory: boolean): StoredVariant['stock'] {
  const item = withInventory ? v.inventoryItem : undefined;
  if (item?.quantity !== undefined && item.trackQuantity !== false)
    return { trackQuantity: true, quantity: item.quantity, inStock: item.quantity > 0 };
  return { trackQuantity: false, quantity: 0, inStock: item?.inStock !== false };
}

/** Creates a product from V3's input (`withInventory`: each variant's `inventoryItem` sets its stock). */
export function createV3(ctx: DomainContext, input: V3ProductInput, withInventory: boolean): StoredProduct {
  const options = storedOptions(input.options ?? []);
  const variants = input.variantsInfo.variants;
  if (!options.length && (variants.length !== 1 || variants[0].choices?.length))
    throw appError(
      400,
      'INVALID_DEFAULT_VARIANT',
      'A product without options has exactly one variant, without choices',
    );
  const seen = new Set<string>();
  const built = variants.map((v, i): StoredVariant => {
    const choices = variantChoices(options, v);
    const key = JSON.stringify(choices);
    if (seen.has(key))
      throw appError(400, 'DUPLICATE_VARIANT_OPTION_CHOICE', `Two variants name the same choices ${key}`, {
        choices: key,
      });
    seen.add(key);
    const priceData = priceOf(v.price, i);
    const cost = v.revenueDetails?.cost ? toMajor(toMinor(v.revenueDetails.cost.amount)) : undefined;
    const weight = v.physicalProperties?.weight;
    return {
      id: options.length ? ctx.newId() : DEFAULT_VARIANT_ID,
      choices,
      variant: {
        priceData,
        convertedPriceData: priceData,
        costAndProfitData: costData(priceData.discountedPrice, cost),
        weight: typeof weight === 'number' ? weight : undefined,
        sku: v.sku ?? undefined,
        visible: v.visible !== false,
      },
      stock: stockOf(v, withInventory),
    };
  });
  const slug = input.slug ?? slugify(input.name);
  uniqueSlug(ctx.db, PRODUCTS, slug, undefined, DUPLICATE_SLUG);
  const p = newProduct(ctx, {
    name: input.name,
    slug,
    description: input.plainDescription ?? '',
    visible: input.visible !== false,
    productType: input.productType === 'DIGITAL' ? 'digital' : 'physical',
    productOptions: options,
    manageVariants: options.length > 0,
    ...(input.brand?.name ? { brand: input.brand.name } : {}),
    ...(input.ribbon?.name ? { ribbon: input.ribbon.name } : {}),
  });
  const cheapest = [...built].sort(
    (a, b) => a.variant.priceData.discountedPrice - b.variant.priceData.discountedPrice,
  )[0];
  p.priceData = cheapest.variant.priceData;
  p.variants = built.map((v) => ({ ...v, variant: { ...v.variant, sku: v.variant.sku ?? `SKU-${p.id.slice(0, 8)}` } }));
  p.stock = { ...p.stock, trackInventory: built.some((v) => v.stock.trackQuantity) };
  const field = (m: { url?: string | null }, at: string) =>
    `product.media.${at}.${m.url != null ? 'url' : 'image.url'}`;
  const items = (input.media?.itemsInfo?.items ?? []).map((m, i) =>
    newMediaItem(ctx, m.id, m.url ?? m.image?.url, field(m, `itemsInfo.items[${i}]`)),
  );
  const main = input.media?.main
    ? newMediaItem(
        ctx,
        input.media.main.id,
        input.media.main.url ?? input.media.main.image?.url,
        field(input.media.main, 'main'),
      )
    : items[0];
  p.media = { ...(main ? { mainMedia: main } : {}), items: main && !items.length ? [main] : items };
  return storeNewProduct(ctx, p);
}

/** Whether V3's options of an update are the product's own (names and choices, in order). */
function sameOptions(p: StoredProduct, options: Schemas['Option'][]): boolean {
  const given = options.map((o) => [o.name, (o.choicesSettings?.choices ?? []).map((c) => c.name)]);
  const own = (p.productOptions ?? []).map((o) => [o.name, (o.choices ?? []).map((c) => choiceName(o, c))]);
  return JSON.stringify(given) === JSON.stringify(own);
}

/**
 * Updates the fields V3 names: name, slug, description, visibility, brand, ribbon, and variants
 * by id (prices, sku, visibility). The revision must be the product's current one.
 */
export function updateV3(ctx: DomainContext, id: string, patch: V3ProductPatch): StoredProduct {
  const before = requireProduct(ctx.db, id);
  const revision = String(revisionOf(ctx.db, id));
  if (patch.revision !== revision)
    throw conflict('REVISION_MISMATCH', `Product ${id} is at revision ${revision}, not ${patch.revision}`, {
      revision,
    });
  if (patch.slug && patch.slug !== before.slug) uniqueSlug(ctx.db, PRODUCTS, patch.slug, id, DUPLICATE_SLUG);
  if (patch.options && !sameOptions(before, patch.options))
    throw appError(
      400,
      'OPTIONS_CHANGE_NOT_SUPPORTED',
      "The sandbox does not change a product's options through an update",
    );
  const changes = (patch.variantsInfo?.variants ?? []).map((v, index) => {
    const variant = before.variants.find((x) => x.id === v.id);
    if (!variant)
      throw appError(404, 'VARIANT_NOT_FOUND', `Product ${id} has no variant ${v.id}`, { id: String(v.id) });
    return { id: variant.id, v, index };
  });
  return changeProduct(ctx, id, (draft) => {
    if (patch.name) draft.name = patch.name;
    if (patch.slug) draft.slug = patch.slug;
    if (patch.plainDescription !== undefined) draft.description = patch.plainDescription ?? '';
    if (patch.visible !== undefined && patch.visible !== null) draft.visible = patch.visible;
    if (patch.brand !== undefined) draft.brand = patch.brand?.name ?? undefined;
    if (patch.ribbon !== undefined) draft.ribbon = patch.ribbon?.name ?? undefined;
    for (const { id: variantId, v, index } of changes) {
      const target = draft.variants.find((x) => x.id === variantId)!;
      if (v.price?.actualPrice) {
        const priceData = priceOf(v.price, index);
        target.variant.priceData = priceData;
        target.variant.convertedPriceData = priceData;
        const cost = target.variant.costAndProfitData?.itemCost;
        target.variant.costAndProfitData = costData(priceData.discountedPrice, cost);
      }
      if (v.sku) target.variant.sku = v.sku;
      if (v.visible !== undefined && v.visible !== null) target.variant.visible = v.visible;
    }
  });
}
