/**
 * `routeToSandbox` (storefront-kit/sandbox): an unchanged page on its own origin
 * (https://shop.example) that calls the provider from the browser with plain fetch
 * (https://www.wixapis.com, the provider's raw-token headers, JSON bodies, so every call is
 * preflighted) and shows the provider's images (https://static.wixstatic.com) shops on the
 * sandbox in Chromium: it gets a visitor token, lists products, adds one to the current cart
 * and reads the cart back, and the sandbox holds that cart. The helper's preflight answer is
 * checked on its own too, through a stand-in for Playwright's route.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeToSandbox, type RoutableContext, type RoutedCall } from '../../src/sandbox/index.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { API_KEY, call } from '../support/sandbox.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support.ts';

const SHOP = 'https://shop.example';

/** The shop's one page, as its author wrote it: it knows only the provider's hosts. */
const PAGE = `<!doctype html>
<html><head><title>Shop</title></head><body>
<h1>Shop</h1><ul id="products"></ul><p id="cart"></p><img id="picture" alt="">
<p id="status">loading</p>
<script type="module">
const API = 'https://www.wixapis.com';
async function call(method, path, token, body) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const res = await fetch(API + path, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(method + ' ' + path + ' answered ' + res.status + ': ' + (await res.text()));
  return res.json();
}
try {
  const { access_token: token } = await call('POST', '/oauth2/token', null, { clientId: 'sandbox-client', grantType: 'anonymous' });
  const { products } = await call('POST', '/stores-reader/v1/products/query-platformized', token, {
    query: { filter: { productType: 'physical' }, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 5 } },
  });
  for (const p of products) document.querySelector('#products').append(Object.assign(document.createElement('li'), { textContent: p.name }));
  const simple = products.find((p) => !(p.productOptions ?? []).length);
  await call('POST', '/ecom/v1/carts/current/add-to-cart', token, {
    lineItems: [{ quantity: 2, catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: simple.id } }],
  });
  const { cart } = await call('GET', '/ecom/v1/carts/current', token);
  document.querySelector('#cart').textContent = cart.lineItems.map((l) => l.quantity + ' x ' + l.productName.original).join(', ');
  document.querySelector('#cart').dataset.cartId = cart.id;
  const picture = document.querySelector('#picture');
  picture.src = simple.media.mainMedia.image.url;
  await picture.decode();
  document.querySelector('#status').textContent = 'ready';
} catch (err) {
  document.querySelector('#status').textContent = 'failed: ' + err.message;
}
</script>
</body></html>`;

let sandbox: SandboxServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium`);
  sandbox = await createSandboxServer({ port: 0, validateResponses: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  context = await browser.newContext();
  // The shop's own origin serves its page; nothing else of it is routed.
  await context.route(`${SHOP}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

describe('routeToSandbox', () => {
  it('an unchanged page calling the provider from the browser shops on the sandbox', async () => {
    const unroute = await routeToSandbox(context, sandbox.url);
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).host));
    await page.goto(`${SHOP}/`);
    await page.locator('#status').filter({ hasNotText: 'loading' }).waitFor();
    expect(await page.locator('#status').textContent()).toBe('ready');
    const names = await page.locator('#products li').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const line = await page.locator('#cart').textContent();
    expect(line).toMatch(/^2 x .+/);
    // The image came from the sandbox through the media host.
    expect(await page.locator('#picture').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect([...hosts].sort()).toEqual(['shop.example', 'static.wixstatic.com', 'www.wixapis.com']);
    // The cart is the sandbox's.
    const cartId = await page.locator('#cart').getAttribute('data-cart-id');
    const state = (await call(sandbox.url, 'GET', '/__sandbox/state', { token: API_KEY })).body;
    expect(Object.keys(state.collections.carts)).toContain(cartId);
    await page.close();
    await unroute();
  });

  it('answers a preflight from any origin for the methods and headers it asks for', async () => {
    const answers: { status: number; headers: Record<string, string> }[] = [];
    let handler: ((route: RoutedCall) => Promise<void>) | undefined;
    const fake: RoutableContext = {
      route: async (_match, h) => void (handler = h),
      unroute: async () => undefined,
    };
    await routeToSandbox(fake, sandbox.url);
    await handler!({
      request: () => ({
        url: () => 'https://www.wixapis.com/ecom/v1/carts/current/add-to-cart',
        method: () => 'OPTIONS',
        headers: () => ({ origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' }),
        postDataBuffer: () => null,
      }),
      fulfill: async (a) => void answers.push(a),
    });
    expect(answers).toEqual([
      {
        status: 204,
        headers: {
          'access-control-allow-origin': SHOP,
          'access-control-allow-credentials': 'true',
          vary: 'Origin',
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
          'access-control-allow-headers': 'authorization,content-type',
          'access-control-max-age': '600',
        },
      },
    ]);
  });

  it('routes only the provider\'s hosts, and refuses a URL that is not a sandbox', async () => {
    const matched: ((url: URL) => boolean)[] = [];
    const fake: RoutableContext = { route: async (m) => void matched.push(m), unroute: async () => undefined };
    await routeToSandbox(fake, sandbox.url);
    const [match] = matched;
    expect(['https://www.wixapis.com/x', 'https://edge.wixapis.com/x', 'https://static.wixstatic.com/media/a.jpg'].map((u) => match(new URL(u)))).toEqual([true, true, true]);
    expect(['https://shop.example/', 'http://www.wixapis.com/x', 'https://api.example.com/'].map((u) => match(new URL(u)))).toEqual([false, false, false]);
    await expect(routeToSandbox(fake, 'https://www.wixapis.com')).rejects.toThrow('is the provider itself, not a sandbox');
  });
});
