/**
 * A number that is not finite is refused wherever it comes from: the query string's `Infinity`
 * (which ajv's coercion turns into a number its integer check passes) and a JSON body's `1e400`
 * (which JSON.parse reads as Infinity). No field of the provider takes one, and JSON cannot
 * answer it: before, a listed page answered `offset: null` and failed its own spec.
 */
import { describe, expect, it } from 'vitest';
import { call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const server = useSandboxServer();
const base = () => server.current.url;

const violations = (body: any) => body?.details?.validationError?.fieldViolations;

describe('numbers that are not finite', () => {
  it.each(['Infinity', '1e400'])('paging.offset=%s in a query string is a 400 naming the field', async (text) => {
    const token = await visitorToken(base());
    const r = await call(base(), 'GET', `/members/v1/members?paging.limit=6&paging.offset=${text}`, { token });
    expect(r.status).toBe(400);
    expect(violations(r.body)).toEqual([
      { field: 'paging.offset', description: 'must be a finite number', violatedRule: 'VALIDATION' },
    ]);
  });

  it("a body's 1e400 is a 400 naming the field", async () => {
    const token = await visitorToken(base());
    const r = await call(base(), 'POST', '/stores-reader/v1/products/query-platformized', {
      token,
      body: '{"query":{"paging":{"limit":2,"offset":1e400}}}',
    });
    expect(r.status).toBe(400);
    expect(violations(r.body)).toEqual([
      { field: 'query.paging.offset', description: 'must be a finite number', violatedRule: 'VALIDATION' },
    ]);
  });
});
