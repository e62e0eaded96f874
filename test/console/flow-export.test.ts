/**
 * The history as code (console/src/core/flow-export.ts): the text of the script and the test.
 * test/spec/flow-export.test.ts type-checks and runs both against a sandbox.
 */
import { describe, expect, it } from 'vitest';
import { flowScript, flowTest, type RecordedCall } from '../../console/src/core/flow-export.ts';

const credentials = { host: 'http://h.test', clientId: 'cid', elevated: false, apiKey: 'KEY', siteId: 'site' };
const calls: RecordedCall[] = [
  {
    opKey: 'currentCart.createCheckoutFromCurrentCart',
    path: {},
    options: { channelType: 'WEB' },
    status: 200,
    answer: JSON.stringify({ checkoutId: 'checkout-123' }),
  },
  { opKey: 'checkout.getCheckout', path: { id: 'nope' }, options: {}, status: 404, answer: 'SdkError: not found' },
  { opKey: 'checkout.getCheckout', path: { id: 'checkout-123' }, options: {}, status: 200, answer: '{}' },
  { opKey: 'orders.getOrder', path: { id: 'o-1' }, options: {}, status: 200, elevated: true },
];

describe('flowScript', () => {
  const script = flowScript(calls, credentials);

  it('reads an id an earlier answer gave from that answer', () => {
    expect(script).toContain(
      'const r1 = await kit.currentCart.createCheckoutFromCurrentCart({\n  channelType: "WEB",\n});',
    );
    expect(script).toContain('await kit.checkout.getCheckout(r1.checkoutId!);');
  });

  it('leaves failed calls out where they were, saying so', () => {
    expect(script).toContain('// Left out: checkout.getCheckout answered 404 when recorded.');
    expect(script.indexOf('// Left out')).toBeLessThan(script.indexOf('r1.checkoutId'));
  });

  it('sends elevated calls on an API-key client and prints the last answer', () => {
    expect(script).toContain('const r3 = await admin.orders.getOrder("o-1");');
    expect(script.trimEnd().endsWith('console.log(r3);')).toBe(true);
    expect(script).toContain('auth: ApiKeyStrategy({ apiKey: "KEY", siteId: "site" }), host: "http://h.test"');
  });
});

describe('flowTest', () => {
  it('takes the host and keys from a fresh sandbox and expects the last answer', () => {
    const test = flowTest(calls);
    expect(test).toContain('host: sandbox.url');
    expect(test).toContain('OAuthStrategy({ clientId: sandbox.sandbox.options.clientIds[0]! })');
    expect(test).toContain("  expect(r3).toBeTypeOf('object');");
  });

  it('refuses a history naming an operation the console does not have', () => {
    expect(() => flowTest([{ opKey: 'nope.never', path: {}, options: {}, status: 200 }])).toThrow(
      'the history names an operation the console does not have: nope.never',
    );
  });
});
