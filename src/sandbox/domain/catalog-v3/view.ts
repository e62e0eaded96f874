/**
 * Catalog V3's view of the one stored catalog: a stored product (kept in the V1 shape the store
 * reader and writer answer) shown with V3's conventions. Ids are the same in both views (the
 * product's and every variant's); options and choices get stable ids from their names. V3's
 * actual price is what a shopper pays (V1's discounted price); its compare-at price the list
 * price when a discount lowers it. Money is decimal text, formatted only with CURRENCY.
 */
import type { components } from '../../../../generated/types/stores-products-v3.ts';
import {
  combinationVariantId,
  PRODUCT_PAGE_BASE,
  revisionOf,
  sellableCombinations,
  stableId,
  type MediaItem,
  type StoredOption,
  type StoredProduct,
  type StoredVariant,
} from '../catalog/catalog.ts';
import { choiceName } from '../catalog/options.ts';
import { formatPrice } from '../catalog/pricing.ts';
import type { Db } from '../../platform/types.ts';

type Schemas = components['schemas'];
export type V3Product = Schemas['Product'];
export type V3Variant = Schemas['Variant'];
export type RequestedField = Schemas['RequestedField'];

/** What a V3 answer shows: the fields asked for, and whether the caller may see merchant data. */
export interface V3Lens {
  fields: ReadonlySet<RequestedField>;
  merchant: boolean;
}

const CURRENCY = 'USD';

/** V3's ids of an option and of a choice: one per name across the store, as V3 shares them. */
export const optionIdOf = (optionName: string): string => stableId(`option/${optionName}`);
export const choiceIdOf = (optionName: string, choice: string): string => stableId(`choice/${optionName}/${choice}`);

const isColour = (o: StoredOption) => o.optionType === 'color';
const renderTypeOf = (o: StoredOption) => (isColour(o) ? 'SWATCH_CHOICES' : 'TEXT_CHOICES');

function money(amount: number, lens: V3Lens): Schemas['Money'] {
  return lens.fields.has('CURRENCY')
    ? { amount: String(amount), formattedAmount: formatPrice(amount) }
    : { amount: String(amount) };
}

function range(values: number[], lens: V3Lens): Schemas['PriceRange'] | undefined {
  return values.length
    ? { minValue: money(Math.min(...values), lens), maxValue: money(Math.max(...values), lens) }
    : undefined;
}

function mediaOf(m: MediaItem | undefined | null): Schemas['MediaItem'] | undefined {
  if (!m?.id) return undefined;
  const image = m.image
    ? {
        id: m.id,
        url: m.image.url ?? '',
        width: m.image.width ?? 0,
        height: m.image.height ?? 0,
        altText: m.image.altText ?? null,
      }
    : undefined;
  return {
    id: m.id,
    mediaType: m.mediaType === 'video' ? 'VIDEO' : 'IMAGE',
    ...(image ? { image, url: image.url } : {}),
    altText: m.image?.altText ?? null,
    displayName: m.title ?? null,
  };
}

function optionOf(o: StoredOption): Schemas['Option'] {
  const name = String(o.name);
  return {
    id: optionIdOf(name),
    name,
    optionRenderType: renderTypeOf(o),
    choicesSettings: {
      choices: (o.choices ?? []).map((c) => {
        const choice = choiceName(o, c);
        return {
          choiceId: choiceIdOf(name, choice),
          name: choice,
          choiceType: isColour(o) ? 'ONE_COLOR' : 'CHOICE_TEXT',
          ...(isColour(o) && c.value ? { colorCode: c.value } : {}),
          inStock: c.inStock !== false,
          visible: c.visible !== false,
        };
      }),
    },
  };
}

/** The variant's price as V3 shows it: the price paid, and the list price above it when discounted. */
function pricesOf(v: StoredVariant): { actual: number; compareAt?: number } {
  const list = v.variant.priceData.price;
  const actual = v.variant.priceData.discountedPrice ?? list;
  return actual < list ? { actual, compareAt: list } : { actual };
}

function variantOf(
  p: StoredProduct,
  v: StoredVariant,
  choices: Record<string, string>,
  id: string,
  lens: V3Lens,
): V3Variant {
  const options = p.productOptions ?? [];
  const { actual, compareAt } = pricesOf(v);
  const cost = v.variant.costAndProfitData;
  return {
    id,
    visible: v.variant.visible !== false,
    sku: v.variant.sku ?? null,
    choices: Object.entries(choices).map(([optionName, choice]) => {
      const option = options.find((o) => o.name === optionName);
      return {
        optionChoiceIds: { optionId: optionIdOf(optionName), choiceId: choiceIdOf(optionName, choice) },
        ...(lens.fields.has('VARIANT_OPTION_CHOICE_NAMES')
          ? {
              optionChoiceNames: {
                optionName,
                choiceName: choice,
                renderType: option ? renderTypeOf(option) : 'TEXT_CHOICES',
              },
            }
          : {}),
      };
    }),
    price: {
      actualPrice: money(actual, lens),
      ...(compareAt !== undefined ? { compareAtPrice: money(compareAt, lens) } : {}),
    },
    ...(lens.merchant && lens.fields.has('MERCHANT_DATA') && cost
      ? {
          revenueDetails: {
            cost: money(cost.itemCost, lens),
            profit: money(cost.profit, lens),
            profitMargin: cost.profitMargin,
          },
        }
      : {}),
    inventoryStatus: { inStock: v.stock.inStock !== false, preorderEnabled: false },
    ...(p.productType === 'digital'
      ? { digitalProperties: {} }
      : {
          physicalProperties:
            v.variant.weight !== undefined && v.variant.weight !== null ? { weight: v.variant.weight } : {},
        }),
  };
}

/**
 * The product's V3 variants: its stored variants with their own ids; for a product that does not
 * manage its variants, one per combination of its options (its one variant's price and stock).
 */
export function variantsOf(p: StoredProduct, lens: V3Lens): V3Variant[] {
  const combos = sellableCombinations(p);
  const only = p.variants[0];
  if (combos.length && only) return combos.map((c) => variantOf(p, only, c, combinationVariantId(p.id, c), lens));
  return p.variants.map((v) => variantOf(p, v, v.choices ?? {}, v.id, lens));
}

/** A stored product as Catalog V3 shows it, with the fields the lens asks for. */
export function toV3(db: Db, p: StoredProduct, lens: V3Lens): V3Product {
  const variants = variantsOf(p, lens);
  const shown = p.variants.filter((v) => v.variant.visible !== false);
  const priced = (shown.length ? shown : p.variants).map(pricesOf);
  const costs = p.variants.flatMap((v) => (v.variant.costAndProfitData ? [v.variant.costAndProfitData.itemCost] : []));
  const has = (f: RequestedField) => lens.fields.has(f);
  const main = mediaOf(p.media?.mainMedia);
  const categories = { categories: p.collectionIds.map((id, index) => ({ id, index })) };
  return {
    id: p.id,
    revision: String(revisionOf(db, p.id)),
    createdDate: p.createdDate ?? null,
    updatedDate: p.lastUpdated ?? null,
    name: p.name ?? '',
    slug: p.slug ?? '',
    visible: p.visible !== false,
    visibleInPos: true,
    productType: p.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(p.productType === 'digital' ? { digitalProperties: {} } : { physicalProperties: {} }),
    media: {
      ...(main ? { main } : {}),
      ...(has('MEDIA_ITEMS_INFO')
        ? { itemsInfo: { items: (p.media?.items ?? []).flatMap((m) => mediaOf(m) ?? []) } }
        : {}),
    },
    options: (p.productOptions ?? []).map(optionOf),
    modifiers: [],
    ...(p.brand ? { brand: { name: p.brand } } : {}),
    ...(p.ribbon ? { ribbon: { name: p.ribbon } } : {}),
    inventory: { availabilityStatus: p.stock.inventoryStatus ?? 'IN_STOCK', preorderStatus: 'DISABLED' },
    actualPriceRange: range(
      priced.map((x) => x.actual),
      lens,
    ),
    compareAtPriceRange: range(
      priced.map((x) => x.compareAt ?? x.actual),
      lens,
    ),
    variantsInfo: { variants },
    variantSummary: { variantCount: variants.length },
    ...(has('CURRENCY') ? { currency: CURRENCY } : {}),
    ...(has('PLAIN_DESCRIPTION') ? { plainDescription: p.description ?? '' } : {}),
    ...(has('URL')
      ? { url: { relativePath: `/product-page/${p.slug}`, url: `${PRODUCT_PAGE_BASE}product-page/${p.slug}` } }
      : {}),
    ...(has('DIRECT_CATEGORIES_INFO') ? { directCategoriesInfo: categories } : {}),
    ...(has('ALL_CATEGORIES_INFO') ? { allCategoriesInfo: categories } : {}),
    ...(has('WEIGHT_MEASUREMENT_UNIT_INFO') ? { weightMeasurementUnitInfo: { weightMeasurementUnit: 'KG' } } : {}),
    ...(has('MERCHANT_DATA') && lens.merchant ? { costRange: range(costs, lens) } : {}),
  };
}
