/**
 * What the store writer does to products: create, update and delete them, override and reset
 * their variants, drop their options, attach media to them and their choices, and the bulk
 * set and adjust of price, cost and weight. Each keeps the derived fields and the collection
 * counts in step and announces its change.
 */
import type { components } from '../../../../generated/types/stores-writer.ts';
import { appError, validationError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';
import { DEFAULT_VARIANT_ID } from '../../../provider-ids.ts';
import {
  changeProduct,
  emitProduct,
  findProduct,
  priceData,
  PRODUCT_REVISIONS,
  PRODUCTS,
  recompute,
  requireProduct,
  slugify,
  uniqueSlug,
  type MediaItem,
  type StoredChoice,
  type StoredProduct,
  type StoredVariant,
} from './catalog.ts';
import {
  buildVariants,
  currentNumber,
  newVariantId,
  setProductNumber,
  setVariantNumber,
  type ProductNumber,
} from './product-prices.ts';
import { ALL_PRODUCTS_COLLECTION_ID, countCollections } from './collections.ts';
import type { DomainContext } from '../context.ts';
import { resolveChoices, variantsWith } from './options.ts';
import { adjusted, costData } from './pricing.ts';

type Schemas = components['schemas'];
export type ProductInput = Schemas['Product'];
export type VariantOverride = Schemas['VariantOverride'];
export type AdjustValue = Schemas['AdjustValue'];
export type MediaToAdd = Schemas['AddMediaRequest']['media'][number];
export type ChoiceMedia = Schemas['ChoicesMediaRequest']['media'][number];

const NUMBERS: readonly ProductNumber[] = ['price', 'cost', 'weight'];

/** The provider numbers its products too: one more than the highest number so far. */
const nextNumericId = (db: Db): string =>
  String(Math.max(1000, ...db.list(PRODUCTS).map((p) => Number(p.numericId) || 0)) + 1);

/**
 * A new product from the writer's input, validated, with its defaults and its own id and number,
 * before its variants (the caller makes them) and before it is stored (`storeNewProduct`).
 */
export function newProduct(ctx: DomainContext, input: ProductInput): StoredProduct {
  if (!input?.name) throw appError(400, 'MISSING_NAME', 'A product needs a name');
  // Variants are the combinations of the options' choices: an option without one leaves none.
  const bare = input.productOptions?.find((o) => !o.choices?.length);
  if (bare)
    throw appError(400, 'INVALID_OPTION', `Option "${bare.name}" needs at least one choice`, { option: bare.name });
  const slug = input.slug ?? slugify(input.name);
  uniqueSlug(ctx.db, PRODUCTS, slug);
  const id = ctx.newId();
  const price = input.priceData?.price ?? 0;
  // What the catalog derives (recompute) is not taken from the input.
  const {
    price: _price,
    convertedPriceData: _converted,
    variants: _variants,
    ribbons: _ribbons,
    productPageUrl: _page,
    numericId: _numericId,
    ...fields
  } = input;
  return {
    visible: true,
    productType: 'physical',
    manageVariants: false,
    productOptions: [],
    media: { items: [] },
    customTextFields: [],
    additionalInfoSections: [],
    discount: { type: 'NONE', value: 0 },
    ...fields,
    id,
    slug,
    numericId: nextNumericId(ctx.db),
    priceData: priceData(price, input.discount),
    stock: {
      trackInventory: input.stock?.trackInventory ?? false,
      quantity: input.stock?.quantity ?? 0,
      inStock: input.stock?.inStock ?? true,
      inventoryStatus: 'IN_STOCK',
    },
    collectionIds: [ALL_PRODUCTS_COLLECTION_ID],
    createdDate: ctx.now().toISOString(),
    variants: [],
  };
}

/** Stores a new product (with its variants): derived fields, collection counts, the created event. */
export function storeNewProduct(ctx: DomainContext, p: StoredProduct): StoredProduct {
  recompute(p, ctx.now());
  ctx.db.put(PRODUCTS, p.id, p);
  countCollections(ctx.db);
  emitProduct(ctx, 'created', p);
  return p;
}

export function createProduct(ctx: DomainContext, input: ProductInput): StoredProduct {
  const p = newProduct(ctx, input);
  const base = {
    price: p.priceData.price,
    cost: input.costAndProfitData?.itemCost ?? undefined,
    weight: input.weight ?? undefined,
    sku: input.sku ?? `SKU-${p.id.slice(0, 8)}`,
    discount: input.discount,
  };
  p.variants = buildVariants(p.productOptions ?? [], base, newVariantId(ctx), () => input.stock?.quantity ?? 100);
  return storeNewProduct(ctx, p);
}

/** Updates a product's fields; a new price or discount re-prices the variants (surcharges kept). */
export function updateProduct(ctx: DomainContext, id: string, input: ProductInput): StoredProduct {
  const before = requireProduct(ctx.db, id);
  if (input.slug && input.slug !== before.slug) uniqueSlug(ctx.db, PRODUCTS, input.slug, id);
  return changeProduct(ctx, id, (draft) => {
    const {
      id: _id,
      variants: _v,
      priceData: newPrice,
      ribbons: _r,
      productPageUrl: _u,
      numericId: _n,
      ...rest
    } = input;
    Object.assign(draft, rest);
    if (newPrice?.price !== undefined || rest.discount !== undefined) {
      setProductNumber(draft, 'price', newPrice?.price ?? draft.priceData?.price ?? 0);
    }
  });
}

export function deleteProduct(ctx: DomainContext, id: string): void {
  const p = requireProduct(ctx.db, id);
  ctx.db.delete(PRODUCTS, p.id);
  ctx.db.delete(PRODUCT_REVISIONS, p.id);
  countCollections(ctx.db);
  emitProduct(ctx, 'deleted', p);
}

/**
 * Overrides the variants each override names (by ids, or by choices in the provider's names):
 * price, cost, weight, sku, visibility. The product then manages its variants. Answers the
 * variants changed; an override that names none answers VARIANT_NOT_FOUND and changes nothing.
 */
export function overrideVariants(ctx: DomainContext, id: string, overrides: VariantOverride[]): StoredVariant[] {
  const p = requireProduct(ctx.db, id);
  const targets = overrides.map((o) => {
    const resolved = resolveChoices(p, o.choices ?? {});
    const variantIds = o.variantIds;
    const matched = variantIds?.length
      ? p.variants.filter((v) => variantIds.includes(v.id))
      : resolved.ok
        ? variantsWith(p.variants, resolved.choices)
        : [];
    if (!matched.length) {
      throw appError(
        400,
        'VARIANT_NOT_FOUND',
        `No variant of product ${p.id} matches ${JSON.stringify(o.choices ?? o.variantIds)}`,
      );
    }
    return { o, ids: matched.map((v) => v.id) };
  });
  const updated = changeProduct(ctx, p.id, (draft) => {
    for (const { o, ids } of targets) {
      for (const v of draft.variants) {
        if (!ids.includes(v.id)) continue;
        for (const field of NUMBERS) {
          const value = o[field];
          if (value !== undefined) setVariantNumber(draft, v, field, value);
        }
        if (o.sku !== undefined) v.variant.sku = o.sku;
        if (o.visible !== undefined) v.variant.visible = o.visible;
      }
    }
    draft.manageVariants = true;
  });
  ctx.emit({
    entityFqdn: 'wix.stores.catalog.v1.product',
    slug: 'variants_changed',
    entityId: p.id,
    actionEvent: {
      body: {
        productId: p.id,
        variants: targets.flatMap((t) => t.ids.map((variantId) => ({ variantId, changedFields: t.o }))),
      },
    },
  });
  return updated.variants.filter((v) => targets.some((t) => t.ids.includes(v.id)));
}

/** Every variant back to the product's own price, cost, weight and sku; variants no longer managed. */
export function resetVariants(ctx: DomainContext, id: string): void {
  changeProduct(ctx, id, (p) => {
    for (const v of p.variants) {
      setVariantNumber(p, v, 'price', p.priceData?.price ?? 0);
      if (p.costAndProfitData)
        v.variant.costAndProfitData = costData(v.variant.priceData.price, p.costAndProfitData.itemCost ?? undefined);
      v.variant.weight = p.weight ?? undefined;
      v.variant.sku = p.sku ?? undefined;
      v.variant.visible = true;
    }
    p.manageVariants = false;
  });
}

/** Drops the product's options: one default variant (the first one's data) is left. */
export function deleteOptions(ctx: DomainContext, id: string): void {
  changeProduct(ctx, id, (p) => {
    p.productOptions = [];
    const first = p.variants[0];
    p.variants = first ? [{ ...first, id: DEFAULT_VARIANT_ID, choices: {} }] : [];
    p.manageVariants = false;
  });
}

export function removeBrand(ctx: DomainContext, id: string): void {
  changeProduct(ctx, id, (p) => delete p.brand);
}

export function removeRibbon(ctx: DomainContext, id: string): void {
  changeProduct(ctx, id, (p) => delete p.ribbon);
}

/** A product's choice named by its value or description; CHOICE_NOT_FOUND otherwise. */
function requireChoice(p: StoredProduct, option: string | undefined, named: string | undefined): StoredChoice {
  const choice = p.productOptions
    ?.find((o) => o.name === option)
    ?.choices?.find((c) => c.value === named || c.description === named);
  if (!choice) throw appError(400, 'CHOICE_NOT_FOUND', `No choice ${option}: ${named}`);
  return choice;
}

/**
 * A media item a writer adds, named by its media id or its URL: as a seeded item, the media
 * host's URL, valid for a day, titled by its file name.
 */
/**
 * Whether a new media item's URL is a web URL (http or https), as the provider types it: the
 * official SDK's `MediaDataForWrite.url` (Catalog V1's addProductMedia) and `ProductMedia.url`
 * (Catalog V3) are `@format WEB_URL`. A `javascript:` or `data:` URL is refused at write time,
 * never stored for a storefront to put in a page.
 */
export function isWebUrl(text: string): boolean {
  if (/[\u0000-\u0020\u007f]/.test(text)) return false;
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
}

/** `field`: the request's name for the URL, in the validation error that refuses a URL that is not a web URL. */
export function newMediaItem(
  ctx: DomainContext,
  mediaId?: string | null,
  url?: string | null,
  field = 'url',
): MediaItem {
  if (typeof url === 'string' && !isWebUrl(url))
    throw validationError([{ field, description: 'must be a web URL (http or https)', violatedRule: 'FORMAT' }]);
  const id = mediaId ?? String(url).split('/').pop();
  if (!id) throw appError(400, 'INVALID_MEDIA', 'A media item needs a mediaId or a url');
  return {
    id,
    mediaType: 'image',
    title: id,
    image: {
      url: url ?? `https://static.wixstatic.com/media/${id}`,
      width: 1200,
      height: 800,
      urlExpirationDate: new Date(ctx.now().getTime() + 86_400_000).toISOString(),
    },
  };
}

/** Adds images to the product (the first becomes its main media), and to a choice when one is named. */
export function addMedia(ctx: DomainContext, id: string, media: MediaToAdd[]): void {
  changeProduct(ctx, id, (p) => {
    const items = ((p.media ??= {}).items ??= []);
    for (const [i, m] of media.entries()) {
      const item = newMediaItem(ctx, m.mediaId, m.url, `media[${i}].url`);
      items.push(item);
      p.media.mainMedia ??= item;
      if (m.choice) {
        const choice = requireChoice(p, m.choice.option, m.choice.choice);
        choice.media = { mainMedia: item, items: [...(choice.media?.items ?? []), item] };
      }
    }
  });
}

/** Removes media from the product; a removed main media gives way to the first left. */
export function removeMedia(ctx: DomainContext, id: string, mediaIds: string[]): void {
  changeProduct(ctx, id, (p) => {
    const media = (p.media ??= {});
    const removed = (m: MediaItem) => m.id !== undefined && mediaIds.includes(m.id);
    media.items = (media.items ?? []).filter((m) => !removed(m));
    if (media.mainMedia && removed(media.mainMedia)) media.mainMedia = media.items[0];
  });
}

/** Sets each named choice's media to the product's media items named (unknown ids as bare images). */
export function addMediaToChoices(ctx: DomainContext, id: string, media: ChoiceMedia[]): void {
  changeProduct(ctx, id, (p) => {
    for (const m of media) {
      const choice = requireChoice(p, m.option, m.choice);
      const items = (m.mediaIds ?? []).map(
        (mediaId): MediaItem => p.media?.items?.find((x) => x.id === mediaId) ?? { id: mediaId, mediaType: 'image' },
      );
      choice.media = { mainMedia: items[0], items };
    }
  });
}

/** Takes the named media (none named: all) off each named choice. */
export function removeMediaFromChoices(ctx: DomainContext, id: string, media: ChoiceMedia[]): void {
  changeProduct(ctx, id, (p) => {
    for (const m of media) {
      const choice = requireChoice(p, m.option, m.choice);
      const drop = m.mediaIds ?? [];
      const items = (choice.media?.items ?? []).filter(
        (x) => drop.length && !(x.id !== undefined && drop.includes(x.id)),
      );
      choice.media = items.length ? { mainMedia: items[0], items } : undefined;
    }
  });
}

/** Bulk set of price, cost, weight, ribbon and brand, product by product. */
export function bulkSet(
  ctx: DomainContext,
  ids: string[],
  set: Partial<Record<ProductNumber, number>> & { ribbon?: string; brand?: string },
) {
  return bulkChange(ctx, ids, (p) => {
    for (const field of NUMBERS) {
      const value = set[field];
      if (value !== undefined) setProductNumber(p, field, value);
    }
    if (set.ribbon !== undefined) p.ribbon = set.ribbon;
    if (set.brand !== undefined) p.brand = set.brand;
  });
}

/** Bulk adjust of price, cost and weight by an amount or a percentage, product by product. */
export function bulkAdjust(ctx: DomainContext, ids: string[], adjust: Partial<Record<ProductNumber, AdjustValue>>) {
  for (const [field, a] of Object.entries(adjust ?? {})) {
    if ((a.amount === undefined) === (a.percentage === undefined)) {
      throw appError(400, 'INVALID_ADJUSTMENT', `adjust.${field} needs exactly one of amount or percentage`);
    }
  }
  return bulkChange(ctx, ids, (p) => {
    for (const field of NUMBERS) {
      const a = adjust[field];
      if (a) setProductNumber(p, field, adjusted(currentNumber(p, field), a));
    }
  });
}

/**
 * A bulk change's answer: one result per id (a missing product fails alone), and the counts.
 * Each product is copied, recomputed and announced once however often the request names it,
 * with the change applied once per mention: 100 mentions of one product cost one product's
 * update, not 100 (a copy and a recompute each held every other request for the whole bulk).
 */
export function bulkChange(ctx: DomainContext, ids: string[], change: (p: StoredProduct) => void) {
  const mentions = new Map<string, number>();
  for (const id of ids) if (findProduct(ctx.db, id)) mentions.set(id, (mentions.get(id) ?? 0) + 1);
  for (const [id, times] of mentions)
    changeProduct(ctx, id, (p) => {
      for (let i = 0; i < times; i++) change(p);
    });
  const results = ids.map((id, originalIndex) =>
    mentions.has(id)
      ? { itemMetadata: { id, originalIndex, success: true } }
      : {
          itemMetadata: {
            id,
            originalIndex,
            success: false,
            error: { code: 'PRODUCT_NOT_FOUND', description: `Product ${id} not found` },
          },
        },
  );
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}
