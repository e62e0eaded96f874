/** Catalog pricing: discounts, variant surcharges over a base price, bulk adjustments. */
import { describe, expect, it } from 'vitest';
import {
  adjusted,
  catalogPrice,
  discountedMinor,
  surchargeOf,
  variantPrice,
} from '../../../src/sandbox/domain/catalog/pricing.ts';

describe('pricing', () => {
  it('takes an amount or a percentage off, never below zero', () => {
    expect(discountedMinor(2200, { type: 'AMOUNT', value: 4 })).toBe(1800);
    expect(discountedMinor(300, { type: 'AMOUNT', value: 4 })).toBe(0);
    expect(discountedMinor(1881, { type: 'PERCENT', value: 20 })).toBe(1505);
    expect(discountedMinor(1900, { type: 'NONE', value: 0 })).toBe(1900);
  });

  it('writes PriceData with the discounted price, and passes NaN through', () => {
    expect(catalogPrice(19.8, { type: 'AMOUNT', value: 4 })).toEqual({
      currency: 'USD',
      price: 19.8,
      discountedPrice: 15.8,
      formatted: { price: '$19.80', discountedPrice: '$15.80' },
    });
    expect(catalogPrice(NaN).discountedPrice).toBeNaN();
  });

  it("keeps a variant's surcharge when the base price moves", () => {
    expect(surchargeOf(50, 45)).toBe(5);
    expect(variantPrice(44.55, surchargeOf(50, 45))).toBe(49.55);
    expect(variantPrice(2, -5)).toBe(0);
  });

  it('adjusts by an amount or a percentage, in cents, optionally to an integer', () => {
    expect(adjusted(45, { percentage: -1 })).toBe(44.55);
    expect(adjusted(16, { percentage: 10 })).toBe(17.6);
    expect(adjusted(9.99, { amount: 0.01 })).toBe(10);
    expect(adjusted(14.3, { percentage: 10, roundToInt: true })).toBe(16);
    expect(adjusted(3, { amount: -5 })).toBe(0);
  });
});
