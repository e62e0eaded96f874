import { describe, expect, it } from 'vitest';
import { matches, queryCursor, queryOffset, sortEntities } from '../../../src/sandbox/platform/query-engine.ts';

const people = [
  { id: '1', name: 'Ann', age: 30, tags: ['a', 'b'], profile: { slug: 'ann' }, createdDate: '2026-01-01T00:00:00Z', price: '10.50' },
  { id: '2', name: 'Bob', age: 25, tags: ['b'], profile: { slug: 'bob' }, createdDate: '2026-02-01T00:00:00Z', price: '9' },
  { id: '3', name: 'Cid', age: 35, tags: [], profile: {}, createdDate: '2025-12-01T00:00:00Z', price: '100' },
];
const ids = (f: Record<string, unknown>) => people.filter((p) => matches(p, f)).map((p) => p.id);

describe('filters', () => {
  it.each([
    [{ name: 'Ann' }, ['1']],
    [{ name: { $eq: 'Bob' } }, ['2']],
    [{ name: { $ne: 'Bob' } }, ['1', '3']],
    [{ age: { $gt: 25 } }, ['1', '3']],
    [{ age: { $gte: 30, $lt: 35 } }, ['1']],
    [{ age: { $lte: 25 } }, ['2']],
    [{ price: { $gt: '9.5' } }, ['1', '3']],
    [{ createdDate: { $gte: '2026-01-01T00:00:00Z' } }, ['1', '2']],
    [{ name: { $in: ['Ann', 'Cid'] } }, ['1', '3']],
    [{ name: { $nin: ['Ann', 'Cid'] } }, ['2']],
    [{ tags: { $hasSome: ['a', 'x'] } }, ['1']],
    [{ tags: { $hasAll: ['a', 'b'] } }, ['1']],
    [{ name: { $startsWith: 'b' } }, ['2']],
    [{ name: { $contains: 'i' } }, ['3']],
    [{ 'profile.slug': { $exists: true } }, ['1', '2']],
    [{ 'profile.slug': { $exists: false } }, ['3']],
    [{ $or: [{ name: 'Ann' }, { age: 35 }] }, ['1', '3']],
    [{ $and: [{ age: { $gt: 20 } }, { tags: { $hasSome: ['b'] } }] }, ['1', '2']],
    [{ $not: { name: 'Ann' } }, ['2', '3']],
  ])('%j -> %j', (filter, want) => expect(ids(filter)).toEqual(want));

  it('refuses unknown operators clearly', () => {
    expect(() => matches(people[0], { name: { $regex: 'x' } })).toThrow('Invalid filter on "name": unknown operator $regex');
  });
});

describe('sorting and paging', () => {
  it('sorts on several fields', () => {
    const rows = [{ a: 1, b: 2 }, { a: 0, b: 5 }, { a: 1, b: 1 }];
    expect(sortEntities(rows, [{ fieldName: 'a', order: 'DESC' }, { fieldName: 'b' }])).toEqual([{ a: 1, b: 1 }, { a: 1, b: 2 }, { a: 0, b: 5 }]);
  });

  it("sorts an entity's sortable fields by their real types, and refuses other fields", () => {
    const rules = {
      price: { type: 'number' as const, key: (p: { price: { amount: number } }) => p.price.amount },
      numericId: { type: 'number' as const },
      lastUpdated: { type: 'date' as const },
    };
    const rows = [
      { n: 'a', price: { amount: 9 }, numericId: '1010', lastUpdated: '2026-01-02T00:00:00.000Z' },
      { n: 'b', price: { amount: 45 }, numericId: '1002', lastUpdated: '2025-12-31T23:00:00+03:00' },
      { n: 'c', price: { amount: 129 }, numericId: '999', lastUpdated: '2026-01-01T00:00:00.000Z' },
    ];
    const names = (sort: { fieldName: string; order?: 'ASC' | 'DESC' }[]) => sortEntities(rows, sort, rules).map((r) => r.n);
    expect(names([{ fieldName: 'price', order: 'DESC' }])).toEqual(['c', 'b', 'a']);
    expect(names([{ fieldName: 'numericId' }])).toEqual(['c', 'b', 'a']);
    expect(names([{ fieldName: 'lastUpdated' }])).toEqual(['b', 'c', 'a']);
    expect(() => sortEntities(rows, [{ fieldName: 'n' }], rules)).toThrow(expect.objectContaining({ message: 'INVALID_ARGUMENT: "query.sort[0].fieldName" cannot sort by "n" (sortable: price, numericId, lastUpdated)' }));
    // Without rules, a field holding an object has nothing to order by.
    expect(() => sortEntities(rows, [{ fieldName: 'price' }])).toThrow(expect.objectContaining({ message: 'INVALID_ARGUMENT: "query.sort[0].fieldName" cannot sort by "price": it is an object, name one of its fields' }));
    expect(() => sortEntities(rows, [{ fieldName: 'n', order: 'UP' as never }])).toThrow(/"query.sort\[0\].order" must be ASC or DESC/);
  });

  it('offset pages count right', () => {
    const all = Array.from({ length: 120 }, (_, i) => ({ i }));
    expect(queryOffset(all, {}).metadata).toEqual({ count: 50, offset: 0, total: 120, tooManyToCount: false });
    const last = queryOffset(all, { paging: { limit: 50, offset: 100 } });
    expect([last.items.length, last.metadata.total]).toEqual([20, 120]);
  });

  it('cursor pages walk everything once', () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ i }));
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      // A next page sends the cursor alone: it carries the filter and sort.
      const page = queryCursor(all, cursor ? { cursorPaging: { limit: 3, cursor } } : { filter: { i: { $lt: 7 } }, sort: [{ fieldName: 'i', order: 'DESC' }], cursorPaging: { limit: 3 } }, { defaultLimit: 50 });
      seen.push(...page.items.map((x) => x.i));
      cursor = page.metadata.cursors.next;
    } while (cursor);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0]);
  });

  it('accepts a cursor beside the same filter and sort sent again, whatever the order of their keys', () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ i, j: i % 2 }));
    const q = { filter: { i: { $gt: 1, $lt: 6 }, j: 0 }, sort: [{ fieldName: 'i', order: 'DESC' as const }] };
    const first = queryCursor(all, { ...q, cursorPaging: { limit: 1 } }, { defaultLimit: 50 });
    // The same query as another client serialises it: keys in another order (JSON objects are unordered).
    const again = { filter: { j: 0, i: { $lt: 6, $gt: 1 } }, sort: [{ order: 'DESC' as const, fieldName: 'i' }] };
    const next = queryCursor(
      all,
      { ...again, cursorPaging: { limit: 1, cursor: first.metadata.cursors.next! } },
      { defaultLimit: 50 },
    );
    expect([...first.items, ...next.items].map((e) => e.i)).toEqual([4, 2]);
    // The order of a sort's fields is meaning, not serialisation: a different order is a different query.
    const twoFields = { sort: [{ fieldName: 'j' }, { fieldName: 'i' }], cursorPaging: { limit: 1 } };
    const cursor = queryCursor(all, twoFields, { defaultLimit: 50 }).metadata.cursors.next!;
    expect(() =>
      queryCursor(
        all,
        { sort: [{ fieldName: 'i' }, { fieldName: 'j' }], cursorPaging: { cursor } },
        { defaultLimit: 50 },
      ),
    ).toThrow('A cursor carries its own filter and sort');
  });

  it('refuses a cursor beside a different filter, and a cursor it did not make', () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ i }));
    const next = queryCursor(all, { filter: { i: { $gt: 1 } }, cursorPaging: { limit: 2 } }, { defaultLimit: 50 }).metadata.cursors.next!;
    expect(() => queryCursor(all, { filter: { i: { $gt: 2 } }, cursorPaging: { cursor: next } }, { defaultLimit: 50 })).toThrow(
      'A cursor carries its own filter and sort: send the cursor without a different filter or sort',
    );
    expect(() => queryCursor(all, { cursorPaging: { cursor: 'bm9wZQ' } }, { defaultLimit: 50 })).toThrow('cursorPaging.cursor is not a cursor this search answered');    // A forged cursor whose filter holds a reserved key is not a cursor this search answered.
    const forged = Buffer.from('{"f":{"__proto__":{"i":1}},"s":[],"o":0}').toString('base64url');
    expect(() => queryCursor(all, { cursorPaging: { cursor: forged } }, { defaultLimit: 50 })).toThrow('cursorPaging.cursor is not a cursor this search answered');
  });
});
