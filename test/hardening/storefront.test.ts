/**
 * Issue 31: the example storefront (examples/storefront, its production build) tried over HTTP
 * as a hostile page, a hostile shopper and a hostile merchant would. Every state-changing request
 * passes one guard before any route (storefront-kit/react/server's guardRequest, run by the
 * store's server.ts), so the checks below hold for every route, resource routes (/checkout,
 * /logout, /session/access-token) and routes added later included (an address no route has).
 * The Chromium half (a cross-site page in a real browser) is test/browser/storefront-security.test.ts.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthCookie } from '../../examples/storefront/app/login.server.ts';
import { startStorefront, type Storefront } from '../../examples/storefront/server.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/index.ts';
import { createClient, currentCart, OAuthStrategy, readCookie } from '../../src/index.ts';
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { sharedStorefrontBuild } from '../support/storefront-build.ts';
import { recordFigures } from './support.ts';

let sandbox: SandboxServer;
let store: Storefront;
const figures = { refusals: 0, pages: 0 };

beforeAll(async () => {
  const built = await sharedStorefrontBuild();
  sandbox = await createSandboxServer({ port: 0 });
  store = await startStorefront({ sandboxUrl: sandbox.url, port: 0, buildDir: built.dir });
}, 300_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
  recordFigures(
    'storefront',
    `storefront: ${figures.refusals} hostile requests refused, ${figures.pages} answers with the page headers`,
    figures,
  );
});

const FORM = 'application/x-www-form-urlencoded';
const EVIL = 'https://evil.example';

/** A new visitor's tokens cookie (the store sets it on the first page), as a Cookie header. */
async function newVisitor(): Promise<string> {
  const res = await fetch(`${store.url}/products/trail-socks`);
  await res.arrayBuffer();
  return tokensCookie(res)!;
}

function tokensCookie(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sfk-tokens='))
    ?.split(';')[0];
}

function post(
  path: string,
  init: { cookie?: string; origin?: string; type?: string; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  return fetch(store.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.origin ? { origin: init.origin } : {}),
      ...(init.type === '' ? {} : { 'content-type': init.type ?? FORM }),
      ...init.headers,
    },
    body: init.body ?? '',
  });
}

/** The visitor's cart lines on the sandbox, read with the tokens of their cookie: [name, quantity]. */
async function cartPage(cookie: string): Promise<string> {
  const tokens = JSON.parse(decodeURIComponent(readCookie(cookie, 'sfk-tokens')!));
  const client = createClient({
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID, tokens }),
    host: sandbox.url,
  });
  const { cart } = await client.currentCart.getCurrentCart().catch(() => ({ cart: undefined }));
  return JSON.stringify((cart?.lineItems ?? []).map((l) => [l.productName?.original, l.quantity]));
}

describe('cross-site requests change nothing', () => {
  // A resource route, a page's action, the token endpoint, the hosted login's start, and an address no route has yet.
  const PATHS = [
    '/checkout',
    '/logout',
    '/products/trail-socks',
    '/session/access-token',
    '/login',
    '/register',
    '/cart',
    '/a-route-added-later',
  ];

  it('refuses a foreign Origin (another site, a same-site page on another port, an opaque origin) with 403 on every route, before any route runs', async () => {
    const cookie = await newVisitor();
    const added = await post('/products/trail-socks', { cookie, origin: store.url });
    expect(added.status).toBe(302);
    const before = await cartPage(cookie);
    expect(before).toBe('[["Trail socks",1]]');
    const sameSite = store.url.replace(/:\d+$/, ':1');
    for (const path of PATHS)
      for (const origin of [EVIL, sameSite, 'null']) {
        const res = await post(path, { cookie, origin });
        expect(res.status, `${origin} -> ${path}`).toBe(403);
        expect(await res.text()).toMatch(/^Refused: a request from .* may not change anything on this store/);
        // The shopper's session is left alone: no new visitor's cookie, no cleared one.
        expect(tokensCookie(res), path).toBeUndefined();
        figures.refusals++;
      }
    // A browser that sends no Origin still says where the request came from.
    const res = await post('/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(await cartPage(cookie)).toBe(before);
  });

  it("lets the store's own pages through (its address, or the one the browser used: localhost)", async () => {
    const cookie = await newVisitor();
    for (const origin of [store.url, store.url.replace('127.0.0.1', 'localhost')]) {
      // node:http, not fetch: fetch sets the Host header itself.
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${store.url}/session/access-token`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': FORM, host: new URL(origin).host, 'content-length': 0 },
        });
        req
          .on('response', (res) => resolve(res.resume().statusCode!))
          .on('error', reject)
          .end();
      });
      expect(status, origin).toBe(200);
    }
  });

  it("runs a page's action posted from the store's page at localhost, the address the browser used (React Router's own Origin check passes)", async () => {
    const cookie = await newVisitor();
    const local = store.url.replace('127.0.0.1', 'localhost');
    const body = 'quantity=1';
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${store.url}/products/trail-socks`, {
        method: 'POST',
        headers: { cookie, origin: local, host: new URL(local).host, 'content-type': FORM, 'content-length': body.length },
      });
      req
        .on('response', (res) => resolve(res.resume().statusCode!))
        .on('error', reject)
        .end(body);
    });
    expect(status).toBe(302);
    expect(await cartPage(cookie)).toBe('[["Trail socks",1]]');
  });

  it("behind a TLS proxy (startStorefront's origins), runs a page's action from the store's https origin and still refuses another site's", async () => {
    const proxied = await startStorefront({ sandboxUrl: sandbox.url, port: 0, buildDir: (await sharedStorefrontBuild()).dir, origins: ['https://shop.example'] });
    try {
      const statuses: number[] = [];
      for (const origin of ['https://shop.example', EVIL]) {
        const body = 'quantity=1';
        statuses.push(await new Promise<number>((resolve, reject) => {
          const req = request(`${proxied.url}/products/trail-socks`, {
            method: 'POST',
            headers: { origin, host: 'shop.example', 'content-type': FORM, 'content-length': body.length },
          });
          req.on('response', (res) => resolve(res.resume().statusCode!)).on('error', reject).end(body);
        }));
      }
      expect(statuses).toEqual([302, 403]);
    } finally {
      await proxied.close();
    }
  });
});

describe('odd methods and bodies: clear 4xx answers, never a 500', () => {
  it('answers 405, 415, 413 and 400 before any action reads the body', async () => {
    const cookie = await newVisitor();
    const cases: [string, Promise<Response>, number, RegExp][] = [
      [
        'PUT',
        fetch(`${store.url}/products/trail-socks`, {
          method: 'PUT',
          headers: { cookie, 'content-type': FORM },
          body: 'a=1',
        }),
        405,
        /PUT is not a method/,
      ],
      ['DELETE', fetch(`${store.url}/cart`, { method: 'DELETE', headers: { cookie } }), 405, /DELETE is not a method/],
      [
        'JSON',
        post('/products/trail-socks', { cookie, type: 'application/json', body: '{}' }),
        415,
        /not application\/json/,
      ],
      ['text', post('/products/trail-socks', { cookie, type: 'text/plain', body: 'x=1' }), 415, /not text\/plain/],
      [
        'no type',
        post('/checkout', { cookie, type: '', body: new Uint8Array([1, 2, 3]) }),
        415,
        /names no Content-Type/,
      ],
      [
        '1 MB form',
        post('/products/trail-socks', { cookie, body: `q=${'x'.repeat(1 << 20)}` }),
        413,
        /larger than 65536 bytes/,
      ],
      [
        'broken multipart',
        post('/register', { cookie, type: 'multipart/form-data; boundary=zz', body: 'not a form' }),
        400,
        /does not parse/,
      ],
    ];
    for (const [name, answer, status, text] of cases) {
      const res = await answer;
      expect(res.status, name).toBe(status);
      expect(await res.text(), name).toMatch(text);
      figures.refusals++;
    }
    expect(
      (await fetch(`${store.url}/products/trail-socks`, { method: 'PUT', headers: { cookie } })).headers.get('allow'),
    ).toBe('GET, HEAD, POST');
    expect(await cartPage(cookie)).toBe('[]');
  });

  it('refuses a 32 MB body after reading no more than its limit, and answers the next request', async () => {
    const big = new Uint8Array(32 << 20);
    const res = await post('/products/trail-socks', { body: big });
    expect(res.status).toBe(413);
    expect((await fetch(store.url)).status).toBe(200);
  });

  it('refuses a body sent in chunks (no Content-Length) once it passes the limit, closing the connection long before a 256 MB body ends without holding it, and answers the next request', async () => {
    const TOTAL = 256 << 20;
    const chunk = Buffer.alloc(64 << 10, 'x');
    const rssBefore = process.memoryUsage().rss;
    // The sender keeps sending after the answer, as fast as the connection takes it, until the store closes it.
    const { status, text, sent } = await new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answer: { status: number; text: string } | undefined;
      const req = request(`${store.url}/products/trail-socks`, { method: 'POST', headers: { 'content-type': FORM } });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (s: string) => (text += s)).on('end', () => (answer = { status: res.statusCode!, text }));
      });
      req.on('error', () => undefined);
      req.on('close', () => (answer ? resolve({ ...answer, sent }) : reject(new Error(`closed after ${sent} bytes, unanswered`))));
      const write = () => {
        while (sent < TOTAL) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(status).toBe(413);
    expect(text).toMatch(/larger than 65536 bytes/);
    expect(sent).toBeLessThan(TOTAL);
    // The store (this process) held no more than the limit of what it read before the close.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(32 << 20);
    expect((await fetch(store.url)).status).toBe(200);
    figures.refusals++;
  });
});

/** A request written as raw bytes (fetch and node:http send neither of these), its answer's head. */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(store.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(text));
    socket.on('data', (b: Buffer) => chunks.push(b));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]));
    socket.on('error', reject);
  });
}

describe('requests no web Request can carry', () => {
  it('answers a TRACE with 405 and a request target that is no URL with 400, with the page headers, and answers the next request', async () => {
    const host = new URL(store.url).host;
    for (const [line, status] of [['TRACE / HTTP/1.1', 405], ['GET http://[ HTTP/1.1', 400]] as const) {
      const head = await rawRequest(`${line}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(head, line).toMatch(new RegExp(`^HTTP/1.1 ${status}\\b`));
      expect(head, line).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
      figures.refusals++;
    }
    expect((await fetch(store.url)).status).toBe(200);
  });

  it('answers a Host that names no host, or two Hosts, with 400 and the page headers, and answers the next request', async () => {
    for (const hosts of [['a b'], ['a.example', 'b.example']]) {
      const head = await rawRequest(`GET / HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Connection: close\r\n\r\n`);
      expect(head, hosts.join()).toMatch(/^HTTP\/1.1 400\b/);
      expect(head, hosts.join()).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
      figures.refusals++;
    }
    expect((await fetch(store.url)).status).toBe(200);
  });
});

describe('no open redirect, no token for page scripts', () => {
  it('keeps a post-login destination on the store: //, /\\, /<TAB>/ and absolute URLs become /account', async () => {
    for (const [back, kept] of [
      ['//evil.example/x', '/account'],
      ['/\\evil.example/x', '/account'],
      ['/\t/evil.example/x', '/account'],
      ['/\n/evil.example', '/account'],
      ['https://evil.example/', '/account'],
      ['/cart?from=login', '/cart?from=login'],
    ]) {
      const res = await post(`/login?back=${encodeURIComponent(back)}`, { origin: store.url });
      expect(res.status).toBe(302);
      const set = res.headers.getSetCookie().find((c) => c.startsWith('sfk-oauth='))!;
      const data = (await oauthCookie.parse(set.split(';')[0])) as { originalUri: string };
      expect(data.originalUri, JSON.stringify(back)).toBe(kept);
    }
  });

  it('keeps the tokens HttpOnly; the browser gets the access token alone, from the store, and no token is in the page', async () => {
    const first = await fetch(`${store.url}/`);
    const html = await first.text();
    const set = first.headers.getSetCookie().find((c) => c.startsWith('sfk-tokens='))!;
    expect(set).toMatch(/; HttpOnly(;|$)/);
    const tokens = JSON.parse(decodeURIComponent(set.split(';')[0].slice('sfk-tokens='.length)));
    expect(html).not.toContain(tokens.refreshToken.value);
    expect(html).not.toContain(tokens.accessToken.value);
    const answer = await post('/session/access-token', { cookie: set.split(';')[0], origin: store.url });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = await answer.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresAt']);
    expect(body.accessToken).toBe(tokens.accessToken.value);
  });
});

describe('cookies', () => {
  it("gives a new visitor starting sign-in both the sign-in's cookie and their tokens cookie on one answer", async () => {
    const res = await post('/login', { origin: store.url });
    expect(res.status).toBe(302);
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names.sort()).toEqual(['sfk-oauth', 'sfk-tokens']);
  });
});

describe('the page headers on every answer', () => {
  it('sends a CSP whose nonce is on every inline script, frame-ancestors none, nosniff and a Referrer-Policy', async () => {
    const home = await (await fetch(store.url)).text();
    const asset = home.match(/href="(\/assets\/[^"]+\.js)"/)![1];
    const paths = [
      '/',
      '/products/linen-shirt',
      '/search?q=shirt',
      '/collections/all-products',
      '/cart',
      '/login',
      '/register',
      '/account',
      '/no/such/page',
      asset,
    ];
    for (const path of paths) {
      const res = await fetch(store.url + path, { redirect: 'manual' });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(csp, path).toMatch(/(^|; )object-src 'none'(;|$)/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      const html = res.headers.get('content-type')?.startsWith('text/html') ? await res.text() : '';
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, path).toContain(`nonce="${nonce}"`);
      figures.pages++;
    }
    // A refused request carries them too.
    const refused = await post('/checkout', { origin: EVIL });
    expect(refused.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});

describe("a merchant's bad image", () => {
  it('leaves a javascript: image out of the product page and the search listing, which answer 200', async () => {
    const auth = { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' };
    const state = await (await fetch(`${sandbox.url}/__sandbox/state`, { headers: auth })).json();
    const products = state.collections.products as Record<string, { slug: string; media?: any }>;
    const tote = Object.values(products).find((p) => p.slug === 'canvas-tote')!;
    const bad = 'javascript:alert(document.cookie)';
    tote.media.mainMedia.image.url = bad;
    for (const item of tote.media.items ?? []) item.image.url = bad;
    const put = await fetch(`${sandbox.url}/__sandbox/state`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify(state),
    });
    expect(put.status).toBe(200);
    for (const path of ['/products/canvas-tote', '/search?q=canvas', '/collections/all-products']) {
      const res = await fetch(store.url + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('Canvas tote');
      expect(html, path).not.toMatch(/<img[^>]+javascript:/);
    }
  });
});
