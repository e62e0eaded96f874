/** The wishlist (openapi/wishlist.yaml): a wishlist's items by kind, a page at a time. */
import type { SandboxHandlers } from '../platform/types.ts';
import { requireWishlist, wishlistPage } from '../domain/catalog/wishlist.ts';

export const wishlistOperations = {
  'wishlist.getWishlistById': (ctx) => {
    const w = requireWishlist(ctx.db, ctx.input.id);
    return { wishlist: wishlistPage(w, ctx.input.kind ?? [], ctx.input.offset ?? 0, ctx.input.limit ?? 100) };
  },
} satisfies SandboxHandlers<'wishlist'>;
