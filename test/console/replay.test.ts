/** A call opened again hands its values to its operation's page once (console/src/core/replay.ts). */
import { expect, it, vi } from 'vitest';

const items = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, v),
  removeItem: (k: string) => void items.delete(k),
});
const { replayWith, takeReplay } = await import('../../console/src/core/replay.ts');

it("gives the values to that operation's page once, and none to another's", () => {
  replayWith({ opKey: 'checkout.getCheckout', path: { id: 'c1' }, options: { a: 1 } });
  expect(takeReplay('orders.getOrder')).toBeUndefined();
  expect(takeReplay('checkout.getCheckout')).toEqual({ path: { id: 'c1' }, options: { a: 1 } });
  expect(takeReplay('checkout.getCheckout')).toBeUndefined();
});

it('opens a call recorded without options with empty ones', () => {
  replayWith({ opKey: 'checkout.getCheckout', path: { id: 'c2' }, options: undefined });
  expect(takeReplay('checkout.getCheckout')).toEqual({ path: { id: 'c2' }, options: {} });
});
