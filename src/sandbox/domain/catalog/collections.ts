/**
 * The catalog's collections: which products each holds (a product's `collectionIds`), a count
 * kept in step, the All Products collection every product is in and nobody removes, slugs unique.
 * Stored: `collections` (the spec's Collection).
 */
import type { components } from '../../../../generated/types/stores-reader.ts';
import { appError, notFound } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Db } from '../../platform/types.ts';
import type { SortRules } from '../../platform/query-engine.ts';
import { ALL_PRODUCTS_COLLECTION } from '../../../provider-ids.ts';
import { changeProduct, PRODUCTS, requireProduct, slugify, uniqueSlug, type Writable } from './catalog.ts';
import { missing } from './catalog-reader.ts';
import type { DomainContext } from '../context.ts';

export const COLLECTIONS = 'collections';
/** The collection every product is in. */
export const ALL_PRODUCTS_COLLECTION_ID = ALL_PRODUCTS_COLLECTION.id;

declare module '../../platform/types.ts' {
  interface Collections {
    collections: StoredCollection;
  }
}

/** A collection as stored: the spec's Collection with its id, slug and product count. */
export type StoredCollection = Omit<
  Writable<components['schemas']['Collection']>,
  'id' | 'slug' | 'numberOfProducts'
> & {
  id: string;
  slug: string;
  numberOfProducts: number;
};

/** What a collection's writer may set (the id names it; the count is the catalog's). */
export type CollectionInput = components['schemas']['Collection'];

/** What collections sort by (the official SDK's query builder offers id and name). */
export const COLLECTION_SORT: SortRules<StoredCollection> = { id: { type: 'text' }, name: { type: 'text' } };

/** Whether a collection shows: visible ones to everyone, hidden ones when asked to include them. */
export const collectionShows = (c: StoredCollection, includeHidden: boolean): boolean =>
  c.visible !== false || includeHidden;

/**
 * A collection a reader shows, by id or by slug (hidden ones when asked to include them); a
 * missing one is a standard 404, as the readers document no custom errors.
 */
export function readCollection(db: Db, field: 'id' | 'slug', key: string, includeHidden: boolean): StoredCollection {
  const c = field === 'id' ? db.get(COLLECTIONS, key) : db.find(COLLECTIONS, { slug: key });
  if (!c || !collectionShows(c, includeHidden))
    throw missing(field === 'id' ? 'Collection' : 'Collection with slug', key);
  return c;
}

/** A collection a writer changes; a missing one is the writer's COLLECTION_NOT_FOUND. */
export function requireCollection(db: Db, id: string): StoredCollection {
  const c = db.get(COLLECTIONS, id);
  if (!c) throw notFound('Collection', id, 'COLLECTION_NOT_FOUND');
  return c;
}

function emitCollection(ctx: DomainContext, slug: 'created' | 'updated' | 'deleted', c: StoredCollection): void {
  ctx.emit(entityEvent('wix.stores.catalog.v1.collection', slug, c));
}

/** Brings every collection's `numberOfProducts` in step with the products that name it. */
export function countCollections(db: Db): void {
  const products = db.list(PRODUCTS);
  for (const c of db.list(COLLECTIONS)) {
    const n = products.filter((p) => p.collectionIds?.includes(c.id)).length;
    if (n !== c.numberOfProducts) db.put(COLLECTIONS, c.id, { ...c, numberOfProducts: n });
  }
}

export function createCollection(ctx: DomainContext, input: CollectionInput): StoredCollection {
  if (!input?.name) throw appError(400, 'MISSING_NAME', 'A collection needs a name');
  const slug = input.slug ?? slugify(input.name);
  uniqueSlug(ctx.db, COLLECTIONS, slug);
  const c: StoredCollection = {
    visible: true,
    ...input,
    id: ctx.newId(),
    slug,
    numberOfProducts: 0,
    lastUpdated: ctx.now().toISOString(),
  };
  ctx.db.put(COLLECTIONS, c.id, c);
  emitCollection(ctx, 'created', c);
  return c;
}

export function updateCollection(ctx: DomainContext, id: string, input: CollectionInput): StoredCollection {
  const c = requireCollection(ctx.db, id);
  if (input.slug && input.slug !== c.slug) uniqueSlug(ctx.db, COLLECTIONS, input.slug, c.id);
  const { id: _id, numberOfProducts: _n, ...rest } = input;
  const next = ctx.db.update(COLLECTIONS, c.id, (d) =>
    Object.assign(d, rest, { lastUpdated: ctx.now().toISOString() }),
  )!;
  emitCollection(ctx, 'updated', next);
  return next;
}

/** Deletes a collection (never All Products); its products leave it. */
export function deleteCollection(ctx: DomainContext, id: string): void {
  const c = requireCollection(ctx.db, id);
  if (c.id === ALL_PRODUCTS_COLLECTION_ID) {
    throw appError(400, 'CANNOT_DELETE_ALL_PRODUCTS', 'The All Products collection cannot be deleted');
  }
  for (const p of ctx.db.list(PRODUCTS).filter((x) => x.collectionIds?.includes(c.id))) {
    ctx.db.update(PRODUCTS, p.id, (d) => (d.collectionIds = d.collectionIds.filter((x) => x !== c.id)));
  }
  ctx.db.delete(COLLECTIONS, c.id);
  emitCollection(ctx, 'deleted', c);
}

/** Puts products into a collection, or takes them out (never out of All Products); all or none. */
export function moveProducts(ctx: DomainContext, id: string, productIds: string[], into: boolean): void {
  const c = requireCollection(ctx.db, id);
  if (!into && c.id === ALL_PRODUCTS_COLLECTION_ID) {
    throw appError(400, 'CANNOT_MODIFY_ALL_PRODUCTS', 'Products cannot leave the All Products collection');
  }
  for (const pid of productIds) requireProduct(ctx.db, pid);
  for (const pid of productIds) {
    changeProduct(ctx, pid, (p) => {
      if (!into) p.collectionIds = p.collectionIds.filter((x) => x !== c.id);
      else if (!p.collectionIds.includes(c.id)) p.collectionIds.push(c.id);
    });
  }
  countCollections(ctx.db);
  emitCollection(ctx, 'updated', ctx.db.get(COLLECTIONS, c.id)!);
}
