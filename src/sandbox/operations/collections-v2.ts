/**
 * Collections v2 (openapi/collections-v2.yaml): a collection by id or slug, and the query.
 * Hidden collections show only to elevated callers.
 */
import type { SandboxHandlers } from '../platform/types.ts';
import { queryOffset } from '../platform/query-engine.ts';
import { COLLECTION_SORT, COLLECTIONS, collectionShows, readCollection } from '../domain/catalog/collections.ts';

export const collectionsV2Operations = {
  'collections.getCollection': (ctx) => ({
    collection: readCollection(ctx.db, 'id', ctx.input.id, ctx.caller.kind === 'elevated'),
  }),
  'collections.getCollectionBySlug': (ctx) => ({
    collection: readCollection(ctx.db, 'slug', ctx.input.slug, ctx.caller.kind === 'elevated'),
  }),
  'collections.queryCollections': (ctx) => {
    const shown = ctx.db.list(COLLECTIONS).filter((c) => collectionShows(c, ctx.caller.kind === 'elevated'));
    const page = queryOffset(shown, ctx.input.query ?? {}, 50, COLLECTION_SORT);
    return { collections: page.items, metadata: page.metadata };
  },
} satisfies SandboxHandlers<'collections'>;
