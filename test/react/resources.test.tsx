/**
 * The catalog's reads by key on a store (resources.ts): read once and shared, a failure read
 * again by the next caller (a load that throws at once included), and forgotten by prefix, a read
 * on its way then never shown.
 */
import { describe, expect, it } from 'vitest';
import { createStorefrontStore } from '../../src/react/store.ts';
import { dropResources, ensureResource } from '../../src/react/resources.ts';
import { visitorKit } from './support.tsx';

/** A load the test answers: each call waits for `answer(i, value)` or `fail(i)`. */
function loads() {
  const calls: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<unknown>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

describe('catalog reads on a store', () => {
  it('read a key once however many ask, and publish loading then its data', async () => {
    const store = createStorefrontStore(visitorKit().client);
    const { load, calls } = loads();
    const a = ensureResource(store, 'product:x', load);
    const b = ensureResource(store, 'product:x', load);
    expect(calls).toHaveLength(1);
    expect(store.getSnapshot().resources['product:x']).toEqual({ status: 'loading' });
    calls[0].resolve({ name: 'X' });
    expect(await a).toEqual({ status: 'success', data: { name: 'X' } });
    expect(await b).toBe(await a);
    await Promise.resolve();
    expect(store.getSnapshot().resources['product:x']).toEqual({ status: 'success', data: { name: 'X' } });
    // Read data is kept: no second load.
    await ensureResource(store, 'product:x', load);
    expect(calls).toHaveLength(1);
  });

  it('read a failed key again for the next caller', async () => {
    const store = createStorefrontStore(visitorKit().client);
    const { load, calls } = loads();
    const first = ensureResource(store, 'product:y', load);
    calls[0].reject(new Error('down'));
    expect((await first).status).toBe('error');
    void ensureResource(store, 'product:y', load);
    expect(calls).toHaveLength(2);
  });

  it('publish a load that throws before its promise as an error read, not one loading for good', async () => {
    const store = createStorefrontStore(visitorKit().client);
    const throwing = (): Promise<unknown> => {
      throw new TypeError('no such module');
    };
    const read = await ensureResource(store, 'product:z', throwing);
    // Not a catalogue error: a SystemError with what was thrown as its cause, as for any read.
    expect(read).toMatchObject({
      status: 'error',
      error: { code: 'SYSTEM_ERROR', cause: { message: 'no such module' } },
    });
    await Promise.resolve();
    expect(store.getSnapshot().resources['product:z']).toMatchObject({ status: 'error' });
  });

  it('forget keys by prefix; a read dropped on its way is not shown when it answers', async () => {
    const store = createStorefrontStore(visitorKit().client);
    const { load, calls } = loads();
    const kept = ensureResource(store, 'product:z', load);
    const dropped = ensureResource(store, 'identity:member', load);
    dropResources(store, 'identity:');
    expect(Object.keys(store.getSnapshot().resources)).toEqual(['product:z']);
    calls[0].resolve('z');
    calls[1].resolve('member');
    await Promise.all([kept, dropped]);
    await Promise.resolve();
    expect(Object.keys(store.getSnapshot().resources)).toEqual(['product:z']);
  });
});
