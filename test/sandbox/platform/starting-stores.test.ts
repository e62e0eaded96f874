/**
 * Named starting stores and in-process snapshots (issue 33): a test starts from the demo store,
 * an empty store, a Catalog V3-only store or a large deterministic one, by option, flag or the
 * control API, and puts the state back where it was with `restore(name)` between tests.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { LARGE_STORE_PRODUCTS, largeStoreIds } from '../../../src/sandbox/seed/stores.ts';
import { API_KEY, CLIENT_ID, sendTo } from '../../support/sandbox.ts';


const send = sendTo;

const token = async (sandbox: Sandbox) =>
  (await send(sandbox, 'POST', '/oauth2/token', { clientId: CLIENT_ID, grantType: 'anonymous' })).body
    .access_token as string;
const v1Products = (sandbox: Sandbox, query: unknown, auth = API_KEY) =>
  send(sandbox, 'POST', '/stores-reader/v1/products/query-platformized', { query }, auth);
const v3Products = (sandbox: Sandbox) => send(sandbox, 'POST', '/stores/v3/products/query', { query: {} }, API_KEY);

describe('starting stores', () => {
  it('empty: no products, members, carts or orders; the site’s settings are there', async () => {
    const sandbox = createSandbox({ store: 'empty' });
    expect((await v1Products(sandbox, {})).body.products).toEqual([]);
    expect((await send(sandbox, 'GET', '/__sandbox/info')).body.store).toBe('empty');
    const state = (await send(sandbox, 'GET', '/__sandbox/state')).body;
    for (const c of ['products', 'members', 'carts', 'orders'])
      expect(Object.keys(state.collections[c] ?? {})).toEqual([]);
    expect((await send(sandbox, 'GET', '/__sandbox/settings')).body.catalogVersion).toBe('V1_AND_V3');
  });

  it('catalog-v3: the demo catalog on a site that answers Catalog V3 only', async () => {
    const sandbox = createSandbox({ store: 'catalog-v3' });
    const v3 = await v3Products(sandbox);
    expect(v3.status).toBe(200);
    expect(v3.body.products.length).toBeGreaterThan(0);
    const v1 = await v1Products(sandbox, {});
    expect(v1.status).toBeGreaterThanOrEqual(400);
    expect((await send(sandbox, 'GET', '/__sandbox/settings')).body.catalogVersion).toBe('V3_CATALOG');
  });

  it('large: 10,000 more products with variants in collections, the same in every sandbox', async () => {
    const [a, b] = [createSandbox({ store: 'large' }), createSandbox({ store: 'large' })];
    const collection = largeStoreIds.collection(7);
    const page = await v1Products(a, { filter: { collectionIds: { $hasSome: [collection] } }, paging: { limit: 100 } });
    expect(page.status).toBe(200);
    expect(page.body.totalResults).toBe(LARGE_STORE_PRODUCTS / 50);
    const product = (await send(a, 'GET', `/stores-reader/v1/products/${largeStoreIds.product(3)}`, undefined, API_KEY))
      .body.product;
    expect(product.variants.map((v: { choices: Record<string, string> }) => v.choices.Size)).toEqual(['S', 'M', 'L']);
    const same = (await send(b, 'GET', `/stores-reader/v1/products/${largeStoreIds.product(3)}`, undefined, API_KEY))
      .body.product;
    const stable = (p: any) => ({ id: p.id, name: p.name, price: p.priceData.price, variants: p.variants, sku: p.sku });
    expect(stable(same)).toEqual(stable(product));
    const all = await v1Products(a, { paging: { limit: 1 } });
    expect(all.body.totalResults).toBeGreaterThanOrEqual(LARGE_STORE_PRODUCTS + 20);
    // Two large stores made on a shared machine: a few seconds each.
  }, 120_000);

  it('a reset makes the store named, by the control API too; an unknown name is refused', async () => {
    const sandbox = createSandbox();
    expect((await v1Products(sandbox, {})).body.products.length).toBeGreaterThan(0);
    const reset = await send(sandbox, 'POST', '/__sandbox/reset', { store: 'empty' }, API_KEY);
    expect(reset.body).toEqual({ reset: true, store: 'empty' });
    expect((await v1Products(sandbox, {})).body.products).toEqual([]);
    // A reset without a name makes the same store again.
    await send(sandbox, 'POST', '/__sandbox/reset', {}, API_KEY);
    expect(sandbox.startingStore).toBe('empty');
    const bad = await send(sandbox, 'POST', '/__sandbox/reset', { store: 'huge' }, API_KEY);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('INVALID_ARGUMENT: "store" must be one of demo, empty, catalog-v3, large');
    await sandbox.reset({ store: 'demo' });
    expect((await v1Products(sandbox, {})).body.products.length).toBeGreaterThan(0);
    expect(() => createSandbox({ store: 'huge' as never })).toThrow(
      'store must be one of demo, empty, catalog-v3, large (got "huge")',
    );
  });

  it('takes --store and SFK_STORE, and refuses another name', () => {
    expect(sandboxOptionsFromArgs(['--store', 'large'], {}).store).toBe('large');
    expect(sandboxOptionsFromArgs([], { SFK_STORE: 'empty' }).store).toBe('empty');
    expect(() => sandboxOptionsFromArgs(['--store', 'huge'], {})).toThrow(
      '--store must be demo, empty, catalog-v3, large (got huge)',
    );
  });
});

describe('snapshot and restore in process', () => {
  const mug = {
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
  };

  it('puts the state back as the snapshot kept it, as often as asked; later changes do not leak into it', async () => {
    const sandbox = createSandbox();
    const visitor = await token(sandbox);
    await send(sandbox, 'POST', '/ecom/v1/carts/current/add-to-cart', mug, visitor);
    sandbox.snapshot('one mug');
    expect(sandbox.snapshotNames()).toEqual(['one mug']);
    const lines = async () =>
      (await send(sandbox, 'GET', '/ecom/v1/carts/current', undefined, visitor)).body.cart?.lineItems ?? [];
    for (let round = 0; round < 2; round++) {
      await send(sandbox, 'POST', '/ecom/v1/carts/current/add-to-cart', mug, visitor);
      await send(sandbox, 'POST', '/ecom/v1/carts/current/add-to-cart', mug, visitor);
      expect((await lines())[0].quantity).toBe(3);
      await sandbox.restore('one mug');
      expect((await lines())[0].quantity).toBe(1);
    }
    await expect(sandbox.restore('two mugs')).rejects.toThrow(
      'No snapshot named "two mugs": take one with snapshot(name) first',
    );
  });

  it('a restore leaves the faults as they are; a reset clears them', async () => {
    const sandbox = createSandbox();
    sandbox.snapshot('start');
    sandbox.faults.add({ operation: 'getCurrentCart', status: 503 });
    await sandbox.restore('start');
    expect(sandbox.faults.list()).toHaveLength(1);
    await sandbox.reset();
    expect(sandbox.faults.list()).toEqual([]);
  });
});

describe('snapshots through the control API', () => {
  it('keeps and restores a named snapshot, with the API key; an unknown name is a 404', async () => {
    const sandbox = createSandbox();
    expect((await send(sandbox, 'POST', '/__sandbox/snapshots/clean', {})).status).toBe(401);
    expect((await send(sandbox, 'POST', '/__sandbox/snapshots/clean', {}, API_KEY)).body).toEqual({
      snapshot: 'clean',
    });
    expect((await send(sandbox, 'GET', '/__sandbox/snapshots')).body).toEqual({ snapshots: ['clean'] });
    await send(sandbox, 'POST', '/__sandbox/reset', { store: 'empty' }, API_KEY);
    expect((await v1Products(sandbox, {})).body.products).toEqual([]);
    expect((await send(sandbox, 'POST', '/__sandbox/snapshots/clean/restore', {}, API_KEY)).body).toEqual({
      restored: 'clean',
    });
    expect((await v1Products(sandbox, {})).body.products.length).toBeGreaterThan(0);
    const missing = await send(sandbox, 'POST', '/__sandbox/snapshots/dirty/restore', {}, API_KEY);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No snapshot named dirty: POST /__sandbox/snapshots/dirty first');
  });
});
