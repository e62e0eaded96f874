/**
 * The store reader (openapi/stores-reader.yaml): products, their options availability and
 * variants, store variants and collections by slug. Hidden products and collections show only
 * to elevated callers; costs and profits only to elevated callers that ask for them.
 */
import type { operations } from '../../../generated/types/stores-reader.ts';
import type { Caller, SandboxHandlers } from '../platform/types.ts';
import { queryOffset } from '../platform/query-engine.ts';
import { PRODUCTS } from '../domain/catalog/catalog.ts';
import {
  missing,
  optionsAvailability,
  PRODUCT_SORT,
  readProduct,
  shows,
  storeVariants,
  variantsMatching,
  withoutMerchantData,
  withoutVariantCost,
} from '../domain/catalog/catalog-reader.ts';
import { readCollection } from '../domain/catalog/collections.ts';

const elevated = (caller: Caller) => caller.kind === 'elevated';

export const storesReaderOperations = {
  'products.getProduct': (ctx) => {
    const p = readProduct(ctx.db, ctx.input.id, elevated(ctx.caller));
    return { product: withoutMerchantData(p, Boolean(ctx.input.includeMerchantSpecificData) && elevated(ctx.caller)) };
  },
  'products.queryProducts': (ctx) => {
    const all = ctx.db.list(PRODUCTS).filter((p) => shows(p, Boolean(ctx.input.includeHiddenProducts)));
    const page = queryOffset(all, ctx.input.query ?? {}, 50, PRODUCT_SORT);
    const merchant = Boolean(ctx.input.includeMerchantSpecificData) && elevated(ctx.caller);
    const products = page.items.map((p) => {
      const out = withoutMerchantData(p, merchant);
      return ctx.input.includeVariants === false ? { ...out, variants: undefined } : out;
    });
    return { products, metadata: page.metadata, totalResults: page.metadata.total };
  },
  'products.getCollectionBySlug': (ctx) => ({
    collection: readCollection(ctx.db, 'slug', ctx.input.slug, elevated(ctx.caller)),
  }),
  'products.getProductOptionsAvailability': (ctx) =>
    optionsAvailability(readProduct(ctx.db, ctx.input.id, elevated(ctx.caller)), ctx.input.options ?? {}),
  'products.queryProductVariants': (ctx) => {
    const p = readProduct(ctx.db, ctx.input.id, elevated(ctx.caller));
    const variants = variantsMatching(p, ctx.input.choices ?? {}, ctx.input.variantIds);
    const offset = ctx.input.paging?.offset ?? 0;
    const limit = ctx.input.paging?.limit ?? 100;
    const merchant = Boolean(ctx.input.includeMerchantSpecificData) && elevated(ctx.caller);
    const items = variants.slice(offset, offset + limit).map((v) => (merchant ? v : withoutVariantCost(v)));
    return { variants: items, metadata: { items: items.length, offset }, totalResults: variants.length };
  },
  'products.queryStoreVariants': (ctx) => {
    const page = queryOffset(storeVariants(ctx.db, elevated(ctx.caller)), ctx.input.query ?? {}, 100);
    return { variants: page.items, metadata: page.metadata };
  },
  'products.getStoreVariant': (ctx) => {
    const v = storeVariants(ctx.db, elevated(ctx.caller)).find((x) => x.id === ctx.input.id);
    if (!v) throw missing('Variant', ctx.input.id);
    return { variant: v };
  },
} satisfies Pick<SandboxHandlers<'products'>, `products.${keyof operations}`>;
