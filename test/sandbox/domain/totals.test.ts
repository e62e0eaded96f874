/** Totals: coupon, merchant discounts, shipping, tax rounded once, gift card; the parts add up. */
import { describe, expect, it } from 'vitest';
import { computeTotals, taxRateFor } from '../../../src/sandbox/domain/totals.ts';

describe('totals', () => {
  it('adds up: 76.00 at 8.875 % tax is 82.75', () => {
    const t = computeTotals({
      lines: [
        { unit: 4800, quantity: 1 },
        { unit: 1400, quantity: 2 },
      ],
      taxRate: taxRateFor('US'),
    });
    expect(t).toMatchObject({ subtotal: 7600, tax: 675, total: 8275 });
  });

  it('takes a coupon, then merchant discounts, never more than the subtotal; taxes the rest; a gift card pays last', () => {
    const t = computeTotals({
      lines: [{ unit: 1000, quantity: 3 }],
      coupon: { kind: 'PERCENT', value: 10 },
      merchantDiscounts: [{ amount: 500 }, { amount: 5000 }],
      shipping: 500,
      taxRate: taxRateFor('GB'),
      giftCardBalance: 600,
    });
    expect(t).toMatchObject({
      subtotal: 3000,
      coupon: 300,
      merchantDiscounts: [500, 2200],
      discount: 3000,
      taxable: 0,
      tax: 0,
      shipping: 500,
      giftCard: 500,
      total: 0,
    });
    const amount = computeTotals({ lines: [{ unit: 300, quantity: 1 }], coupon: { kind: 'AMOUNT', value: 5 } });
    expect(amount).toMatchObject({ coupon: 300, total: 0 });
  });

  it('spreads each discount over the lines it names, never more than is left of them', () => {
    const t = computeTotals({
      lines: [
        { unit: 900, quantity: 1 },
        { unit: 1200, quantity: 1 },
      ],
      coupon: { kind: 'AMOUNT', value: 2.1 },
      merchantDiscounts: [{ amount: 1000, lines: [0] }, { amount: 100, lines: [] }, { amount: 50 }],
    });
    // The coupon takes 2.10 over both (0.90 and 1.20); the first discount what is left of line 0 (8.10); none named: nothing.
    expect(t).toMatchObject({
      subtotal: 2100,
      coupon: 210,
      merchantDiscounts: [810, 0, 50],
      discount: 1070,
      lineDiscounts: [900, 170],
      total: 1030,
    });
  });

  it('collects no tax where the sandbox has no rate', () => {
    expect(taxRateFor('JP')).toBe(0);
    expect(taxRateFor('__proto__')).toBe(0);
    expect(taxRateFor(undefined)).toBe(0);
  });
});
