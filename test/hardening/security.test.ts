/**
 * Security: what a hostile or careless caller can and cannot do, over real HTTP.
 * - one visitor's token on another's cart and checkouts; expired, forged and garbled tokens;
 * - elevated calls without a key (every elevated operation), member calls as a visitor, the
 *   control API without its key, member tokens minted without a key;
 * - redirect URIs that are not registered; a PKCE verifier that does not match;
 * - login brute force (429 after 5 failures for one e-mail within 15 minutes);
 * - oversized and deeply nested JSON;
 * - the client never sends a token to another host;
 * - HTML in text fields stored as text and served as JSON; the sandbox's own pages escape it;
 * - prototype pollution through the query string, `.r`, bodies, the control API, state imports
 *   and field masks (refused before any auth check; afterwards the disk is not served and no
 *   caller is elevated); simple cross-origin content types (`text/plain;+json`) on operations and
 *   the control API;
 * - a second sandbox on one `--data` file, a full disk (journal and compaction), a state import
 *   over the request limit, 413 (never a parse error) past every limit;
 * - redirect-URI wildcard look-alikes, URLs with control characters, verification-code guessing;
 * - CSP `frame-ancestors 'none'` on the console and sandbox pages, bad static escapes, links
 *   written with the public URL (never the Host header), no default key beyond loopback.
 * Every refusal is in the provider's error format and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import { checkout, ClientError, createClient, currentCart, elevate, members, OAuthStrategy, withHostedLogin } from '../../src/index.ts';
import { MAX_BODY_BYTES, MAX_IMPORT_BYTES, MAX_JSON_DEPTH } from '../../src/sandbox/platform/app.ts';
import { createSandbox } from '../../src/sandbox/create-sandbox.ts';
import { DataFile } from '../../src/sandbox/platform/persist.ts';
import { AUTH_STATE, DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';
import { createSandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../support/sandbox.ts';
import { deeplyNestedJson } from './requests.ts';
import { comparableState, providerErrorProblem, recordFigures } from './support.ts';
import { tempFolder } from '../support/temp-folder.ts';

const DEMO_MEMBER_ID = DEMO_MEMBER.id;

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const DEMO = { email: 'demo@storefront.test', password: 'demo-password-1' };
const REDIRECT = 'http://localhost:5173/callback';
const figures = { refusals: 0, unchangedStates: 0 };

const state = async (base: string) => comparableState((await call(base, 'GET', '/__sandbox/state')).body);

/** The state (tokens aside) is what it was before the refused requests. */
async function expectUnchanged(base: string, before: string): Promise<void> {
  expect(await state(base)).toBe(before);
  figures.unchangedStates++;
}

/** A refusal: the status, the provider's error format, the exact code and message when given. */
function expectRefused(r: { status: number; body: any }, status: number, code?: string, message?: string | RegExp): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(providerErrorProblem(r.body)).toBeUndefined();
  if (code) expect(r.body.details.applicationError?.code ?? (r.body.details.validationError ? 'VALIDATION' : undefined)).toBe(code);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else if (message) expect(r.body.message).toMatch(message);
  figures.refusals++;
}

async function memberToken(base: string): Promise<string> {
  const visitor = await visitorToken(base);
  const r = await call(base, 'POST', '/oauth2/token', {
    body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: DEMO_MEMBER_ID },
    token: `${visitor},${API_KEY}`,
  });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

async function firstProductId(base: string, token: string): Promise<string> {
  const r = await call(base, 'POST', '/stores-reader/v1/products/query-platformized', { body: { query: { filter: { slug: 'recipe-e-book' } } }, token });
  return r.body.products[0].id;
}

describe('one visitor cannot reach another visitor\'s cart or checkouts', () => {
  const s = useSandboxServer();

  it('refuses every checkout call by id with 404, scopes the cart to the caller, and changes nothing', async () => {
    const base = s.current.url;
    const alice = await visitorToken(base);
    const bob = await visitorToken(base);
    const product = await firstProductId(base, alice);
    const added = await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: { lineItems: [{ quantity: 2, catalogReference: { catalogItemId: product, appId: STORES } }] }, token: alice });
    expect(added.status).toBe(200);
    const cartId = added.body.cart.id;
    const checkoutId = (await call(base, 'POST', '/ecom/v1/carts/current/create-checkout', { body: {}, token: alice })).body.checkoutId;
    const before = await state(base);

    // Bob's "current cart" is his own (none yet), never Alice's.
    expectRefused(await call(base, 'GET', '/ecom/v1/carts/current', { token: bob }), 404, 'OWNED_CART_NOT_FOUND');
    const notFound = `Checkout ${checkoutId} not found`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/ecom/v1/checkouts/${checkoutId}`],
      ['GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`],
      ['GET', `/ecom/v1/checkouts/${checkoutId}/payment-settings`],
      ['PATCH', `/ecom/v1/checkouts/${checkoutId}`, { checkout: { buyerNote: 'mine now' } }],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/add-to-checkout`, { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] }],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/remove-line-items`, { lineItemIds: [added.body.cart.lineItems[0].id] }],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/update-line-items-quantity`, { lineItems: [{ id: added.body.cart.lineItems[0].id, quantity: 9 }] }],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/remove-coupon`, {}],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/mark-as-completed`, {}],
      ['POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}],
    ];
    for (const [method, path, body] of attempts) {
      expectRefused(await call(base, method, path, { body, token: bob }), 404, 'CHECKOUT_NOT_FOUND', notFound);
    }
    expectRefused(await call(base, 'GET', `/ecom/v1/checkouts/by-cart-id/${cartId}`, { token: bob }), 404, 'CHECKOUT_NOT_FOUND');
    // A member is another caller too.
    expectRefused(await call(base, 'GET', `/ecom/v1/checkouts/${checkoutId}`, { token: await memberToken(base) }), 404, 'CHECKOUT_NOT_FOUND', notFound);
    await expectUnchanged(base, before);
    // Alice still has hers.
    expect((await call(base, 'GET', `/ecom/v1/checkouts/${checkoutId}`, { token: alice })).status).toBe(200);
  });
});

describe('forged, garbled and expired tokens', () => {
  const s = useSandboxServer();

  it('answers 401 "Access token is not valid" to forged and garbled tokens', async () => {
    const base = s.current.url;
    const real = await call(base, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
    const access: string = real.body.access_token;
    const flipped = access.slice(0, -1) + (access.endsWith('0') ? '1' : '0');
    const forged = [
      'sfk-at.' + '0'.repeat(48),
      flipped,
      access.toUpperCase(),
      real.body.refresh_token, // a refresh token is not an access token
      `${access}x`,
      'Bearer ',
      `eyJhbGciOiJub25lIn0.${btoa(JSON.stringify({ sub: DEMO_MEMBER_ID, role: 'member' }))}.`, // an unsigned JWT
      'sandbox-api-key-but-not',
      `${'x'.repeat(8_000)}`,
    ];
    const before = await state(base);
    for (const token of forged) {
      expectRefused(await call(base, 'GET', '/ecom/v1/carts/current', { token }), 401, 'UNAUTHENTICATED', 'Access token is not valid');
      expectRefused(
        await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: 'x', appId: STORES } }] }, token }),
        401,
        'UNAUTHENTICATED',
        'Access token is not valid',
      );
    }
    await expectUnchanged(base, before);
  });

  it('refuses an access token after its lifetime (401 "Access token expired"); the client renews it and keeps the cart', async () => {
    const base = s.current.url;
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const kit = createClient({ modules: { currentCart }, auth, host: base });
    const product = await firstProductId(base, await visitorToken(base));
    await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] });
    const old = auth.getTokens().accessToken.value;
    const ttl = (await call(base, 'GET', '/__sandbox/settings')).body.accessTokenTtlSeconds;
    await call(base, 'POST', '/__sandbox/clock/advance', { body: { seconds: ttl + 1 }, token: API_KEY });
    const before = await state(base);
    expectRefused(await call(base, 'GET', '/ecom/v1/carts/current', { token: old }), 401, 'UNAUTHENTICATED', 'Access token expired');
    expectRefused(await call(base, 'POST', '/ecom/v1/carts/current/remove-coupon', { body: {}, token: old }), 401, 'UNAUTHENTICATED', 'Access token expired');
    await expectUnchanged(base, before);
    // The client's clock does not know the sandbox moved; the 401 makes it renew with the refresh token.
    const { cart } = await kit.currentCart.getCurrentCart();
    expect(cart!.lineItems).toHaveLength(1);
    expect(auth.getTokens().accessToken.value).not.toBe(old);
  });
});

describe('elevated and member operations, the control API and member tokens need the right caller', () => {
  const s = useSandboxServer();
  const elevatedOps = operationList.filter((d) => d.caller === 'elevated');
  const memberOps = operationList.filter((d) => d.caller === 'member');
  const pathOf = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  const bodyOf = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

  it(`refuses all ${elevatedOps.length} elevated operations without a key (401), with visitor or member tokens (403) and with a wrong key (401)`, async () => {
    const base = s.current.url;
    const visitor = await visitorToken(base);
    const member = await memberToken(base);
    const before = await state(base);
    for (const d of elevatedOps) {
      const path = pathOf(d.path);
      const body = bodyOf(d.method);
      expectRefused(await call(base, d.method, path, { body }), 401, 'UNAUTHENTICATED', 'Authorization header is missing: send an access token or an API key');
      for (const token of [visitor, member]) {
        expectRefused(await call(base, d.method, path, { body, token }), 403, 'PERMISSION_DENIED', `${d.operationId} requires an elevated caller (API key)`);
      }
      expectRefused(await call(base, d.method, path, { body, token: `${API_KEY}-wrong` }), 401, 'UNAUTHENTICATED', 'Access token is not valid');
    }
    await expectUnchanged(base, before);
  });

  it(`refuses all ${memberOps.length} member operations to visitors (403) and to API keys (403)`, async () => {
    const base = s.current.url;
    const visitor = await visitorToken(base);
    for (const d of memberOps) {
      for (const token of [visitor, API_KEY]) {
        expectRefused(await call(base, d.method, pathOf(d.path), { body: bodyOf(d.method), token }), 403, 'PERMISSION_DENIED', `${d.operationId} requires a logged-in member`);
      }
    }
  });

  it('the client refuses elevated calls from a non-elevated ambient client before sending anything', async () => {
    const sent: string[] = [];
    const kit = createClient({ modules: { members }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: s.current.url, fetch: (i, init) => (sent.push(String(i)), fetch(i, init)) });
    kit.enableContext();
    const err = await Promise.resolve()
      .then(() => elevate(members.deleteMember)(DEMO_MEMBER_ID))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect((err as Error).message).toBe(
      'An elevated client is required to use elevated modules. Make sure to initialize the Wix context with an elevated client before using elevated SDK modules',
    );
    expect(sent).toEqual([]);
  });

  it('refuses changes through the control API without its key, and member tokens minted without the key', async () => {
    const base = s.current.url;
    const visitor = await visitorToken(base);
    const before = await state(base);
    const controlChanges: [string, string, unknown][] = [
      ['PUT', '/__sandbox/state', { version: 1, collections: {} }],
      ['PATCH', '/__sandbox/settings', { redirectUris: ['https://evil.example/cb'] }],
      ['POST', '/__sandbox/reset', {}],
      ['POST', '/__sandbox/clock/advance', { seconds: 3600 }],
    ];
    for (const [method, path, body] of controlChanges) {
      for (const token of [undefined, visitor, `${API_KEY}x`]) {
        expectRefused(await call(base, method, path, { body, token }), 401, 'UNAUTHENTICATED', 'Changing the sandbox needs its API key in Authorization');
      }
    }
    const mint = { grant_type: 'authorized_client', scope: 'offline_access', member_id: DEMO_MEMBER_ID };
    for (const token of [visitor, `${visitor},wrong-key`, `${visitor},`]) {
      expectRefused(await call(base, 'POST', '/oauth2/token', { body: mint, token }), 401, 'UNAUTHENTICATED', 'authorized_client needs Authorization "<access token>,<api key>"');
    }
    // A forged token before the key: refused like any forged token.
    expectRefused(await call(base, 'POST', '/oauth2/token', { body: mint, token: `sfk-at.forged,${API_KEY}` }), 401, 'UNAUTHENTICATED', 'Access token is not valid');
    await expectUnchanged(base, before);
  });
});

describe('redirect URIs and PKCE', () => {
  const s = useSandboxServer();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

  /** The hosted login page, filled in with the demo member: the Location it redirects to. */
  async function logIn(authUrl: string): Promise<string> {
    const html = await (await fetch(authUrl)).text();
    const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
    expect(session, 'the hosted login page has a session field').toBeTruthy();
    const res = await fetch(`${s.current.url}/__sandbox/login`, { method: 'POST', redirect: 'manual', headers: formHeaders, body: new URLSearchParams({ session: session!, email: DEMO.email, password: DEMO.password, action: 'login' }) });
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  }

  it('refuses redirect URIs that are not registered, however they are dressed up, and stores nothing', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const unregistered = [
      'https://evil.example/callback',
      'http://localhost.evil.example/callback',
      'http://127.0.0.1.nip.io/callback',
      'http://localhost:5173@evil.example/callback',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/callback',
      'not a url',
    ];
    for (const redirectUri of unregistered) {
      const r = await call(base, 'POST', '/_api/redirects-api/v1/redirect-session', {
        body: { auth: { authRequest: { redirectUri, clientId: CLIENT_ID, codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'S256', responseMode: 'query', responseType: 'code', scope: 'offline_access', state: 'st' }, prompt: 'login' } },
        token,
      });
      expectRefused(r, 400, 'INVALID_REDIRECT_URI', `Redirect URI ${redirectUri} is not registered for this client (add it to the sandbox setting redirectUris)`);
    }
    await expectUnchanged(base, before);
  });

  it('refuses a code exchange whose verifier does not match the challenge (and a changed redirect URI); the right verifier still works once', async () => {
    const base = s.current.url;
    const auth = withHostedLogin(OAuthStrategy({ clientId: CLIENT_ID }));
    createClient({ auth, host: base });
    const data = await auth.generateOAuthData(REDIRECT);
    const other = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const { code } = auth.parseFromUrl(await logIn(authUrl), 'query');
    const exchange = (extra: Record<string, unknown>) =>
      call(base, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'authorization_code', code, redirectUri: REDIRECT, ...extra } });
    const before = await state(base);
    for (const codeVerifier of [other.codeVerifier, data.codeVerifier.slice(0, -1) + (data.codeVerifier.endsWith('A') ? 'B' : 'A'), data.codeChallenge, `${data.codeVerifier}x`]) {
      expectRefused(await exchange({ codeVerifier }), 400, 'INVALID_GRANT', 'PKCE verification failed: codeVerifier does not match codeChallenge');
    }
    const missing = await exchange({ codeVerifier: '' });
    expectRefused(missing, 400);
    expectRefused(await exchange({ codeVerifier: data.codeVerifier, redirectUri: 'http://localhost:5173/other' }), 400, 'INVALID_GRANT', 'redirectUri does not match the one the code was issued for');
    await expectUnchanged(base, before);
    const ok = await exchange({ codeVerifier: data.codeVerifier });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe('member');
    expectRefused(await exchange({ codeVerifier: data.codeVerifier }), 400, 'INVALID_GRANT', 'Authorization code is not valid');
  });
});

describe('login brute force is slowed', () => {
  const s = useSandboxServer();
  const login = (base: string, token: string, email: string, password: string) =>
    call(base, 'POST', '/_api/iam/authentication/v2/login', { body: { loginId: { email }, password }, token });

  it('answers 429 after 5 failed logins for one e-mail within 15 minutes, even to the right password; other e-mails are unaffected; the window passes', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const other = { email: `other.${Date.now()}@example.com`, password: 'other-pass-1' };
    expect((await call(base, 'POST', '/_api/iam/authentication/v2/register', { body: { loginId: { email: other.email }, password: other.password }, token })).status).toBe(200);

    for (let i = 0; i < 5; i++) expectRefused(await login(base, token, DEMO.email, `wrong-${i}`), 400, '-19976', 'Wrong password');
    const before = await state(base);
    const locked = /^Too many failed logins for this e-mail; try again in \d+ seconds$/;
    expectRefused(await login(base, token, DEMO.email, DEMO.password), 429, 'TOO_MANY_REQUESTS', locked);
    // The e-mail is the key, not its spelling; and a fresh visitor is no way around it.
    expectRefused(await login(base, await visitorToken(base), DEMO.email.toUpperCase(), DEMO.password), 429, 'TOO_MANY_REQUESTS', locked);
    await expectUnchanged(base, before);
    expect((await login(base, token, other.email, other.password)).body.state).toBe('SUCCESS');

    await call(base, 'POST', '/__sandbox/clock/advance', { body: { seconds: 15 * 60 + 1 }, token: API_KEY });
    const after = await login(base, await visitorToken(base), DEMO.email, DEMO.password);
    expect(after.status).toBe(200);
    expect(after.body.state).toBe('SUCCESS');
  });
});

describe('oversized and deeply nested JSON', () => {
  const s = useSandboxServer();
  const addToCart = '/ecom/v1/carts/current/add-to-cart';

  const tooLarge = `Request body is larger than ${MAX_BODY_BYTES} bytes`;

  it(`answers 413 to a body over ${MAX_BODY_BYTES} bytes with a Content-Length, and changes nothing`, async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const big = JSON.stringify({ lineItems: [], note: 'x'.repeat(MAX_BODY_BYTES) });
    expectRefused(await call(base, 'POST', addToCart, { body: big, token }), 413, 'PAYLOAD_TOO_LARGE', tooLarge);
    await expectUnchanged(base, before);
  });

  it(`answers 413 to a streamed body over ${MAX_BODY_BYTES} bytes (no Content-Length), and changes nothing`, async () => {
    // Its own server: a connection whose body was not read to the end is not reused.
    const own = await createSandboxServer({ port: 0, validateResponses: true });
    try {
      await streamedOversize(own.url);
    } finally {
      await own.close();
    }
  });

  async function streamedOversize(base: string): Promise<void> {
    const token = await visitorToken(base);
    const before = await state(base);
    // Chunked, without a Content-Length: the server must stop reading past the limit and say so,
    // whether the first MiB is broken JSON or valid JSON followed by megabytes of whitespace.
    const streamed = (start: string, filler: string) => {
      const chunk = new TextEncoder().encode(filler.repeat(64 * 1024));
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(start));
          if (sent > 3 * MAX_BODY_BYTES) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    };
    for (const [path, method, start, filler] of [
      [addToCart, 'POST', '{"note":"', 'x'],
      ['/ecom/v1/carts/current', 'PATCH', '{"couponCode":"SAVE10"}', ' '],
    ]) {
      const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', authorization: token }, body: streamed(start, filler), duplex: 'half' } as RequestInit);
      expectRefused({ status: res.status, body: await res.json() }, 413, 'PAYLOAD_TOO_LARGE', tooLarge);
    }
    await expectUnchanged(base, before);
  }

  it(`answers 400 to JSON nested deeper than ${MAX_JSON_DEPTH} levels, in the body or in .r, and changes nothing`, async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    for (const depth of [MAX_JSON_DEPTH + 1, 1_000, 100_000]) {
      for (const kind of ['object', 'array'] as const) {
        const body = `{"lineItems":[],"customLineItems":[],"nested":${deeplyNestedJson(depth, kind)}}`;
        const r = await call(base, 'POST', addToCart, { body, token });
        expectRefused(r, 400);
        expect(r.body.message).toMatch(/^(Request body is nested deeper than 64 levels|Request body is not valid JSON: .+)$/);
      }
    }
    const deepQuery = Buffer.from(JSON.stringify({ query: { filter: JSON.parse(deeplyNestedJson(200, 'object')) } })).toString('base64url');
    expectRefused(await call(base, 'GET', `/stores-reader/v1/products/query-platformized?.r=${deepQuery}`, { token }), 400, 'INVALID_ARGUMENT', 'The query string is nested deeper than 64 levels');
    // Just inside the limit is fine as far as depth goes (the spec then judges the content).
    const shallow = await call(base, 'POST', '/stores-reader/v1/products/query-platformized', { body: { query: { filter: { $and: [{ $or: [{ slug: 'recipe-e-book' }] }] } } }, token });
    expect(shallow.status).toBe(200);
    await expectUnchanged(base, before);
  });
});

describe('DNS rebinding: a loopback sandbox answers only requests addressed to loopback names', () => {
  const s = useSandboxServer();
  /** A GET with a chosen Host header (fetch does not let a page choose it; a rebound domain does). */
  const getWithHost = (base: string, path: string, hostHeader: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const u = new URL(base + path);
      const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, headers: { host: hostHeader } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('refuses the API key and the state to a rebound domain, answers 127.0.0.1, localhost and [::1]', async () => {
    const port = new URL(s.current.url).port;
    for (const path of ['/__sandbox/info', '/__sandbox/state', '/ecom/v1/carts/current']) {
      const r = await getWithHost(s.current.url, path, `evil.example:${port}`);
      expectRefused(r, 403, 'HOST_NOT_ALLOWED', /^Host "evil\.example" is not allowed/);
      expect(JSON.stringify(r.body)).not.toContain(API_KEY);
    }
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'LOCALHOST']) {
      expect((await getWithHost(s.current.url, '/__sandbox/info', name)).body.apiKey).toBe(API_KEY);
    }
  });

  it('beyond loopback, answers any Host but keeps the control API, reads included, behind the key', async () => {
    const key = 'lan-only-key';
    const own = await createSandboxServer({ port: 0, host: '0.0.0.0', apiKeys: [key] });
    try {
      const base = `http://127.0.0.1:${new URL(own.url).port}`;
      const refused = await getWithHost(base, '/__sandbox/info', 'sandbox.lan');
      expectRefused(refused, 401, 'UNAUTHENTICATED', 'Reading the sandbox needs its API key in Authorization when it listens beyond loopback');
      expect(JSON.stringify(refused.body)).not.toContain(key);
      expectRefused(await call(base, 'GET', '/__sandbox/state'), 401, 'UNAUTHENTICATED');
      expect((await call(base, 'GET', '/__sandbox/info', { token: key })).body.apiKey).toBe(key);
      expect((await call(base, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('answers the hosts it is told to allow', async () => {
    const own = await createSandboxServer({ port: 0, allowedHosts: ['shop.test'] });
    try {
      expect((await getWithHost(own.url, '/__sandbox/info', 'shop.test:80')).status).toBe(200);
      expectRefused(await getWithHost(own.url, '/__sandbox/info', 'other.test'), 403, 'HOST_NOT_ALLOWED');
    } finally {
      await own.close();
    }
  });
});

describe('tokens go only to the configured host', () => {
  const s = useSandboxServer();

  it('fetchWithAuth refuses other origins before sending, and sends the token to the host only', async () => {
    const base = s.current.url;
    const seen: { url: string; authorization: string | null }[] = [];
    const spy: typeof fetch = (input, init) => {
      const req = new Request(input, init);
      seen.push({ url: req.url, authorization: req.headers.get('authorization') });
      return fetch(req);
    };
    const kit = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: base, fetch: spy });
    const port = new URL(base).port;
    const foreign = [
      'https://evil.example/steal',
      '//evil.example/steal',
      `http://127.0.0.1:${port}@evil.example/steal`,
      `http://127.0.0.1:${Number(port) + 1}/ecom/v1/carts/current`,
      `https://127.0.0.1:${port}/ecom/v1/carts/current`,
      `http://localhost:${port}/ecom/v1/carts/current`,
    ];
    for (const url of foreign) {
      const err = await kit.fetchWithAuth(url).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(ClientError);
      expect((err as Error).message).toBe(`Refusing to send the access token to ${new URL(url, base + '/').origin}: tokens go only to the configured API host`);
    }
    kit.enableContext();
    const { fetchWithAuth } = await import('../../src/index.ts');
    await expect(fetchWithAuth('https://evil.example/steal')).rejects.toThrow('Refusing to send the access token to https://evil.example');
    expect(seen).toEqual([]);

    const own = await kit.fetchWithAuth('/ecom/v1/carts/current');
    expect(own.status).toBe(404); // no cart yet, but the call was authorised
    expect(seen.every((r) => new URL(r.url).origin === base)).toBe(true);
    expect(seen.at(-1)!.authorization).toMatch(/^sfk-at\./);
  });

  it('keeps module calls on the host whatever a path parameter holds', async () => {
    const base = s.current.url;
    const seen: string[] = [];
    const kit = createClient({ modules: { checkout }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: base, fetch: (i, init) => (seen.push(new Request(i, init).url), fetch(i, init)) });
    for (const id of ['//evil.example/steal', 'http://evil.example/', '@evil.example', '../../../..//evil.example', '%2F%2Fevil.example', '?x=1#', '\\evil.example']) {
      await expect(kit.checkout.getCheckout(id)).rejects.toMatchObject({ status: 404 });
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const url of seen) expect(new URL(url).origin, url).toBe(base);
  });
});

describe('HTML in text fields', () => {
  const s = useSandboxServer();
  const HTML = `<script>alert("x")</script><img src=x onerror=alert(1)>&amp;'`;

  it('is stored as the same text and served as JSON, never as HTML; the sandbox pages escape it', async () => {
    const base = s.current.url;
    const kit = createClient({ modules: { currentCart, checkout }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: base });
    const product = await firstProductId(base, await visitorToken(base));
    await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] });
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({});
    await kit.checkout.updateCheckout(checkoutId!, { checkout: { buyerNote: HTML } });
    const token = (kit as unknown as { auth: { getTokens(): { accessToken: { value: string } } } }).auth.getTokens().accessToken.value;
    const raw = await fetch(`${base}/ecom/v1/checkouts/${checkoutId}`, { headers: { authorization: token } });
    expect(raw.headers.get('content-type')).toBe('application/json');
    expect((await raw.json()).checkout.buyerNote).toBe(HTML);
    expect((await kit.checkout.getCheckout(checkoutId!)).checkout!.buyerNote).toBe(HTML);

    // An error that repeats the caller's text is JSON too.
    const echoed = await fetch(`${base}/ecom/v1/checkouts/${encodeURIComponent(HTML)}`, { headers: { authorization: token } });
    expect(echoed.status).toBe(404);
    expect(echoed.headers.get('content-type')).toBe('application/json');

    // The sandbox's own HTML pages escape what they repeat.
    const page = await fetch(`${base}/__sandbox/checkout/${encodeURIComponent(HTML)}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

/** The validation error a reserved key (`__proto__`, `constructor`, `prototype`) gets, wherever it is. */
function expectReservedKey(r: { status: number; body: any }, field: string): void {
  expectRefused(r, 400, 'VALIDATION', `INVALID_ARGUMENT: "${field}" is a reserved name and cannot be used as a field`);
  expect(r.body.details.validationError.fieldViolations).toEqual([{ field, description: 'is a reserved name and cannot be used as a field', violatedRule: 'FIELD_NOT_ALLOWED' }]);
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

describe('prototype pollution: one unauthenticated GET cannot read the disk, become a member or make every caller elevated', () => {
  const s = useSandboxServer();

  it('refuses reserved keys in the query string before any auth check; afterwards fresh requests behave as before', async () => {
    const base = s.current.url;
    const keysBefore = prototypeKeys();
    const before = await state(base);
    const attacks: [string, string][] = [
      ['__proto__.staticDir=/', '__proto__'],
      [`__proto__.memberId=${DEMO_MEMBER_ID}`, '__proto__'],
      ['__proto__.authorization=sandbox-api-key', '__proto__'],
      ['constructor.prototype.authorization=sandbox-api-key', 'constructor'],
      ['paging.__proto__.limit=1', 'paging.__proto__'],
      ['a.b.prototype=1', 'a.b.prototype'],
      [`.r=${Buffer.from('{"__proto__":{"authorization":"sandbox-api-key"}}').toString('base64url')}`, '.r.__proto__'],
      [`.r=${Buffer.from('{"query":{"filter":{"constructor":{"prototype":{"x":1}}}}}').toString('base64url')}`, '.r.query.filter.constructor'],
    ];
    for (const [query, field] of attacks) {
      for (const path of ['/ecom/v1/carts/current', '/members/v1/members/my', '/stores-reader/v1/products/query-platformized']) {
        expectReservedKey(await call(base, 'GET', `${path}?${query}`), field);
      }
    }
    expect(prototypeKeys()).toBe(keysBefore);
    await expectUnchanged(base, before);
    // The disk is not served, a visitor stays a visitor, no header means no caller.
    const passwd = await call(base, 'GET', '/etc/passwd');
    expectRefused(passwd, 404, 'NOT_FOUND', 'No operation at GET /etc/passwd');
    const visitor = await visitorToken(base);
    const mine = await call(base, 'GET', '/members/v1/members/my', { token: visitor });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({});
    expectRefused(await call(base, 'POST', '/members/v1/members/join-community', { token: visitor, body: {} }), 403, 'PERMISSION_DENIED', 'joinCommunity requires a logged-in member');
    expectRefused(await call(base, 'GET', `/members/v1/members/${DEMO_MEMBER_ID}`), 401, 'UNAUTHENTICATED', 'Authorization header is missing: send an access token or an API key');
  });

  it('refuses reserved keys anywhere in a JSON body, a control-API body and a state import', async () => {
    const base = s.current.url;
    const keysBefore = prototypeKeys();
    const token = await visitorToken(base);
    const before = await state(base);
    const bodies: [string, string][] = [
      ['{"__proto__":{"polluted":1}}', '__proto__'],
      ['{"lineItems":[{"constructor":{"prototype":{"polluted":1}}}]}', 'lineItems[0].constructor'],
      ['{"a":{"b":{"prototype":1}}}', 'a.b.prototype'],
      ['{"\\u005f_proto__":{"polluted":1}}', '__proto__'],
    ];
    for (const [body, field] of bodies) {
      expectReservedKey(await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body, token }), field);
      expectReservedKey(await call(base, 'PATCH', '/__sandbox/settings', { body, token: API_KEY }), field);
      expectReservedKey(await call(base, 'POST', '/__sandbox/clock/advance', { body, token: API_KEY }), field);
    }
    const snapshot = (await call(base, 'GET', '/__sandbox/state')).body;
    const poisoned = JSON.stringify(snapshot).replace('"collections":{', '"collections":{"__proto__":{"x":{"id":"x"}},');
    expectReservedKey(await call(base, 'PUT', '/__sandbox/state', { body: poisoned, token: API_KEY }), 'collections.__proto__');
    expect(prototypeKeys()).toBe(keysBefore);
    await expectUnchanged(base, before);
  });

  it('refuses a reserved name in the cart field mask; later adds still work', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const product = await firstProductId(base, token);
    const add = () => call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] }, token });
    expect((await add()).status).toBe(200);
    const before = await state(base);
    for (const mask of ['constructor', 'buyerNote,constructor', ' prototype ', '__proto__']) {
      const r = await call(base, 'PATCH', '/ecom/v1/carts/current', { body: { cartInfo: { buyerNote: 'x' }, cartFieldmask: mask }, token });
      expectRefused(r, 400, 'VALIDATION', `INVALID_ARGUMENT: "cartFieldmask" names the reserved field "${mask.split(',').map((k) => k.trim()).find((k) => k !== 'buyerNote')}"`);
    }
    await expectUnchanged(base, before);
    expect((await add()).status).toBe(200);
  });
});

describe('simple cross-origin requests (no preflight) cannot change anything', () => {
  const s = useSandboxServer();

  it('accepts only application/json on operations and the control API: CORS-safelisted and look-alike types are 415', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const product = await firstProductId(base, token);
    const addBody = JSON.stringify({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] });
    const refusedTypes = ['text/plain', 'text/plain;+json', 'text/plain; x=+json', 'text/plain; charset=application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/ld+json', 'application/json; charset=latin1', 'application/json;;'];
    for (const type of refusedTypes) {
      const headers = { 'content-type': type };
      const message = `Content-Type must be application/json (got ${type})`;
      expectRefused(await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: addBody, token, headers }), 415, 'UNSUPPORTED_MEDIA_TYPE', message);
      expectRefused(await call(base, 'POST', '/__sandbox/clock/advance', { body: '{"seconds":315360000}', token: API_KEY, headers }), 415, 'UNSUPPORTED_MEDIA_TYPE', message);
      expectRefused(await call(base, 'PUT', '/__sandbox/state', { body: '{"version":1,"collections":{}}', token: API_KEY, headers }), 415, 'UNSUPPORTED_MEDIA_TYPE', message);
      expectRefused(await call(base, 'POST', '/__sandbox/reset', { body: '{}', token: API_KEY, headers }), 415, 'UNSUPPORTED_MEDIA_TYPE', message);
    }
    await expectUnchanged(base, before);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON; charset="UTF-8"']) {
      expect((await call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: addBody, token, headers: { 'content-type': type } })).status, type).toBe(200);
    }
  });
});

describe('one --data file, one sandbox', () => {
  const tmp = () => join(tempFolder('sfk-lock-'), 'state.json');

  it('refuses a second sandbox on the same file, naming the file and the other process; the lock goes with the first', async () => {
    const data = tmp();
    const first = await createSandboxServer({ port: 0, data });
    const message = `${data} is in use by another sandbox (process ${process.pid}, lock ${data}.lock); two sandboxes on one data file would lose each other's writes. Stop that one or use another --data file.`;
    try {
      await expect(createSandboxServer({ port: 0, data })).rejects.toThrow(message);
      // The command line says the same and exits 1.
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/sandbox/start.ts', '--port', '0', '--data', data], { encoding: 'utf8', timeout: 20_000 });
      expect(child.status).toBe(1);
      expect(child.stderr).toContain(`storefront-kit sandbox: ${message}`);
      figures.refusals += 2;
    } finally {
      await first.close();
    }
    const again = await createSandboxServer({ port: 0, data });
    await again.close();
  });

  it('takes over a lock its process left behind (killed)', async () => {
    const data = tmp();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${data}.lock`, String(gone));
    const s = await createSandboxServer({ port: 0, data });
    expect(readFileSync(`${data}.lock`, 'utf8')).toBe(String(process.pid));
    await s.close();
    expect(existsSync(`${data}.lock`)).toBe(false);
  });
});

describe('a write whose persistence fails is answered with an error and never seen again', () => {
  const TOKEN_SECRET = new Uint8Array(32).fill(7);
  const noSpace = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  for (const when of ['compacting the state file', 'appending to the journal'] as const) {
    it(`disk full while ${when}: 500 in the provider's format, the change undone, gone after a restart, no temp file left`, async () => {
      const dir = tempFolder('sfk-full-');
      const file = join(dir, 'state.json');
      let full = false;
      const write = (fd: number, buffer: Buffer, offset: number) => {
        if (full) throw noSpace();
        return writeSync(fd, buffer, offset);
      };
      // Compacting on every write (min 0) or never (a huge min).
      const open = () => {
        const f = new DataFile(file, when === 'compacting the state file' ? 0 : 1 << 30, write);
        const state = f.open();
        // The same token secret, as the server keeps it across restarts: the visitor's token still works.
        return { f, sandbox: createSandbox({ state, tokenSecret: TOKEN_SECRET, persist: ({ changes, snapshot }) => f.commit(changes, snapshot) }) };
      };
      let { f, sandbox } = open();
      const ask = async (method: string, path: string, body?: unknown, token?: string) => {
        const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
        if (token) headers.authorization = token;
        const res = await sandbox.handle(new Request(`http://sandbox.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
        return { status: res.status, body: await res.json() };
      };
      const token = (await ask('POST', '/oauth2/token', { clientId: CLIENT_ID, grantType: 'anonymous' })).body.access_token;
      const product = (await ask('POST', '/stores-reader/v1/products/query-platformized', { query: { filter: { slug: 'recipe-e-book' } } }, token)).body.products[0].id;
      expect((await ask('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product, appId: STORES } }] }, token)).status).toBe(200);
      const acknowledged = (await ask('PATCH', '/ecom/v1/carts/current', { cartInfo: { buyerNote: 'acknowledged' } }, token)).body.cart;
      expect(acknowledged.buyerNote).toBe('acknowledged');
      const before = comparableState(sandbox.store.snapshot());

      full = true;
      const failed = await ask('PATCH', '/ecom/v1/carts/current', { cartInfo: { buyerNote: 'never saved' } }, token);
      expectRefused(failed, 500, 'STATE_NOT_SAVED', 'The change could not be saved and was undone: ENOSPC: no space left on device, write');
      expect(comparableState(sandbox.store.snapshot())).toBe(before);
      expect((await ask('GET', '/ecom/v1/carts/current', undefined, token)).body.cart.buyerNote).toBe('acknowledged');
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);

      // A restart reads back the last acknowledged value, not the failed one.
      f.close();
      full = false;
      ({ f, sandbox } = open());
      expect(comparableState(sandbox.store.snapshot())).toBe(before);
      expect(JSON.stringify(sandbox.store.snapshot())).not.toContain('never saved');
      expect((await ask('PATCH', '/ecom/v1/carts/current', { cartInfo: { buyerNote: 'after' } }, token)).status).toBe(200);
      f.close();
      figures.unchangedStates += 2;
    });
  }
});

describe('state import has its own limit; an oversized body is 413 everywhere', () => {
  const s = useSandboxServer();

  it(`imports and exports a state of several MiB unchanged (over the ${MAX_BODY_BYTES}-byte request limit)`, async () => {
    const base = s.current.url;
    const snapshot = (await call(base, 'GET', '/__sandbox/state')).body;
    const note = 'n'.repeat(1000);
    const bulk = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`bulk-${i}`, { id: `bulk-${i}`, note }]));
    const big = { ...snapshot, collections: { ...snapshot.collections, bulk } };
    const text = JSON.stringify(big);
    expect(text.length).toBeGreaterThan(3 * MAX_BODY_BYTES);
    expect((await call(base, 'PUT', '/__sandbox/state', { body: text, token: API_KEY })).status).toBe(200);
    expect((await call(base, 'GET', '/__sandbox/state')).body).toEqual(big);
    await call(base, 'PUT', '/__sandbox/state', { body: snapshot, token: API_KEY });
  });

  it(`answers 413 (never MALFORMED_JSON) past the import limit (${MAX_IMPORT_BYTES} bytes) and past ${MAX_BODY_BYTES} bytes on every other control route`, async () => {
    const base = s.current.url;
    const before = await state(base);
    const huge = `{"version":1,"collections":{"x":{"y":{"id":"${'z'.repeat(MAX_IMPORT_BYTES)}"}}}}`;
    expectRefused(await call(base, 'PUT', '/__sandbox/state', { body: huge, token: API_KEY }), 413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${MAX_IMPORT_BYTES} bytes`);
    const big = JSON.stringify({ redirectUris: ['x'.repeat(MAX_BODY_BYTES)] });
    expectRefused(await call(base, 'PATCH', '/__sandbox/settings', { body: big, token: API_KEY }), 413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    expectRefused(await call(base, 'POST', '/__sandbox/clock/advance', { body: big, token: API_KEY }), 413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    await expectUnchanged(base, before);
  });
});

describe('redirect-URI wildcards match the parsed URL (scheme, host, port; path by prefix)', () => {
  const s = useSandboxServer();
  const session = (base: string, token: string, redirectUri: string) =>
    call(base, 'POST', '/_api/redirects-api/v1/redirect-session', {
      body: { auth: { authRequest: { redirectUri, clientId: CLIENT_ID, codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'S256', responseMode: 'query', responseType: 'code', scope: 'offline_access', state: 'st' }, prompt: 'login' } },
      token,
    });

  it('refuses look-alikes of a registered https://shop.test* and https://shop.test:8443/app/*; accepts their real paths', async () => {
    const base = s.current.url;
    expect((await call(base, 'PATCH', '/__sandbox/settings', { body: { redirectUris: ['https://shop.test*', 'https://shop.test:8443/app/*'] }, token: API_KEY })).status).toBe(200);
    const token = await visitorToken(base);
    const before = await state(base);
    const lookAlikes = [
      'https://shop.test@evil.example/cb',
      'https://shop.test.evil.example/cb',
      'https://shop.testevil.example/cb',
      'https://shop.test:444/cb',
      'http://shop.test/cb',
      'https://user:pw@shop.test/cb',
      'https://shop.test:8443/application',
      'https://shop.test:8443/app/../evil',
      'https://shop.test:8443@evil.example/app/cb',
    ];
    for (const redirectUri of lookAlikes) {
      expectRefused(await session(base, token, redirectUri), 400, 'INVALID_REDIRECT_URI', `Redirect URI ${redirectUri} is not registered for this client (add it to the sandbox setting redirectUris)`);
    }
    await expectUnchanged(base, before);
    for (const redirectUri of ['https://shop.test/cb', 'https://shop.test/', 'https://SHOP.test/deep/cb?x=1', 'https://shop.test:8443/app/cb']) {
      expect((await session(base, token, redirectUri)).status, redirectUri).toBe(200);
    }
    const wildcardInside = await call(base, 'PATCH', '/__sandbox/settings', { body: { redirectUris: ['https://*.shop.test/cb'] }, token: API_KEY });
    expectRefused(wildcardInside, 400, 'VALIDATION', 'INVALID_ARGUMENT: "redirectUris[0]" may have a * only at its end (any path starting with what comes before)');
    await call(base, 'PATCH', '/__sandbox/settings', { body: { redirectUris: [] }, token: API_KEY });
  });
});

describe('URLs with control characters are refused before anything is committed', () => {
  const s = useSandboxServer();
  const CRLF = ['http://localhost:5173/cb\r\nSet-Cookie: a=1', 'http://localhost:5173/cb\n', 'http://localhost:5173/\tcb', 'http://localhost:5173/cb\u0000', 'http://localhost:5173/cb\u0085'];

  it('refuses them in redirect sessions, recovery e-mails and the sandbox settings, with the state unchanged', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    const before = await state(base);
    const controlError = (field: string) => `INVALID_ARGUMENT: "${field}" must not contain control characters`;
    for (const url of CRLF) {
      const auth = { authRequest: { redirectUri: url, clientId: CLIENT_ID, codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'S256', responseMode: 'query', responseType: 'code', scope: 'offline_access' } };
      expectRefused(await call(base, 'POST', '/_api/redirects-api/v1/redirect-session', { body: { auth }, token }), 400, 'VALIDATION', controlError('auth.authRequest.redirectUri'));
      expectRefused(await call(base, 'POST', '/_api/redirects-api/v1/redirect-session', { body: { logout: { clientId: CLIENT_ID }, callbacks: { postFlowUrl: url } }, token }), 400, 'VALIDATION', controlError('callbacks.postFlowUrl'));
      expectRefused(await call(base, 'POST', '/_api/iam/recovery/v1/send-email', { body: { email: DEMO.email, redirect: { url, clientId: CLIENT_ID } }, token }), 400, 'VALIDATION', controlError('redirect.url'));
      expectRefused(await call(base, 'PATCH', '/__sandbox/settings', { body: { redirectUris: ['https://ok.test/*', url] }, token: API_KEY }), 400, 'VALIDATION', controlError('redirectUris[1]'));
    }
    await expectUnchanged(base, before);
  });

  it('the set-password page refuses a redirect URL with CR/LF before the password changes', async () => {
    const base = s.current.url;
    const token = await visitorToken(base);
    expect((await call(base, 'POST', '/_api/iam/recovery/v1/send-email', { body: { email: DEMO.email }, token })).status).toBe(200);
    const mail = (await call(base, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(DEMO.email)}`)).body.mail.at(-1);
    const before = await state(base);
    for (const redirectUrl of CRLF) {
      const page = await fetch(`${base}/__sandbox/recover?token=${encodeURIComponent(mail.data.recoveryToken)}&redirectUrl=${encodeURIComponent(redirectUrl)}`);
      expect(page.status).toBe(400);
      const posted = await fetch(`${base}/__sandbox/recover`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: mail.data.recoveryToken, password: 'stolen-pass-1', redirectUrl }) });
      expect(posted.status).toBe(400);
      expect(await posted.text()).toContain('Redirect URI not registered');
      figures.refusals += 2;
    }
    await expectUnchanged(base, before);
    expect((await call(base, 'POST', '/_api/iam/authentication/v2/login', { body: { loginId: { email: DEMO.email }, password: DEMO.password }, token })).body.state).toBe('SUCCESS');
  });
});

describe('verification codes: 5 wrong tries, then the code is void', () => {
  const s = useSandboxServer();

  it('refuses the sixth try, even with the right code, until a new code is sent', async () => {
    const base = s.current.url;
    expect((await call(base, 'PATCH', '/__sandbox/settings', { body: { requireEmailVerification: true }, token: API_KEY })).status).toBe(200);
    const token = await visitorToken(base);
    const email = `verify.${Date.now()}@example.com`;
    const reg = await call(base, 'POST', '/_api/iam/authentication/v2/register', { body: { loginId: { email }, password: 'pass-word-1' }, token });
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const stateToken = reg.body.stateToken;
    const lastCode = async () => (await call(base, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`)).body.mail.at(-1).data.code as string;
    const verify = (code: string) => call(base, 'POST', '/_api/iam/verification/v1/auth/verify', { body: { code, stateToken }, token });
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await state(base);
    for (let i = 0; i < 5; i++) expectRefused(await verify(wrong), 400, 'INVALID_VERIFICATION_CODE', 'Verification code is not valid');
    const voided = 'Too many wrong verification codes: this code no longer works; ask for a new one (resend)';
    expectRefused(await verify(code), 400, 'VERIFICATION_CODE_VOID', voided);
    expectRefused(await verify(wrong), 400, 'VERIFICATION_CODE_VOID', voided);
    await expectUnchanged(base, before);
    expect((await call(base, 'POST', '/_api/iam/verification/v1/auth/resend', { body: { stateToken }, token })).status).toBe(200);
    const fresh = await lastCode();
    expect(fresh).not.toBe(code);
    const ok = await verify(fresh);
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('SUCCESS');
    await call(base, 'PATCH', '/__sandbox/settings', { body: { requireEmailVerification: false }, token: API_KEY });
  });

  it('a reset makes the seeded login waiting for its code new again: its wrong tries are forgotten', async () => {
    const base = s.current.url;
    let token = await visitorToken(base);
    const verify = (code: string) => call(base, 'POST', '/_api/iam/verification/v1/auth/verify', { body: { code, stateToken: AUTH_STATE.token }, token });
    for (let i = 0; i < 5; i++) expectRefused(await verify('000000'), 400, 'INVALID_VERIFICATION_CODE', 'Verification code is not valid');
    expectRefused(await verify(AUTH_STATE.code), 400, 'VERIFICATION_CODE_VOID', 'Too many wrong verification codes: this code no longer works; ask for a new one (resend)');
    expect((await call(base, 'POST', '/__sandbox/reset', { token: API_KEY, body: {} })).status).toBe(200);
    token = await visitorToken(base); // the reset ended every token
    const ok = await verify(AUTH_STATE.code);
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('REQUIRE_OWNER_APPROVAL'); // the seeded login is the pending member's
  });
});

describe('framing, static paths and where links point', () => {
  const s = useSandboxServer(() => {
    const dir = tempFolder('sfk-static-');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    return { staticDir: dir, allowedHosts: ['shop.test'] };
  });

  it('sends a CSP with frame-ancestors none on the console and every sandbox page but the web_message answer', async () => {
    const base = s.current.url;
    for (const path of ['/', '/index.html', '/op/checkout.createOrder', '/__sandbox/checkout/nope', '/__sandbox/login?session=nope', '/__sandbox/recover?token=nope']) {
      const res = await fetch(base + path);
      expect(res.headers.get('content-security-policy'), path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    }
  });

  it('answers a broken percent-escape on a static path with 400 in the provider format', async () => {
    const base = s.current.url;
    for (const path of ['/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const r = await call(base, 'GET', path);
      expectRefused(r, 400, 'INVALID_ARGUMENT', 'The request path is not valid percent-encoded text');
    }
  });

  it('answers a request target that is not a path (absolute-form, *) with 400, not a 500', async () => {
    const port = Number(new URL(s.current.url).port);
    for (const target of ['http://evil.example/ecom/v1/carts/current', '*']) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expectRefused({ status: 400, body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) }, 400, 'INVALID_ARGUMENT', 'The request target must be a path starting with /');
    }
  });

  it('writes links with the public URL, never the Host header', async () => {
    const base = s.current.url;
    const port = new URL(base).port;
    const authorization = await visitorToken(base);
    const res = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/_api/iam/recovery/v1/send-email', method: 'POST', headers: { host: `shop.test:${port}`, 'content-type': 'application/json', authorization } }, (r) => {
        r.resume();
        r.on('end', () => resolve(r.statusCode!));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email: DEMO.email }));
    });
    expect(res).toBe(200);
    const mail = (await call(base, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(DEMO.email)}`)).body.mail.at(-1);
    expect(new URL(mail.data.link).origin).toBe(base);

    const own = await createSandboxServer({ port: 0, publicUrl: 'https://sandbox.example:8443' });
    try {
      const token = await visitorToken(own.url);
      expect((await call(own.url, 'POST', '/_api/iam/recovery/v1/send-email', { body: { email: DEMO.email }, token })).status).toBe(200);
      const link = (await call(own.url, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(DEMO.email)}`)).body.mail.at(-1).data.link;
      expect(link).toMatch(/^https:\/\/sandbox\.example:8443\/__sandbox\/recover\?token=/);
    } finally {
      await own.close();
    }
  });

  it('refuses to start beyond loopback with the default API key, and a public URL that is not an origin', async () => {
    const message = 'Refusing to listen on 0.0.0.0 with the default API key "sandbox-api-key": it is public, and anyone who reaches the port could change or wipe the sandbox\'s state. Choose a key with --api-key (or SFK_API_KEY).';
    await expect(createSandboxServer({ port: 0, host: '0.0.0.0' })).rejects.toThrow(message);
    await expect(createSandboxServer({ port: 0, host: '0.0.0.0', apiKeys: ['x', API_KEY] })).rejects.toThrow(message);
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/sandbox/start.ts', '--port', '0', '--host', '0.0.0.0'], { encoding: 'utf8', timeout: 20_000 });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain(`storefront-kit sandbox: ${message}`);
    await expect(createSandboxServer({ port: 0, publicUrl: 'https://sandbox.example/app' })).rejects.toThrow(
      'The public URL "https://sandbox.example/app" must be an http(s) origin without a path, credentials, query or fragment (e.g. http://sandbox.lan:4010)',
    );
    figures.refusals += 4;
  });
});

describe('figures', () => {
  it('prints the summary', () => {
    recordFigures(
      'security',
      `security: ${figures.refusals} hostile requests refused with the expected status, code and message in the provider's error format; the state compared unchanged ${figures.unchangedStates} times`,
      figures,
    );
    expect(figures.refusals).toBeGreaterThan(0);
  });
});
