/**
 * The storefront's client: one per visitor, on the sandbox's (or the provider's) host. The
 * browser's client has only the modules the browser calls (the cart on Cart V2, checkout): the
 * pages' catalog reads are their loaders', on the server's client, which adds the member's.
 */
import {
  collections,
  cookieStorage,
  createClient,
  currentCartV2,
  members,
  OAuthStrategy,
  products,
  redirects,
  wishlist,
  withDirectLogin,
  type TokenStorage,
} from 'storefront-kit';
import { storeSessionAuth } from 'storefront-kit/react';

/**
 * The cookie the visitor's tokens live in: HttpOnly, read and renewed by the server only. The
 * browser's client asks the server for a short-lived access token (routes/access-token.ts) and
 * keeps it in memory: no page script can read the refresh token.
 */
export const TOKENS_COOKIE = 'sfk-tokens';

/** What the browser needs to reach the API: from the root loader, never from a global. */
export interface ApiConfig {
  /** The API's host (the sandbox's URL); the visitor's tokens are sent there only. */
  host: string;
  clientId: string;
}

export function browserClient({ host }: ApiConfig) {
  return createClient({ modules: { currentCartV2, redirects }, auth: storeSessionAuth(), host });
}

/** The server's storage of the visitor's tokens: the request's cookie, renewed ones sent back HttpOnly. */
export function tokensCookie(cookieHeader: string | undefined, setCookie: (value: string) => void): TokenStorage {
  return cookieStorage({ name: TOKENS_COOKIE, httpOnly: true, getCookieHeader: () => cookieHeader, setCookie });
}

export function serverClient({ host, clientId }: ApiConfig, tokenStorage: TokenStorage) {
  const auth = withDirectLogin(OAuthStrategy({ clientId, tokenStorage }));
  const client = createClient({
    modules: { currentCartV2, products, redirects, collections, members, wishlist },
    auth,
    host,
  });
  return { client, auth };
}

export type ServerClient = ReturnType<typeof serverClient>['client'];
export type ServerAuth = ReturnType<typeof serverClient>['auth'];
