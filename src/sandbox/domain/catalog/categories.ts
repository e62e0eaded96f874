/**
 * Catalog V3's categories over the catalog's collections: the same groupings seen two ways.
 * A category is a collection with the same id, name, slug and products (All Products is the
 * default category), so a collection made, changed or filled through V1 reads back here at
 * once; the items in a category are its products. The store's categories are one flat tree
 * (`@wix/stores`): no subcategories, no manual arrangement.
 */
import type { components } from '../../../../generated/types/categories.ts';
import type { Db } from '../../platform/types.ts';
import { STORES_APP_ID } from '../../../provider-ids.ts';
import { PRODUCTS } from './catalog.ts';
import { missing } from './catalog-reader.ts';
import { COLLECTIONS, type StoredCollection } from './collections.ts';

export type Category = components['schemas']['Category'];
type RequestedField = components['schemas']['RequestedField'];

/** The store's one category tree. */
export const STORES_TREE = { appNamespace: '@wix/stores' } as const;

/** A collection as a category, with the fields asked for (`DESCRIPTION`, `BREADCRUMBS_INFO`). */
export function asCategory(c: StoredCollection, fields: readonly RequestedField[] = []): Category {
  const image = c.media?.mainMedia?.id;
  return {
    id: c.id,
    ...(c.lastUpdated ? { updatedDate: c.lastUpdated } : {}),
    name: c.name ?? '',
    ...(image ? { image } : {}),
    itemCounter: c.numberOfProducts,
    ...(fields.includes('DESCRIPTION') && c.description ? { description: c.description } : {}),
    visible: c.visible !== false,
    // A top-level category's breadcrumbs are empty (the store's tree is flat).
    ...(fields.includes('BREADCRUMBS_INFO') ? { breadcrumbsInfo: { breadcrumbs: [] } } : {}),
    parentCategory: {},
    slug: c.slug,
    treeReference: { ...STORES_TREE },
  };
}

/** The store's categories; hidden ones only when asked for. */
export function categories(db: Db, includeHidden: boolean, fields?: readonly RequestedField[]): Category[] {
  return db
    .list(COLLECTIONS)
    .filter((c) => includeHidden || c.visible !== false)
    .map((c) => asCategory(c, fields));
}

/** A category by id, visible or not; a missing one is a standard 404. */
export function requireCategory(db: Db, id: string): StoredCollection {
  const c = db.get(COLLECTIONS, id);
  if (!c) throw missing('Category', id);
  return c;
}

/** The items of a category: its products, newest first, as references into the stores catalog. */
export function itemsInCategory(db: Db, id: string): { catalogItemId: string; appId: string }[] {
  requireCategory(db, id);
  return db
    .list(PRODUCTS)
    .filter((p) => p.collectionIds?.includes(id))
    .sort((a, b) => String(b.createdDate ?? '').localeCompare(String(a.createdDate ?? '')) || a.id.localeCompare(b.id))
    .map((p) => ({ catalogItemId: p.id, appId: STORES_APP_ID }));
}
