/**
 * The store's indexes: `find` and `list` with an equality filter answer what a scan would,
 * through commits, rollbacks, deletes, loads and resets (the index is never stale).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/sandbox/platform/store.ts';
import type { Db, Entity, Where } from '../../../src/sandbox/platform/types.ts';

const INDEXES = { carts: ['buyerInfo.memberId', 'buyerInfo.visitorId'], members: ['loginEmail'] } as const;
const cart = (id: string, visitorId: string, memberId?: string): Entity => ({
  id,
  buyerInfo: memberId ? { visitorId, memberId } : { visitorId },
});
const ids = (entities: Entity[]) => entities.map((e) => e.id);

/** What a scan answers: the reference the indexed lookups must equal. */
function scan(store: Store, where: Where): Entity[] {
  const all = Object.values(store.snapshot().collections.carts ?? {});
  return all.filter((e) =>
    Object.entries(where).every(([path, value]) => {
      let node: unknown = e;
      for (const part of path.split('.'))
        node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      return value === undefined || value === null ? node === undefined || node === null : node === value;
    }),
  );
}

async function seeded(): Promise<Store> {
  const store = new Store(INDEXES);
  await store.transaction((db) => {
    db.put('carts', 'c1', cart('c1', 'v1'));
    db.put('carts', 'c2', cart('c2', 'v2', 'm2'));
    db.put('members', 'm2', { id: 'm2', loginEmail: 'ann@example.test' });
  });
  return store;
}

describe('store indexes', () => {
  it('finds by an indexed field, and follows a changed value', async () => {
    const store = await seeded();
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'v1' })?.id).toBe('c1');
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })?.id).toBe('c2');
    await store.transaction((db) => db.put('carts', 'c1', cart('c1', 'v1', 'm1')));
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm1' })?.id).toBe('c1');
    // A visitor's own cart is one without a member.
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'v1', 'buyerInfo.memberId': undefined })).toBeUndefined();
    await store.transaction((db) => db.update<Entity>('carts', 'c2', (d) => void (d.buyerInfo = { visitorId: 'v9' })));
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })).toBeUndefined();
    expect(ids(store.db.list('carts', { 'buyerInfo.visitorId': 'v9' }))).toEqual(['c2']);
  });

  it('a rolled-back transaction leaves the index as it was', async () => {
    const store = await seeded();
    await expect(
      store.transaction((db) => {
        db.put('carts', 'c1', cart('c1', 'v1', 'm1'));
        db.delete('carts', 'c2');
        db.put('carts', 'c3', cart('c3', 'v3'));
        db.put('members', 'm2', { id: 'm2', loginEmail: 'bob@example.test' });
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm1' })).toBeUndefined();
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })?.id).toBe('c2');
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'v3' })).toBeUndefined();
    expect(store.db.find('members', { loginEmail: 'ann@example.test' })?.id).toBe('m2');
    expect(store.db.find('members', { loginEmail: 'bob@example.test' })).toBeUndefined();
  });

  it('a deleted entity is gone from the index', async () => {
    const store = await seeded();
    await store.transaction((db) => db.delete('carts', 'c2'));
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })).toBeUndefined();
    expect(store.db.list('carts', { 'buyerInfo.visitorId': 'v2' })).toEqual([]);
  });

  it('a load replaces the index; a failed load restores the old one', async () => {
    const store = await seeded();
    await store.transaction(() => store.load({ version: 1, collections: { carts: { c7: cart('c7', 'v7', 'm7') } } }));
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })).toBeUndefined();
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm7' })?.id).toBe('c7');
    await expect(
      store.transaction((db) => {
        db.put('carts', 'c8', cart('c8', 'v8'));
        store.load({ version: 1, collections: { carts: { c9: cart('c9', 'v9') } } });
        db.put('carts', 'c10', cart('c10', 'v10'));
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    for (const v of ['v8', 'v9', 'v10'])
      expect(store.db.find('carts', { 'buyerInfo.visitorId': v }), v).toBeUndefined();
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm7' })?.id).toBe('c7');
  });

  it('a reset (an empty load, then the seed) leaves nothing of the old index', async () => {
    const store = await seeded();
    await store.transaction((db) => {
      store.load({ version: 1, collections: {} });
      db.put('carts', 'c1', cart('c1', 'v5'));
    });
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'v1' })).toBeUndefined();
    expect(store.db.find('carts', { 'buyerInfo.memberId': 'm2' })).toBeUndefined();
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'v5' })?.id).toBe('c1');
    expect(store.db.count('carts')).toBe(1);
  });

  it('several matches come in insertion order, as a scan gives them', async () => {
    const store = new Store(INDEXES);
    await store.transaction((db) => {
      for (const id of ['a', 'b', 'c']) db.put('carts', id, cart(id, 'shared'));
    });
    await store.transaction((db) => db.put('carts', 'a', cart('a', 'other')));
    await store.transaction((db) => db.put('carts', 'a', cart('a', 'shared')));
    expect(ids(store.db.list('carts', { 'buyerInfo.visitorId': 'shared' }))).toEqual(
      ids(scan(store, { 'buyerInfo.visitorId': 'shared' })),
    );
    expect(store.db.find('carts', { 'buyerInfo.visitorId': 'shared' })?.id).toBe('a');
  });

  it('random writes, deletes and rollbacks: every indexed lookup equals a scan', async () => {
    const value = fc.constantFrom('v1', 'v2', 'v3', undefined);
    const write = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      visitorId: fc.constantFrom('v1', 'v2', 'v3'),
      memberId: value,
      del: fc.boolean(),
      upd: fc.boolean(),
    });
    const tx = fc.record({ writes: fc.array(write, { maxLength: 4 }), fail: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(tx, { maxLength: 8 }), async (txs) => {
        const store = new Store(INDEXES);
        for (const t of txs) {
          const apply = (db: Db) => {
            for (const w of t.writes) {
              if (w.del) db.delete('carts', w.id);
              else if (w.upd)
                db.update<Entity>(
                  'carts',
                  w.id,
                  (d) => void (d.buyerInfo = cart(w.id, w.visitorId, w.memberId).buyerInfo),
                );
              else db.put('carts', w.id, cart(w.id, w.visitorId, w.memberId));
            }
            if (t.fail) throw new Error('rolled back');
          };
          await store.transaction(apply).catch(() => undefined);
          for (const v of ['v1', 'v2', 'v3']) {
            for (const where of [
              { 'buyerInfo.visitorId': v },
              { 'buyerInfo.memberId': v },
              { 'buyerInfo.visitorId': v, 'buyerInfo.memberId': undefined },
            ]) {
              expect(ids(store.db.list('carts', where))).toEqual(ids(scan(store, where)));
              expect(store.db.find('carts', where)?.id).toBe(scan(store, where)[0]?.id);
            }
          }
        }
      }),
      { seed: 15, numRuns: 200 },
    );
  });
});
