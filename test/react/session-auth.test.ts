/**
 * The browser's auth when the store's server keeps the visitor's tokens (session-auth.ts):
 * storeSessionAuth asks the store's own endpoint for an access token, keeps it in memory while
 * it is valid, renews it when the API answers 401, and says what went wrong when the store does
 * not answer with a token. Last, the two halves through a client over the sandbox, as a store
 * wires them (the server's half alone: test/react/access-token.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, currentCartV2, OAuthStrategy, SystemError } from '../../src/index.ts';
import { ACCESS_TOKEN_PATH, storeSessionAuth } from '../../src/react/index.ts';
import { accessTokenResponse } from '../../src/react/server.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { socks } from './support.tsx';

const now = () => Math.floor(Date.now() / 1000);

/**
 * A store endpoint the test answers: each POST is logged with its form and answered by
 * `answer(n)`, n counting from 1 (by default `at-n`, valid for ten minutes).
 */
function store(answer: (n: number) => Response | Promise<Response> = (n) => Response.json(token(n))) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), init });
    return answer(asked.length);
  };
  return { fetch, asked, bodies: () => asked.map((a) => a.init?.body) };
}
const token = (n: number, expiresAt = now() + 600) => ({ accessToken: `at-${n}`, expiresAt });

afterEach(() => vi.unstubAllGlobals());

describe('storeSessionAuth', () => {
  it('asks the store’s endpoint with a same-origin form POST and sends its token as the authorization', async () => {
    expect(ACCESS_TOKEN_PATH).toBe('/session/access-token');
    const endpoint = store();
    const auth = storeSessionAuth({ fetch: endpoint.fetch });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(endpoint.asked).toEqual([
      {
        url: '/session/access-token',
        init: {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        },
      },
    ]);
    const elsewhere = store();
    await storeSessionAuth({ url: '/api/token', fetch: elsewhere.fetch }).getAuthHeaders();
    expect(elsewhere.asked.map((a) => a.url)).toEqual(['/api/token']);
  });

  it('keeps the token in memory while it is valid for more than 5 seconds, and asks again after', async () => {
    const lasting = store();
    const auth = storeSessionAuth({ fetch: lasting.fetch });
    for (let i = 0; i < 3; i++) expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(lasting.asked).toHaveLength(1);
    // A token about to expire (or expired) is not sent: the next call asks for a valid one.
    const expiring = store((n) => Response.json(token(n, now() + (n === 1 ? 4 : -60))));
    const short = storeSessionAuth({ fetch: expiring.fetch });
    expect(await short.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(await short.getAuthHeaders()).toEqual({ headers: { authorization: 'at-2' } });
    expect(await short.getAuthHeaders()).toEqual({ headers: { authorization: 'at-3' } });
    expect(expiring.bodies()).toEqual(['', '', '']);
  });

  it('asks once for calls made together, and once for renewals made together', async () => {
    let release!: () => void;
    let held = new Promise<void>((resolve) => (release = resolve));
    const endpoint = store(async (n) => {
      await held;
      return Response.json(token(n));
    });
    const auth = storeSessionAuth({ fetch: endpoint.fetch });
    const together = Promise.all([auth.getAuthHeaders(), auth.getAuthHeaders(), auth.getAuthHeaders()]);
    release();
    expect(await together).toEqual(Array(3).fill({ headers: { authorization: 'at-1' } }));
    expect(endpoint.bodies()).toEqual(['']);
    held = new Promise<void>((resolve) => (release = resolve));
    const renewals = Promise.all([auth.onUnauthorized!(), auth.onUnauthorized!()]);
    release();
    expect(await renewals).toEqual([true, true]);
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-2' } });
    expect(endpoint.bodies()).toEqual(['', 'renew=1']);
  });

  it('renews after a 401 even while a plain ask is on its way, which may answer the refused token again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first token has 4 seconds left: the browser asks again, the server (no margin) answers it again.
    const endpoint = store(async (n) => {
      if (n === 2) await held;
      return Response.json(n === 3 ? token(3) : { accessToken: 'at-1', expiresAt: now() + 4 });
    });
    const auth = storeSessionAuth({ fetch: endpoint.fetch });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    const plain = auth.getAuthHeaders();
    // The API has refused at-1.
    const renewed = auth.onUnauthorized!();
    release();
    expect(await plain).toEqual({ headers: { authorization: 'at-1' } });
    expect(await renewed).toBe(true);
    expect(endpoint.bodies()).toEqual(['', '', 'renew=1']);
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-3' } });
  });

  it('renews on a 401: posts renew=1, answers true, and sends the new token from then on', async () => {
    const endpoint = store();
    const auth = storeSessionAuth({ fetch: endpoint.fetch });
    await auth.getAuthHeaders();
    expect(await auth.onUnauthorized!()).toBe(true);
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-2' } });
    expect(endpoint.bodies()).toEqual(['', 'renew=1']);
  });

  it('says which endpoint answered what, when the answer is no token, and asks again on the next call', async () => {
    const answers = [
      () => new Response('Internal Server Error', { status: 500 }),
      () => Response.json(token(1), { status: 403 }),
      () => new Response('<!doctype html><p>Sign in</p>', { headers: { 'content-type': 'text/html' } }),
      () => Response.json({ accessToken: 'at-1' }),
      () => Response.json({ accessToken: 'at-1', expiresAt: String(now() + 600) }),
      () => Response.json({ token: 'at-1', expiresAt: now() + 600 }),
      () => Response.json(token(7)),
    ];
    const endpoint = store((n) => answers[n - 1]());
    const auth = storeSessionAuth({ fetch: endpoint.fetch });
    const statuses = [500, 403, 200, 200, 200, 200];
    for (const status of statuses)
      await expect(auth.getAuthHeaders()).rejects.toThrow(
        `storefront-kit/react: the store's /session/access-token answered ${status} without an access token`,
      );
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-7' } });
    expect(endpoint.asked).toHaveLength(7);
    // A failed renewal rejects too, naming the endpoint it was given.
    const failing = storeSessionAuth({
      url: '/api/token',
      fetch: store(() => new Response(null, { status: 502 })).fetch,
    });
    await expect(failing.onUnauthorized!()).rejects.toThrow(
      "storefront-kit/react: the store's /api/token answered 502 without an access token",
    );
  });

  it('uses the page’s fetch as it is when asked, not as it was when made', async () => {
    const auth = storeSessionAuth();
    const endpoint = store();
    vi.stubGlobal('fetch', endpoint.fetch);
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(endpoint.asked.map((a) => a.url)).toEqual(['/session/access-token']);
  });
});

describe('storeSessionAuth and accessTokenResponse through a client over the sandbox', () => {
  /**
   * A store: its server's OAuthStrategy over the sandbox (the visitor's tokens, which in a store
   * live in an HttpOnly cookie) behind accessTokenResponse at /session/access-token, and the
   * browser's client on storeSessionAuth; `storeDown` makes the store's endpoint answer 503.
   */
  function shop() {
    const sandbox = createSandbox({ validateResponses: true, settings: { cartV1: 'removed' } });
    const toSandbox = (input: RequestInfo | URL, init?: RequestInit) => sandbox.handle(new Request(input, init));
    const serverAuth = OAuthStrategy({ clientId: DEFAULT_CLIENT_ID });
    const server = createClient({ modules: { currentCartV2 }, auth: serverAuth, retry: false, fetch: toSandbox });
    const answered: string[] = [];
    const forms: string[] = [];
    const state = { storeDown: false };
    const browserAuth = storeSessionAuth({
      fetch: async (input, init) => {
        const request = new Request(new URL(String(input), 'https://shop.example'), init);
        forms.push(await request.clone().text());
        if (state.storeDown) return new Response('Service Unavailable', { status: 503 });
        const answer = await accessTokenResponse(serverAuth, request);
        answered.push(await answer.clone().text());
        return answer;
      },
    });
    const statuses: number[] = [];
    const browser = createClient({
      modules: { currentCartV2 },
      auth: browserAuth,
      retry: false,
      fetch: async (input, init) => {
        const answer = await toSandbox(input, init);
        statuses.push(answer.status);
        return answer;
      },
    });
    return { sandbox, serverAuth, server, browser, answered, forms, statuses, state };
  }

  it('the browser acts as the server’s visitor, and never holds the refresh token', async () => {
    const s = shop();
    await s.server.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [socks(2)] });
    const { cart } = await s.browser.currentCartV2.getCurrentCart();
    expect(cart.lineItems.map((l) => l.quantityInfo.requestedQuantity)).toEqual([2]);
    expect(s.forms).toEqual(['']);
    expect(s.answered).toEqual([
      JSON.stringify({
        accessToken: s.serverAuth.getTokens().accessToken.value,
        expiresAt: s.serverAuth.getTokens().accessToken.expiresAt,
      }),
    ]);
    expect(s.answered.join('')).not.toContain(s.serverAuth.getTokens().refreshToken.value);
  });

  it('a token the API no longer takes is renewed by the server once, and the call answers', async () => {
    const s = shop();
    await s.server.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [socks(2)] });
    await s.browser.currentCartV2.getCurrentCart();
    const before = s.serverAuth.getTokens();
    // Past the access token's life on the sandbox's clock; the browser's clock has not moved.
    await s.sandbox.advanceClock(5 * 3600);
    s.statuses.length = 0;
    const { cart } = await s.browser.currentCartV2.getCurrentCart();
    expect(cart.lineItems).toHaveLength(1);
    expect(s.statuses).toEqual([401, 200]);
    expect(s.forms).toEqual(['', 'renew=1']);
    // The same visitor, a new access token, the refresh token still the server's alone.
    expect(s.serverAuth.getTokens().refreshToken.value).toBe(before.refreshToken.value);
    expect(s.serverAuth.getTokens().accessToken.value).not.toBe(before.accessToken.value);
    expect(s.answered.join('')).not.toContain(before.refreshToken.value);
  });

  it('a call whose store endpoint fails rejects with a SystemError, its cause saying what the store answered', async () => {
    const s = shop();
    s.state.storeDown = true;
    const failed = await s.browser.currentCartV2.getCurrentCart().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SystemError);
    expect(((failed as SystemError).cause as Error).message).toBe(
      "storefront-kit/react: the store's /session/access-token answered 503 without an access token",
    );
    // Nothing reached the API; once the store answers, the call does.
    expect(s.statuses).toEqual([]);
    s.state.storeDown = false;
    await expect(s.browser.currentCartV2.getCurrentCart()).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND' });
    expect(s.forms).toEqual(['', '']);
  });
});
