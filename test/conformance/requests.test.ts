/**
 * Request conformance with the provider's official SDK: for every operation the SDK has, the
 * same call (the spec's request example) goes through the official SDK and through our client,
 * each with a capturing fetch (once with an API key, once more with a visitor's token), and the
 * two requests must agree on method, path as sent, query (parsed, `.r` decoded), JSON body and
 * credentials headers. Hand-written VARIANTS add calls for single wire rules. The differences
 * we know of are listed with the reason (DELIBERATE, and `deliberate` on a variant; also in
 * docs/conformance.md); any other difference fails, and so does a listed one that no longer
 * occurs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiKeyStrategy as SdkApiKeyStrategy, createClient as createSdkClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import { ApiKeyStrategy, authentication, collections, createClient, currentCart, products } from '../../src/index.ts';
import { ourRequest, reduce, sdkRequest, visitorTokens, type WireCall } from './capture.ts';
import { specErrors } from './spec-validator.ts';
import { exampleRequest, NO_SDK_COUNTERPART, SDK_ARGS, sdkModules, sdkOperations, toSdkShape } from './sdk-calls.ts';

type Part = 'method' | 'path' | 'query' | 'body' | 'credentials';

/** Operation -> the parts of the request that differ on purpose, and why. */
export const DELIBERATE: Record<string, { parts: Part[]; reason: string }> = {
  'checkout.updateCheckout': {
    parts: ['body'],
    reason: 'The SDK\'s updateCheckout(_id, checkout, options) has no field-mask argument; our client sends the spec\'s `fieldMask` when given one.',
  },
  'orders.updateOrder': {
    parts: ['body'],
    reason: 'The SDK\'s updateOrder(_id, order) has no field-mask argument; our client sends the spec\'s `fieldMask` when given one.',
  },
  'products.queryProducts': {
    parts: ['query'],
    reason: 'The SDK\'s queryProducts(query) has no `includeVariants` argument, so the `.r` payload of the spec\'s example (which sets it) lacks it; without it both send the same GET `.r`.',
  },
  'oauth.token': {
    parts: ['body', 'credentials'],
    reason:
      'The SDK\'s generated oauth.token is a raw-HTTP envelope (`{"body": "<base64 of the grant>"}`) sent with the client\'s credentials; our client, like the SDK\'s own OAuthStrategy, sends the grant as the JSON body provider-wire.md documents, with no credentials (the grant decides).',
  },
};

function differingParts(a: WireCall, b: WireCall): Part[] {
  return (['method', 'path', 'query', 'body', 'credentials'] as const).filter((p) => JSON.stringify(sort(a[p])) !== JSON.stringify(sort(b[p])));
}

/** Object keys sorted at every level, so key order never counts as a difference. */
function sort(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sort);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
  return v;
}

describe('the official SDK covers our operations', () => {
  it('has a function for every operation except the listed ones', () => {
    const keys = operationList.map((d) => d.key);
    expect(Object.keys(NO_SDK_COUNTERPART).every((k) => keys.includes(k))).toBe(true);
    expect(sdkOperations.map((d) => d.key).sort()).toEqual(Object.keys(SDK_ARGS).sort());
    expect(sdkOperations).toHaveLength(operationList.length - Object.keys(NO_SDK_COUNTERPART).length);
  });

  it('lists deliberate differences only for operations the SDK has', () => {
    for (const key of Object.keys(DELIBERATE)) expect(SDK_ARGS, key).toHaveProperty([key]);
  });

  it('documents every deliberate difference and every missing counterpart in docs/conformance.md', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'conformance.md'), 'utf8');
    // Rows look like "| `module.fn` | parts | reason |" or "| `module.fn` (variant name) | parts | reason |".
    const rows = new Map([...doc.matchAll(/^\| `(\w+\.\w+)`( \([^)]+\))? \| ([^|]+) \|/gm)].map((m) => [m[1] + (m[2] ?? ''), m[3].trim()]));
    const variants = VARIANTS.filter((v) => v.deliberate);
    for (const [key, { parts }] of Object.entries(DELIBERATE)) expect(rows.get(key), key).toBe(parts.join(', '));
    for (const v of variants) expect(rows.get(`${v.key} (${v.name})`), v.name).toBe(v.deliberate!.parts.join(', '));
    for (const key of Object.keys(NO_SDK_COUNTERPART)) expect(rows.has(key), key).toBe(true);
    expect(rows.size).toBe(Object.keys(DELIBERATE).length + variants.length + Object.keys(NO_SDK_COUNTERPART).length);
  });
});

/** Each operation once with the API key, and once more as a visitor when a visitor may call it. */
const CALLS = [
  ...sdkOperations.map((d) => [`${d.key} (API key)`, d, 'apiKey'] as const),
  ...sdkOperations.filter((d) => d.caller !== 'elevated').map((d) => [`${d.key} (visitor token)`, d, { tokens: visitorTokens() }] as const),
];

describe('the same call sends the same request through the official SDK and our client', () => {
  it.each(CALLS)('%s', async (_, d, caller) => {
    const key = d.key;
    const r = exampleRequest(d);
    const [sdk, ours] = await Promise.all([sdkRequest(d, r, caller), ourRequest(d, r, caller)]);
    // One request each: an SDK that threw before sending must not pass as "no difference".
    expect(sdk, 'official SDK requests').toHaveLength(1);
    expect(ours, 'our client requests').toHaveLength(1);
    const parts = differingParts(sdk[0], ours[0]);
    const listed = DELIBERATE[key];
    if (!listed) {
      expect(sort(ours[0]), 'our request vs the official SDK\'s').toEqual(sort(sdk[0]));
    } else {
      // A listed difference must still occur, in exactly the listed parts; the rest agrees.
      expect(parts, `${key}: the listed difference (${listed.reason})`).toEqual(listed.parts);
    }
  });
});

/**
 * More calls beyond the spec's examples, each exercising one wire rule; each must be identical
 * unless it carries a listed difference.
 * Long queries show the GET -> POST fallback: past 4000 characters both post the JSON body to
 * the same path; below it both send GET `.r`.
 */
/** An identity address as the wire names it (toSdkShape gives the SDK's names). */
const IDENTITY_ADDRESS = { country: 'US', city: 'New York', addressLine: '235 W 23rd St', addressLine2: '3A', formattedAddress: '235 W 23rd St, New York', geocode: { latitude: 40.7448, longitude: -73.9961 } };
const CATALOG_REFERENCE = { catalogItemId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' };
const manyIds = Array.from({ length: 120 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
interface Variant {
  name: string;
  key: string;
  request: Record<string, unknown>;
  /** A difference this call shows on purpose (also listed in docs/conformance.md under `key (name)`). */
  deliberate?: { parts: Part[]; reason: string };
  /** Our client is given the SDK's input shape too (identity addresses under the SDK's names). */
  sdkShapeForUs?: boolean;
}
const VARIANTS: Variant[] = [
  { name: 'queryProducts past 4000 characters', key: 'products.queryProducts', request: { query: { filter: { id: { $in: manyIds } }, paging: { limit: 100 } } } },
  { name: 'queryProducts below 4000 characters (GET .r)', key: 'products.queryProducts', request: { query: { filter: { id: { $in: manyIds.slice(0, 60) } }, paging: { limit: 100 } } } },
  { name: 'queryProducts with an empty query (GET, no parameters)', key: 'products.queryProducts', request: { query: {} } },
  { name: 'queryCollections below 4000 characters (GET .r)', key: 'collections.queryCollections', request: { query: { filter: { id: { $in: manyIds.slice(0, 60) } } } } },
  { name: 'queryCollections past 4000 characters', key: 'collections.queryCollections', request: { query: { filter: { id: { $in: manyIds } } } } },
  { name: 'listMembers with a scalar array only', key: 'members.listMembers', request: { fieldsets: ['PUBLIC', 'EXTENDED'] } },
  { name: 'listMembers with nothing', key: 'members.listMembers', request: {} },
  // POST on this path is createMember: a long listMembers stays a GET in both clients.
  { name: 'listMembers past 4000 characters', key: 'members.listMembers', request: { fieldsets: Array.from({ length: 400 }, () => 'EXTENDED') } },
  { name: 'getMember without options', key: 'members.getMember', request: { id: '6a8c2f6e-0000-4000-8000-000000000001' } },
  { name: 'queryMembers with search and fieldsets', key: 'members.queryMembers', request: { query: { filter: { 'profile.nickname': { $startsWith: 'Da' } } }, fieldsets: ['FULL'] } },
  { name: 'updateCheckout without a field mask', key: 'checkout.updateCheckout', request: { checkout: { id: '8a2b1c4d-0000-4000-8000-00000000c001', buyerNote: 'note' } } },
  { name: 'updateOrder without a field mask', key: 'orders.updateOrder', request: { order: { id: '5b3c2d1e-0000-4000-8000-0000000e0001', buyerNote: 'note' } } },
  { name: 'bulkUpdateOrders with a field mask per order', key: 'orders.bulkUpdateOrders', request: { orders: [{ order: { id: '5b3c2d1e-0000-4000-8000-0000000e0001', buyerNote: 'a' }, fieldMask: 'buyerNote,archived' }] } },
  { name: 'createOrder with a date', key: 'orders.createOrder', request: { order: { lineItems: [{ productName: { original: 'Gift wrap' }, quantity: 1 }], purchasedDate: '2026-11-20T10:00:00.000Z' } } },
  { name: 'getProduct with a space in the path id', key: 'products.getProduct', request: { id: 'a b' } },
  {
    // The wire (and the spec) call an address's coordinates `geocode`; sent as such by both.
    name: 'coordinates in an address',
    key: 'currentCart.estimateCurrentCartTotals',
    request: { shippingAddress: { country: 'US', city: 'New York', geocode: { latitude: 40.7448, longitude: -73.9961 } } },
  },
  {
    name: 'slash in a path id',
    key: 'products.getProduct',
    request: { id: 'a/b' },
    deliberate: {
      parts: ['path'],
      reason: 'Our client percent-encodes a `/` inside a path parameter (`a%2Fb`), so the id stays one path segment; the SDK sends it raw (`/products/a/b`), which names another path. The query copy (`id=a/b`) is the same.',
    },
  },
  { name: 'removeCouponFromCurrentCart: a body-less POST', key: 'currentCart.removeCouponFromCurrentCart', request: {} },
  {
    // Both clients are given addressLine1 / formatted / location; both send addressLine / formattedAddress / geocode.
    name: 'registerV2 with identity addresses under the SDK names',
    key: 'authentication.registerV2',
    request: { loginId: { email: 'addr@example.com' }, password: 'pw-12345678', profile: { addresses: [{ tag: 'HOME', address: IDENTITY_ADDRESS }] } },
    sdkShapeForUs: true,
  },
  // Non-finite floats travel as "NaN" / "Infinity" / "-Infinity" text in both clients.
  { name: 'updateCurrentCart with a line item weight of Infinity', key: 'currentCart.updateCurrentCart', request: { lineItems: [{ quantity: 1, catalogReference: CATALOG_REFERENCE, physicalProperties: { weight: Infinity, shippable: true } }] } },
  { name: 'addToCurrentCart with a line item weight of NaN', key: 'currentCart.addToCurrentCart', request: { lineItems: [{ quantity: 1, catalogReference: CATALOG_REFERENCE, physicalProperties: { weight: NaN } }] } },
  { name: 'createCheckout with a line item weight of -Infinity', key: 'checkout.createCheckout', request: { channelType: 'WEB', lineItems: [{ quantity: 1, catalogReference: CATALOG_REFERENCE, physicalProperties: { weight: -Infinity } }] } },
  { name: 'registerV2 with a custom field numValue of NaN', key: 'authentication.registerV2', request: { loginId: { email: 'nan@example.com' }, password: 'pw-12345678', profile: { customFields: [{ name: 'score', value: { numValue: NaN } }] } } },
  { name: 'estimateCurrentCartTotals with a geocode latitude of NaN', key: 'currentCart.estimateCurrentCartTotals', request: { shippingAddress: { country: 'US', geocode: { latitude: NaN, longitude: -73.9961 } } } },
  { name: 'createProduct with a weight of Infinity and a price of NaN', key: 'products.createProduct', request: { product: { name: 'Odd mug', productType: 'physical', weight: Infinity, priceData: { price: NaN } } } },
  { name: 'bulkUpdateProductsProperty with a weight of -Infinity', key: 'products.bulkUpdateProductsProperty', request: { ids: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'], set: { weight: -Infinity } } },
  { name: 'signOn with identity addresses under the SDK names', key: 'authentication.signOn', request: { loginId: { email: 'addr@example.com' }, profile: { addresses: [{ address: IDENTITY_ADDRESS }] } }, sdkShapeForUs: true },
];

describe('more calls send the same request through both clients', () => {
  it.each(VARIANTS.map((v) => [v.name, v] as const))('%s', async (_, v) => {
    const d = sdkOperations.find((o) => o.key === v.key)!;
    const [sdk, ours] = await Promise.all([sdkRequest(d, v.request), ourRequest(d, v.sdkShapeForUs ? toSdkShape(d, v.request) : v.request)]);
    if (v.sdkShapeForUs) expect(JSON.stringify(toSdkShape(d, v.request))).toContain('"addressLine1"');
    expect(sdk).toHaveLength(1);
    expect(ours).toHaveLength(1);
    if (v.deliberate) expect(differingParts(sdk[0], ours[0]), v.deliberate.reason).toEqual(v.deliberate.parts);
    else expect(sort(ours)).toEqual(sort(sdk));
  });

  it('falls back to POST past 4000 characters and sends GET `.r` below, in both clients', async () => {
    for (const key of ['products.queryProducts', 'collections.queryCollections']) {
      const d = sdkOperations.find((o) => o.key === key)!;
      const long = { query: { filter: { id: { $in: manyIds } } } };
      const short = { query: { filter: { id: { $in: manyIds.slice(0, 2) } } } };
      const calls = await Promise.all([sdkRequest(d, long), ourRequest(d, long), sdkRequest(d, short), ourRequest(d, short)]);
      expect(calls.map(([c]) => c.method), key).toEqual(['POST', 'POST', 'GET', 'GET']);
      expect(calls[1][0].body).toEqual(long);
      expect(calls[3][0].query).toEqual({ '.r': short });
    }
  });
});

describe('the parts that agree in the listed operations', () => {
  it('keeps path and method for the field-mask and envelope differences', async () => {
    for (const key of ['checkout.updateCheckout', 'orders.updateOrder', 'oauth.token']) {
      const d = sdkOperations.find((o) => o.key === key)!;
      const r = exampleRequest(d);
      const [[sdk], [ours]] = await Promise.all([sdkRequest(d, r), ourRequest(d, r)]);
      expect([ours.method, ours.path], key).toEqual([sdk.method, sdk.path]);
    }
  });

  it('sends the same GET `.r` for the query calls, includeVariants aside', async () => {
    for (const key of ['products.queryProducts', 'collections.queryCollections']) {
      const d = sdkOperations.find((o) => o.key === key)!;
      const r = exampleRequest(d);
      const [[sdk], [ours]] = await Promise.all([sdkRequest(d, r), ourRequest(d, r)]);
      expect([sdk.method, ours.method]).toEqual(['GET', 'GET']);
      expect([sdk.body, ours.body]).toEqual([undefined, undefined]);
      const { includeVariants: _sdkHasNone, ...payload } = ours.query['.r'] as Record<string, unknown>;
      expect(payload).toEqual(sdk.query['.r']);
    }
  });

  it('sends the same field changes as the SDK for the updates, with the mask added', async () => {
    for (const key of ['checkout.updateCheckout', 'orders.updateOrder']) {
      const d = sdkOperations.find((o) => o.key === key)!;
      const r = exampleRequest(d);
      const [[sdk], [ours]] = await Promise.all([sdkRequest(d, r), ourRequest(d, r)]);
      const { fieldMask, ...rest } = ours.body as Record<string, unknown>;
      expect(fieldMask).toBe(r.fieldMask);
      expect(sort(rest)).toEqual(sort(sdk.body));
    }
  });

  it('carries the same grant in the SDK\'s oauth.token envelope', async () => {
    const d = sdkOperations.find((o) => o.key === 'oauth.token')!;
    const r = exampleRequest(d);
    const [[sdk], [ours]] = await Promise.all([sdkRequest(d, r), ourRequest(d, r)]);
    const inner = JSON.parse(Buffer.from((sdk.body as { body: string }).body, 'base64').toString('utf8'));
    expect(inner).toEqual(ours.body);
  });
});

describe('identity addresses come back under the official SDK\'s names in both clients', () => {
  it('registerV2 answers addressLine1 / formatted / location for the wire\'s names', async () => {
    const answer = { state: 'SUCCESS', sessionToken: 'st', identity: { id: 'i1', identityProfile: { addresses: [{ tag: 'HOME', address: IDENTITY_ADDRESS }] } } };
    const fetch = (async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    const sdk = createSdkClient({ modules: { authentication: sdkModules.authentication }, auth: SdkApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch });
    const ours = createClient({ modules: { authentication }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch, retry: false });
    const fromSdk = (await sdk.authentication.registerV2({ email: 'a@b.c' }, {})) as { identity?: { identityProfile?: { addresses?: { address?: unknown }[] } } };
    const fromUs = await ours.authentication.registerV2({ loginId: { email: 'a@b.c' } });
    const want = { country: 'US', city: 'New York', addressLine1: '235 W 23rd St', addressLine2: '3A', formatted: '235 W 23rd St, New York', location: { latitude: 40.7448, longitude: -73.9961 } };
    expect(fromSdk.identity!.identityProfile!.addresses![0].address).toEqual(want);
    expect(fromUs.identity!.identityProfile!.addresses![0].address).toEqual(want);
  });
});

describe('every request body the official SDK sends here is valid against the bundled spec (plain ajv, strict JSON Schema 2020-12)', () => {
  const cases = [
    ...CALLS.map(([name, d, caller]) => [name, d, exampleRequest(d), caller] as const),
    ...VARIANTS.map((v) => [v.name, sdkOperations.find((o) => o.key === v.key)!, v.request, 'apiKey'] as const),
  ];
  it.each(cases)('%s', async (_, d, request, caller) => {
    const [sent] = await sdkRequest(d, request, caller);
    // The JSON body, or the payload a GET carries in `.r`; plain query parameters are not a body.
    const payload = sent.body ?? sent.query['.r'];
    if (payload === undefined) return;
    // The SDK's oauth.token is its raw-HTTP envelope (a listed difference): the grant inside is the body.
    const body = d.key === 'oauth.token' ? JSON.parse(Buffer.from((payload as { body: string }).body, 'base64').toString('utf8')) : payload;
    expect(specErrors(d, body), JSON.stringify(body)).toEqual([]);
  });
});

describe('errors carry the official SDK\'s details', () => {
  const answers = [
    { name: 'an application error', status: 404, statusText: 'Not Found', body: { message: 'Cart not found', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No cart for this visitor', data: { cartId: 'c1' } } } } },
    { name: 'a 4xx without details', status: 409, statusText: 'Conflict', body: { message: 'Conflict' } },
    { name: 'a validation error', status: 400, statusText: 'Bad Request', body: { message: 'bad', details: { validationError: { fieldViolations: [{ field: 'couponCode', description: 'too long', violatedRule: 'MAX_LENGTH' }] } } } },
  ];
  it.each(answers.map((a) => [a.name, a] as const))('%s', async (_, a) => {
    const fetch = (async () => new Response(JSON.stringify(a.body), { status: a.status, statusText: a.statusText, headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-7' } })) as typeof globalThis.fetch;
    const sdk = createSdkClient({ modules: { currentCart: sdkModules.currentCart }, auth: SdkApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch });
    const ours = createClient({ modules: { currentCart }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch, retry: false });
    const sdkError = (await sdk.currentCart.updateCurrentCart({ couponCode: 'X' }).catch((e: unknown) => e)) as { details: unknown };
    const ourError = (await ours.currentCart.updateCurrentCart({ couponCode: 'X' }).catch((e: unknown) => e)) as { details: unknown };
    if (a.status !== 409) {
      expect(ourError.details).toEqual(sdkError.details);
      return;
    }
    // A 4xx without details: same shape; the SDK's code is the status number and its data the
    // raw answer, ours the description's form 3 (the status text in UPPER_SNAKE, no data).
    expect(sdkError.details).toEqual({ applicationError: { code: 409, description: 'Conflict', data: { details: a.body, requestId: 'req-7' } }, requestId: 'req-7' });
    expect(ourError.details).toEqual({ applicationError: { code: 'CONFLICT', description: 'Conflict', data: {} }, requestId: 'req-7' });
  });
});

describe('the logout page comes back decoded from base64, as bytes, in both clients', () => {
  it('authentication.logout', async () => {
    const answer = { contentType: 'text/html', body: 'PGh0bWw+PC9odG1sPg==' };
    const fetch = (async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof globalThis.fetch;
    const sdk = createSdkClient({ modules: { authentication: sdkModules.authentication }, auth: SdkApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch });
    const ours = createClient({ modules: { authentication }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch, retry: false });
    const fromSdk = (await sdk.authentication.logout({})) as { body?: Uint8Array };
    const fromUs = await ours.authentication.logout();
    expect(fromUs.body).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(fromUs.body)).toBe('<html></html>');
    expect(Array.from(fromUs.body!)).toEqual(Array.from(fromSdk.body!));
  });
});

describe('the query builders send what the official SDK\'s builders send', () => {
  /** Runs `build` on a client's module (ours or the SDK's) with a capturing fetch; returns the requests. */
  async function requestsOf(which: 'sdk' | 'ours', module: 'products' | 'collections', build: (m: any) => Promise<unknown>): Promise<WireCall[]> {
    const log: WireCall[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      const text = req.method === 'GET' ? undefined : await req.text();
      log.push(reduce(req.method, req.url, text || undefined, req.headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client =
      which === 'sdk'
        ? createSdkClient({ modules: { [module]: sdkModules[module] }, auth: SdkApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch })
        : createClient({ modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch, retry: false });
    await build((client as any)[module]).catch(() => undefined);
    return log;
  }
  const longNames = Array.from({ length: 200 }, (_, i) => `A product name long enough to matter ${i}`);
  it.each([
    ['products, a short query: GET .r', 'products', (m: any) => m.queryProducts().eq('name', 'Canvas tote bag').descending('lastUpdated').limit(5).find(), 'GET'],
    ['products, past 4000 characters: POST', 'products', (m: any) => m.queryProducts().in('name', longNames).limit(100).find(), 'POST'],
    ['collections, a short query: GET .r', 'collections', (m: any) => m.queryCollections().startsWith('name', 'Sum').limit(2).find(), 'GET'],
    ['collections, past 4000 characters: POST', 'collections', (m: any) => m.queryCollections().in('name', longNames).find(), 'POST'],
  ] as const)('%s', async (_, module, build, method) => {
    const [sdk, ours] = await Promise.all([requestsOf('sdk', module, build), requestsOf('ours', module, build)]);
    expect(sdk.map((c) => c.method)).toEqual([method]);
    expect(sort(ours)).toEqual(sort(sdk));
  });
});
