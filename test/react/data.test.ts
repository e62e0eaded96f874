/**
 * The React layer's plain-data helpers (data.ts): structural sharing, the keys of queries, the
 * frozen hydrated snapshot and the dehydrated form, as the store, the provider's selectors and
 * the server's dehydrate() use them.
 */
import { describe, expect, it } from 'vitest';
import { decode, deepFreeze, encode, shareEqual, stableKey, type JsonValue } from '../../src/react/data.ts';

/** What the browser decodes after the state travelled as JSON (a loader's payload, a script tag). */
const travelled = (value: unknown) => decode(JSON.parse(JSON.stringify(encode(value))) as JsonValue);

describe('shareEqual', () => {
  it('answers the previous value itself when nothing changed, whatever the key order', () => {
    const prev = { cart: { lines: [{ id: 'a', quantity: 1 }], note: 'gift' }, at: new Date(0) };
    const next = { at: new Date(0), cart: { note: 'gift', lines: [{ quantity: 1, id: 'a' }] } };
    expect(shareEqual(prev, next)).toBe(prev);
    expect(shareEqual([1, 'two', null], [1, 'two', null])).toEqual([1, 'two', null]);
    const list = [1, 'two', null];
    expect(shareEqual(list, [...list])).toBe(list);
    expect(shareEqual(Number.NaN, Number.NaN)).toBeNaN();
  });

  it('keeps the parts that did not change and gives the changed ones, and their parents, new identities', () => {
    const prev = {
      lines: [
        { id: 'a', quantity: 1 },
        { id: 'b', quantity: 1 },
      ],
      totals: { subtotal: '10.00' },
    };
    const next = {
      lines: [
        { id: 'a', quantity: 1 },
        { id: 'b', quantity: 2 },
      ],
      totals: { subtotal: '20.00' },
    };
    const shared = shareEqual(prev, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(prev);
    expect(shared.lines).not.toBe(prev.lines);
    // Line a's component does not render again: its object is the one it had.
    expect(shared.lines[0]).toBe(prev.lines[0]);
    expect(shared.lines[1]).not.toBe(prev.lines[1]);
    expect(shared.totals).toEqual({ subtotal: '20.00' });
  });

  it('sees a key added, removed or set to undefined, and a longer or shorter list, as a change', () => {
    const prev = { a: 1, b: 2 };
    expect(shareEqual(prev, { a: 1, b: 2, c: 3 })).toEqual({ a: 1, b: 2, c: 3 });
    expect(shareEqual(prev, { a: 1 })).toEqual({ a: 1 });
    // The same number of keys, one of them another.
    const renamed = shareEqual(prev, { a: 1, c: undefined });
    expect(renamed).not.toBe(prev);
    expect(Object.keys(renamed)).toEqual(['a', 'c']);
    expect(shareEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(shareEqual([1, 2, 3], [1, 2])).toEqual([1, 2]);
  });

  it('compares Dates by time, and takes anything else that is not plain data as it is', () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    expect(shareEqual(at, new Date(at.getTime()))).toBe(at);
    const later = new Date(at.getTime() + 1);
    expect(shareEqual(at, later)).toBe(later);
    // A class instance (an error, a Map) is never compared by content.
    const error = new Error('down');
    expect(shareEqual(new Error('down'), error)).toBe(error);
    const map = new Map([['a', 1]]);
    expect(shareEqual(new Map([['a', 1]]), map)).toBe(map);
    // An array and an object with the same keys are not the same value.
    const asObject = { 0: 'x' };
    expect(shareEqual(['x'], asObject)).toBe(asObject);
    expect(shareEqual(undefined, asObject)).toBe(asObject);
  });

  it('keeps a "__proto__" key JSON carries as a key (a merchant’s field name)', () => {
    const next = JSON.parse('{"options":{"__proto__":{"text":"engraved"},"size":"M"}}') as {
      options: Record<string, unknown>;
    };
    const shared = shareEqual({ options: { size: 'S' } }, next);
    expect(Object.keys(shared.options)).toEqual(['__proto__', 'size']);
    expect(Object.getPrototypeOf(shared.options)).toBe(Object.prototype);
    expect(JSON.stringify(shared)).toBe(JSON.stringify(next));
  });
});

describe('stableKey', () => {
  it('is the same for the same content in any key order, at any depth, and differs with the content', () => {
    const a = { query: { filter: { slug: 'x', visible: true }, paging: { limit: 3 } } };
    const b = { query: { paging: { limit: 3 }, filter: { visible: true, slug: 'x' } } };
    expect(stableKey(a)).toBe(stableKey(b));
    expect(stableKey(a)).toBe('{"query":{"filter":{"slug":"x","visible":true},"paging":{"limit":3}}}');
    expect(stableKey({ query: { paging: { limit: 4 } } })).not.toBe(stableKey({ query: { paging: { limit: 3 } } }));
    // A list's order is its content.
    expect(stableKey({ ids: [1, 2] })).not.toBe(stableKey({ ids: [2, 1] }));
    // An undefined field is no field, as on the wire.
    expect(stableKey({ a: 1, b: undefined })).toBe(stableKey({ a: 1 }));
  });
});

describe('deepFreeze', () => {
  it('freezes plain data at every depth and answers the same value', () => {
    const value = { cart: { lineItems: [{ id: 'a', name: { original: 'Socks' } }] } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.cart.lineItems)).toBe(true);
    expect(Object.isFrozen(value.cart.lineItems[0].name)).toBe(true);
    expect(() => {
      (value.cart.lineItems[0] as { id: string }).id = 'b';
    }).toThrow(TypeError);
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze('text')).toBe('text');
  });
});

describe('encode and decode: the dehydrated form', () => {
  it('keeps Dates, NaN and the infinities, and never mistakes data for its own tags', () => {
    const value = {
      at: new Date('2026-03-01T10:00:00.000Z'),
      weights: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.3],
      holes: [1, undefined, 3],
      sneaky: { $sfk: 'date', v: 'not a date' },
      nested: { list: [{ when: new Date(0) }] },
      skipped: undefined,
    };
    const back = travelled(value) as typeof value;
    expect(back.at).toBeInstanceOf(Date);
    expect(back.at.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(back.weights).toEqual([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.3]);
    expect(back.holes).toEqual([1, undefined, 3]);
    expect(back.sneaky).toEqual({ $sfk: 'date', v: 'not a date' });
    expect(back.nested.list[0].when).toEqual(new Date(0));
    expect('skipped' in back).toBe(false);
  });

  it('writes plain JSON as it is, and tags only what JSON would lose', () => {
    const plain = { name: 'Linen shirt', price: { amount: '45.00' }, stock: 3, visible: true, ribbon: null };
    expect(encode(plain)).toEqual(plain);
    expect(encode(new Date('2026-03-01T10:00:00.000Z'))).toEqual({ $sfk: 'date', v: '2026-03-01T10:00:00.000Z' });
    expect(encode(Number.NEGATIVE_INFINITY)).toEqual({ $sfk: 'number', v: '-Infinity' });
    expect(encode([undefined])).toEqual([{ $sfk: 'undefined', v: null }]);
    expect(encode({ $sfk: 'x' })).toEqual({ $sfk: 'object', v: { $sfk: 'x' } });
    // Data that looks like the wrapping itself comes back as it was.
    const wrapper = { $sfk: 'object', v: { $sfk: 'number', v: 'NaN' } };
    expect(travelled(wrapper)).toEqual(wrapper);
  });

  it('keeps a "__proto__" key JSON carries as a key, and never reads it as a tag', () => {
    const value = JSON.parse('{"fields":{"__proto__":{"$sfk":"date","v":"x"},"size":"M"}}') as unknown;
    const back = travelled(value) as { fields: Record<string, unknown> };
    expect(Object.keys(back.fields)).toEqual(['__proto__', 'size']);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
  });

  it('refuses a value JSON cannot carry, naming its kind', () => {
    expect(() => encode({ f: () => 1 })).toThrow('storefront-kit/react: dehydrate cannot carry a function');
    expect(() => encode({ n: 10n })).toThrow('storefront-kit/react: dehydrate cannot carry a bigint');
    expect(() => encode([Symbol('s')])).toThrow('storefront-kit/react: dehydrate cannot carry a symbol');
  });
});
