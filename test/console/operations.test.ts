/** The operation index (console/src/core/operations.ts): lookups, routes, names and search. */
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/console-data.ts';
import {
  displayName,
  findOperation,
  groups,
  referenceUrl,
  routeOf,
  search,
  summariesLoaded,
  wireMethod,
} from '../../console/src/core/operations.ts';

describe('lookups and routes', () => {
  it('finds an operation by its key or its bare id; an unknown one is undefined', () => {
    expect(findOperation('checkout.getCheckout')?.operationId).toBe('getCheckout');
    expect(findOperation('getCheckout')?.key).toBe('checkout.getCheckout');
    expect(findOperation('noSuchOperation')).toBeUndefined();
  });

  it('routes a unique id bare, and an id two modules share by its key (named so in the sidebar too)', () => {
    const shared = operationList.filter((d) => d.operationId === 'getCurrentCart');
    expect(shared).toHaveLength(2);
    for (const d of shared) {
      expect(routeOf(d)).toBe(`/op/${d.key}`);
      expect(displayName(d)).toBe(`${d.module}.getCurrentCart`);
      expect(findOperation(routeOf(d).slice(4))).toBe(d);
    }
    const unique = findOperation('checkout.getCheckout')!;
    expect(routeOf(unique)).toBe('/op/getCheckout');
    expect(displayName(unique)).toBe('getCheckout');
  });

  it('a bare id two modules share opens the first module', () => {
    const first = operationList.find((d) => d.operationId === 'getCurrentCart')!;
    expect(findOperation('getCurrentCart')).toBe(first);
  });
});

describe('search', () => {
  it('answers every operation for an empty query', () => {
    expect(search('  ')).toBe(operationList);
  });

  it('matches the words of an id in any order, and words meaning the same verb', () => {
    const keys = (q: string) => search(q).map((d) => d.key);
    expect(keys('cart current add')).toContain('currentCart.addToCurrentCart');
    expect(keys('list products')[0]).toBe('products.queryProducts');
    expect(keys('zzz no such thing')).toEqual([]);
  });

  it('finds by the first sentence of the description once the spec is in', async () => {
    await summariesLoaded;
    const d = findOperation('redirects.createRedirectSession')!;
    expect(search('browser fullUrl')).toEqual([d]);
  });

  it('groups the hits by module, in the order search ranks them', () => {
    const found = groups('checkout');
    expect(found.length).toBeGreaterThan(0);
    for (const [module, ops] of found) for (const d of ops) expect(d.module).toBe(module);
    expect(found.flatMap(([, ops]) => ops).length).toBe(search('checkout').length);
  });
});

describe('wire method and reference', () => {
  it('says GET for a query the client sends as GET .r first, else the spec method', () => {
    expect(wireMethod(findOperation('products.queryProducts')!)).toBe('GET');
    expect(wireMethod(findOperation('orders.searchOrders')!)).toBe('POST');
  });

  it("links to the operation's page of the docs site, with or without a trailing slash", () => {
    const d = findOperation('checkout.getCheckout')!;
    expect(referenceUrl(d, 'http://docs.test')).toBe(`http://docs.test/api/${d.service}/getCheckout/`);
    expect(referenceUrl(d, 'http://docs.test/')).toBe(`http://docs.test/api/${d.service}/getCheckout/`);
  });
});
