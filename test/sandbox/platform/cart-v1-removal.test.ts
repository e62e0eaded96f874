/**
 * Cart V1 and Checkout V1 after the provider removes them (2027-02-01), on demand: the setting
 * `cartV1` (`available`, `removed`, `auto` by the sandbox clock; option, control API, CLI flag)
 * answers every V1 call as a path the provider no longer routes, naming the Cart V2 call to use;
 * the request log marks every V1 call with its successor, removed or not; and the sandbox sums up
 * which V1 calls an app made (`GET /__sandbox/cart-v1-calls`, printed by the CLI at exit).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import type { RequestLogEntry } from '../../../src/sandbox/platform/request-log.ts';
import { createSandboxServer, type SandboxServer } from '../../../src/sandbox/sandbox-server.ts';
import { CHECKOUT_ID } from '../../../src/sandbox/seed/ids.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

const ADD = {
  lineItems: [
    {
      quantity: 1,
      catalogReference: {
        catalogItemId: '6b3a0000-0000-4000-8000-000000000001',
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        options: { variantId: '00000000-0000-4000-8000-000000000101' },
      },
    },
  ],
};

/** The exact words of a removed call's answer: what went, when, what to call instead, how arguments map. */
const ADD_REMOVED =
  'currentCart.addToCurrentCart (POST /ecom/v1/carts/current/add-to-cart) was removed on 2027-02-01: ' +
  'use currentCartV2.addLineItemsToCurrentCart. `addToCurrentCart({ lineItems })` becomes ' +
  '`addLineItemsToCurrentCart({ catalogItems })`, each `{ catalogReference, quantity }`; `customLineItems` becomes `customItems`.';
const CREATE_CHECKOUT_REMOVED =
  'currentCart.createCheckoutFromCurrentCart (POST /ecom/v1/carts/current/create-checkout) was removed on 2027-02-01: ' +
  "no Cart V2 call replaces it. None needed: the current cart's id (`currentCartV2.getCurrentCart` answers it as `cart.id`) " +
  'is the checkout id, for `redirects.createRedirectSession({ ecomCheckout: { checkoutId } })` and `cartV2.getCheckoutUrl`.';
const GET_CHECKOUT_REMOVED =
  'checkout.getCheckout (GET /ecom/v1/checkouts/{id}) was removed on 2027-02-01: use cartV2.getCart. ' +
  "`id` becomes `cartId`: the cart's id is the checkout id.";

const setCartV1 = (base: string, value: unknown) =>
  call(base, 'PATCH', '/__sandbox/settings', { token: API_KEY, body: { cartV1: value } });

describe('the setting cartV1 on a running sandbox', () => {
  const server = useSandboxServer();
  const base = () => server.current.url;
  afterEach(async () => {
    await call(base(), 'POST', '/__sandbox/reset', { token: API_KEY });
  });

  it('answers V1 by default; removed, every V1 cart and checkout call is 404 NOT_FOUND naming its V2 call, and changes nothing', async () => {
    const visitor = await visitorToken(base());
    expect((await call(base(), 'GET', '/__sandbox/settings')).body.cartV1).toBe('available');
    expect(
      (await call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD })).status,
    ).toBe(200);

    expect((await setCartV1(base(), 'removed')).body.cartV1).toBe('removed');
    const add = await call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
    expect(add.status).toBe(404);
    expect(add.headers.get('x-wix-request-id')).toBeTruthy();
    expect(add.body).toEqual({
      message: ADD_REMOVED,
      details: {
        applicationError: {
          description: ADD_REMOVED,
          code: 'NOT_FOUND',
          data: {
            operation: 'currentCart.addToCurrentCart',
            replacedBy: 'currentCartV2.addLineItemsToCurrentCart',
            removed: '2027-02-01',
          },
        },
      },
    });
    const create = await call(base(), 'POST', '/ecom/v1/carts/current/create-checkout', { token: visitor, body: {} });
    expect(create.status).toBe(404);
    expect(create.body.message).toBe(CREATE_CHECKOUT_REMOVED);
    expect(create.body.details.applicationError.data.replacedBy).toBeNull();
    // Whoever calls, with or without a token: the path is gone before anyone is asked who they are.
    const byKey = await call(base(), 'GET', `/ecom/v1/checkouts/${CHECKOUT_ID}`, {
      token: API_KEY,
      headers: { 'wix-site-id': 'x' },
    });
    expect([byKey.status, byKey.body.message]).toEqual([404, GET_CHECKOUT_REMOVED]);
    expect((await call(base(), 'GET', `/ecom/v1/checkouts/${CHECKOUT_ID}`)).body.message).toBe(GET_CHECKOUT_REMOVED);

    // Every V1 operation, the webhooks aside, answers so; the V1 cart the add made is kept, unchanged.
    for (const op of [
      'GET /ecom/v1/carts/current',
      'DELETE /ecom/v1/carts/current',
      'POST /ecom/v1/checkouts',
      `POST /ecom/v1/checkouts/${CHECKOUT_ID}/create-order`,
    ]) {
      const [method, path] = op.split(' ');
      const r = await call(base(), method, path, { token: visitor, body: method === 'POST' ? {} : undefined });
      expect([op, r.status, r.body.details.applicationError.code]).toEqual([op, 404, 'NOT_FOUND']);
      expect(r.body.message).toMatch(
        / was removed on 2027-02-01: (use (currentCartV2|cartV2)\.\w+\.|no Cart V2 call replaces it\.) /,
      );
    }
    expect((await setCartV1(base(), 'available')).body.cartV1).toBe('available');
    const cart = await call(base(), 'GET', '/ecom/v1/carts/current', { token: visitor });
    expect(cart.status).toBe(200);
    expect(cart.body.cart.lineItems).toHaveLength(1);
  });

  it('leaves every other API, and the control API, answering', async () => {
    await setCartV1(base(), 'removed');
    const visitor = await visitorToken(base());
    const order = await call(base(), 'GET', '/ecom/v1/orders/no-such-order', {
      token: API_KEY,
      headers: { 'wix-site-id': DEFAULT_SITE_ID },
    });
    expect([order.status, order.body.details.applicationError.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const product = await call(base(), 'GET', '/stores-reader/v1/products/6b3a0000-0000-4000-8000-000000000001', {
      token: visitor,
    });
    expect(product.status).toBe(200);
    expect((await call(base(), 'GET', '/__sandbox/info')).status).toBe(200);
    // Redirect sessions and the hosted checkout page are not Checkout V1: they still answer.
    const session = await call(base(), 'POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor,
      body: { ecomCheckout: { checkoutId: CHECKOUT_ID } },
    });
    expect(session.status).toBe(200);
    const page = await fetch(`${base()}/__sandbox/checkout/${CHECKOUT_ID}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('was removed');
  });

  it('a cart made through Cart V2 is checked out with its id as the checkout id while V1 is removed', async () => {
    await setCartV1(base(), 'removed');
    const visitor = await visitorToken(base());
    const added = await call(base(), 'POST', '/ecom/v2/carts/current/add-line-items', {
      token: visitor,
      body: { catalogItems: [{ catalogReference: ADD.lineItems[0].catalogReference, quantity: 1 }] },
    });
    expect(added.status).toBe(200);
    const cartId: string = added.body.cart.id;
    const url = await call(base(), 'POST', `/ecom/v2/carts/${cartId}/get-checkout-url`, { token: visitor, body: {} });
    expect(url.status).toBe(200);
    const session = await call(base(), 'POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor,
      body: { ecomCheckout: { checkoutId: cartId } },
    });
    expect(session.status).toBe(200);
    const page = await fetch(`${base()}/__sandbox/checkout/${cartId}`);
    expect(page.status).toBe(200);
    // None of it was a V1 call.
    expect((await call(base(), 'GET', '/__sandbox/cart-v1-calls')).body.total).toBe(0);
  });

  it('refuses another value, naming the three, and changes nothing', async () => {
    const r = await setCartV1(base(), 'gone');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('INVALID_ARGUMENT: "cartV1" must be one of available, removed, auto');
    expect((await call(base(), 'GET', '/__sandbox/settings')).body.cartV1).toBe('available');
  });
});

describe('cartV1 auto: removed once the sandbox clock reaches 2027-02-01', () => {
  it('answers V1 before the day and answers it as removed from the day on', async () => {
    const sandbox = createSandbox({ settings: { cartV1: 'auto' } });
    const ask = (path: string) => sandbox.handle(new Request(`http://sandbox.test${path}`));
    const removalMs = Date.parse('2027-02-01T00:00:00Z');
    // The clock only moves forward: a run after the day starts removed (the test still checks that).
    if (sandbox.now().getTime() < removalMs) {
      expect((await ask(`/ecom/v1/checkouts/${CHECKOUT_ID}`)).status).toBe(401);
      const toEve = Math.floor((removalMs - sandbox.now().getTime()) / 1000) - 60;
      await sandbox.advanceClock(toEve);
      expect((await ask(`/ecom/v1/checkouts/${CHECKOUT_ID}`)).status).toBe(401);
      expect((await (await ask('/__sandbox/cart-v1-calls')).json()).removedNow).toBe(false);
      await sandbox.advanceClock(120);
    }
    const gone = await ask(`/ecom/v1/checkouts/${CHECKOUT_ID}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toBe(GET_CHECKOUT_REMOVED);
    const summary = await (await ask('/__sandbox/cart-v1-calls')).json();
    expect(summary).toMatchObject({ setting: 'auto', removedNow: true, removalDay: '2027-02-01' });
  });

  it('is a createSandbox option, and "removed" removes V1 whatever the clock says', async () => {
    const sandbox = createSandbox({ settings: { cartV1: 'removed' } });
    const r = await sandbox.handle(new Request('http://sandbox.test/ecom/v1/carts/current'));
    expect(r.status).toBe(404);
    expect((await r.json()).details.applicationError.data.replacedBy).toBe('currentCartV2.getCurrentCart');
  });
});

describe('which V1 calls an app made: GET /__sandbox/cart-v1-calls', () => {
  const server = useSandboxServer();
  const base = () => server.current.url;

  it('counts each V1 operation called, removed or not, with its V2 successor; a reset starts over', async () => {
    const empty = await call(base(), 'GET', '/__sandbox/cart-v1-calls');
    expect(empty.body).toEqual({
      setting: 'available',
      removedNow: false,
      removalDay: '2027-02-01',
      total: 0,
      operations: [],
    });

    const visitor = await visitorToken(base());
    await call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
    await call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
    await call(base(), 'GET', '/ecom/v1/carts/current', { token: visitor });
    await setCartV1(base(), 'removed');
    await call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
    await call(base(), 'POST', '/_api/redirects-api/v1/redirect-session', { token: visitor, body: {} });

    const { body } = await call(base(), 'GET', '/__sandbox/cart-v1-calls');
    expect(body).toMatchObject({ setting: 'removed', removedNow: true, total: 4 });
    expect(body.operations).toEqual([
      {
        operation: 'currentCart.addToCurrentCart',
        method: 'POST',
        path: '/ecom/v1/carts/current/add-to-cart',
        calls: 3,
        answeredRemoved: 1,
        firstCalled: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastCalled: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        replacedBy: 'currentCartV2.addLineItemsToCurrentCart',
        note: expect.stringContaining('addLineItemsToCurrentCart({ catalogItems })'),
      },
      expect.objectContaining({
        operation: 'currentCart.getCurrentCart',
        calls: 1,
        answeredRemoved: 0,
        replacedBy: 'currentCartV2.getCurrentCart',
      }),
    ]);

    await call(base(), 'POST', '/__sandbox/reset', { token: API_KEY });
    expect((await call(base(), 'GET', '/__sandbox/cart-v1-calls')).body).toMatchObject({ total: 0, operations: [] });
  });
});

/** A server whose request log lines are collected; `linesOf(n, fn)` waits for the n lines `fn`'s requests make. */
function loggingServer(log: 'text' | 'json') {
  const lines: string[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const ref = {} as { current: SandboxServer };
  beforeAll(async () => {
    ref.current = await createSandboxServer({
      port: 0,
      log,
      logLine: (line) => {
        lines.push(line);
        for (const w of waiting.filter((w) => lines.length >= w.n)) w.resolve();
      },
    });
  });
  afterAll(() => ref.current.close());
  async function linesOf(count: number, fn: () => Promise<unknown>): Promise<string[]> {
    const from = lines.length;
    await fn();
    await new Promise<void>((resolve) =>
      lines.length >= from + count ? resolve() : waiting.push({ n: from + count, resolve }),
    );
    return lines.slice(from, from + count);
  }
  return { ref, linesOf };
}

describe('the request log marks every V1 cart or checkout call with its V2 successor', () => {
  const { ref, linesOf } = loggingServer('text');
  const base = () => ref.current.url;

  it('text: the line ends with replaced-by=<module.operationId> (or none), removed or not; other lines are as before', async () => {
    const visitor = await visitorToken(base());
    const [add] = await linesOf(1, () =>
      call(base(), 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD }),
    );
    expect(add).toMatch(
      / visitor POST \/ecom\/v1\/carts\/current\/add-to-cart currentCart\.addToCurrentCart 200 - \d+ms replaced-by=currentCartV2\.addLineItemsToCurrentCart$/,
    );
    const [create] = await linesOf(1, () =>
      call(base(), 'POST', '/ecom/v1/carts/current/create-checkout', { token: visitor, body: {} }),
    );
    expect(create).toMatch(/ currentCart\.createCheckoutFromCurrentCart 200 - \d+ms replaced-by=none$/);
    await setCartV1(base(), 'removed');
    const [removed] = await linesOf(1, () =>
      call(base(), 'GET', `/ecom/v1/checkouts/${CHECKOUT_ID}`, { token: visitor }),
    );
    expect(removed).toMatch(
      / - GET \/ecom\/v1\/checkouts\/[\w-]+ checkout\.getCheckout 404 NOT_FOUND \d+ms replaced-by=cartV2\.getCart$/,
    );
    const [token] = await linesOf(1, () => visitorToken(base()));
    expect(token).toMatch(/ anonymous POST \/oauth2\/token oauth\.token 200 - \d+ms$/);
  });
});

describe('the JSON request log', () => {
  const { ref, linesOf } = loggingServer('json');

  it('adds replacedBy to a V1 call, and nothing to another', async () => {
    const visitor = await visitorToken(ref.current.url);
    const [line] = await linesOf(1, () => call(ref.current.url, 'GET', '/ecom/v1/carts/current', { token: visitor }));
    expect(JSON.parse(line) as RequestLogEntry).toMatchObject({
      operation: 'currentCart.getCurrentCart',
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
      replacedBy: 'currentCartV2.getCurrentCart',
    });
    const [other] = await linesOf(1, () => call(ref.current.url, 'GET', '/__sandbox/info'));
    expect(JSON.parse(other)).not.toHaveProperty('replacedBy');
  });
});

describe('--cart-v1', () => {
  it('sets cartV1 from --cart-v1 or SFK_CART_V1, beside --catalog-version, and refuses another value', () => {
    expect(sandboxOptionsFromArgs(['--cart-v1', 'removed'], {}).settings).toEqual({ cartV1: 'removed' });
    expect(sandboxOptionsFromArgs([], { SFK_CART_V1: 'auto' }).settings).toEqual({ cartV1: 'auto' });
    expect(sandboxOptionsFromArgs(['--cart-v1', 'auto', '--catalog-version', 'V3_CATALOG'], {}).settings).toEqual({
      cartV1: 'auto',
      catalogVersion: 'V3_CATALOG',
    });
    expect(sandboxOptionsFromArgs([], {}).settings).toBeUndefined();
    expect(() => sandboxOptionsFromArgs(['--cart-v1', 'off'], {})).toThrow(
      '--cart-v1 must be available, removed, auto (got off)',
    );
  });

  describe('the CLI', () => {
    const children = new Set<ChildProcess>();
    afterAll(() => {
      for (const c of children) c.kill('SIGKILL');
    });

    /** Stops the child with Ctrl-C and resolves with everything it printed, from its start. */
    function stopAndRead(started: { child: ChildProcess; output: () => string }): Promise<string> {
      return new Promise((resolve) => {
        // 'close', not 'exit': the last lines it printed may arrive after it exited.
        started.child.on('close', () => resolve(started.output()));
        started.child.kill('SIGINT');
      });
    }

    it('started with --cart-v1 removed, answers V1 as removed and prints at exit which V1 calls the app made', async () => {
      const started = await startSandboxProcess(['--port', '0', '--cart-v1', 'removed'], children);
      const { url } = started;
      const visitor = await visitorToken(url);
      const add = await call(url, 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
      expect(add.body.message).toBe(ADD_REMOVED);
      await call(url, 'POST', '/ecom/v1/carts/current/add-to-cart', { token: visitor, body: ADD });
      await call(url, 'POST', '/ecom/v1/carts/current/create-checkout', { token: visitor, body: {} });
      const printed = await stopAndRead(started);
      expect(printed).toContain(
        '  Cart V1:          removed (V1 cart and checkout calls answer 404, naming their Cart V2 call)\n',
      );
      expect(printed).toContain(
        'Cart V1 / Checkout V1 calls this run: 3 calls to 2 operations, removed by the provider on 2027-02-01:',
      );
      expect(printed).toContain(
        '  2 calls   currentCart.addToCurrentCart -> currentCartV2.addLineItemsToCurrentCart\n',
      );
      expect(printed).toContain('  1 call    currentCart.createCheckoutFromCurrentCart -> none\n');
      expect(printed).toContain('            None needed: the current cart');
      expect(printed).toContain('the V1 -> V2 table: docs/cart-v2-migration.md');
    });

    it('says at start when V1 is removed, or will be on the sandbox clock', async () => {
      const said = await stopAndRead(await startSandboxProcess(['--port', '0', '--cart-v1', 'auto'], children));
      expect(said).toContain(
        '  Cart V1:          removed from 2027-02-01 on the sandbox clock (V1 cart and checkout calls answer 404, naming their Cart V2 call)\n',
      );
      expect(said).not.toContain('Cart V1 / Checkout V1 calls');
    });

    it('prints nothing about V1 when the app made no V1 call', async () => {
      const started = await startSandboxProcess(['--port', '0'], children);
      await call(started.url, 'GET', '/__sandbox/info');
      expect(await stopAndRead(started)).not.toContain('Cart V1');
    });
  });
});
