/**
 * Issue 31 in a real browser: a page on another site (evil.test, mapped to 127.0.0.1 by
 * Chromium's resolver) and a same-site page on another port post forms and no-cors fetches to
 * the example storefront's state-changing routes, with the shopper's cookies where the browser
 * sends them, and frame its cart. The signed-in shopper's session, sign-in and cart are what
 * they were; the store's own pages hydrate under their Content-Security-Policy (no violation) and
 * no page script can read the tokens cookie.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefront } from '../../examples/storefront/server.ts';
import { OAuthStrategy, withDirectLogin } from '../../src/index.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { DEMO_MEMBER, WISHLIST_ID } from '../../src/sandbox/seed/ids.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { nodeFrame } from '../support/sandbox.ts';
import { sharedStorefrontBuild } from '../support/storefront-build.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './support.ts';

const T = { timeout: 30_000 };
let sandbox: SandboxServer;
let store: { url: string; close(): Promise<void> };
let browser: Browser;
let hostile: Server;
let hostilePort = 0;
/** The hostile page's HTML, set per test. */
let hostilePage = '';

beforeAll(async () => {
  const built = await sharedStorefrontBuild();
  sandbox = await createSandboxServer({ port: 0 });
  store = await startStorefront({
    sandboxUrl: sandbox.url,
    port: 0,
    buildDir: built.dir,
    wishlists: { [DEMO_MEMBER.id]: WISHLIST_ID },
  });
  hostile = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(hostilePage));
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostilePort = (hostile.address() as AddressInfo).port;
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP evil.test 127.0.0.1'],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => hostile?.close(resolve));
  await store?.close();
  await sandbox?.close();
});

/** The demo member's tokens, signed in on the sandbox as the store's server would keep them. */
async function memberTokens() {
  const auth = withDirectLogin(OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }), { frame: nodeFrame });
  auth.attach({ host: sandbox.url, fetch: (input, init) => fetch(input, init) });
  const state = await auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
  if (state.loginState !== 'SUCCESS') throw new Error(`the demo member could not sign in: ${state.loginState}`);
  await auth.getMemberTokensForDirectLogin(state.data.sessionToken).then((t) => auth.setTokens(t));
  return auth.getTokens();
}

/** A signed-in shopper with a line in their cart, their CSP reports collected. */
async function signedInShopper(): Promise<{ context: BrowserContext; page: Page; csp: string[] }> {
  const context = await browser.newContext();
  const { hostname } = new URL(store.url);
  await context.addCookies([
    {
      name: 'sfk-tokens',
      value: encodeURIComponent(JSON.stringify(await memberTokens())),
      domain: hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  const page = await context.newPage();
  const csp: string[] = [];
  page.on('console', (m) => /Content Security Policy|Content-Security-Policy/i.test(m.text()) && csp.push(m.text()));
  await page.goto(`${store.url}/products/trail-socks`);
  // Hydrated: the cart is a button (its drawer) once the page's scripts ran under the CSP.
  const cart = page.getByRole('button', { name: /^Cart/ });
  await cart.waitFor(T);
  // The add is answered by the sandbox before the shopper's state is read.
  const added = page.waitForResponse(
    (r) => r.url().includes('/ecom/v2/carts/current/add-line-items') && r.request().method() === 'POST',
    T,
  );
  await page.getByRole('button', { name: 'Add to cart' }).click(T);
  expect((await added).status()).toBe(200);
  return { context, page, csp };
}

/** What the shopper has: their tokens cookie, their cart lines as the cart page shows them, their greeting. */
async function shopperState(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${store.url}/account`);
  const greeting = await page.getByRole('heading', { level: 1 }).textContent(T);
  await page.goto(`${store.url}/cart`);
  const cart = page.getByRole('button', { name: /^Cart/ });
  await cart.waitFor(T);
  const badge = /\d+/.exec((await cart.textContent()) ?? '')?.[0];
  await page.close();
  const cookie = (await context.cookies(store.url)).find((c) => c.name === 'sfk-tokens');
  return { greeting, badge, cookie: cookie?.value };
}

/** A page that posts every state-changing form of the store into hidden frames and by no-cors fetch, then says so. */
function attackPage(target: string): string {
  const forms = [
    ['/logout', {}],
    ['/checkout', {}],
    ['/products/trail-socks', { quantity: '5' }],
    ['/session/access-token', { renew: '1' }],
    ['/login?back=%2F%2Fevil.test%2F', {}],
  ] as const;
  return `<!doctype html><title>win a prize</title><body>
${forms
  .map(
    ([path, fields], i) =>
      `<iframe name="f${i}"></iframe><form id="form${i}" target="f${i}" method="post" action="${target}${path}">${Object.entries(
        fields,
      )
        .map(([k, v]) => `<input name="${k}" value="${v}">`)
        .join('')}</form>`,
  )
  .join('\n')}
<iframe id="framed" src="${target}/cart"></iframe>
<script>
  for (const form of document.forms) form.submit();
  const paths = ${JSON.stringify(forms.map(([path]) => path))};
  window.done = Promise.all(paths.map((p) => fetch(${JSON.stringify(target)} + p, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams({ quantity: '9' }) }).catch(() => undefined)));
</script></body>`;
}

describe('a hostile page against a signed-in shopper', () => {
  it(
    'cannot change their cart, session or sign-in, from another site or from a same-site page on another port',
    { timeout: 180_000 },
    async () => {
      const { context, page, csp } = await signedInShopper();
      const before = await shopperState(context);
      expect(before.greeting).toMatch(/^Hello, /);
      expect(Number(before.badge)).toBeGreaterThan(0);
      // The tokens are out of page scripts' reach.
      expect(await page.evaluate(() => document.cookie)).not.toContain('sfk-tokens');

      for (const origin of [`http://evil.test:${hostilePort}`, `http://127.0.0.1:${hostilePort}`]) {
        hostilePage = attackPage(store.url);
        const attacker = await context.newPage();
        const refused: number[] = [];
        attacker.on(
          'response',
          (r) => r.url().startsWith(store.url) && r.request().method() === 'POST' && refused.push(r.status()),
        );
        await attacker.goto(`${origin}/`);
        await attacker.evaluate(() => (window as unknown as { done: Promise<unknown> }).done);
        // Five form posts and five fetches reached the store and were refused.
        await expect.poll(() => refused.length, T).toBeGreaterThanOrEqual(10);
        expect(new Set(refused), origin).toEqual(new Set([403]));
        // The cart does not show inside the hostile page's frame (frame-ancestors 'none').
        const framed = await (await attacker.$('#framed'))!.contentFrame();
        expect(await framed!.content().catch(() => ''), origin).not.toContain('Sandbox Store');
        await attacker.close();
        expect(await shopperState(context), origin).toEqual(before);
      }
      expect(csp).toEqual([]);
      await context.close();
    },
  );
});
