/** The built-in sandbox modules. Each file under handlers/ owns one area of the provider. */
import type { SandboxModule } from './platform/module.ts';
import type { StoreIndexes } from './platform/types.ts';
import { identityModule } from './handlers/identity.ts';
import { membersModule } from './handlers/members.ts';
import { oauthModule } from './handlers/oauth.ts';
import { redirectsModule } from './handlers/redirects.ts';
import { recommendationsModule } from './operations/recommendations.ts';
import { dataItemsModule } from './operations/data-items.ts';
import { ordersOperations } from './operations/orders.ts';
import { seedOrders } from './seed/orders.ts';
import { runScheduledActions } from './domain/settlement.ts';
import { mergeVisitorCartIntoMember } from './domain/cart.ts';
import { checkoutOperations, checkoutRoutes } from './operations/checkout.ts';
import { currentCartOperations } from './operations/current-cart.ts';
import { seedCarts, seedMemberCart } from './seed/carts.ts';

import type { SandboxHandlers } from './platform/types.ts';
import { seedCatalog } from './seed/catalog.ts';
import { storesReaderOperations } from './operations/stores-reader.ts';
import { storesWriterOperations } from './operations/stores-writer.ts';
import { collectionsV2Operations } from './operations/collections-v2.ts';
import { wishlistOperations } from './operations/wishlist.ts';

export type { SandboxModule } from './platform/module.ts';

/** The current cart and checkouts; a visitor's cart becomes the member's when they sign in. */
const commerceModule: SandboxModule = {
  name: 'commerce',
  seed: seedCarts,
  on: { memberSignedIn: mergeVisitorCartIntoMember },
  handlers: { ...currentCartOperations, ...checkoutOperations },
  routes: checkoutRoutes,
};

/** The demo member's cart and checkout. */
const memberCartModule: SandboxModule = { name: 'member-cart', seed: seedMemberCart };

/** Orders and the payments collector; scheduled captures and voids run by the sandbox clock. */
const ordersModule: SandboxModule = {
  name: 'orders',
  seed: seedOrders,
  runJobs: runScheduledActions,
  handlers: ordersOperations,
};

/** The store catalog: products and collections (reader and writer), collections v2, the wishlist. */
const catalogModule: SandboxModule = {
  name: 'catalog',
  seed: seedCatalog,
  handlers: {
    ...storesReaderOperations,
    ...storesWriterOperations,
    ...collectionsV2Operations,
    ...wishlistOperations,
  } satisfies SandboxHandlers<'products' | 'collections' | 'wishlist'>,
};

// Members seed before the catalog (the demo member's wishlist points at it); the demo member's
// cart and checkout last (they are made from the catalog, after the orders took their stock).
export const modules: SandboxModule[] = [
  oauthModule,
  membersModule,
  identityModule,
  redirectsModule,
  catalogModule,
  commerceModule,
  ordersModule,
  recommendationsModule,
  dataItemsModule,
  memberCartModule,
];

/**
 * What the store indexes besides the id: the fields handlers look entities up by. `find` and
 * `list` with an equality filter (`Where`) on one of them read the index instead of scanning.
 */
export const storeIndexes: StoreIndexes = {
  members: ['loginEmail', 'profile.slug'],
  credentials: ['email'],
  tokens: ['memberId'],
  products: ['slug'],
  collections: ['slug'],
  // A visitor's or a member's cart (the current cart).
  carts: ['buyerInfo.memberId', 'buyerInfo.visitorId'],
  checkouts: ['cartId'],
};
