/**
 * Requests that overlap in time (a handler awaits between its changes) must not undo each
 * other: one request's rollback never takes another's acknowledged write with it.
 */
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/sandbox/platform/store.ts';
import { call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('store transactions', () => {
  it('a failing transaction rolls back only its own changes, even while others commit', async () => {
    const store = new Store();
    const failing = store.transaction(async (db) => {
      db.put('carts', 'a', { id: 'a' });
      await tick();
      throw new Error('wrong password');
    });
    const committed = Promise.all(['b', 'c', 'd'].map((id) => store.transaction((db) => db.put('carts', id, { id }))));
    await expect(failing).rejects.toThrow('wrong password');
    await committed;
    expect(Object.keys(store.snapshot().collections.carts).sort()).toEqual(['b', 'c', 'd']);
  });

  it('runs in arrival order, and a commit hook that throws undoes the change', async () => {
    const store = new Store();
    const order: string[] = [];
    await Promise.all([
      store.transaction(async (db) => {
        await tick();
        order.push('first');
        db.put('orders', '1', { id: '1' });
      }),
      store.transaction((db) => {
        order.push('second');
        db.put('orders', '2', { id: '2' });
      }),
    ]);
    expect(order).toEqual(['first', 'second']);
    await expect(
      store.transaction(
        (db) => db.put('orders', '3', { id: '3' }),
        () => {
          throw new Error('disk full');
        },
      ),
    ).rejects.toThrow('disk full');
    expect(Object.keys(store.snapshot().collections.orders)).toEqual(['1', '2']);
  });

  it('a load inside a transaction is a change: the commit hook runs, and a failure restores what was there', async () => {
    const store = new Store();
    await store.transaction((db) => db.put('orders', '1', { id: '1' }));
    let persisted = 0;
    const { changed } = await store.transaction(() => store.load({ version: 1, collections: { coupons: { a: { id: 'a' } } } }), () => persisted++);
    expect({ changed, persisted }).toEqual({ changed: true, persisted: 1 });
    expect(store.snapshot().collections).toEqual({ coupons: { a: { id: 'a' } } });

    await expect(
      store.transaction((db) => {
        db.put('coupons', 'b', { id: 'b' });
        store.load({ version: 1, collections: {} });
        db.put('giftCards', 'c', { id: 'c' });
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    expect(store.snapshot().collections).toEqual({ coupons: { a: { id: 'a' } } });
  });

  it('the state version moves with every change (a write, an undo, a load, a restore) and never with a read', async () => {
    const store = new Store();
    const { db } = store;
    const seen = [db.version()];
    const moved = () => {
      const now = db.version();
      const hasMoved = now !== seen.at(-1);
      seen.push(now);
      return hasMoved;
    };
    await store.transaction((d) => d.put('coupons', 'a', { id: 'a', value: 1 }));
    expect(moved()).toBe(true);
    await store.transaction((d) => [d.get('coupons', 'a'), d.list('coupons'), d.find('coupons', { id: 'a' }), d.count('coupons')]);
    expect(moved()).toBe(false);
    await store.transaction((d) => d.update('coupons', 'a', (c: any) => void (c.value = 2)));
    expect(moved()).toBe(true);
    const kept = store.keep();
    await store.transaction((d) => d.delete('coupons', 'a'));
    expect(moved()).toBe(true);
    await expect(store.transaction((d) => { d.put('coupons', 'b', { id: 'b' }); moved(); throw new Error('undone'); })).rejects.toThrow('undone');
    expect(moved()).toBe(true); // the undo is a change too, back to a state whose values may have been read in between
    await expect(store.transaction(() => { store.load({ version: 1, collections: {} }); moved(); throw new Error('import failed'); })).rejects.toThrow('import failed');
    expect(moved()).toBe(true);
    await store.transaction(() => store.restore(kept));
    expect(moved()).toBe(true);
    expect(store.db.get('coupons', 'a')).toEqual({ id: 'a', value: 2 });
    store.load({ version: 1, collections: {} });
    expect(moved()).toBe(true);
  });
});

describe('overlapping requests over HTTP', () => {
  const s = useSandboxServer();
  const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

  it('keeps every visitor cart added while failed logins roll back', async () => {
    const base = s.current.url;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => visitorToken(base)));
    const product = (await call(base, 'POST', '/stores-reader/v1/products/query-platformized', { body: { query: { filter: { slug: 'ceramic-mug' } } }, token: tokens[0] })).body.products[0];
    const wrongLogins = Array.from({ length: 4 }, async () =>
      call(base, 'POST', '/_api/iam/authentication/v2/login', { body: { loginId: { email: 'demo@storefront.test' }, password: 'wrong-password' }, token: tokens[0] }),
    );
    const adds = tokens.map((token) =>
      call(base, 'POST', '/ecom/v1/carts/current/add-to-cart', { body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product.id, appId: STORES } }] }, token }),
    );
    const [addAnswers] = await Promise.all([Promise.all(adds), Promise.all(wrongLogins)]);
    expect(addAnswers.map((r) => r.status)).toEqual(tokens.map(() => 200));
    const carts = await Promise.all(tokens.map((token) => call(base, 'GET', '/ecom/v1/carts/current', { token })));
    expect(carts.map((r) => r.status)).toEqual(tokens.map(() => 200));
  });
});
