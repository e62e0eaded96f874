/**
 * The browser's auth when the store's server keeps the visitor's tokens (issue 31): the refresh
 * token lives in an HttpOnly cookie no page script can read, and the browser's client holds only
 * a short-lived access token, in memory, asked of the store's own server (same origin, a form
 * POST, so the store's Origin check covers it). A script injected into the page can use the
 * session while the page is open, but cannot carry away a token that outlives it.
 *
 *   // browser
 *   const client = createClient({ modules: { currentCart, products, redirects }, auth: storeSessionAuth(), host });
 *   // server, on POST /session/access-token (a resource route's action)
 *   return accessTokenResponse(visitor.auth, request);
 */
import type { AuthStrategy } from '../index.ts';

/** Where the browser asks for an access token. @default '/session/access-token' */
export const ACCESS_TOKEN_PATH = '/session/access-token';

/** The store server's answer: the access token and when it expires (seconds since 1970), nothing else. */
export interface AccessTokenAnswer {
  accessToken: string;
  expiresAt: number;
}

export interface StoreSessionAuthOptions {
  /** The store's endpoint (same origin). @default '/session/access-token' */
  url?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * An auth strategy that asks the store's server for the visitor's access token and keeps it in
 * memory only; renewed when it expires, and once more when the API answers 401.
 */
export function storeSessionAuth(options: StoreSessionAuthOptions = {}): AuthStrategy {
  const url = options.url ?? ACCESS_TOKEN_PATH;
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let current: AccessTokenAnswer | undefined;
  let inflight: { renew: boolean; answer: Promise<AccessTokenAnswer> } | undefined;
  const ask = (renew: boolean): Promise<AccessTokenAnswer> => {
    // Calls made together share one ask, but a renewal is not answered by a plain ask on its way:
    // the server may answer that one with the very token the API has just refused. It is sent after.
    if (inflight && (inflight.renew || !renew)) return inflight.answer;
    const before = inflight?.answer.catch(() => undefined);
    const entry = {
      renew,
      answer: (async () => {
        await before;
        const answer = await send(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: renew ? 'renew=1' : '',
        });
        const body = (await answer.json().catch(() => undefined)) as Partial<AccessTokenAnswer> | undefined;
        if (!answer.ok || typeof body?.accessToken !== 'string' || typeof body.expiresAt !== 'number')
          throw new Error(`storefront-kit/react: the store's ${url} answered ${answer.status} without an access token`);
        current = { accessToken: body.accessToken, expiresAt: body.expiresAt };
        return current;
      })().finally(() => {
        if (inflight === entry) inflight = undefined;
      }),
    };
    inflight = entry;
    return entry.answer;
  };
  const fresh = () => current && current.expiresAt > Date.now() / 1000 + 5;
  return {
    async getAuthHeaders() {
      const token = fresh() ? current! : await ask(false);
      return { headers: { authorization: token.accessToken } };
    },
    async onUnauthorized() {
      await ask(true);
      return true;
    },
  };
}
