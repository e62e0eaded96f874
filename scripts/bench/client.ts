/**
 * The client's own cost, each figure against a baseline measured in the same run:
 * - calls per second of getCurrentCart, addToCurrentCart and queryMembers through our client,
 *   through a hand-written raw fetch and through the official SDK (@wix/sdk createClient with
 *   @wix/ecom currentCart and @wix/members members), all three given the same stubbed fetch
 *   that answers canned provider bodies (so only the clients' work is measured: building the
 *   request, auth headers, parsing and normalising the answer);
 * - gzip size of createClient + OAuthStrategy + getCurrentCart (and + queryMembers), ours and
 *   the official SDK's, bundled by esbuild the same way (minified, browser, tree-shaken).
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient as createSdkClient, OAuthStrategy as SdkOAuthStrategy } from '@wix/sdk';
import { currentCart as sdkCurrentCart } from '@wix/ecom';
import { members as sdkMembers } from '@wix/members';
import type * as Kit from '../../src/index.ts';
import { compiled } from './compiled.ts';
import { median } from './median.ts';

let kitModule: Promise<typeof Kit> | undefined;
/** Our client as it ships: src/index.ts bundled by esbuild (see compiled.ts), loaded once. */
export const ourClient = () =>
  (kitModule ??= compiled('client', 'src/index.ts').then((file) => import(file) as Promise<typeof Kit>));

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** Canned provider answers, shaped like the provider's (text decimals, ISO dates, nested money). */
const CART = {
  id: '96a61a4b-6b61-47d1-a039-0213a8230ccd',
  createdDate: '2026-03-01T10:00:00.000Z',
  updatedDate: '2026-03-01T10:05:00.000Z',
  lineItems: Array.from({ length: 3 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    quantity: 1 + i,
    catalogReference: { catalogItemId: `5f1c0000-0000-4000-8000-00000000000${i}`, appId: STORES_APP },
    productName: { original: `Product ${i}`, translated: `Product ${i}` },
    price: { amount: '10.00', convertedAmount: '10.00', formattedAmount: '$10.00', formattedConvertedAmount: '$10.00' },
    fullPrice: {
      amount: '12.00',
      convertedAmount: '12.00',
      formattedAmount: '$12.00',
      formattedConvertedAmount: '$12.00',
    },
    physicalProperties: { weight: 0.5, shippable: true },
    availability: { status: 'AVAILABLE' },
  })),
  buyerInfo: { visitorId: '0c9a0000-0000-4000-8000-000000000001' },
  currency: 'USD',
  conversionCurrency: 'USD',
  weightUnit: 'KG',
};
const MEMBERS = {
  members: Array.from({ length: 10 }, (_, i) => ({
    id: `6a8c2f6e-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    loginEmail: `member${i}@storefront.test`,
    status: 'APPROVED',
    contactId: `7b000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    contact: { firstName: 'Member', lastName: String(i) },
    profile: { nickname: `Member ${i}`, slug: `member-${i}` },
    privacyStatus: 'PUBLIC',
    activityStatus: 'ACTIVE',
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-02T00:00:00.000Z',
  })),
  metadata: { count: 10, offset: 0, total: 10, tooManyToCount: false },
};
const ANSWERS: [RegExp, string][] = [
  [/\/members\/v1\/members\/query$/, JSON.stringify(MEMBERS)],
  [/\/ecom\/v1\/carts\/current\/add-to-cart$/, JSON.stringify({ cart: CART })],
  [/\/ecom\/v1\/carts\/current$/, JSON.stringify({ cart: CART })],
];

/** The same stub for all three: answers by path, like the provider would. */
export const stubFetch = (async (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = url.split('?')[0];
  const hit = ANSWERS.find(([re]) => re.test(path));
  if (!hit) return new Response(JSON.stringify({ message: `stub has no answer for ${url}` }), { status: 404 });
  return new Response(hit[1], { status: 200, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

const TOKEN = 'sfk-at.bench';
const HOUR = () => Math.floor(Date.now() / 1000) + 3600;
const ADD = {
  lineItems: [
    { quantity: 1, catalogReference: { catalogItemId: '5f1c0000-0000-4000-8000-000000000001', appId: STORES_APP } },
  ],
};

export type Call = 'getCurrentCart' | 'addToCurrentCart' | 'queryMembers';
export type Contender = () => Record<Call, () => Promise<unknown>>;

/** A hand-written fetch per call: what an app without any client would do. */
export function rawCalls(
  host: string,
  token: string,
  f: typeof fetch,
  add = ADD,
): Record<Call, () => Promise<unknown>> {
  const json = async (r: Response) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
    return r.json();
  };
  const post = (path: string, body: unknown) =>
    f(host + path, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(json);
  return {
    getCurrentCart: () => f(host + '/ecom/v1/carts/current', { headers: { authorization: token } }).then(json),
    addToCurrentCart: () => post('/ecom/v1/carts/current/add-to-cart', add),
    queryMembers: () => post('/members/v1/members/query', { query: { paging: { limit: 50 } } }),
  };
}

/** Our client as an app uses it: OAuthStrategy holding a visitor's tokens, default options. */
export function oursCalls(
  k: typeof Kit,
  host: string,
  token: string,
  f: typeof fetch,
  add = ADD,
): Record<Call, () => Promise<unknown>> {
  const { createClient, currentCart, members, OAuthStrategy } = k;
  const kit = createClient({
    modules: { currentCart, members },
    auth: OAuthStrategy({
      clientId: 'sandbox-client',
      tokens: {
        accessToken: { value: token, expiresAt: HOUR() },
        refreshToken: { value: 'sfk-rt.bench', role: 'visitor' },
      },
    }),
    host,
    fetch: f,
  });
  return {
    getCurrentCart: () => kit.currentCart.getCurrentCart(),
    addToCurrentCart: () => kit.currentCart.addToCurrentCart(add),
    queryMembers: () => kit.members.queryMembers().find(),
  };
}

/** The official SDK the same way: its OAuthStrategy holding the same tokens, the same fetch. */
function sdkCalls(f: typeof fetch): Record<Call, () => Promise<unknown>> {
  const sdk = createSdkClient({
    modules: { currentCart: sdkCurrentCart, members: sdkMembers },
    auth: SdkOAuthStrategy({
      clientId: 'sandbox-client',
      tokens: {
        accessToken: { value: TOKEN, expiresAt: HOUR() },
        refreshToken: { value: 'sfk-rt.bench', role: 'visitor' as never },
      },
    }),
    fetch: f,
  });
  return {
    getCurrentCart: () => sdk.currentCart.getCurrentCart(),
    addToCurrentCart: () => sdk.currentCart.addToCurrentCart(ADD),
    queryMembers: () => sdk.members.queryMembers().find(),
  };
}

/**
 * Calls per second of several contenders for one call. They take turns in small batches for
 * the whole budget (the order flips every turn), so load from elsewhere on the machine falls on
 * all of them alike. The first contender's rate comes from its median batch; each other's from
 * that plus the median of its difference to the first within the same turn, so a stretch where
 * the machine was busy elsewhere slows both sides of a pair and cancels out.
 */
export async function compare<K extends string>(
  contenders: Record<K, () => Promise<unknown>>,
  { ms = 1500, warmup = 1000, batch = 50 } = {},
): Promise<Record<K, number>> {
  const names = Object.keys(contenders) as K[];
  for (const k of names) for (let i = 0; i < warmup; i++) await contenders[k]();
  const batches = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  let turns = 0;
  const start = performance.now();
  while (performance.now() - start < ms || turns < 5) {
    for (const k of turns % 2 ? [...names].reverse() : names) {
      const t0 = performance.now();
      for (let i = 0; i < batch; i++) await contenders[k]();
      batches[k].push(performance.now() - t0);
    }
    turns++;
  }
  const [first] = names;
  const base = median(batches[first]);
  const time = (k: K) => (k === first ? base : base + median(batches[k].map((t, i) => t - batches[first][i])));
  return Object.fromEntries(names.map((k) => [k, batch / (time(k) / 1000)])) as Record<K, number>;
}

export const CALLS: Call[] = ['getCurrentCart', 'addToCurrentCart', 'queryMembers'];

export interface StubbedResult {
  call: Call;
  raw: number;
  ours: number;
  sdk: number;
}

export async function stubbedClientSpeed(): Promise<StubbedResult[]> {
  const host = 'https://www.wixapis.com';
  const raw = rawCalls(host, TOKEN, stubFetch);
  const ours = oursCalls(await ourClient(), host, TOKEN, stubFetch);
  const sdk = sdkCalls(stubFetch);
  // Every contender must get a real answer, or the rates would compare failures.
  for (const c of CALLS) await Promise.all([raw[c](), ours[c](), sdk[c]()]);
  const out: StubbedResult[] = [];
  for (const call of CALLS) {
    const r = await compare({ raw: raw[call], ours: ours[call], sdk: sdk[call] }, { batch: 20 });
    out.push({ call, ...r });
  }
  return out;
}

/** `entry`'s bundle; its imports resolve from `resolveDir` (this checkout, or another build's tree); `external` stays out of it. */
export async function bundleSize(
  entry: string,
  resolveDir = root,
  { external = [], loader = 'ts' }: { external?: string[]; loader?: 'ts' | 'tsx' } = {},
): Promise<{ bytes: number; gzip: number }> {
  const out = await build({
    stdin: { contents: entry, resolveDir, loader },
    external,
    jsx: 'automatic',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    treeShaking: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const code = out.outputFiles[0].contents;
  return { bytes: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/** The same app twice: once with our client, once with the official SDK. */
export const BUNDLES = {
  cart: {
    ours: `
import { createClient, OAuthStrategy, currentCart } from './src/index.ts';
const kit = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) });
kit.currentCart.getCurrentCart().then((r) => console.log(r));
`,
    sdk: `
import { createClient, OAuthStrategy } from '@wix/sdk';
import { currentCart } from '@wix/ecom';
const sdk = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) });
sdk.currentCart.getCurrentCart().then((r) => console.log(r));
`,
  },
  cartAndMembers: {
    ours: `
import { createClient, OAuthStrategy, currentCart, members } from './src/index.ts';
const kit = createClient({ modules: { currentCart, members }, auth: OAuthStrategy({ clientId: 'c' }) });
kit.currentCart.getCurrentCart().then((r) => console.log(r));
kit.members.queryMembers().find().then((r) => console.log(r));
`,
    sdk: `
import { createClient, OAuthStrategy } from '@wix/sdk';
import { currentCart } from '@wix/ecom';
import { members } from '@wix/members';
const sdk = createClient({ modules: { currentCart, members }, auth: OAuthStrategy({ clientId: 'c' }) });
sdk.currentCart.getCurrentCart().then((r) => console.log(r));
sdk.members.queryMembers().find().then((r) => console.log(r));
`,
  },
  // The member login page: e-mail and password, then tokens (the SDK's OAuthStrategy always has it;
  // ours adds it with withDirectLogin, so the cart bundles above leave it out).
  directLogin: {
    ours: `
import { createClient, OAuthStrategy, withDirectLogin } from './src/index.ts';
const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
createClient({ auth });
auth.login({ email: 'a@b.c', password: 'p' }).then((r) => r.loginState === 'SUCCESS' && auth.getMemberTokensForDirectLogin(r.data.sessionToken));
`,
    sdk: `
import { createClient, OAuthStrategy } from '@wix/sdk';
const auth = OAuthStrategy({ clientId: 'c' });
createClient({ auth });
auth.login({ email: 'a@b.c', password: 'p' }).then((r) => r.loginState === 'SUCCESS' && auth.getMemberTokensForDirectLogin(r.data.sessionToken));
`,
  },
};

export async function bundleSizes() {
  const out: { name: keyof typeof BUNDLES; ours: number; sdk: number }[] = [];
  for (const name of Object.keys(BUNDLES) as (keyof typeof BUNDLES)[]) {
    const [ours, sdk] = await Promise.all([bundleSize(BUNDLES[name].ours), bundleSize(BUNDLES[name].sdk)]);
    out.push({ name, ours: ours.gzip, sdk: sdk.gzip });
  }
  return out;
}
