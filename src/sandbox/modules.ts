/**
 * The built-in sandbox modules, composed from seed/, operations/ and domain/ (and, until they
 * move, handlers/): each owns one area of the provider.
 */
import type { SandboxModule } from './platform/module.ts';
import type { StoreIndexes } from './platform/types.ts';
import { catalogModule } from './handlers/catalog.ts';
import { commerceModule } from './handlers/commerce.ts';
import { forgetAttempts } from './domain/identity.ts';
import { authenticationOperations } from './operations/authentication.ts';
import { hostedPageRoutes } from './operations/hosted-pages.ts';
import { membersOperations } from './operations/members.ts';
import { oauthOperations } from './operations/oauth.ts';
import { recoveryOperations } from './operations/recovery.ts';
import { redirectsOperations } from './operations/redirects.ts';
import { verificationOperations } from './operations/verification.ts';
import { seedMembers, seedWaitingTokens } from './seed/members.ts';
import { ordersModule } from './handlers/orders.ts';
import { memberCartModule } from './seed/member-cart.ts';
import { recommendationsModule } from './handlers/recommendations.ts';
import { dataItemsModule } from './handlers/data-items.ts';

export type { SandboxModule } from './platform/module.ts';

const oauthModule: SandboxModule = { name: 'oauth', handlers: oauthOperations };
const membersModule: SandboxModule = { name: 'members', seed: seedMembers, handlers: membersOperations };
const identityModule: SandboxModule = {
  name: 'identity',
  seed(ctx) {
    forgetAttempts(ctx.db);
    seedWaitingTokens(ctx);
  },
  handlers: { ...authenticationOperations, ...verificationOperations, ...recoveryOperations },
};
const redirectsModule: SandboxModule = { name: 'redirects', handlers: redirectsOperations, routes: hostedPageRoutes };

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
