/**
 * The docs site in Chromium, served on 127.0.0.1 as `npm run docs -- --serve` serves it, with
 * no network: any request to another host is refused and named. A search typed on one
 * service's page finds another service's operation, a guide and a client export, each first;
 * one search downloads at most 300 kB. An operation page's "Try it in the console" opens that
 * operation's form in the console (served as `npx storefront-kit` serves it, at the address the
 * site links to), and the console's "Reference" link comes back to the page. Each kind of page,
 * and the search's results, pass axe-core in both themes.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_URL } from '../../scripts/docs-site/build.ts';
import { serveSite, type SiteServer } from '../../scripts/docs-site/serve.ts';
import { seriousViolations, useConsole } from '../browser/support.ts';
import { sharedSite } from './site.ts';

/** Where the console's "Reference" link points when built without VITE_SFK_DOCS_URL: `npm run docs -- --serve`. */
const DOCS_URL = 'http://127.0.0.1:4011/';
const SEARCH_BUDGET = 300_000;

const h = useConsole();
let server: SiteServer;
/** Requests for anything but the site, the console and its sandbox: there must be none. */
const outside: string[] = [];

beforeAll(async () => {
  server = await serveSite((await sharedSite()).dir);
  // The fixed addresses the site and the console link to are this test's own servers.
  const to = (origin: string) => (route: Route) =>
    route.fetch({ url: origin + route.request().url().replace(/^http:\/\/127\.0\.0\.1:\d+\/?/, '') }).then(
      (response) => route.fulfill({ response }),
      () => route.abort(),
    );
  await h.page.context().route(
    (url) => !url.href.startsWith(server.url),
    (route) => {
      const url = route.request().url();
      if (url.startsWith(`${CONSOLE_URL}/`)) return to(`${h.server.url}/`)(route);
      if (url.startsWith(DOCS_URL)) return to(server.url)(route);
      outside.push(url);
      return route.abort();
    },
  );
}, 600_000);

afterAll(async () => {
  await server?.close();
});

/** Types a query into the search box and waits for its results (the box marks the list with the query it answers); their links, site-relative. */
async function search(page: Page, query: string): Promise<string[]> {
  await page.fill('#search', query);
  const results = page.locator(`#search-results[data-query="${query}"]`);
  await results.waitFor({ timeout: 30_000 });
  return (await results.locator('li a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).map((href) =>
    href.replace(/^\//, ''),
  );
}

describe('the docs site in Chromium, offline', () => {
  it("a search on one service's page finds another service's operation, a guide and a client export, each first", async () => {
    await h.page.goto(`${server.url}api/members/`);
    for (const [query, first] of [
      // Queries whose first result leads the next by a wide margin (Pagefind's score), so a new page does not reorder them.
      ['createRedirectSession', 'api/redirects/createRedirectSession/'],
      ['preload', 'guides/preload/'],
      ['withHostedLogin', 'client/withHostedLogin/'],
    ]) {
      const found = await search(h.page, query);
      expect(found[0], `${query}: ${found.join(', ')}`).toBe(first);
    }
    // An operation's path finds it among the first three (its service's and module's pages list the path too).
    expect((await search(h.page, '/ecom/v1/carts/current/add-to-cart')).slice(0, 3)).toContain(
      'api/current-cart/addToCurrentCart/',
    );
    // A schema's field is found too: its schema's entry.
    expect((await search(h.page, 'buyerNote')).some((p) => p.includes('/schemas/'))).toBe(true);
    expect(outside).toEqual([]);
  }, 120_000);

  it('one search downloads at most 300 kB (the engine, its index and the results shown)', async () => {
    // A new context: nothing cached from the searches before.
    const context = await h.browser.newContext();
    await context.route(
      (url) => !url.href.startsWith(server.url),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    await page.goto(`${server.url}guides/client/`);
    const sizes: Promise<number>[] = [];
    let started = 0;
    page.on('request', (request) => void (request.url().includes('/pagefind/') && started++));
    page.on('requestfinished', (request) => {
      if (request.url().includes('/pagefind/'))
        sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    });
    const found = await search(page, 'coupon');
    expect(found.length).toBeGreaterThan(0);
    // Every request the search made has finished and is counted.
    await expect.poll(() => sizes.length).toBe(started);
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    console.log(`docs site: one search downloaded ${(bytes / 1e3).toFixed(0)} kB (budget ${SEARCH_BUDGET / 1e3} kB)`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(SEARCH_BUDGET);
    expect(outside).toEqual([]);
    await context.close();
  }, 120_000);

  it("an operation's page opens its form in the console, and the console links back to the page", async () => {
    await h.page.goto(`${server.url}api/current-cart/addToCurrentCart/`);
    await h.page.getByRole('link', { name: 'Try it in the console' }).click();
    await h.page.waitForURL(`${CONSOLE_URL}/op/currentCart.addToCurrentCart`);
    await expect.poll(() => h.page.locator('h1 .path').textContent(), { timeout: 30_000 }).toBe(
      '/ecom/v1/carts/current/add-to-cart',
    );
    await h.page.getByRole('link', { name: 'Reference' }).click();
    await h.page.waitForURL(`${DOCS_URL}api/current-cart/addToCurrentCart/`);
    expect(await h.page.locator('main h1').textContent()).toBe('addToCurrentCart');
    expect(outside).toEqual([]);
  }, 120_000);

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe-core violation on each kind of page, %s theme',
    async (scheme) => {
      await h.page.emulateMedia({ colorScheme: scheme });
      const found: Record<string, unknown[]> = {};
      for (const path of ['', 'guides/client/', 'api/', 'api/members/', 'api/members/queryMembers/', 'api/members/schemas/', 'client/', 'client/createClient/']) {
        await h.page.goto(server.url + path);
        const violations = await seriousViolations(h.page);
        if (violations.length) found[path || '/'] = violations;
      }
      await search(h.page, 'coupon');
      const violations = await seriousViolations(h.page);
      if (violations.length) found['search results'] = violations;
      expect(found).toEqual({});
    },
    120_000,
  );
});
