/**
 * The browser route: the proof storefront bundled into a page on its own dev-server origin,
 * msw's service worker forwarding the provider's hosts to a sandbox running on another port
 * (CORS for loopback origins), in Debian's chromium. The hosted login page is a real navigation
 * in a browser; the Node routes prove it (preload.test.ts, msw.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { CHROMIUM } from '../browser/support.ts';
import { expectShoppingVisit } from './expect-visit.ts';
import type { ShoppingVisit } from './scenario.ts';

let sandbox: SandboxServer;
let site: Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  sandbox = await createSandboxServer({ port: 0, validateResponses: true });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./browser-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const files: Record<string, [string, string | Buffer]> = {
    '/': [
      'text/html',
      '<!doctype html><html><head><meta charset="utf-8"><title>proof storefront</title><script type="module" src="/app.js"></script></head><body></body></html>',
    ],
    '/app.js': ['text/javascript', bundle.outputFiles[0].text],
    '/mockServiceWorker.js': [
      'text/javascript',
      await readFile(fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'))),
    ],
  };
  site = createServer((req, res) => {
    const file = Object.hasOwn(files, req.url ?? '') ? files[req.url!] : undefined;
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => site?.close(r));
  await sandbox?.close();
});

describe("the proof storefront in the browser, behind msw's service worker", () => {
  it('browses, shops and checks out against a running sandbox through connect(url)', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(siteUrl);
    await page.waitForFunction(() => 'shop' in window);
    const { visit, hosts } = await page.evaluate(
      (url) =>
        (window as unknown as { shop: (u: string) => Promise<{ visit: ShoppingVisit; hosts: string[] }> }).shop(url),
      sandbox.url,
    );
    expectShoppingVisit(visit, [sandbox.url]);
    expect(hosts).toEqual(expect.arrayContaining(['edge.wixapis.com', 'www.wixapis.com']));
    expect(errors).toEqual([]);
    const state = await (await fetch(`${sandbox.url}/__sandbox/state`)).json();
    expect(state.collections.checkouts[visit.checkout.checkoutId].lineItems).toHaveLength(1);
  });
});
