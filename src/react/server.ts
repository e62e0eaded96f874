/**
 * storefront-kit/react/server: reads on the server before rendering, and the state the browser's
 * provider starts from. A request's storefront is its own (make one per request: it holds that
 * visitor's cart).
 */
import { productRead, productsRead, type CatalogRead } from './catalog-resources.ts';
import type { CartApi } from './cart-actions.ts';
import type {
  Product,
  ProductsPage,
  ProductsQuery,
  StorefrontCart,
  StorefrontClient,
  StorefrontError,
} from './client-types.ts';
import { encode } from './data.ts';
import { ensureResource } from './resources.ts';
import { cartActionsOf } from './store-actions.ts';
import { createStorefrontStore, type CartActions, type DehydratedState } from './store.ts';

export type { DehydratedState } from './store.ts';
export type { JsonValue } from './data.ts';
// The store's door for state-changing requests, and safe destinations (issue 31).
export {
  guardRequest,
  checkedRequest,
  RequestRefused,
  DEFAULT_FORM_BODY_LIMIT,
  STATE_CHANGING_METHODS,
  type RequestGuardOptions,
} from './request-guard.ts';
export { sameOriginPath } from './destinations.ts';
export { accessTokenResponse, type AccessTokenSource } from './access-token.ts';
export { ACCESS_TOKEN_PATH, type AccessTokenAnswer } from './session-auth.ts';
// The picker's rules run on the server as in the browser.
export { selectVariant, STORES_APP_ID, type Choices, type VariantSelection } from './variants.ts';

/** A prefetch's outcome: the data, or the error (also kept out of the state, so the browser reads again). */
export type Prefetched<T> = { data: T; error?: undefined } | { error: StorefrontError; data?: undefined };

export interface ServerStorefront {
  /** Reads the visitor's cart (the client's auth is the visitor's); a visitor without one gets an empty cart. */
  prefetchCart(): Promise<Prefetched<StorefrontCart>>;
  prefetchProduct(slug: string): Promise<Prefetched<Product | null>>;
  prefetchProducts(query: ProductsQuery): Promise<Prefetched<ProductsPage>>;
  /** What was read, as JSON for `<StorefrontProvider state>` (Dates and non-finite numbers kept). */
  dehydrate(): DehydratedState;
  /**
   * The cart's actions on the server, the browser's own (one table of changes): a form action
   * without JavaScript changes the cart as a tap does. Read the cart first (`prefetchCart`) when
   * a change depends on it (a coupon replacing the one there).
   */
  readonly cartActions: CartActions;
}

/** `cartApi`: as the browser's `<StorefrontProvider cartApi>` (Cart V2 by default). */
export function createServerStorefront({
  client,
  cartApi,
}: {
  client: StorefrontClient;
  cartApi?: CartApi;
}): ServerStorefront {
  const store = createStorefrontStore(client, undefined, cartApi);
  const cartActions = cartActionsOf(store);
  const prefetch = async <T>(read: CatalogRead<T>): Promise<Prefetched<T>> => {
    const r = await ensureResource(store, read.key, read.load);
    return r.status === 'error' ? { error: r.error } : { data: r.data as T };
  };
  return {
    cartActions,
    async prefetchCart() {
      const result = await cartActions.refresh();
      return result.error ? { error: result.error } : { data: result.cart };
    },
    prefetchProduct: (slug) => prefetch(productRead(slug)),
    prefetchProducts: (query) => prefetch(productsRead(query)),
    dehydrate() {
      // Encoding lives here, on the server: the browser's bundle only decodes.
      const { cart, resources } = store.known();
      const encoded = Object.fromEntries(Object.entries(resources).map(([key, data]) => [key, encode(data)]));
      return cart === undefined
        ? { version: 1, resources: encoded }
        : { version: 1, cart: encode(cart), resources: encoded };
    },
  };
}
