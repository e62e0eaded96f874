// docs/testing.md's vitest example, word for word (testing-guide.test.ts checks it; only the imports point at the source)
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, currentCartV2, OAuthStrategy, products, STORES_APP_ID } from '../../src/index.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { sandboxHandlers } from '../../src/sandbox/msw.ts';

// One sandbox for the file, in process: the client calls www.wixapis.com as in production,
// msw hands every call to the sandbox, and strict mode fails any call it does not emulate.
const sandbox = createSandbox({ store: 'demo' });
const server = setupServer(...sandboxHandlers(sandbox, { strict: true }));
const shop = () =>
  createClient({ modules: { currentCartV2, products }, auth: OAuthStrategy({ clientId: 'sandbox-client' }) });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await sandbox.reset();
  sandbox.snapshot('start');
});
// Every test starts from the same store, in well under a millisecond.
beforeEach(() => sandbox.restore('start'));
afterAll(() => {
  server.close();
  // Nothing the app called slipped past the sandbox.
  expect(sandbox.calls.report().notEmulated).toEqual([]);
});

async function addMug(kit: ReturnType<typeof shop>) {
  const [mug] = (await kit.products.queryProducts().eq('slug', 'ceramic-mug').find()).items;
  const options = { options: { Color: 'Green' } };
  return kit.currentCartV2.addLineItemsToCurrentCart({
    catalogItems: [{ quantity: 1, catalogReference: { catalogItemId: mug.id!, appId: STORES_APP_ID, options } }],
  });
}

describe('the cart when the store fails', () => {
  it('a 503 on the next add to cart: the error is the client’s, and nothing was added', async () => {
    const kit = shop();
    sandbox.faults.add({ operation: 'addLineItemsToCurrentCart', status: 503, times: 1 });
    await expect(addMug(kit)).rejects.toMatchObject({ code: 'SYSTEM_ERROR' });
    const { cart } = await addMug(kit); // the fault was for one call
    expect(cart.lineItems).toHaveLength(1);
  });

  it('a 429 with Retry-After on the next cart read: the client waits it out and gets the cart', async () => {
    const kit = shop();
    await addMug(kit);
    sandbox.faults.add({ operation: 'getCurrentCart', status: 429, retryAfterSeconds: 1, times: 1 });
    const { cart } = await kit.currentCartV2.getCurrentCart();
    expect(cart.lineItems).toHaveLength(1);
  });
});
