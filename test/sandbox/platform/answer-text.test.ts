/**
 * Answer text with kept texts of fixed values (answer-text.ts): the same text as JSON.stringify,
 * and a product's answers follow its changes (a stored product is replaced, never changed, so its
 * view and text are made again).
 */
import { describe, expect, it } from 'vitest';
import { answerText, fixedValue, type TextRewrite } from '../../../src/sandbox/platform/answer-text.ts';
import { MEDIA_URL_PREFIX, toSandboxMediaUrls } from '../../../src/sandbox/platform/provider-hosts.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { API_KEY, call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const media = (origin: string): TextRewrite => ({ key: origin, apply: (text) => toSandboxMediaUrls(text, origin) });
const image = `${MEDIA_URL_PREFIX}sfk_1~mv2.jpg`;

const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, b: [1, undefined] });

describe('answerText', () => {
  const fixedProduct = fixedValue({ id: 'p1', name: 'Shirt "linen"', price: 45.5, gone: undefined, tags: ['a', 'b'] });
  it.each([
    ['a plain object', { a: 1, b: 'two', c: null, d: true }],
    ['undefined, functions and symbols in an object (left out)', { a: undefined, b: () => 1, c: Symbol('s'), d: 1 }],
    ['undefined, functions and symbols in an array (null)', [undefined, () => 1, Symbol('s'), 2]],
    ['dates (toJSON)', { at: new Date(Date.UTC(2026, 0, 2)), list: [new Date(0)] }],
    ['class instances', { point: new Point(1, 2), deep: { points: [new Point(3, 4)] } }],
    ['an object without a prototype', { inner: nullProto }],
    ['keys that need escaping, and integer-like keys (first, ascending)', { 'a"b': 1, '\n': 2, b: 3, 2: 'x', 1: 'y' }],
    ['non-finite numbers (null)', { a: NaN, b: [Infinity, -Infinity] }],
    ['nesting past the levels it looks into', { a: { b: { c: { d: { e: [1, { f: undefined, g: 2 }] } } } } }],
    ['a list of fixed values, twice', { products: [fixedProduct, fixedProduct], metadata: { count: 2 } }],
    ['a fixed value alone', fixedProduct],
    ['an empty object and array', { a: {}, b: [] }],
    ['a string', 'text'],
    ['null', null],
    [
      'image URLs in fixed values, other values and keys',
      { [image]: image, products: [fixedValue({ url: image }), { url: image }] },
    ],
  ])('writes %s exactly as JSON.stringify does', (_, value) => {
    expect(answerText(value)).toBe(JSON.stringify(value));
    expect(answerText(value)).toBe(JSON.stringify(value)); // the kept text, the second time
    // With the image URL rewrite, for two origins in turn: the text rewritten whole.
    for (const origin of ['http://127.0.0.1:4010', 'http://sandbox.lan:4010', 'http://127.0.0.1:4010']) {
      const expected = toSandboxMediaUrls(JSON.stringify(value) ?? '', origin);
      expect(answerText(value, media(origin))).toBe(expected);
    }
  });

  it('keeps a fixed value from changing (its kept text would be stale)', () => {
    const value = fixedValue({ name: 'a' });
    expect(answerText({ value })).toBe('{"value":{"name":"a"}}');
    expect(() => ((value as { name: string }).name = 'b')).toThrow(TypeError);
    expect(answerText({ value })).toBe('{"value":{"name":"a"}}');
  });
});

describe('product answers after a change', () => {
  const s = useSandboxServer();
  const query = { query: { filter: { id: PRODUCT.linenShirt }, paging: { limit: 10 } } };

  it('answers the updated product in a listing and by id, not the text of the one it replaced', async () => {
    const token = await visitorToken(s.current.url);
    const list = () =>
      call(s.current.url, 'POST', '/stores-reader/v1/products/query-platformized', { body: query, token });
    const byId = () => call(s.current.url, 'GET', `/stores-reader/v1/products/${PRODUCT.linenShirt}`, { token });
    const before = await list();
    expect(before.status).toBe(200);
    expect(before.body.products[0].name).toBe('Linen shirt');
    expect((await byId()).body.product.name).toBe('Linen shirt');
    const renamed = await call(s.current.url, 'PATCH', `/stores/v1/products/${PRODUCT.linenShirt}`, {
      body: { product: { name: 'Linen shirt II' } },
      token: API_KEY,
    });
    expect(renamed.status).toBe(200);
    const after = await list();
    expect(after.body.products[0].name).toBe('Linen shirt II');
    expect(after.body.products[0].costAndProfitData).toBeUndefined();
    expect((await byId()).body.product.name).toBe('Linen shirt II');
    // The merchant's own view still carries its data.
    const merchant = await call(s.current.url, 'POST', '/stores-reader/v1/products/query-platformized', {
      body: { ...query, includeMerchantSpecificData: true },
      token: API_KEY,
    });
    expect(merchant.body.products[0].name).toBe('Linen shirt II');
  });
});
