/** The wire form the client builds from an operation descriptor (provider wire: "Requests"). */
import { describe, expect, it } from 'vitest';
import { argumentNameFor, buildRequest, QUERY_LENGTH_LIMIT } from '../../src/client/request.ts';
import { encodeDotR } from '../../src/client/wire.ts';
import { decodeBase64Url } from '../../src/normalise/base64url.ts';
import { descriptor } from '../support/descriptors.ts';

/** What a module with `.r` operations passes in (src/modules.ts). */
const DOT_R = { dotR: encodeDotR };

describe('buildRequest', () => {
  it('repeats a path parameter in the JSON body of a POST', () => {
    const d = descriptor({ method: 'POST', path: '/ecom/v1/checkouts/{id}/remove-coupon' });
    expect(buildRequest(d, ['c 1'], undefined)).toEqual({
      method: 'POST',
      url: '/ecom/v1/checkouts/c%201/remove-coupon',
      body: '{"id":"c 1"}',
    });
  });

  it('repeats a path parameter in the query of a GET', () => {
    const d = descriptor({ method: 'GET', path: '/ecom/v1/orders/{id}' });
    expect(buildRequest(d, ['o1'], undefined)).toEqual({ method: 'GET', url: '/ecom/v1/orders/o1?id=o1' });
  });

  it('puts a dotted path parameter into the body object it comes from', () => {
    const d = descriptor({ method: 'PATCH', path: '/ecom/v1/checkouts/{checkout.id}' });
    const options = { checkout: { buyerNote: 'hi' }, couponCode: 'X' };
    const req = buildRequest(d, ['ch1'], options);
    expect(req.url).toBe('/ecom/v1/checkouts/ch1');
    expect(JSON.parse(req.body!)).toEqual({ checkout: { buyerNote: 'hi', id: 'ch1' }, couponCode: 'X' });
    expect(options.checkout).toEqual({ buyerNote: 'hi' });
  });

  it('takes a dotted path parameter from the body when the argument is left out', () => {
    const d = descriptor({ method: 'PATCH', path: '/members/v1/members/{member.id}' });
    expect(buildRequest(d, [undefined], { member: { id: 'm1' } }).url).toBe('/members/v1/members/m1');
  });

  it('throws a clear error for a missing path parameter', () => {
    const d = descriptor({ method: 'GET', path: '/ecom/v1/orders/{id}' });
    expect(() => buildRequest(d, [], undefined)).toThrow('test.op: path parameter "id" is required');
  });

  it('sends an empty JSON object for a body-less POST', () => {
    const d = descriptor({ method: 'POST', path: '/ecom/v1/carts/current/remove-coupon' });
    expect(buildRequest(d, [], undefined)).toEqual({ method: 'POST', url: '/ecom/v1/carts/current/remove-coupon', body: '{}' });
  });

  it('repeats scalar array keys and flattens objects to dotted keys', () => {
    const d = descriptor({ method: 'GET', path: '/members/v1/members/{id}', query: [{ name: 'fieldsets', array: true }] });
    expect(buildRequest(d, ['m1'], { fieldsets: ['FULL', 'PUBLIC'] }).url).toBe(
      '/members/v1/members/m1?fieldsets=FULL&fieldsets=PUBLIC&id=m1',
    );
    const list = descriptor({ method: 'GET', path: '/members/v1/members', query: [{ name: 'paging', dotted: true }] });
    expect(buildRequest(list, [], { paging: { limit: 10, offset: 20 } }).url).toBe(
      '/members/v1/members?paging.limit=10&paging.offset=20',
    );
  });

  it('sends a complex GET payload as .r (base64url JSON) when the operation allows it', () => {
    const d = descriptor({ method: 'GET', path: '/members/v1/members', dotR: true });
    const req = buildRequest(d, [], { paging: { limit: 10 }, sorting: [{ fieldName: 'createdDate', order: 'DESC' }] }, DOT_R);
    const r = new URL('http://x' + req.url).searchParams.get('.r')!;
    expect(r).not.toMatch(/[+/=]/);
    expect(JSON.parse(decodeBase64Url(r))).toEqual({ paging: { limit: 10 }, sorting: [{ fieldName: 'createdDate', order: 'DESC' }] });
    expect(buildRequest(d, [], { fieldsets: ['FULL'] }, DOT_R).url).toBe('/members/v1/members?fieldsets=FULL');
  });

  it('sends a POST query operation marked `.r` and post-fallback as GET `.r` on the same path, POST past 4000 characters', () => {
    const d = descriptor({
      method: 'POST',
      path: '/stores-reader/v1/products/query-platformized',
      dotR: true,
      postFallback: true,
    });
    const query = { filter: { 'priceData.price': { $gt: 10 } }, paging: { limit: 2 } };
    const get = buildRequest(d, [], { query }, DOT_R);
    expect(get).toEqual({
      method: 'GET',
      url: '/stores-reader/v1/products/query-platformized?.r=eyJxdWVyeSI6eyJmaWx0ZXIiOnsicHJpY2VEYXRhLnByaWNlIjp7IiRndCI6MTB9fSwicGFnaW5nIjp7ImxpbWl0IjoyfX19',
    });
    expect(JSON.parse(decodeBase64Url(new URL('http://x' + get.url).searchParams.get('.r')!))).toEqual({ query });
    // Nothing nested: plain parameters, as the official SDK sends them; an empty query: no query string.
    expect(buildRequest(d, [], { query: {} }, DOT_R)).toEqual({
      method: 'GET',
      url: '/stores-reader/v1/products/query-platformized',
    });
    expect(buildRequest(d, [], { query: { filter: {} } }, DOT_R)).toEqual({
      method: 'GET',
      url: '/stores-reader/v1/products/query-platformized',
    });
    expect(buildRequest(d, [], { includeVariants: true }, DOT_R)).toEqual({
      method: 'GET',
      url: '/stores-reader/v1/products/query-platformized?includeVariants=true',
    });
    const ids = Array.from({ length: 120 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const long = buildRequest(d, [], { query: { filter: { id: { $in: ids } } } }, DOT_R);
    expect(long.method).toBe('POST');
    expect(long.url).toBe('/stores-reader/v1/products/query-platformized');
    expect(JSON.parse(long.body!)).toEqual({ query: { filter: { id: { $in: ids } } } });
    // 4000 characters of query string exactly still go as GET; one more goes as POST.
    const sized = (n: number) => buildRequest(d, [], { query: { filter: { name: 'x'.repeat(n) } } }, DOT_R);
    const at = Array.from({ length: 4000 }, (_, n) => n).find((n) => sized(n).method === 'POST')!;
    expect(new URL('http://x' + sized(at - 1).url).search.length - 1).toBeLessThanOrEqual(QUERY_LENGTH_LIMIT);
    expect(new URL('http://x' + sized(at).url).pathname).toBe('/stores-reader/v1/products/query-platformized');
  });

  it('falls back to POST with a JSON body when the query string exceeds 4000 characters', () => {
    const d = descriptor({ method: 'GET', path: '/members/v1/members', postFallback: true, query: [{ name: 'fieldsets', array: true }] });
    const long = Array.from({ length: 400 }, (_, i) => `FIELD_${i}`);
    const req = buildRequest(d, [], { fieldsets: long });
    expect(req.method).toBe('POST');
    expect(JSON.parse(req.body!)).toEqual({ fieldsets: long });
    const short = buildRequest(d, [], { fieldsets: long.slice(0, 10) });
    expect(short.method).toBe('GET');
    expect(short.url.length).toBeLessThan(QUERY_LENGTH_LIMIT);
  });

  it('normalises dates, floats and field masks on the way out', () => {
    const d = descriptor({
      method: 'POST',
      path: '/stores/v1/bulk/products/update',
      request: { o: { set: { o: { price: 'float' } }, fieldMask: 'mask', when: 'date' } },
    });
    const req = buildRequest(d, [], { set: { price: Infinity }, fieldMask: ['a', 'b'], when: new Date(0) });
    expect(JSON.parse(req.body!)).toEqual({ set: { price: 'Infinity' }, fieldMask: 'a,b', when: '1970-01-01T00:00:00.000Z' });
  });
});

describe('argumentNameFor', () => {
  const d = descriptor({ method: 'PATCH', path: '/ecom/v1/checkouts/{checkout.id}' });
  it.each([
    ['checkout.id', 'checkoutId'],
    ['checkout.buyerNote', 'options.checkout.buyerNote'],
    ['lineItems[0].quantity', 'options.lineItems[0].quantity'],
  ])('%s -> %s', (field, want) => expect(argumentNameFor(d, field)).toBe(want));
});
