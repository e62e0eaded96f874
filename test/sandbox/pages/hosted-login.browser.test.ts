/**
 * The hosted login page in a real browser (Debian's chromium): its CSP lets the form post and
 * the redirect back to the app happen, and the web_message page's script runs under its nonce
 * and posts the code to the app's origin from inside a hidden iframe. The app is a plain page on
 * another 127.0.0.1 port; the code exchange then goes through the project's client.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authentication, createClient, OAuthStrategy, withDirectLogin } from '../../../src/index.ts';
import { CLIENT_ID, useSandboxServer } from '../../support/sandbox.ts';

const CHROMIUM = '/usr/bin/chromium';
const DEMO = { email: 'demo@storefront.test', password: 'demo-password-1' };
const s = useSandboxServer();

/** The app: `/callback` (the redirect target) and `/frame` (opens a URL in a hidden iframe and keeps the first message). */
const APP_PAGES: Record<string, string> = {
  '/callback': '<!doctype html><title>callback</title><p>back in the app</p>',
  '/frame': `<!doctype html><title>app</title><body><script>
window.addEventListener('message', (e) => { if (!window.__result) window.__result = { data: e.data, origin: e.origin }; });
const f = document.createElement('iframe');
f.style.display = 'none';
f.src = new URLSearchParams(location.search).get('url');
document.body.appendChild(f);
</script>`,
};

let app: { url: string; server: Server };
let browser: Browser;
let page: Page;
const cspViolations: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium (.ci/run installs it)`);
  const server = createServer((req, res) => {
    const body = APP_PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  app = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  page = await browser.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  app?.server.closeAllConnections();
  await new Promise<void>((ok) => (app ? app.server.close(() => ok()) : ok()));
});

function shopper() {
  const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }));
  createClient({ modules: { authentication }, auth, host: s.current.url });
  return auth;
}

describe('the hosted login page in chromium', () => {
  it('a member fills the form and the browser lands on the redirect URI with code and state', async () => {
    const auth = shopper();
    const data = await auth.generateOAuthData(`${app.url}/callback`);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    await page.goto(authUrl);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong password');
    await page.getByLabel('Password').fill(DEMO.password);
    await Promise.all([page.waitForURL(`${app.url}/callback?**`), page.getByRole('button', { name: 'Log in' }).click()]);
    const { code, state } = auth.parseFromUrl(page.url(), 'query');
    expect(state).toBe(data.state);
    expect((await auth.getMemberTokens(code, state, data)).refreshToken.role).toBe('member');
    expect(cspViolations).toEqual([]);
  });

  it('cancel lands on the redirect URI with error=access_denied in the fragment', async () => {
    const auth = shopper();
    const data = await auth.generateOAuthData(`${app.url}/callback`);
    const { authUrl } = await auth.getAuthUrl(data);
    await page.goto(authUrl);
    await Promise.all([page.waitForURL(`${app.url}/callback#**`), page.getByRole('button', { name: 'Cancel' }).click()]);
    expect(auth.parseFromUrl(page.url())).toMatchObject({ code: null, state: data.state, error: 'access_denied' });
  });

  it('web_message with prompt=none: the page inside a hidden iframe posts the code to the app origin', async () => {
    const auth = shopper();
    const login = await auth.login(DEMO);
    const data = await auth.generateOAuthData(app.url);
    const { authUrl } = await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'web_message', sessionToken: login.data!.sessionToken });
    await page.goto(`${app.url}/frame?url=${encodeURIComponent(authUrl)}`);
    await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, undefined, { timeout: 10_000 });
    const result = await page.evaluate(() => (window as unknown as { __result: { data: { code: string; state: string }; origin: string } }).__result);
    expect(result.origin).toBe(s.current.url);
    expect(result.data.state).toBe(data.state);
    expect((await auth.getMemberTokens(result.data.code, result.data.state, data)).refreshToken.role).toBe('member');
    expect(cspViolations).toEqual([]);
  });
});

describe('a storefront on its own dev server calls the sandbox from the browser (CORS)', () => {
  /** In the page: an anonymous token, then the cart with it (both preflighted: JSON body, Authorization). */
  const shop = (sandboxUrl: string, clientId: string) =>
    page.evaluate(
      async ({ sandboxUrl, clientId }) => {
        try {
          const token = await fetch(`${sandboxUrl}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId, grantType: 'anonymous' }) });
          const { access_token } = await token.json();
          const cart = await fetch(`${sandboxUrl}/ecom/v1/carts/current`, { headers: { authorization: access_token } });
          return { status: cart.status, requestId: cart.headers.get('x-wix-request-id'), code: (await cart.json()).details.applicationError.code };
        } catch (err) {
          return { blocked: String(err) };
        }
      },
      { sandboxUrl, clientId },
    );

  it('answers a loopback origin on another port, and reads nothing to an origin it does not know', async () => {
    await page.goto(`${app.url}/callback`);
    expect(await shop(s.current.url, CLIENT_ID)).toEqual({ status: 404, requestId: expect.any(String), code: 'OWNED_CART_NOT_FOUND' });

    // 127.0.0.2 is this machine too, but not an origin the sandbox knows.
    const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((ok) => other.listen(0, '127.0.0.2', ok));
    try {
      await page.goto(`http://127.0.0.2:${(other.address() as AddressInfo).port}/`);
      expect(await shop(s.current.url, CLIENT_ID)).toEqual({ blocked: expect.stringMatching(/Failed to fetch/) });
    } finally {
      other.closeAllConnections();
      await new Promise<void>((ok) => other.close(() => ok()));
    }
    const preflight = await fetch(`${s.current.url}/oauth2/token`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.2:1', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect((await preflight.json()).details.applicationError.code).toBe('ORIGIN_NOT_ALLOWED');
  });
});
