/** The built-in sandbox modules. Each file under handlers/ owns one area of the provider. */
import type { SandboxModule } from './platform/module.ts';
import type { StoreIndexes } from './platform/types.ts';
import { commerceModule } from './handlers/commerce.ts';
import { identityModule } from './handlers/identity.ts';
import { membersModule } from './handlers/members.ts';
import { oauthModule } from './handlers/oauth.ts';
import { ordersModule } from './handlers/orders.ts';
import { redirectsModule } from './handlers/redirects.ts';
import { memberCartModule } from './seed/member-cart.ts';
import { recommendationsModule } from './handlers/recommendations.ts';
import { dataItemsModule } from './handlers/data-items.ts';

import type { SandboxHandlers } from './platform/types.ts';
import { seedCatalog } from './seed/catalog.ts';
import { storesReaderOperations } from './operations/stores-reader.ts';
import { storesWriterOperations } from './operations/stores-writer.ts';
import { collectionsV2Operations } from './operations/collections-v2.ts';
import { wishlistOperations } from './operations/wishlist.ts';

export type { SandboxModule } from './platform/module.ts';

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
  memberCartModule(commerceModule.handlers!),
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
