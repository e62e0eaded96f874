/**
 * `x-sfk-replaced-by`: every Cart V1 and Checkout V1 operation and webhook (openapi/current-cart.yaml,
 * openapi/checkout.yaml), which the provider removes on 2027-02-01, names its Cart V2 successor
 * (or says why none is needed), and the generator carries it into generated/operations.ts, where the
 * sandbox and the migration page read it. No other operation carries it: the sandbox's `cartV1`
 * setting removes exactly the operations that do.
 */
import { describe, expect, it } from 'vitest';
import { operationList, replacements } from '../../generated/operations.ts';
import { specs } from '../../generated/specs.ts';
import { replacementOf } from '../../scripts/lib/operation-table.ts';

const RETIRED_SERVICES = ['current-cart', 'checkout'];
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

/** `<module>.<operationId>` of every webhook of a bundled spec. */
function webhookKeys(service: string): string[] {
  const hooks = (specs[service].webhooks ?? {}) as Record<
    string,
    Record<string, { operationId: string; tags: string[] }>
  >;
  return Object.values(hooks).flatMap((item) =>
    METHODS.filter((m) => item[m]).map((m) => `${item[m].tags[0]}.${item[m].operationId}`),
  );
}

const retiredOperations = operationList.filter((d) => RETIRED_SERVICES.includes(d.service)).map((d) => d.key);
const retiredWebhooks = RETIRED_SERVICES.flatMap(webhookKeys);

describe('x-sfk-replaced-by', () => {
  it('is on every Cart V1 and Checkout V1 operation (23) and webhook (6), and on nothing else', () => {
    expect(retiredOperations).toHaveLength(23);
    expect(retiredWebhooks).toHaveLength(6);
    expect(Object.keys(replacements).sort()).toEqual([...retiredOperations, ...retiredWebhooks].sort());
  });

  it.each([...retiredOperations, ...retiredWebhooks])(
    '%s: a successor (or why none), the removal day, a note',
    (key) => {
      const r = replacements[key];
      expect(r.removed).toBe('2027-02-01');
      expect(r.note.length).toBeGreaterThan(5);
      if (r.operation === null) expect(r.note).toMatch(/^None/);
      else expect(r.operation).toMatch(/^(currentCartV2|cartV2)\.\w+$/);
      expect(Boolean(r.webhook)).toBe(retiredWebhooks.includes(key));
    },
  );

  it('names successors that exist: an operation of the spec for an operation, a webhook for a webhook', () => {
    const operations = new Set(operationList.map((d) => d.key));
    const webhooks = new Set(Object.keys(specs).flatMap(webhookKeys));
    const missing = Object.entries(replacements)
      .filter(([, r]) => r.operation !== null && !(r.webhook ? webhooks : operations).has(r.operation))
      .map(([key, r]) => `${key} -> ${r.operation}`);
    expect(missing).toEqual([]);
  });

  it('goes with deprecated: true, on exactly the replaced operations and webhooks', () => {
    const deprecated = Object.values(specs).flatMap((doc) =>
      [
        ...Object.values((doc.paths ?? {}) as Record<string, Record<string, unknown>>),
        ...Object.values((doc.webhooks ?? {}) as Record<string, Record<string, unknown>>),
      ].flatMap((item) =>
        METHODS.map((m) => item[m] as { operationId: string; tags: string[]; deprecated?: boolean } | undefined)
          .filter((op) => op?.deprecated)
          .map((op) => `${op!.tags[0]}.${op!.operationId}`),
      ),
    );
    expect(deprecated.sort()).toEqual(Object.keys(replacements).sort());
  });

  it("maps the calls the provider's migration names", () => {
    expect(replacements['currentCart.addToCurrentCart'].operation).toBe('currentCartV2.addLineItemsToCurrentCart');
    expect(replacements['currentCart.addToCurrentCart'].note).toContain('addLineItemsToCurrentCart({ catalogItems })');
    expect(replacements['currentCart.updateCurrentCartLineItemQuantity']).toMatchObject({
      operation: 'currentCartV2.updateLineItemsInCurrentCart',
      note: expect.stringContaining('lineItems: [{ lineItemId, quantity: { newQuantity } }]'),
    });
    expect(replacements['currentCart.estimateCurrentCartTotals'].operation).toBe('currentCartV2.estimateCurrentCart');
    expect(replacements['currentCart.createCheckoutFromCurrentCart']).toMatchObject({
      operation: null,
      note: expect.stringContaining('is the checkout id'),
    });
    expect(replacements['checkout.getCheckout'].operation).toBe('cartV2.getCart');
    expect(replacements['checkout.createOrder'].operation).toBe('cartV2.placeOrder');
  });

  it('refuses a malformed extension with a message naming the operation', () => {
    const of = (ext: unknown) => () => replacementOf('m.op', { 'x-sfk-replaced-by': ext });
    expect(of({ operation: 'm2.op', removed: '2027-02-01', note: 'x' })()).toEqual({
      operation: 'm2.op',
      removed: '2027-02-01',
      note: 'x',
    });
    expect(of({ operation: 'op', removed: '2027-02-01', note: 'x' })).toThrow(
      'x-sfk-replaced-by of m.op: operation must be <module>.<operationId> or null (got "op")',
    );
    expect(of({ operation: null, removed: 'February', note: 'x' })).toThrow(
      'x-sfk-replaced-by of m.op: removed must be a day, YYYY-MM-DD (got "February")',
    );
    expect(of({ operation: null, removed: '2027-02-01' })).toThrow(
      'x-sfk-replaced-by of m.op: note (how the arguments map) is missing',
    );
    expect(of({ operation: null, removed: '2027-02-01', note: 'x', when: 1 })).toThrow(
      'x-sfk-replaced-by of m.op: unknown field(s) when',
    );
    expect(replacementOf('m.op', {})).toBeUndefined();
  });
});
