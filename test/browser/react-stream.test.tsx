/**
 * A streamed server render (react-dom/server's renderToPipeableStream) of a cart the server
 * prefetched with createServerStorefront, hydrated in Chromium: no hydration warning and no
 * console error, no cart read on hydration, the cart's Date a Date in the browser, and the page
 * works after it (a tap is sent as the one request it is).
 */
import { build } from 'esbuild';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { renderToPipeableStream } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, currentCartV2, OAuthStrategy, products, redirects } from '../../src/index.ts';
import { createServerStorefront } from '../../src/react/server.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { linesOf, type Kit } from '../react/support.tsx';
import { App } from './react-stream/app.tsx';
import { CHROMIUM, CHROMIUM_ARGS, root } from './support.ts';

// Cart V1 removed, as the provider will from 2027-02-01: the React layer is on Cart V2.
const sandbox = createSandbox({ validateResponses: true, settings: { cartV1: 'removed' } });
/** What the browser asked the page's server for, as `METHOD /path` (the API's requests only). */
const browserRequests: string[] = [];
let server: Server;
let origin: string;
let browser: Browser;
let bundle: string;

/** JSON for an inline script: no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function toRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  return new Request(new URL(req.url!, origin), { method: req.method, headers, body });
}

/** A new visitor's page: the server adds a line to its cart, prefetches the cart and streams the page. */
async function page(res: ServerResponse): Promise<void> {
  const auth = OAuthStrategy({ clientId: DEFAULT_CLIENT_ID });
  const client = createClient({
    modules: { currentCartV2, products, redirects },
    auth,
    host: origin,
    fetch: (input, init) => sandbox.handle(new Request(input, init)),
  });
  const [line] = await linesOf({ client } as Kit, ['linen-shirt']);
  await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [line] });
  const storefront = createServerStorefront({ client });
  const prefetched = await storefront.prefetchCart();
  if (prefetched.error) throw prefetched.error;
  const state = storefront.dehydrate();
  const stream = renderToPipeableStream(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Cart</title>
      </head>
      <body>
        <div id="root">
          <App client={client} state={state} />
        </div>
      </body>
    </html>,
    {
      bootstrapScriptContent: `window.__SFK_STATE__=${scriptJson(state)};window.__SFK_TOKENS__=${scriptJson(auth.getTokens())};window.__SFK_CLIENT_ID__=${scriptJson(DEFAULT_CLIENT_ID)};`,
      bootstrapModules: ['/app.js'],
      onShellReady() {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        stream.pipe(res);
      },
      onShellError(error) {
        res.statusCode = 500;
        res.end(String(error));
      },
    },
  );
}

beforeAll(async () => {
  const built = await build({
    entryPoints: [join(root, 'test', 'browser', 'react-stream', 'browser.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    jsx: 'automatic',
    // React's development build: it is the one that reports hydration mismatches in detail.
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'error',
  });
  bundle = built.outputFiles[0].text;
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/') return void page(res).catch((e) => res.writeHead(500).end(String(e)));
    // The browser asks for it on its own; no page of this test has one.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (path === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    browserRequests.push(`${req.method} ${path}`);
    void toRequest(req)
      .then((r) => sandbox.handle(r))
      .then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('a streamed server render of a prefetched cart, hydrated in Chromium', () => {
  it('hydrates without a warning or a cart read, keeps the Date, and the page works after it', async () => {
    const tab = await browser.newPage();
    const messages: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
    });
    tab.on('pageerror', (e) => messages.push(`pageerror: ${String(e)}`));
    await tab.goto(`${origin}/`);
    await tab.waitForSelector('body[data-hydrated="yes"]');

    expect(await tab.textContent('#created')).toMatch(/^created \d{4}-\d\d-\d\dT/);
    const name = 'Linen shirt';
    expect(await tab.textContent(`output[aria-label="Quantity of ${name}"]`)).toBe('1');

    // The tap is the first request the browser sends: hydration read nothing.
    await tab.click(`button[aria-label="One more ${name}"]`);
    await tab.waitForFunction(
      (label) => document.querySelector(`output[aria-label="${label}"]`)?.textContent === '2',
      `Quantity of ${name}`,
    );
    await tab.waitForSelector(`li:not([data-pending])`);
    expect(browserRequests).toEqual(['POST /ecom/v2/carts/current/update-line-items']);
    expect(messages).toEqual([]);
    await tab.close();
  });
});
