/**
 * The bundled spec against the provider's operation list (test/data/operations.json, carried
 * from the product's operation table): every row present with its method, full path,
 * operationId, module tag and caller, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import rows from '../data/operations.json' with { type: 'json' };
import { allOperations, loadBundles } from '../support/spec.ts';

const SECURITY: Record<string, unknown[]> = {
  visitorOrMember: [{ visitorOrMember: [] }],
  member: [{ member: [] }],
  elevated: [{ apiKey: [] }],
  anyone: [],
};

const bundles = loadBundles();
const ops = allOperations(bundles);

describe('the spec holds every operation of the provider list', () => {
  it('has 161 rows to check and 161 operations', () => {
    expect(rows).toHaveLength(161);
    expect(ops).toHaveLength(161);
  });

  it.each(rows.map((r) => [`${r.n} ${r.module}.${r.operationId}`, r] as const))('%s', (_, row) => {
    const found = ops.find((o) => o.method === row.method && o.path === row.path);
    expect(found, `${row.method} ${row.path} is missing`).toBeDefined();
    expect(found!.op.operationId).toBe(row.operationId);
    expect(found!.op.tags).toEqual([row.module]);
    expect(found!.op.security).toEqual(SECURITY[row.caller]);
    expect(found!.op.summary, 'summary').toEqual(expect.any(String));
    const responses = found!.op.responses as Record<string, unknown>;
    expect(Object.keys(responses)).toContain('200');
    expect(Object.keys(responses).some((s) => s.startsWith('4'))).toBe(true);
  });

  it('declares every security scheme it uses, as the raw Authorization header', () => {
    for (const [service, doc] of Object.entries(bundles)) {
      const schemes = ((doc.components as Record<string, unknown>)?.securitySchemes ?? {}) as Record<
        string,
        { type: string; in: string; name: string }
      >;
      for (const [name, scheme] of Object.entries(schemes)) {
        expect([service, name, scheme.type, scheme.in, scheme.name]).toEqual([service, name, 'apiKey', 'header', 'Authorization']);
      }
    }
  });
});
