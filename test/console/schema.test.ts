/** JSON Schema helpers over the bundled spec (console/src/core/schema.ts): refs, types, checks, examples, tasks. */
import { describe, expect, it } from 'vitest';
import { findOperation } from '../../console/src/core/operations.ts';
import { check, exampleCall, formProblems, join, resolve, tasksOf, typeOf } from '../../console/src/core/schema.ts';

const SERVICE = 'checkout';

describe('resolve and typeOf', () => {
  it("follows a local $ref into the service's spec, and leaves a schema without one as it is", () => {
    const d = findOperation('checkout.getCheckout')!;
    const plain = { type: 'string' };
    expect(resolve(d.service, plain)).toBe(plain);
    expect(resolve(d.service, undefined)).toEqual({});
    const ref = { $ref: '#/paths' };
    expect(Object.keys(resolve(d.service, ref))).toContain(d.path);
  });

  it('reads a type from type, a nullable type list, properties, items or enum', () => {
    expect(typeOf({ type: ['null', 'integer'] })).toBe('integer');
    expect(typeOf({ properties: {} })).toBe('object');
    expect(typeOf({ items: {} })).toBe('array');
    expect(typeOf({ enum: ['A'] })).toBe('string');
    expect(typeOf({})).toBe('any');
  });

  it('joins dotted paths from the top', () => {
    expect(join('', 'cart')).toBe('cart');
    expect(join('cart', 'id')).toBe('cart.id');
  });
});

describe('check', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' },
      count: { type: 'integer', minimum: 1, maximum: 3 },
      kind: { type: 'string', enum: ['A', 'B'] },
      tags: { type: 'array', maxItems: 1, items: { type: 'string', maxLength: 2 } },
    },
  };

  it('finds nothing wrong with a value inside every constraint', () => {
    expect(check(SERVICE, schema, { name: 'abc', count: 2, kind: 'A', tags: ['x'] })).toEqual([]);
  });

  it('names each field out of its constraints, with its dotted path', () => {
    expect(check(SERVICE, schema, { count: 9, kind: 'C', tags: ['xyz', 'b'] })).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'count', message: 'at most 3' },
      { field: 'kind', message: 'must be one of A, B' },
      { field: 'tags', message: 'at most 1 items' },
      { field: 'tags[0]', message: 'at most 2 characters' },
    ]);
    expect(check(SERVICE, schema, { name: 'ABCDE' })).toEqual([
      { field: 'name', message: 'at most 4 characters' },
      { field: 'name', message: 'must match ^[a-z]+$' },
    ]);
  });

  it('takes a value that fits one shape of a oneOf, else reports the nearest shape', () => {
    const oneOf = {
      oneOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['b', 'c'] },
      ],
    };
    expect(check(SERVICE, oneOf, { b: 1, c: 2 })).toEqual([]);
    expect(check(SERVICE, oneOf, { c: 2 })).toEqual([{ field: 'a', message: 'is required' }]);
  });
});

describe("an operation's form", () => {
  it('says an empty path parameter is required', () => {
    const d = findOperation('checkout.getCheckout')!;
    expect(formProblems(d, { id: '' }, {})).toEqual([{ field: 'id', message: 'is required' }]);
    expect(formProblems(d, { id: 'abc' }, {})).toEqual([]);
  });

  it("fills a path parameter from the spec's example", () => {
    const d = findOperation('checkout.getCheckout')!;
    const example = exampleCall(d);
    expect(example.path.id).toMatch(/\S/);
    expect(formProblems(d, example.path, example.options)).toEqual([]);
  });

  it('reads the tasks of an operation whose body has named examples, each owning its first field', () => {
    expect(tasksOf(findOperation('redirects.createRedirectSession')!).map((t) => [t.name, t.field])).toEqual([
      ['login', 'auth'],
      ['logout', 'logout'],
      ['checkout', 'ecomCheckout'],
    ]);
    expect(tasksOf(findOperation('checkout.getCheckout')!)).toEqual([]);
  });

  it("fills the named task's example", () => {
    const d = findOperation('redirects.createRedirectSession')!;
    expect(Object.keys(exampleCall(d, 'logout').options)).toContain('logout');
    expect(Object.keys(exampleCall(d, 'checkout').options)).toContain('ecomCheckout');
  });
});
