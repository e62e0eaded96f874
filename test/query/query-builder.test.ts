/** Query builders: the request each method makes, paging, the exact paging errors, iteration. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/messages.ts';
import { createQueryBuilder } from '../../src/query/query-builder.ts';

const spec = { query: 'query', sort: 'sorting', paging: 'paging', items: 'members', total: 'metadata.total' };
const ALL = Array.from({ length: 120 }, (_, i) => ({ id: String(i) }));

function fakeRun() {
  const sent: any[] = [];
  const run = async (options: any) => {
    sent.push(options);
    const { limit, offset } = options.query.paging;
    return { members: ALL.slice(offset, offset + limit), metadata: { total: ALL.length, count: Math.min(limit, ALL.length - offset), offset } };
  };
  return { run, sent };
}

describe('query builder requests', () => {
  it('defaults to limit 50, offset 0 and sends no empty filter or sort', async () => {
    const { run, sent } = fakeRun();
    await createQueryBuilder(run, spec).find();
    expect(sent).toEqual([{ query: { paging: { limit: 50, offset: 0 } } }]);
  });

  it.each([
    ['eq', ['status', 'APPROVED'], { status: 'APPROVED' }],
    ['ne', ['status', 'BLOCKED'], { status: { $ne: 'BLOCKED' } }],
    ['gt', ['n', 1], { n: { $gt: 1 } }],
    ['ge', ['n', 1], { n: { $gte: 1 } }],
    ['lt', ['n', 1], { n: { $lt: 1 } }],
    ['le', ['n', 1], { n: { $lte: 1 } }],
    ['in', ['id', ['a', 'b']], { id: { $in: ['a', 'b'] } }],
    ['hasSome', ['tags', ['a']], { tags: { $hasSome: ['a'] } }],
    ['hasAll', ['tags', ['a', 'b']], { tags: { $hasAll: ['a', 'b'] } }],
    ['startsWith', ['profile.nickname', 'Jo'], { 'profile.nickname': { $startsWith: 'Jo' } }],
    ['contains', ['slug', 'jo'], { slug: { $contains: 'jo' } }],
    ['exists', ['loginEmail'], { loginEmail: { $exists: true } }],
  ] as const)('%s', async (method, args, filter) => {
    const { run, sent } = fakeRun();
    await (createQueryBuilder(run, spec) as any)[method](...args).find();
    expect(sent[0].query.filter).toEqual(filter);
  });

  it('and/or/not keep the earlier conditions', async () => {
    const { run, sent } = fakeRun();
    const qb = createQueryBuilder(run, spec);
    const a = qb.eq('status', 'APPROVED').gt('n', 1);
    await a.or(qb.eq('slug', 'x')).find();
    await a.not(qb.eq('slug', 'y')).find();
    await a.and(qb.eq('slug', 'z')).find();
    expect(sent.map((s) => s.query.filter)).toEqual([
      { $or: [{ $and: [{ status: 'APPROVED' }, { n: { $gt: 1 } }] }, { slug: 'x' }] },
      { $and: [{ status: 'APPROVED' }, { n: { $gt: 1 } }, { $not: { slug: 'y' } }] },
      { $and: [{ status: 'APPROVED' }, { n: { $gt: 1 } }, { slug: 'z' }] },
    ]);
  });

  it('sorts, limits and skips', async () => {
    const { run, sent } = fakeRun();
    await createQueryBuilder(run, spec).ascending('a', 'b').descending('c').limit(10).skip(20).find();
    expect(sent[0]).toEqual({
      query: { paging: { limit: 10, offset: 20 }, sorting: [{ fieldName: 'a', order: 'ASC' }, { fieldName: 'b', order: 'ASC' }, { fieldName: 'c', order: 'DESC' }] },
    });
  });

  it('is immutable', async () => {
    const { run, sent } = fakeRun();
    const base = createQueryBuilder(run, spec);
    base.eq('a', 1);
    await base.find();
    expect(sent[0].query.filter).toBeUndefined();
  });
});

describe('pages', () => {
  it('reports totals and moves next and prev, with the exact errors at the ends', async () => {
    const { run } = fakeRun();
    const first = await createQueryBuilder(run, spec).find();
    expect([first.length, first.totalCount, first.currentPage, first.hasPrev(), first.hasNext()]).toEqual([50, 120, 0, false, true]);
    await expect(first.prev()).rejects.toThrow(MESSAGES.noPrevPage);
    const third = await (await first.next()).next();
    expect([third.length, third.currentPage, third.hasNext(), third.items[0]]).toEqual([20, 2, false, { id: '100' }]);
    await expect(third.next()).rejects.toThrow('No next page to fetch');
    expect((await third.prev()).items[0]).toEqual({ id: '50' });
  });

  it('iterates every item across pages with for await', async () => {
    const { run, sent } = fakeRun();
    const ids: string[] = [];
    for await (const m of await createQueryBuilder<{ id: string }>(run, spec).find()) ids.push(m.id);
    expect(ids).toEqual(ALL.map((m) => m.id));
    expect(sent).toHaveLength(3);
  });
});
