/**
 * The example storefront (examples/storefront/) walked in Chromium as a shopper, on a fresh
 * sandbox each walk: home, search, a product page, a variant (the sold-out one shown as such),
 * add to cart, five quick quantity changes, a coupon, the checkout redirect, the demo member's
 * hosted login (the visitor's cart merged into the member's) and the wishlist on the member
 * page; at 1440x900 and at 390x844 (nothing covers what is clicked, no sideways scroll); with
 * JavaScript off (browse and add to cart through the form action); with a sandbox fault
 * (a failed add shows an alert and rolls the optimistic change back); and with the cart's code
 * (fetched on the first cart tap, not with the page) failing to load once. Every page: no console
 * error, no hydration warning, no page error, and axe finds no serious or critical violation.
 *
 * The storefront's server and the browser reach the sandbox through a pass-through proxy
 * (watch-proxy.ts): the test sees every sandbox call whichever side makes it. Faults and held
 * answers are the sandbox's own (`sandbox.faults`), as a storefront team's test asks for them.
 * One browser, one build of the example per run (made here).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/server.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { COUPON, DEMO_MEMBER, WISHLIST_ID } from '../../src/sandbox/seed/ids.ts';
import { DEFAULT_API_KEY } from '../../src/sandbox/platform/defaults.ts';
import { sharedStorefrontBuild } from '../support/storefront-build.ts';
import { startWatchProxy, type WatchProxy } from './watch-proxy.ts';
import { CHROMIUM, CHROMIUM_ARGS, noSidewaysScroll, screenshots, seriousViolations } from './support.ts';

const started = performance.now();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
/** The seeded product the walk buys: sizes S (sold out), M, L, XL. */
const JACKET = { name: 'Rain jacket', slug: 'rain-jacket', soldOut: 'S', pick: 'M' };
/** A seeded product without options, for the walk without JavaScript. */
const SOCKS = { name: 'Trail socks', slug: 'trail-socks', search: 'trail' };
/** The demo member's seeded wishlist: the first three products. */
const WISHLIST = ['Linen shirt', 'Canvas tote', 'Wool beanie'];
// The store is on Cart V2; the sandbox answers Cart V1 as removed (the provider's removal, 2027-02-01).
const ADD_TO_CART = {
  method: 'POST',
  path: '/ecom/v2/carts/current/add-line-items',
  operation: 'currentCartV2.addLineItemsToCurrentCart',
};
const CART_READ = 'GET /ecom/v2/carts/current';
const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';

let proxy: WatchProxy;
let sandbox: SandboxServer;
let store: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  // The build this run shares with test/examples, under .tmp/ (where the server build's
  // storefront-kit import resolves): a developer's examples/storefront/build is left alone.
  const built = await sharedStorefrontBuild();
  console.log(
    `storefront walk: ${built.ms === undefined ? 'the example build shared' : `the example built in ${(built.ms / 1000).toFixed(1)} s`}`,
  );
  proxy = await startWatchProxy();
  // Links the sandbox writes (redirect sessions, the hosted login) point at the proxy too.
  sandbox = await createSandboxServer({
    port: 0,
    validateResponses: true,
    publicUrl: proxy.url,
    settings: { cartV1: 'removed' },
  });
  proxy.target = sandbox.url;
  proxy.keepBodies.add(REDIRECT_SESSION);
  // The member page's wishlist: no operation names a member's wishlist, so the store is told it (as `npm run example` does).
  store = await startStorefront({
    sandboxUrl: proxy.url,
    port: 0,
    buildDir: built.dir,
    wishlists: { [DEMO_MEMBER.id]: WISHLIST_ID },
  });
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  mkdirSync(screenshots, { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
  await sandbox?.close();
  await proxy?.close();
  console.log(`storefront walk: ${((performance.now() - started) / 1000).toFixed(1)} s for the file`);
});

/** A fresh sandbox for a walk: the seed as at start (carts, the member's cart, the wishlist). */
/** The Cart V1 operations the sandbox counted calls of since its reset (GET /__sandbox/cart-v1-calls). */
async function v1CartCalls(): Promise<string[]> {
  const res = await fetch(`${sandbox.url}/__sandbox/cart-v1-calls`, { headers: { authorization: DEFAULT_API_KEY } });
  return ((await res.json()) as { operations: { operation: string }[] }).operations.map((c) => c.operation);
}

async function freshSandbox(): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/reset`, {
    method: 'POST',
    headers: { authorization: DEFAULT_API_KEY, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status, 'sandbox reset').toBe(200);
  proxy.calls.length = 0;
}

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, hydration messages of any level, uncaught page errors. */
  problems: string[];
  /** The calls the browser itself made to the sandbox (method and path). */
  sandboxCalls: string[];
  /** The scripts the browser fetched from the store (their paths). */
  scripts: string[];
}

/** A new shopper (own cookies) whose console and page errors are collected. */
async function shopper(viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Watched> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    const text = m.text();
    if (m.type() === 'error' || m.type() === 'warning' || /hydrat/i.test(text))
      problems.push(`console ${m.type()}: ${text} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  const sandboxCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(proxy.url) && r.method() !== 'OPTIONS')
      sandboxCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    if (r.url().startsWith(store.url) && r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return { page, context, problems, sandboxCalls, scripts };
}

/** Waits for what the page shows, never a fixed time: a loaded machine is slow but gets there. */
const T = { timeout: 30_000 };

/**
 * Clicks what a shopper sees: the element is in the window, and the point at its centre is the
 * element itself (or inside it), not a toast, a header or a drawer lying over it. A styled
 * choice (a radio hidden inside its label) is clicked where the shopper clicks it: its label.
 */
async function clickUncovered(target: Locator): Promise<void> {
  const styledChoice = await target.evaluate(
    (el) => el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') && !!el.closest('label'),
  );
  const seen = styledChoice ? target.locator('xpath=ancestor::label[1]') : target;
  await seen.scrollIntoViewIfNeeded(T);
  const covered = await seen.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `outside the window at ${x},${y}`;
    const top = document.elementFromPoint(x, y);
    return top && (top === el || el.contains(top) || top.contains(el))
      ? ''
      : `covered by <${top?.tagName.toLowerCase()} class="${top?.getAttribute('class') ?? ''}">${top?.textContent?.slice(0, 60) ?? ''}`;
  });
  expect(covered, `${target}: nothing lies over what the shopper clicks`).toBe('');
  await seen.click(T);
  if (styledChoice) await expect.poll(() => target.isChecked(), T).toBe(true);
}

/** Every main page: no sideways scroll, axe clean, and (where asked) a screenshot. */
async function checkPage(page: Page, what: string, shot?: string): Promise<void> {
  expect(await noSidewaysScroll(page), `${what}: no horizontal scroll`).toBe(true);
  expect(await seriousViolations(page), `${what}: axe serious or critical violations`).toEqual([]);
  if (shot) await page.screenshot({ path: join(screenshots, shot) });
}

const searchbox = (page: Page) => page.getByRole('searchbox').and(page.locator('[name="q"]'));
const cartDrawer = (page: Page) => page.getByRole('dialog', { name: /cart/i });
const lineOf = (page: Page, name: string) => cartDrawer(page).getByRole('listitem').filter({ hasText: name });

/** The walk at one viewport; `shots` names the screenshots taken on the way (by page). */
async function walk(
  viewport: { width: number; height: number },
  shots: Partial<Record<string, string>>,
): Promise<Watched> {
  await freshSandbox();
  const s = await shopper(viewport);
  const { page } = s;

  // Home: server-rendered featured collections.
  await page.goto(store.url + '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor(T);
  await page.waitForLoadState('networkidle');
  await checkPage(page, 'home', shots.home);
  // The cart came with the page (server-rendered, hydrated): the browser does not read it again.
  expect
    .soft(
      s.sandboxCalls.filter((c) => c === CART_READ),
      'cart reads by the browser on load',
    )
    .toEqual([]);

  // Search: the search box (role searchbox, name="q") lands on the results.
  await searchbox(page).fill('rain');
  await searchbox(page).press('Enter');
  await page.waitForURL(/\/search\?(.*&)?q=rain/, T);
  const result = page.getByRole('link', { name: new RegExp(JACKET.name) }).first();
  await result.waitFor(T);
  await checkPage(page, 'search', shots.search);

  // Product page at /products/<slug>.
  await clickUncovered(result);
  await page.waitForURL(`**/products/${JACKET.slug}`, T);
  await page.getByRole('heading', { level: 1, name: JACKET.name }).waitFor(T);
  // The sold-out size says so in its name (a screen reader hears it); the one bought does not.
  const soldOut = page.getByRole('radio', { name: new RegExp(`^${JACKET.soldOut}\\b.*(sold out|out of stock)`, 'i') });
  await soldOut.waitFor(T);
  const pick = page.getByRole('radio', { name: JACKET.pick, exact: true });
  await pick.waitFor(T);
  // And a sighted shopper sees it: the sold-out choice does not look like the in-stock ones.
  const looks = (choice: Locator) =>
    choice.evaluate((el) => {
      const label = el.closest('label') ?? el;
      // What is drawn: the label and its boxes, not the hidden input or a screen-reader-only text.
      const shown = [label, ...label.querySelectorAll('*')].filter((e) => {
        const r = e.getBoundingClientRect();
        const c = getComputedStyle(e);
        const clipped = c.clip !== 'auto' || c.clipPath !== 'none';
        return e !== el && !clipped && r.width > 2 && r.height > 2;
      });
      return shown.map((e) => {
        const c = getComputedStyle(e);
        return [c.textDecorationLine, c.color, c.borderStyle, c.opacity, c.backgroundColor].join(' ');
      });
    });
  expect
    .soft(await looks(soldOut), 'the sold-out size looks different from an in-stock one (a sighted shopper sees it)')
    .not.toEqual(await looks(page.getByRole('radio', { name: 'L', exact: true })));
  await page.waitForLoadState('networkidle');
  await checkPage(page, 'product', shots.product);
  // The cart's code (the kit's store and client, the drawer's contents) is not part of the pages'
  // first loads: nothing has asked for the cart yet.
  const cartCode = () => s.scripts.filter((path) => /\/assets\/cart-/.test(path));
  expect(cartCode(), 'the cart code fetched before any cart tap').toEqual([]);
  // Chosen anyway, the sold-out size is refused before any call: nothing reaches the cart.
  const addsBefore = adds().length;
  await clickUncovered(soldOut);
  await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
  await page
    .getByRole('alert')
    .filter({ hasText: /sold out/i })
    .first()
    .waitFor(T);
  expect(adds()).toHaveLength(addsBefore);
  await clickUncovered(pick);

  // Add to cart: the cart drawer opens with the line, shown before the store answers (the sandbox
  // holds the add, so the line is still the optimistic one when the shopper acts on it).
  const heldAdd = sandbox.sandbox.faults.add({ operation: ADD_TO_CART.operation, hold: true, times: 1 });
  await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
  const line = lineOf(page, JACKET.name);
  await line.waitFor(T);
  await expect.poll(() => quantityOf(line), T).toBe(1);
  // Fetched for the add (its chunk, then the chunk of the kit's cart it imports), each once.
  expect(cartCode().length).toBeGreaterThan(0);
  expect(new Set(cartCode()).size).toBe(cartCode().length);

  // Five quick quantity changes, without waiting for the answers: a click on "+", then the
  // keyboard (Enter on the focused "+"), the add answered in the middle. The line's element stays
  // the same when the store names the line, so the focus stays on "+" and no press is lost.
  const more = line.getByRole('button', { name: /increase/i });
  await clickUncovered(more);
  await more.evaluate((el) => Object.assign(el, { sfkWalkMark: true }));
  expect(await more.evaluate((el) => el === document.activeElement), 'the clicked "+" has the focus').toBe(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // The add has reached the sandbox (its one-time hold is used up), and is answered now.
  await expect.poll(() => sandbox.sandbox.faults.list(), T).toEqual([]);
  expect(sandbox.sandbox.faults.release(heldAdd.id), 'the add was held until now').toBe(1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect.poll(() => quantityOf(line), T).toBe(6);
  await waitForQuiet(page);
  expect(
    await page.evaluate(() => {
      const focused = document.activeElement as (Element & { sfkWalkMark?: boolean }) | null;
      return `${focused?.getAttribute('aria-label')} ${focused?.sfkWalkMark === true ? '(the same element)' : '(another element)'}`;
    }),
    'the focus stays on the same "+" through the five changes and the answers',
  ).toBe(`Increase quantity of ${JACKET.name} (the same element)`);
  await checkPage(page, 'cart drawer', shots.cart);

  // Coupon: the seed's 10 % off.
  await cartDrawer(page)
    .getByRole('textbox', { name: /coupon/i })
    .fill(COUPON.tenPercent);
  await clickUncovered(cartDrawer(page).getByRole('button', { name: /apply/i }));
  await cartDrawer(page).getByText(COUPON.tenPercent).first().waitFor(T);

  // Reloaded, the server-rendered cart says what the drawer said: 6 of the jacket, the coupon.
  await page.reload();
  await openCart(page);
  await expect.poll(() => quantityOf(lineOf(page, JACKET.name)), T).toBe(6);
  await cartDrawer(page).getByText(COUPON.tenPercent).first().waitFor(T);

  // Checkout: the browser lands on the redirect session's URL.
  await clickUncovered(
    cartDrawer(page)
      .getByRole('button', { name: /checkout/i })
      .or(cartDrawer(page).getByRole('link', { name: /checkout/i })),
  );
  await page.waitForURL(/\/__sandbox\/redirect\?session=/, T);
  const session = proxy.calls.filter((c) => c.path === REDIRECT_SESSION && c.status === 200).at(-1);
  expect(session, 'the storefront created a redirect session').toBeDefined();
  expect(page.url()).toBe((session!.body as { redirectSession: { fullUrl: string } }).redirectSession.fullUrl);
  await page.getByRole('heading', { name: 'Redirect session: ecomCheckout' }).waitFor(T);

  // Login as the demo member through the hosted login page (PKCE), back on the store.
  await page.goto(store.url + '/');
  await clickUncovered(
    page
      .getByRole('link', { name: /log ?in|sign ?in/i })
      .or(page.getByRole('button', { name: /log ?in|sign ?in/i }))
      .first(),
  );
  await page.waitForURL('**/login', T);
  await clickUncovered(page.getByRole('button', { name: 'Continue to sign in' }));
  await page.waitForURL(/\/__sandbox\/login/, T);
  await page.getByLabel('E-mail').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password').fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Log in' }).click(T);
  await page.waitForURL((u) => u.origin === new URL(store.url).origin && !u.pathname.startsWith('/auth'), T);

  // The visitor's cart merged into the member's: the jacket's 6 are in it.
  await openCart(page);
  await expect.poll(() => quantityOf(lineOf(page, JACKET.name)), T).toBe(6);
  await closeCart(page);

  // The member page with the seeded wishlist.
  await clickUncovered(page.getByRole('link', { name: /account|member|profile/i }).first());
  const wishlist = page.getByRole('region', { name: /wishlist/i }).or(page.getByRole('list', { name: /wishlist/i }));
  for (const name of WISHLIST) await wishlist.getByText(name).first().waitFor(T);
  await page.waitForLoadState('networkidle');
  await checkPage(page, 'member page', shots.member);
  return s;
}

/** The add-to-cart calls that reached the sandbox (from the browser or the storefront's server). */
const adds = () =>
  proxy.calls.filter((c) => c.method === ADD_TO_CART.method && c.path === ADD_TO_CART.path && c.status === 200);

/** The quantity a cart line shows (its quantity field's value, or the number in its status). */
async function quantityOf(line: Locator): Promise<number> {
  const field = line.getByRole('spinbutton').or(line.getByRole('status')).or(line.locator('output')).first();
  const text = await field.evaluate((el) =>
    'value' in el ? String((el as HTMLInputElement).value) : (el.textContent ?? ''),
  );
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

/** The page has no request in flight (the quantity writes answered). */
const waitForQuiet = (page: Page) => page.waitForLoadState('networkidle');

async function openCart(page: Page): Promise<void> {
  if (await cartDrawer(page).isVisible()) return;
  // The header's cart button (a link to /cart before hydration).
  await clickUncovered(page.getByRole('button', { name: /^Cart\b/ }));
  await cartDrawer(page).waitFor(T);
}

async function closeCart(page: Page): Promise<void> {
  await clickUncovered(cartDrawer(page).getByRole('button', { name: /close/i }));
  await cartDrawer(page).waitFor({ state: 'hidden', ...T });
}

describe('the example storefront, walked in Chromium as a shopper', () => {
  it(
    'at 1440x900: home, search, product, variant, add, five quick quantity changes, coupon, checkout redirect, member login with the cart merged, wishlist',
    { timeout: 240_000 },
    async () => {
      const s = await walk(WIDE, {
        home: 'storefront-home.png',
        search: 'storefront-search.png',
        product: 'storefront-product.png',
        cart: 'storefront-cart.png',
        member: 'storefront-member.png',
      });
      expect(s.problems).toEqual([]);
      expect(await v1CartCalls(), 'Cart V1 calls the store made (removed in this sandbox)').toEqual([]);
      await s.context.close();
    },
  );

  it('at 390x844: the same walk, nothing covered, no sideways scroll', { timeout: 240_000 }, async () => {
    const s = await walk(NARROW, { product: 'storefront-product-390.png' });
    expect(s.problems).toEqual([]);
    await s.context.close();
  });

  it(
    'with JavaScript off: home, search, product, add to cart through the form action, the cart holds it',
    { timeout: 120_000 },
    async () => {
      await freshSandbox();
      const s = await shopper(WIDE, false);
      const { page } = s;
      // No script runs in this page, the test's own evaluations neither: Playwright's clicks only.
      await page.goto(store.url + '/');
      await searchbox(page).fill(SOCKS.search);
      await searchbox(page).press('Enter');
      await page.waitForURL(new RegExp(`/search\\?(.*&)?q=${SOCKS.search}`), T);
      await page
        .getByRole('link', { name: new RegExp(SOCKS.name) })
        .first()
        .click(T);
      await page.waitForURL(`**/products/${SOCKS.slug}`, T);
      await page.getByRole('button', { name: 'Add to cart' }).click(T);
      // The form's action adds and comes back to the product page, which says so; the cart page holds it.
      await page.getByRole('status').filter({ hasText: 'Added to your cart' }).waitFor(T);
      await page.goto(store.url + '/cart');
      await page.getByText(SOCKS.name).first().waitFor(T);
      expect(adds()).toHaveLength(1);

      // The cart page's own forms, each answered by /cart's action and the page drawn again.
      const quantity = page
        .getByRole('status', { name: `Quantity of ${SOCKS.name}` })
        .or(page.locator(`output[aria-label="Quantity of ${SOCKS.name}"]`));
      await page.getByRole('button', { name: `Increase quantity of ${SOCKS.name}` }).click(T);
      await expect.poll(() => quantity.first().textContent(), T).toBe('2');
      await page.getByRole('textbox', { name: /coupon/i }).fill(COUPON.tenPercent);
      await page.getByRole('button', { name: /apply/i }).click(T);
      await page.getByRole('button', { name: 'Remove coupon' }).waitFor(T);
      await page.getByText('After discounts').waitFor(T);
      await page.getByRole('button', { name: 'Remove coupon' }).click(T);
      await page.getByRole('textbox', { name: /coupon/i }).waitFor(T);
      await page.getByRole('button', { name: `Decrease quantity of ${SOCKS.name}` }).click(T);
      await expect.poll(() => quantity.first().textContent(), T).toBe('1');
      await page.getByRole('button', { name: `Remove ${SOCKS.name}` }).click(T);
      await page.getByText('Your cart is empty.').waitFor(T);
      expect(await v1CartCalls(), 'Cart V1 calls the store made (removed in this sandbox)').toEqual([]);
      expect(s.problems).toEqual([]);
      await s.context.close();
    },
  );

  it(
    'with a sandbox fault: a failed add shows the error (role alert) and rolls the optimistic change back',
    { timeout: 120_000 },
    async () => {
      await freshSandbox();
      const s = await shopper(WIDE);
      const { page } = s;
      await page.goto(`${store.url}/products/${JACKET.slug}`);
      await page.getByRole('heading', { level: 1, name: JACKET.name }).waitFor(T);
      await page.waitForLoadState('networkidle');
      await clickUncovered(page.getByRole('radio', { name: new RegExp(`^${JACKET.pick}\\b`) }));
      const fault = sandbox.sandbox.faults.add({ operation: ADD_TO_CART.operation, status: 503, hold: true, times: 1 });
      await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
      // While the add is underway, the cart shows it at once (optimistic)...
      const optimistic = cartDrawer(page).getByRole('listitem');
      await optimistic.first().waitFor(T);
      expect(await optimistic.count()).toBe(1);
      await expect.poll(() => quantityOf(optimistic.first()), T).toBe(1);
      // The line names what is being added, as the React layer does for a product the page has read.
      expect(await optimistic.first().textContent(), 'the optimistic line names the product being added').toContain(
        JACKET.name,
      );
      // A line waiting for its answer stays readable: axe finds nothing while it waits.
      expect(await seriousViolations(page), 'the cart drawer with a line waiting for its answer').toEqual([]);
      await expect.poll(() => sandbox.sandbox.faults.list(), T).toEqual([]);
      expect(sandbox.sandbox.faults.release(fault.id), 'the add was held until now').toBe(1);
      // ...then the refusal: said in an alert, and the line rolled back; the cart's count is 0 again.
      await page
        .getByRole('alert')
        .filter({ hasText: `Could not add ${JACKET.name} to your cart` })
        .first()
        .waitFor(T);
      await openCart(page);
      await expect.poll(() => optimistic.count(), T).toBe(0);
      expect(proxy.calls.some((c) => c.path === ADD_TO_CART.path && c.status === 503)).toBe(true);
      await closeCart(page);
      await page.getByRole('button', { name: /^Cart 0 items$/ }).waitFor(T);
      // The fault used up (times: 1), the same add goes through.
      await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
      await lineOf(page, JACKET.name).waitFor(T);
      // The browser reports the refused add itself (a 503), and the read that follows it to learn
      // the server's cart (a 404: this visitor has no cart yet); nothing else may appear.
      expect(
        s.problems.filter(
          (p) => !/status of 503 .*add-line-items\)$|status of 404 .*\/ecom\/v2\/carts\/current\)$/.test(p),
        ),
      ).toEqual([]);
      await s.context.close();
    },
  );

  it(
    "with the cart's code not fetched (the network): the drawer and the page say so, and the next tap fetches it and adds",
    { timeout: 120_000 },
    async () => {
      await freshSandbox();
      const s = await shopper(WIDE);
      const { page } = s;
      // The first fetch of the cart's code fails, as a dropped connection does; the ones after go through.
      let refused = 0;
      await page.route(/\/assets\/cart-[\w-]+\.js$/, async (route) => {
        if (refused++ > 0) return route.continue();
        await route.abort('connectionreset');
      });
      await page.goto(`${store.url}/products/${JACKET.slug}`);
      await page.getByRole('heading', { level: 1, name: JACKET.name }).waitFor(T);
      await clickUncovered(page.getByRole('radio', { name: JACKET.pick, exact: true }));
      await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
      await cartDrawer(page).getByRole('alert').filter({ hasText: 'Your cart could not be loaded' }).waitFor(T);
      await closeCart(page);
      await page
        .getByRole('alert')
        .filter({ hasText: `Could not add ${JACKET.name} to your cart: the store did not answer. Try again.` })
        .waitFor(T);
      expect(adds(), 'nothing reached the cart').toEqual([]);
      // The next tap fetches the code again and adds.
      await clickUncovered(page.getByRole('button', { name: 'Add to cart' }));
      await expect.poll(() => quantityOf(lineOf(page, JACKET.name)), T).toBe(1);
      await expect.poll(() => adds().length, T).toBe(1);
      expect(refused, 'the cart code fetched again after the refusal').toBeGreaterThan(1);
      // What the browser reports of the refused fetches; nothing else may appear.
      expect(s.problems.filter((p) => !/assets\/cart-|Failed to fetch dynamically imported module/.test(p))).toEqual(
        [],
      );
      await s.context.close();
    },
  );
});
