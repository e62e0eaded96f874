/**
 * Which products the Stores app's recommendation algorithms answer (beyond the spec: the
 * provider's storefront templates ask on every product page; operations/recommendations.ts
 * serves them): the given items' collections first, the rest of the visible catalog after.
 */
import type { Db, Entity } from '../../platform/types.ts';
import { ALL_PRODUCTS_COLLECTION } from '../../../provider-ids.ts';
import { PRODUCTS } from './catalog.ts';

/** The collection every Stores product is in: sharing it makes no product related to another. */
const ALL_PRODUCTS_COLLECTION_ID = ALL_PRODUCTS_COLLECTION.id;
/** How many items the provider's Stores algorithms recommend at most. */
export const MAX_ITEMS = 16;

type Rule = 'sameCollections' | 'catalog';
/** The Stores app's algorithms, by the ids the provider and its templates use. */
export const STORES_ALGORITHMS: Readonly<
  Record<string, { name: string; algorithmType: 'RELATED_ITEMS' | 'GLOBAL'; rule: Rule }>
> = {
  '68ebce04-b96a-4c52-9329-08fc9d8c1253': {
    name: 'From the same categories',
    algorithmType: 'RELATED_ITEMS',
    rule: 'sameCollections',
  },
  'd5aac1e1-2e53-4d11-85f7-7172710b4783': {
    name: 'Frequently bought together',
    algorithmType: 'RELATED_ITEMS',
    rule: 'sameCollections',
  },
  '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f': {
    name: 'Frequently viewed together',
    algorithmType: 'RELATED_ITEMS',
    rule: 'sameCollections',
  },
  'ba491fd2-b172-4552-9ea6-7202e01d1d3c': { name: 'Best sellers', algorithmType: 'GLOBAL', rule: 'catalog' },
};

/** An item recommendations are asked for: a catalog item of an app. */
export interface ItemRef {
  catalogItemId: string;
  appId: string;
}

const visible = (p: Entity) => p.visible !== false;
const collectionsOf = (p: Entity | undefined) =>
  ((p?.collectionIds as string[] | undefined) ?? []).filter((c) => c !== ALL_PRODUCTS_COLLECTION_ID);

/** The products one of the Stores algorithms recommends for `items`, in order. */
export function recommend(db: Db, rule: Rule, items: ItemRef[], limit: number): string[] {
  const given = new Set(items.map((i) => i.catalogItemId));
  const candidates = db.list(PRODUCTS).filter((p) => visible(p) && !given.has(String(p.id)));
  const related = new Set(items.flatMap((i) => collectionsOf(db.get(PRODUCTS, i.catalogItemId))));
  // One pass: products sharing a collection first, the rest after, each in catalog order.
  const first: Entity[] = [];
  const rest: Entity[] = [];
  for (const p of candidates)
    (rule === 'sameCollections' && collectionsOf(p).some((c) => related.has(c)) ? first : rest).push(p);
  return [...first, ...rest].slice(0, limit).map((p) => String(p.id));
}
