/**
 * Client speed and size, each as a ratio against a baseline measured in the same run:
 * - calls per second of getCurrentCart through the client / raw fetch, both with the same
 *   stubbed fetch (the client's own overhead: building the request, auth headers, parsing
 *   and normalising the answer);
 * - gzip size of createClient + OAuthStrategy + getCurrentCart (and + queryMembers), bundled
 *   and minified by esbuild for the browser.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, currentCart, type AuthStrategy } from '../../src/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const CART = JSON.stringify({
  cart: {
    id: '96a61a4b-6b61-47d1-a039-0213a8230ccd',
    createdDate: '2026-03-01T10:00:00.000Z',
    updatedDate: '2026-03-01T10:05:00.000Z',
    lineItems: Array.from({ length: 3 }, (_, i) => ({
      id: `00000000-0000-0000-0000-00000000000${i}`,
      quantity: 1 + i,
      catalogReference: { catalogItemId: `p${i}`, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
      productName: { original: `Product ${i}` },
      price: { amount: '10.00', convertedAmount: '10.00', formattedAmount: '$10.00' },
      physicalProperties: { weight: 0.5, shippable: true },
      serviceProperties: { scheduledDate: '2026-03-02T10:00:00.000Z' },
    })),
    currency: 'USD',
    weightUnit: 'KG',
  },
});

const stubFetch = (async () =>
  new Response(CART, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;

async function rate(fn: () => Promise<unknown>, ms: number): Promise<number> {
  for (let i = 0; i < 2000; i++) await fn(); // warm-up
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 200; i++) await fn();
    n += 200;
  }
  return n / ((performance.now() - start) / 1000);
}

export async function clientSpeed(ms = 1500): Promise<{ raw: number; client: number; ratio: number }> {
  const auth: AuthStrategy = { getAuthHeaders: async () => ({ headers: { authorization: 'token' } }) };
  const kit = createClient({ modules: { currentCart }, auth, fetch: stubFetch, retry: false });
  const raw = () =>
    stubFetch('https://www.wixapis.com/ecom/v1/carts/current', { headers: { authorization: 'token' } }).then((r) => r.json());
  const viaClient = () => kit.currentCart.getCurrentCart();
  // Interleave the two so machine noise hits both alike.
  let rawTotal = 0;
  let clientTotal = 0;
  for (let round = 0; round < 3; round++) {
    rawTotal += await rate(raw, ms / 3);
    clientTotal += await rate(viaClient, ms / 3);
  }
  return { raw: rawTotal / 3, client: clientTotal / 3, ratio: clientTotal / rawTotal };
}

export async function bundleSize(entry: string): Promise<{ bytes: number; gzip: number }> {
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    treeShaking: true,
  });
  const code = out.outputFiles[0].contents;
  return { bytes: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

export const CART_ENTRY = `
import { createClient, OAuthStrategy, currentCart } from './src/index.ts';
const kit = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) });
kit.currentCart.getCurrentCart().then((r) => console.log(r));
`;

export const CART_MEMBERS_ENTRY = `
import { createClient, OAuthStrategy, currentCart, members } from './src/index.ts';
const kit = createClient({ modules: { currentCart, members }, auth: OAuthStrategy({ clientId: 'c' }) });
kit.currentCart.getCurrentCart().then((r) => console.log(r));
kit.members.queryMembers().find().then((r) => console.log(r));
`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const speed = await clientSpeed();
  const cart = await bundleSize(CART_ENTRY);
  const withMembers = await bundleSize(CART_MEMBERS_ENTRY);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log('| measure | value | baseline | ratio |');
  console.log('|---|---|---|---|');
  console.log(`| getCurrentCart calls/s, client vs raw fetch (stubbed fetch) | ${speed.client.toFixed(0)} | ${speed.raw.toFixed(0)} | ${speed.ratio.toFixed(2)} (target >= 0.5) |`);
  console.log(`| bundle: createClient + OAuthStrategy + getCurrentCart (esbuild, min+gzip) | ${kb(cart.gzip)} | target 8 kB | ${(cart.gzip / 8192).toFixed(2)} of target |`);
  console.log(`| bundle: + queryMembers | ${kb(withMembers.gzip)} | | |`);
}
