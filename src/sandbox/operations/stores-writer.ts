/**
 * The store writer (openapi/stores-writer.yaml): products, their variants, options and media,
 * collections and the products in them, brand and ribbon, and the bulk set and adjust of
 * price, cost and weight. The rules live in domain/catalog/products.ts and domain/catalog/collections.ts.
 */
import type { operations } from '../../../generated/types/stores-writer.ts';
import type { SandboxHandlers, SandboxOperationKey } from '../platform/types.ts';
import {
  addMedia,
  addMediaToChoices,
  bulkAdjust,
  bulkSet,
  createProduct,
  deleteOptions,
  deleteProduct,
  overrideVariants,
  removeBrand,
  removeMedia,
  removeMediaFromChoices,
  removeRibbon,
  resetVariants,
  updateProduct,
} from '../domain/catalog/products.ts';
import { createCollection, deleteCollection, moveProducts, updateCollection } from '../domain/catalog/collections.ts';

/** The writer's operations (its webhooks, also operations of the YAML, are events, not handlers). */
type WriterKey = Extract<`products.${keyof operations}`, SandboxOperationKey>;

/** Makes a change whose answer is an empty body. */
function emptyAnswer(change: () => void): Record<string, never> {
  change();
  return {};
}

export const storesWriterOperations = {
  'products.createProduct': (ctx) => ({ product: createProduct(ctx, ctx.input.product) }),
  'products.updateProduct': (ctx) => ({ product: updateProduct(ctx, String(ctx.input.product.id), ctx.input.product) }),
  'products.deleteProduct': (ctx) => emptyAnswer(() => deleteProduct(ctx, ctx.input.id)),
  'products.updateProductVariants': (ctx) => ({ variants: overrideVariants(ctx, ctx.input.id, ctx.input.variants) }),
  'products.resetAllProductVariantData': (ctx) => emptyAnswer(() => resetVariants(ctx, ctx.input.id)),
  'products.addProductsToCollection': (ctx) =>
    emptyAnswer(() => moveProducts(ctx, ctx.input.id, ctx.input.productIds, true)),
  'products.removeProductsFromCollection': (ctx) =>
    emptyAnswer(() => moveProducts(ctx, ctx.input.id, ctx.input.productIds, false)),
  'products.addProductMedia': (ctx) => emptyAnswer(() => addMedia(ctx, ctx.input.id, ctx.input.media)),
  'products.removeProductMedia': (ctx) => emptyAnswer(() => removeMedia(ctx, ctx.input.id, ctx.input.mediaIds)),
  'products.addProductMediaToChoices': (ctx) =>
    emptyAnswer(() => addMediaToChoices(ctx, ctx.input.id, ctx.input.media)),
  'products.removeProductMediaFromChoices': (ctx) =>
    emptyAnswer(() => removeMediaFromChoices(ctx, ctx.input.id, ctx.input.media)),
  'products.deleteProductOptions': (ctx) => emptyAnswer(() => deleteOptions(ctx, ctx.input.id)),
  'products.removeBrand': (ctx) => emptyAnswer(() => removeBrand(ctx, ctx.input.id)),
  'products.removeRibbon': (ctx) => emptyAnswer(() => removeRibbon(ctx, ctx.input.id)),
  'products.createCollection': (ctx) => ({ collection: createCollection(ctx, ctx.input.collection) }),
  'products.updateCollection': (ctx) => ({
    collection: updateCollection(ctx, String(ctx.input.collection.id), ctx.input.collection),
  }),
  'products.deleteCollection': (ctx) => emptyAnswer(() => deleteCollection(ctx, ctx.input.id)),
  'products.bulkUpdateProductsProperty': (ctx) => bulkSet(ctx, ctx.input.ids, ctx.input.set),
  'products.bulkAdjustProductProperty': (ctx) => bulkAdjust(ctx, ctx.input.ids, ctx.input.adjust),
} satisfies Pick<SandboxHandlers<'products'>, WriterKey>;
