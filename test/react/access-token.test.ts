/**
 * The store server's half of storeSessionAuth (access-token.ts): accessTokenResponse answers the
 * browser's POST with the visitor's access token and its expiry, from the server's OAuthStrategy
 * (its tokens in the request's cookie), renewed when the form says `renew=1`. The browser's half,
 * and the two together through a client, are test/react/session-auth.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createClient, currentCartV2, OAuthStrategy } from '../../src/index.ts';
import { accessTokenResponse, ACCESS_TOKEN_PATH, type AccessTokenSource } from '../../src/react/server.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';

const STORE = 'https://shop.example';

/** The browser's POST, as storeSessionAuth sends it (`body` its form). */
const asked = (body: BodyInit | null = '', type: string | null = 'application/x-www-form-urlencoded') =>
  new Request(`${STORE}${ACCESS_TOKEN_PATH}`, {
    method: 'POST',
    headers: type ? { 'content-type': type } : {},
    body,
  });

/** A server strategy whose calls are logged; `renew` gives the next token. */
function source(options: { renewable?: boolean } = {}) {
  const calls: string[] = [];
  let token = { value: 'at-1', expiresAt: 1_900_000_000 };
  const auth: AccessTokenSource = {
    async getAuthHeaders() {
      calls.push('getAuthHeaders');
      return { headers: { authorization: token.value } };
    },
    getTokens: () => ({ accessToken: token, refreshToken: { value: 'rt-secret', role: 'visitor' } }),
  };
  if (options.renewable !== false)
    auth.onUnauthorized = async () => {
      calls.push('onUnauthorized');
      token = { value: 'at-2', expiresAt: 1_900_003_600 };
      return true;
    };
  return { auth, calls };
}

describe('accessTokenResponse', () => {
  it('answers the current access token and its expiry, nothing else, as JSON nobody caches', async () => {
    const { auth, calls } = source();
    const answer = await accessTokenResponse(auth, asked());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // The exact text: the refresh token the strategy also holds is never in it.
    expect(await answer.text()).toBe('{"accessToken":"at-1","expiresAt":1900000000}');
    // The strategy was asked for valid tokens first (it renews an expired one itself).
    expect(calls).toEqual(['getAuthHeaders']);
  });

  it('renews the token when the form says renew=1 (the API answered the browser 401), and only then', async () => {
    const { auth, calls } = source();
    for (const body of ['renew=0', 'renew=true', 'renewal=1', 'x=1&renew='])
      expect(await (await accessTokenResponse(auth, asked(body))).json(), body).toEqual({
        accessToken: 'at-1',
        expiresAt: 1_900_000_000,
      });
    expect(calls).toEqual(['getAuthHeaders', 'getAuthHeaders', 'getAuthHeaders', 'getAuthHeaders']);
    calls.length = 0;
    expect(await (await accessTokenResponse(auth, asked('x=1&renew=1'))).json()).toEqual({
      accessToken: 'at-2',
      expiresAt: 1_900_003_600,
    });
    expect(calls).toEqual(['onUnauthorized']);
    // A multipart form says it as well.
    const form = new FormData();
    form.set('renew', '1');
    await accessTokenResponse(auth, new Request(`${STORE}${ACCESS_TOKEN_PATH}`, { method: 'POST', body: form }));
    expect(calls).toEqual(['onUnauthorized', 'onUnauthorized']);
  });

  it('answers the current token when the strategy cannot renew, and when the request is no form', async () => {
    const fixed = source({ renewable: false });
    expect(await (await accessTokenResponse(fixed.auth, asked('renew=1'))).json()).toMatchObject({
      accessToken: 'at-1',
    });
    expect(fixed.calls).toEqual(['getAuthHeaders']);
    const { auth, calls } = source();
    for (const request of [
      asked('{"renew":"1"}', 'application/json'),
      asked(null, null),
      asked('renew=1', null),
      new Request(`${STORE}${ACCESS_TOKEN_PATH}`),
    ])
      expect((await (await accessTokenResponse(auth, request)).json()).accessToken).toBe('at-1');
    expect(calls).toEqual(['getAuthHeaders', 'getAuthHeaders', 'getAuthHeaders', 'getAuthHeaders']);
  });

  it('rejects with the strategy’s own error when it cannot get a token (the route answers its error)', async () => {
    const down = new Error('the provider is down');
    const auth: AccessTokenSource = {
      getAuthHeaders: () => Promise.reject(down),
      getTokens: () => {
        throw new Error('not reached');
      },
    };
    await expect(accessTokenResponse(auth, asked())).rejects.toBe(down);
  });

  it('with the server’s OAuthStrategy over the sandbox: the visitor’s token, the same while valid, a new one for the same visitor on renew', async () => {
    const sandbox = createSandbox();
    const tokenRequests: string[] = [];
    const server = OAuthStrategy({ clientId: DEFAULT_CLIENT_ID });
    const kit = createClient({
      modules: { currentCartV2 },
      auth: server,
      retry: false,
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname.endsWith('/token')) tokenRequests.push(request.url);
        return sandbox.handle(request);
      },
    });
    const first = (await (await accessTokenResponse(server, asked())).json()) as {
      accessToken: string;
      expiresAt: number;
    };
    expect(first.accessToken).toBe(server.getTokens().accessToken.value);
    expect(first.expiresAt).toBe(server.getTokens().accessToken.expiresAt);
    expect(first.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(tokenRequests).toHaveLength(1);
    expect(await (await accessTokenResponse(server, asked())).json()).toEqual(first);
    expect(tokenRequests).toHaveLength(1);

    const visitor = server.getTokens().refreshToken.value;
    const renewed = (await (await accessTokenResponse(server, asked('renew=1'))).json()) as typeof first;
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(tokenRequests).toHaveLength(2);
    // The same visitor: renewed with their refresh token, which stays the server's.
    expect(server.getTokens().refreshToken.value).toBe(visitor);
    expect(JSON.stringify(renewed)).not.toContain(visitor);
    // The renewed token is the one the server's own calls now send, and the sandbox takes it (a
    // visitor without a cart, not a 401).
    expect(server.getTokens().accessToken.value).toBe(renewed.accessToken);
    await expect(kit.currentCartV2.getCurrentCart()).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND' });
    expect(tokenRequests).toHaveLength(2);
  });
});
