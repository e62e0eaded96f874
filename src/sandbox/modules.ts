/**
 * The composition root: the built-in sandbox modules, each one area of the provider, built from
 * its seed (seed/), its operations (operations/, one file per service of openapi/) and the domain
 * rules it runs on its own (listeners, scheduled jobs). The platform takes this list and knows
 * no module by name.
 */
import type { SandboxComposition, SandboxModule } from './platform/module.ts';
import type { SandboxHandlers, StoreIndexes } from './platform/types.ts';
import type { StateLimits } from './platform/limits.ts';
import { AUTH_CODE_TTL_MS } from './domain/identity/oauth.ts';
import { STATE_TOKEN_TTL_MS } from './domain/identity/auth-states.ts';
import { RECOVERY_TTL_MS } from './domain/identity/recovery.ts';
import { REDIRECT_SESSION_TTL_MS } from './domain/identity/redirect-sessions.ts';
import { SESSION_TTL_MS } from './domain/identity/sessions.ts';
import { mergeVisitorCartIntoMember } from './domain/cart/cart.ts';
import { forgetAttempts } from './domain/identity/identity.ts';
import { forCatalogApi } from './domain/catalog/catalog-version.ts';
import { seedInventoryRevisions } from './domain/catalog/inventory-items.ts';
import { runScheduledActions } from './domain/orders/settlement.ts';
import { authenticationOperations } from './operations/authentication.ts';
import { cartV2Operations, currentCartV2Operations } from './operations/cart-v2.ts';
import { checkoutOperations } from './operations/checkout.ts';
import { checkoutRoutes } from './pages/routes/checkout-page.ts';
import { catalogVersioningOperations } from './operations/catalog-versioning.ts';
import { categoriesOperations } from './operations/categories.ts';
import { collectionsV2Operations } from './operations/collections-v2.ts';
import { currentCartOperations } from './operations/current-cart.ts';
import { dataItemsModule } from './operations/data-items.ts';
import { hostedPageRoutes } from './pages/routes/hosted-pages.ts';
import { inventoryItemsV3Operations } from './operations/inventory-items-v3.ts';
import { mediaModule } from './operations/media.ts';
import { membersOperations } from './operations/members.ts';
import { oauthOperations } from './operations/oauth.ts';
import { ordersOperations } from './operations/orders.ts';
import { recommendationsModule } from './operations/recommendations.ts';
import { recoveryOperations } from './operations/recovery.ts';
import { redirectsOperations } from './operations/redirects.ts';
import { siteScriptsOperations } from './operations/site-scripts.ts';
import { storesProductsV3Operations } from './operations/stores-products-v3.ts';
import { storesReaderOperations } from './operations/stores-reader.ts';
import { storesWriterOperations } from './operations/stores-writer.ts';
import { verificationOperations } from './operations/verification.ts';
import { wishlistOperations } from './operations/wishlist.ts';
import { seedCarts, seedMemberCart } from './seed/carts.ts';
import { seedCatalog } from './seed/catalog.ts';
import { seedMembers, seedWaitingTokens } from './seed/members.ts';
import { seedOrders } from './seed/orders.ts';
import { DEMO_MEMBER } from './seed/ids.ts';
import { STARTING_STORE } from './seed/stores.ts';

export type { SandboxModule } from './platform/module.ts';

/** The token endpoint: anonymous, member and client tokens, refresh, revoke. */
const oauthModule: SandboxModule = { name: 'oauth', handlers: oauthOperations };

/** Site members: profiles, fieldsets, status changes, slugs, bulk jobs. */
const membersModule: SandboxModule = { name: 'members', seed: seedMembers, handlers: membersOperations };

/** Login, register, e-mail verification and password recovery (the seed forgets failed tries). */
const identityModule: SandboxModule = {
  name: 'identity',
  seed(ctx) {
    forgetAttempts(ctx.db);
    seedWaitingTokens(ctx);
  },
  handlers: { ...authenticationOperations, ...verificationOperations, ...recoveryOperations },
};

/** Redirect sessions and the hosted pages they send a browser to (login, logout, recovery). */
const redirectsModule: SandboxModule = { name: 'redirects', handlers: redirectsOperations, routes: hostedPageRoutes };

/**
 * The store catalog, one store seen through two APIs: Catalog V1 (products and collections,
 * reader and writer, collections v2) and Catalog V3 (products, categories, inventory items), each
 * answering as the site's catalog version (the setting `catalogVersion`) allows; the wishlist
 * and the version itself answer on every site.
 */
const catalogModule: SandboxModule = {
  name: 'catalog',
  seed(ctx) {
    seedCatalog(ctx);
    seedInventoryRevisions(ctx.db);
  },
  // The reader and the writer share the `products` module, so the merged table is checked here.
  handlers: {
    ...forCatalogApi('V1', {
      ...storesReaderOperations,
      ...storesWriterOperations,
      ...collectionsV2Operations,
    } satisfies SandboxHandlers<'products' | 'collections'>),
    ...forCatalogApi('V3', {
      ...storesProductsV3Operations,
      ...categoriesOperations,
      ...inventoryItemsV3Operations,
    } satisfies SandboxHandlers<'productsV3' | 'categories' | 'inventoryItemsV3'>),
    ...wishlistOperations,
    ...catalogVersioningOperations,
  },
};

/**
 * The current cart and checkouts, one cart seen through two APIs: Cart V1 + Checkout V1 and
 * Cart V2 (whose cart id is the checkout id); a visitor's cart becomes the member's when they
 * sign in.
 */
const commerceModule: SandboxModule = {
  name: 'commerce',
  seed: seedCarts,
  on: { memberSignedIn: mergeVisitorCartIntoMember },
  handlers: { ...currentCartOperations, ...checkoutOperations, ...currentCartV2Operations, ...cartV2Operations },
  routes: checkoutRoutes,
};

/** Orders and the payments collector; scheduled captures and voids run by the sandbox clock. */
const ordersModule: SandboxModule = {
  name: 'orders',
  seed: seedOrders,
  runJobs: runScheduledActions,
  handlers: ordersOperations,
};

/** What a site embeds in its pages (the setting `siteScripts`). */
const siteAssetsModule: SandboxModule = { name: 'site-assets', handlers: siteScriptsOperations };

/** The demo member's cart and checkout. */
const memberCartModule: SandboxModule = { name: 'member-cart', seed: seedMemberCart };

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
  mediaModule,
  siteAssetsModule,
  memberCartModule,
];

/**
 * What the store indexes besides the id: the fields the domain looks entities up by. `find` and
 * `list` with an equality filter (`Where`) on one of them read the index instead of scanning.
 */
export const storeIndexes: StoreIndexes = {
  members: ['loginEmail', 'profile.slug'],
  credentials: ['email'],
  products: ['slug'],
  collections: ['slug'],
  // A visitor's or a member's cart (the current cart).
  carts: ['buyerInfo.memberId', 'buyerInfo.visitorId'],
  checkouts: ['cartId'],
  // A CMS collection's items.
  dataItems: ['dataCollectionId'],
};

/** "24 hours after it is made", from a lifetime in milliseconds. */
const after = (ms: number) =>
  `${ms % 3_600_000 ? `${ms / 60_000} minutes` : `${ms / 3_600_000} hours`} after it is made`;

/**
 * The caps on what visitors' requests make (platform/limits.ts; docs/sandbox.md lists them).
 * Tokens are not here: they are not stored (platform/tokens.ts). Credentials, members, members'
 * carts and orders are the shop's own data and are not capped.
 */
export const stateLimits: StateLimits = {
  sessions: {
    what: 'member session tokens',
    cap: 10_000,
    lifetime: after(SESSION_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  authCodes: {
    what: 'authorization codes',
    cap: 10_000,
    lifetime: after(AUTH_CODE_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  authStates: {
    what: 'pending login and registration steps',
    cap: 10_000,
    lifetime: after(STATE_TOKEN_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  verifications: {
    what: 'e-mail verification codes',
    cap: 10_000,
    lifetime: after(STATE_TOKEN_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  recoveryTokens: {
    what: 'password recovery links',
    cap: 10_000,
    lifetime: after(RECOVERY_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  redirectSessions: {
    what: 'redirect sessions',
    cap: 10_000,
    lifetime: after(REDIRECT_SESSION_TTL_MS),
    expires: true,
    past: 'refuse',
  },
  events: {
    what: 'domain events in the event log',
    cap: 10_000,
    lifetime: 'until 10,000 newer ones',
    expires: false,
    past: 'forget-oldest',
  },
  // A visitor's current cart, one per visitor id: every anonymous token can start one. A member's is the shop's data.
  carts: {
    what: "visitors' carts",
    cap: 10_000,
    lifetime: "until 10,000 newer visitors' carts",
    expires: false,
    past: 'forget-oldest',
    counts: { 'buyerInfo.memberId': undefined },
  },
  outbox: {
    what: 'e-mails in the outbox',
    cap: 1_000,
    lifetime: 'until 1,000 newer ones',
    expires: false,
    past: 'forget-oldest',
  },
};

/**
 * The built-in sandbox, as the platform takes it: createSandbox (create-sandbox.ts),
 * createSandboxServer (sandbox-server.ts) and the command (start.ts) hand it over. The starting
 * stores a start or a reset makes are seed/stores.ts's; the demo member is the default sign-in.
 */
export const builtInSandbox: SandboxComposition = {
  modules,
  storeIndexes,
  stateLimits,
  startingStores: STARTING_STORE,
  defaultMember: DEMO_MEMBER,
};
