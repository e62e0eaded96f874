/**
 * Faults on demand (issue 33): a test makes the next calls of one operation, a service or all
 * fail as the provider's do (a status with the provider's error body, 429 with Retry-After, an
 * application error of the operation's catalogue, a late answer, a dropped connection), through
 * the control API, the sandbox's `faults` and the CLI; listed, removed, cleared by a reset. A
 * refused call changes nothing; the client's retry waits out Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, currentCart, OAuthStrategy } from '../../../src/index.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { createSandboxServer, type SandboxServer } from '../../../src/sandbox/sandbox-server.ts';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { API_KEY, call, CLIENT_ID, visitorToken } from '../../support/sandbox.ts';

const admin = { authorization: API_KEY };
const ADD = '/ecom/v1/carts/current/add-to-cart';
const addShirt = (token: string) => ({
  token,
  body: {
    lineItems: [
      {
        quantity: 1,
        catalogReference: {
          catalogItemId: PRODUCT.ceramicMug,
          appId: STORES_APP_ID,
          options: { options: { Color: 'Green' } },
        },
      },
    ],
  },
});

let server: SandboxServer;
beforeAll(async () => {
  server = await createSandboxServer({ port: 0, validateResponses: true });
});
afterAll(() => server.close());

const place = (rule: unknown) => call(server.url, 'POST', '/__sandbox/faults', { body: rule, headers: admin });
const lines = async (token: string) =>
  ((await call(server.url, 'GET', '/ecom/v1/carts/current', { token })).body?.cart?.lineItems ?? []).length;

describe('faults through the control API', () => {
  it('makes the next add to cart answer 503 in the provider’s format, once, and changes nothing', async () => {
    await call(server.url, 'POST', '/__sandbox/reset', { headers: admin });
    const token = await visitorToken(server.url);
    const placed = await place({ operation: 'addToCurrentCart', status: 503, times: 1 });
    expect(placed.status).toBe(200);
    expect(placed.body.fault).toMatchObject({ id: expect.any(String), operation: 'currentCart.addToCurrentCart' });
    expect((await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toHaveLength(1);

    const refused = await call(server.url, 'POST', ADD, addShirt(token));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: 'Service Unavailable', details: {} });
    expect(await lines(token)).toBe(0);
    // Used up: gone from the list, and the next add goes through.
    expect((await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    expect((await call(server.url, 'POST', ADD, addShirt(token))).status).toBe(200);
    expect(await lines(token)).toBe(1);
  });

  it('answers every call of a service 429 with Retry-After until removed; other services go on', async () => {
    const token = await visitorToken(server.url);
    const { body } = await place({ service: 'current-cart', status: 429, retryAfterSeconds: 7 });
    const limited = await call(server.url, 'GET', '/ecom/v1/carts/current', { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body).toEqual({ message: 'Too Many Requests', details: {} });
    expect((await call(server.url, 'POST', ADD, addShirt(token))).status).toBe(429);
    const products = await call(server.url, 'POST', '/stores-reader/v1/products/query-platformized', {
      token,
      body: { query: {} },
    });
    expect(products.status).toBe(200);
    expect((await call(server.url, 'DELETE', `/__sandbox/faults/${body.fault.id}`, { headers: admin })).body).toEqual({
      removed: body.fault.id,
    });
    expect((await call(server.url, 'GET', '/ecom/v1/carts/current', { token })).status).not.toBe(429);
    const again = await call(server.url, 'DELETE', `/__sandbox/faults/${body.fault.id}`, { headers: admin });
    expect(again.status).toBe(404);
    expect(again.body.details.applicationError.code).toBe('FAULT_NOT_FOUND');
  });

  it('answers an application error of the operation’s catalogue', async () => {
    const token = await visitorToken(server.url);
    await place({ operation: 'currentCart.addToCurrentCart', code: 'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM', times: 1 });
    const refused = await call(server.url, 'POST', ADD, addShirt(token));
    expect(refused.status).toBe(400);
    expect(refused.body.details.applicationError).toMatchObject({ code: 'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM' });
  });

  it('refuses a code the operation’s catalogue does not have, and a rule with mistakes, naming them', async () => {
    const notInCatalogue = await place({ operation: 'getCurrentCart', code: 'COUPON_DOES_NOT_EXIST' });
    expect(notInCatalogue.status).toBe(400);
    // The catalogue's codes follow (the spec's list, which grows).
    expect(notInCatalogue.body.message).toMatch(
      /^INVALID_ARGUMENT: "code" is not in currentCart\.getCurrentCart's catalogue \(x-sfk-errors\): UNAUTHENTICATED, /,
    );
    const bad = await place({ operation: 'nope', share: 2, times: 0, colour: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual([
      'colour',
      'operation',
      'share',
      'status',
      'times',
    ]);
    expect((await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    // Changes need the API key.
    expect((await call(server.url, 'POST', '/__sandbox/faults', { body: { status: 500 } })).status).toBe(401);
  });

  it('hits a share of the calls, evenly', async () => {
    const token = await visitorToken(server.url);
    await place({ operation: 'getCurrentCart', status: 500, share: 0.5 });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(server.url, 'GET', '/ecom/v1/carts/current', { token })).status);
    expect(statuses.map((s) => s === 500)).toEqual([false, true, false, true, false, true]);
    expect((await call(server.url, 'DELETE', '/__sandbox/faults', { headers: admin })).body).toEqual({ cleared: 1 });
  });

  it('drops the connection: the caller sees a network failure, and the add is not made', async () => {
    const token = await visitorToken(server.url);
    await place({ operation: 'addToCurrentCart', drop: true, times: 1 });
    await expect(call(server.url, 'POST', ADD, addShirt(token))).rejects.toThrow(/fetch failed/);
    expect(await lines(token)).toBe(0);
  });

  it('holds a call unanswered until the test releases it, then answers as the rule says', async () => {
    const token = await visitorToken(server.url);
    const placed = await place({ operation: 'addToCurrentCart', status: 503, hold: true, times: 1 });
    const id = placed.body.fault.id as string;
    let answered = false;
    const held = call(server.url, 'POST', ADD, addShirt(token)).finally(() => (answered = true));
    // The hold is seen by the caller as a call underway: nothing answers until the release.
    await expect.poll(async () => (await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    expect(answered).toBe(false);
    const released = await call(server.url, 'POST', `/__sandbox/faults/${id}/release`, { headers: admin });
    expect(released.body).toEqual({ released: 1 });
    expect((await held).status).toBe(503);
    expect(await lines(token)).toBe(0);
    // A hold alone lets the released call go on; a reset releases what is still held.
    await place({ operation: 'addToCurrentCart', hold: true, times: 1 });
    const late = call(server.url, 'POST', ADD, addShirt(token));
    await expect.poll(async () => (await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    await call(server.url, 'POST', '/__sandbox/reset', { headers: admin });
    expect((await late).status).toBe(200);
    expect((await call(server.url, 'POST', '/__sandbox/faults/fault-0/release', { headers: admin })).body).toEqual({
      released: 0,
    });
  });

  it('a delay alone lets the call go on, and a reset clears every fault', async () => {
    const token = await visitorToken(server.url);
    await place({ operation: 'addToCurrentCart', delayMs: 20 });
    await place({ status: 503 });
    expect((await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toHaveLength(2);
    await call(server.url, 'POST', '/__sandbox/reset', { headers: admin });
    expect((await call(server.url, 'GET', '/__sandbox/faults')).body.faults).toEqual([]);
    await place({ operation: 'addToCurrentCart', delayMs: 20, times: 1 });
    expect((await call(server.url, 'POST', ADD, addShirt(token))).status).toBe(200);
  });
});

describe('faults of an in-process sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox();
  });

  it('answers a dropped connection as a network error to fetch-style callers', async () => {
    sandbox.faults.add({ operation: 'getCurrentCart', drop: true, times: 1 });
    const answer = await sandbox.handle(new Request('https://www.wixapis.com/ecom/v1/carts/current'));
    expect(answer.type).toBe('error');
  });

  it('the client waits out a 429’s Retry-After, then succeeds', async () => {
    const arrivals: number[] = [];
    const client = createClient({
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: CLIENT_ID }),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname === '/ecom/v1/carts/current') arrivals.push(performance.now());
        return sandbox.handle(request);
      },
    });
    await client.currentCart.getCurrentCart().catch(() => undefined); // the visitor's token, before the fault
    arrivals.length = 0;
    sandbox.faults.add({ operation: 'getCurrentCart', status: 429, retryAfterSeconds: 1, times: 1 });
    const answered = await client.currentCart.getCurrentCart().then(
      () => 'cart',
      (e: { details?: { applicationError?: { code?: string } } }) => e.details?.applicationError?.code,
    );
    // No cart yet: the retry reached the sandbox's own answer (the fault was used up).
    expect(answered).not.toBe(undefined);
    expect(arrivals).toHaveLength(2);
    // The client's own backoff is at most 200 ms on a first retry: only Retry-After makes it wait a second.
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(990);
  });
});

describe('faults from the command line', () => {
  it('takes --fault rules, repeated, and refuses a bad one naming it', () => {
    const options = sandboxOptionsFromArgs(
      [
        '--fault',
        'operation=addToCurrentCart,status=503,times=1',
        '--fault',
        'service=currentCart,status=429,retryAfterSeconds=2',
      ],
      {},
    );
    expect(options.faults).toEqual([
      { operation: 'currentCart.addToCurrentCart', status: 503, times: 1 },
      { service: 'currentCart', status: 429, retryAfterSeconds: 2 },
    ]);
    expect(sandboxOptionsFromArgs([], { SFK_FAULTS: 'drop,times=2;status=500' }).faults).toEqual([
      { drop: true, times: 2 },
      { status: 500 },
    ]);
    expect(() => sandboxOptionsFromArgs(['--fault', 'operation=addToCurrentCart,status=302'], {})).toThrow(
      '--fault operation=addToCurrentCart,status=302: INVALID_ARGUMENT: "status" must be an HTTP error status (400-599)',
    );
  });
});
