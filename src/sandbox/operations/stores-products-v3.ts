/**
 * Catalog V3 products (openapi/stores-products-v3.yaml): query, search, count, get by id and
 * slug, create (with or without inventory), update and delete, over the one catalog the V1
 * reader and writer answer. The rules live in domain/catalog-v3/.
 */
import type { operations } from '../../../generated/types/stores-products-v3.ts';
import type { Caller, SandboxHandlers } from '../platform/types.ts';
import { deleteProduct } from '../domain/catalog/products.ts';
import { countV3, lensOf, queryV3, readV3 } from '../domain/catalog-v3/reads.ts';
import { toV3 } from '../domain/catalog-v3/view.ts';
import { createV3, updateV3 } from '../domain/catalog-v3/writes.ts';

const elevated = (caller: Caller) => caller.kind === 'elevated';

export const storesProductsV3Operations = {
  'productsV3.queryProducts': (ctx) => {
    const page = queryV3(ctx.db, ctx.input.query ?? {}, { elevated: elevated(ctx.caller), fields: ctx.input.fields });
    return { products: page.items, pagingMetadata: page.metadata };
  },
  'productsV3.searchProducts': (ctx) => {
    const search = ctx.input.search ?? {};
    const page = queryV3(
      ctx.db,
      search,
      { elevated: elevated(ctx.caller), fields: ctx.input.fields },
      search.search ?? {},
    );
    return { products: page.items, pagingMetadata: page.metadata };
  },
  'productsV3.countProducts': (ctx) => ({
    count: countV3(ctx.db, ctx.input.filter, ctx.input.search?.expression, { elevated: elevated(ctx.caller) }),
  }),
  'productsV3.getProduct': (ctx) => ({
    product: readV3(ctx.db, 'id', ctx.input.productId, { elevated: elevated(ctx.caller), fields: ctx.input.fields }),
  }),
  'productsV3.getProductBySlug': (ctx) => ({
    product: readV3(ctx.db, 'slug', ctx.input.slug, { elevated: elevated(ctx.caller), fields: ctx.input.fields }),
  }),
  'productsV3.createProduct': (ctx) => ({
    product: toV3(
      ctx.db,
      createV3(ctx, ctx.input.product, false),
      lensOf({ elevated: true, fields: ctx.input.fields }),
    ),
  }),
  'productsV3.createProductWithInventory': (ctx) => ({
    product: toV3(ctx.db, createV3(ctx, ctx.input.product, true), lensOf({ elevated: true, fields: ctx.input.fields })),
  }),
  'productsV3.updateProduct': (ctx) => ({
    product: toV3(
      ctx.db,
      updateV3(ctx, String(ctx.input.product.id ?? ctx.input['product.id']), ctx.input.product),
      lensOf({ elevated: true, fields: ctx.input.fields }),
    ),
  }),
  'productsV3.deleteProduct': (ctx) => {
    deleteProduct(ctx, ctx.input.productId);
    return {};
  },
} satisfies SandboxHandlers<'productsV3'>;
