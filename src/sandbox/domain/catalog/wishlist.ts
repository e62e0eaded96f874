/**
 * Wishlists: a member's saved items (products of the store, by default), newest first as
 * seeded, read a page at a time and filtered by kind. Stored: `wishlists`.
 */
import type { components } from '../../../../generated/types/wishlist.ts';
import { notFound } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';

export const WISHLISTS = 'wishlists';

declare module '../../platform/types.ts' {
  interface Collections {
    wishlists: StoredWishlist;
  }
}

type Schemas = components['schemas'];
export type WishlistItem = Schemas['WishlistItem'];
export type WishlistItemKind = Schemas['WishlistItemKind'];

export interface StoredWishlist {
  id: string;
  ownerId: string;
  items: WishlistItem[];
}

export function requireWishlist(db: Db, id: string): StoredWishlist {
  const w = db.get(WISHLISTS, id);
  if (!w) throw notFound('Wishlist', id, 'WISHLIST_NOT_FOUND');
  return w;
}

/** A page of a wishlist's items of the given kinds (a kind matches on the type and origin it names). */
export function wishlistPage(w: StoredWishlist, kinds: WishlistItemKind[], offset: number, limit: number) {
  const items = kinds.length
    ? w.items.filter((it) =>
        kinds.some((k) => (!k.type || k.type === it.type) && (!k.origin || k.origin === it.origin)),
      )
    : w.items;
  return { id: w.id, ownerId: w.ownerId, items: items.slice(offset, offset + limit), totalCount: items.length };
}
