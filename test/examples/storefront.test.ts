/**
 * The example storefront (examples/storefront) served from its production build against a fresh
 * seeded sandbox, without a browser: server-rendered pages answer with the product's name and
 * price, an unknown product is a 404, and "Add to cart" and the cart page's quantity, remove and
 * coupon work as plain form POSTs (no JavaScript), on the visitor's cart on the sandbox. The
 * sandbox has Cart V1 removed, as the provider will from 2027-02-01: the store is on Cart V2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLoadJs } from '../../examples/storefront/build.ts';
import { TEMPLATE_PRODUCT_PAGE } from '../../scripts/bench/first-load.ts';
import { startStorefront, type Storefront } from '../../examples/storefront/server.ts';
import { sharedStorefrontBuild } from '../support/storefront-build.ts';
import { createClient, currentCartV2, OAuthStrategy, readCookie } from '../../src/index.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/index.ts';
import { COUPON } from '../../src/sandbox/seed/ids.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';

let sandbox: SandboxServer;
let storefront: Storefront;
let outDir: string;

beforeAll(async () => {
  // The build this run shares with the Chromium walk (test/support/storefront-build.ts).
  const built = await sharedStorefrontBuild();
  outDir = built.dir;
  const js = firstLoadJs(outDir, 'routes/product');
  // Figures, printed (never asserted): the build's time and the product page's first-load JavaScript.
  console.log(
    `examples/storefront: ${built.ms === undefined ? 'build shared' : `built in ${built.ms} ms`}; product page first-load JS ${(js.gzipBytes / 1024).toFixed(1)} KiB gzip in ${js.files.length} files`,
  );
  sandbox = await createSandboxServer({ port: 0, settings: { cartV1: 'removed' } });
  storefront = await startStorefront({ sandboxUrl: sandbox.url, port: 0, buildDir: outDir });
}, 180_000);

afterAll(async () => {
  await storefront?.close();
  await sandbox?.close();
});

/** The visitor's tokens cookie from a response, as a Cookie header. */
function cookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith('sfk-tokens='));
  if (!set) throw new Error('the storefront set no sfk-tokens cookie');
  return set.split(';')[0];
}

describe('the example storefront, server-rendered on the sandbox', () => {
  it('renders the home page with the featured products and the search box', async () => {
    const response = await fetch(storefront.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<input[^>]* type="search"[^>]* name="q"/);
    expect(html).toContain('Featured');
    expect(html).toMatch(/href="\/products\/[a-z-]+"/);
    // The images come from the sandbox's media, with a srcset.
    expect(html).toMatch(new RegExp(`<img[^>]+srcSet="${sandbox.url}/media/`, 'i'));
  });

  it("renders a product page with the product's name and price", async () => {
    const response = await fetch(`${storefront.url}/products/linen-shirt`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Linen shirt</h1>');
    expect(html).toContain('<data value="45.00">$45.00</data>');
    expect(html).toContain('Add to cart');
  });

  it("keeps the product page's first load at most 0.70 of the provider's template's, without the kit's store or client", () => {
    // Sizes, not times: the same build gives the same bytes on any machine.
    const js = firstLoadJs(outDir, 'routes/product');
    expect(js.gzipBytes, `${js.gzipBytes} B gzip in ${js.files.join(', ')}`).toBeLessThanOrEqual(
      Math.floor(0.7 * TEMPLATE_PRODUCT_PAGE.gzip),
    );
    const code = js.files.map((f) => readFileSync(join(outDir, 'client', f), 'utf8')).join('\n');
    // The store (its queue), the client (its Cart V2 calls) and the cart's own components come on
    // the first tap that needs them, from a chunk of their own that the page names but does not load.
    for (const mark of ['queueChange', 'add-line-items', 'Decrease quantity of'])
      expect(code.includes(mark), `first load holds ${mark}`).toBe(false);
    expect(code).toMatch(/\/assets\/cart-[\w-]+\.js/);
  });

  it('answers 404 with the not-found page for an unknown product and an unknown address', async () => {
    // '/%E0%A4%A' is not valid percent-encoding: it is an unknown address, not a server crash.
    for (const path of ['/products/no-such-product', '/no/such/page', '/%E0%A4%A']) {
      const response = await fetch(storefront.url + path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('Page not found');
    }
  });

  it('adds to the cart with a plain form POST (no JavaScript): the line is in the cart on the sandbox', async () => {
    const cookie = await newVisitor();
    const added = await postForm('/products/linen-shirt', cookie, { 'option:Size': 'M' });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe('/products/linen-shirt?Size=M&added=1');
    expect(await linesOf(cookie)).toEqual([['Linen shirt', 1]]);

    // The next page is server-rendered with the cart in it.
    const page = await (await fetch(`${storefront.url}/cart`, { headers: { cookie } })).text();
    expect(page).toContain('aria-label="Quantity of Linen shirt"');
  });

  it("changes the cart page's quantity, coupon and lines with plain form POSTs (no JavaScript)", async () => {
    const cookie = await newVisitor();
    await postForm('/products/linen-shirt', cookie, { 'option:Size': 'M' });
    const [line] = (await cartOf(cookie))!.ids;
    const page = await (await fetch(`${storefront.url}/cart`, { headers: { cookie } })).text();
    // The page's own forms name the line and the quantities its buttons send.
    expect(page).toContain(`name="line" value="${line}"`);
    expect(page).toContain(`<button value="2" aria-label="Increase quantity of Linen shirt" name="quantity">`);

    const more = await postForm('/cart', cookie, { intent: 'quantity', line, quantity: '2' });
    expect([more.status, more.headers.get('location')]).toEqual([302, '/cart']);
    expect(await linesOf(cookie)).toEqual([['Linen shirt', 2]]);

    const wrong = await postForm('/cart', cookie, { intent: 'coupon', code: 'NOPE' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('There is no coupon NOPE.');
    const coupon = await postForm('/cart', cookie, { intent: 'coupon', code: COUPON.tenPercent });
    expect(coupon.status).toBe(302);
    expect((await cartOf(cookie))!.coupons).toEqual([COUPON.tenPercent]);
    const couponed = await (await fetch(`${storefront.url}/cart`, { headers: { cookie } })).text();
    expect(couponed).toContain('After discounts');
    expect(couponed).toContain('Remove coupon');
    await postForm('/cart', cookie, { intent: 'removeCoupon' });
    expect((await cartOf(cookie))!.coupons).toEqual([]);

    const bad = await postForm('/cart', cookie, { intent: 'quantity', line, quantity: '-1' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('That quantity cannot be set.');
    const removed = await postForm('/cart', cookie, { intent: 'quantity', line, quantity: '0' });
    expect(removed.status).toBe(302);
    expect(await linesOf(cookie)).toEqual([]);
  });

  it('refuses a form POST without a size with a message, adding nothing', async () => {
    const cookie = await newVisitor();
    const answer = await postForm('/products/linen-shirt', cookie, {});
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Choose a size first.');
    expect(await linesOf(cookie)).toEqual('no cart');
  });
});

/** A new visitor: the tokens cookie the storefront sets on their first page. */
async function newVisitor(): Promise<string> {
  return cookieOf(await fetch(`${storefront.url}/products/linen-shirt`));
}

/** A form POST as a browser without JavaScript sends it. */
function postForm(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  return fetch(storefront.url + path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

/** The visitor's cart lines as [name, quantity], read on the sandbox with the cookie's tokens. */
async function linesOf(cookie: string): Promise<[string | undefined, number | undefined][] | 'no cart'> {
  return (await cartOf(cookie))?.lines ?? 'no cart';
}

/** The visitor's cart on the sandbox (Cart V2, with the cookie's tokens): its lines as [name, quantity], ids and coupons; null: none. */
async function cartOf(cookie: string) {
  const tokens = JSON.parse(decodeURIComponent(readCookie(cookie, 'sfk-tokens')!));
  const client = createClient({
    modules: { currentCartV2 },
    auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID, tokens }),
    host: sandbox.url,
  });
  try {
    const { cart } = await client.currentCartV2.getCurrentCart();
    return {
      lines: cart.lineItems.map((l): [string | undefined, number | undefined] => [
        l.name.original,
        l.quantityInfo.requestedQuantity,
      ]),
      ids: cart.lineItems.map((l) => l.id),
      coupons: cart.coupons.map((c) => c.code),
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'OWNED_CART_NOT_FOUND') return null;
    throw error;
  }
}
