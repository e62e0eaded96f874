/**
 * The storefront's client: one per visitor, on the sandbox's (or the provider's) host. The
 * browser's client has only the modules the browser calls (cart, catalog reads, checkout); the
 * server's adds the member's.
 */
import {
  collections,
  cookieStorage,
  createClient,
  currentCart,
  members,
  OAuthStrategy,
  products,
  redirects,
  wishlist,
  withDirectLogin,
  type TokenStorage,
} from 'storefront-kit';

/** The cookie the visitor's tokens live in: the server reads it, the browser's client renews it. */
export const TOKENS_COOKIE = 'sfk-tokens';

/** What the browser needs to reach the API: from the root loader, never from a global. */
export interface ApiConfig {
  /** The API's host (the sandbox's URL); the visitor's tokens are sent there only. */
  host: string;
  clientId: string;
}

export function browserClient({ host, clientId }: ApiConfig) {
  const auth = OAuthStrategy({ clientId, tokenStorage: cookieStorage({ name: TOKENS_COOKIE }) });
  return createClient({ modules: { currentCart, products, redirects }, auth, host });
}

export function serverClient({ host, clientId }: ApiConfig, tokenStorage: TokenStorage) {
  const auth = withDirectLogin(OAuthStrategy({ clientId, tokenStorage }));
  const client = createClient({
    modules: { currentCart, products, redirects, collections, members, wishlist },
    auth,
    host,
  });
  return { client, auth };
}

export type ServerClient = ReturnType<typeof serverClient>['client'];
export type ServerAuth = ReturnType<typeof serverClient>['auth'];
