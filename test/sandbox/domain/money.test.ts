/** Money in minor units: exact parsing of the provider's text, rounding once, splits that add up. */
import { describe, expect, it } from 'vitest';
import {
  allocate,
  applyRate,
  decimalText,
  rateOfFraction,
  rateOfPercent,
  toMinor,
  wirePrice,
} from '../../../src/sandbox/domain/money.ts';

describe('money', () => {
  it('reads decimal text exactly and numbers to the cent', () => {
    expect(toMinor('82.74')).toBe(8274);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('6.745')).toBe(675); // a third decimal rounds half up, not through a float
    expect(toMinor('-3.50')).toBe(-350);
    expect(toMinor(15.8)).toBe(1580);
    expect(toMinor(NaN)).toBe(0);
  });

  it('writes the provider text amounts', () => {
    expect(decimalText(8275)).toBe('82.75');
    expect(decimalText(5)).toBe('0.05');
    expect(decimalText(-120)).toBe('-1.20');
    expect(wirePrice(1234)).toEqual({
      amount: '12.34',
      convertedAmount: '12.34',
      formattedAmount: '$12.34',
      formattedConvertedAmount: '$12.34',
    });
    expect(wirePrice(1234, 'EUR').formattedAmount).toBe('EUR 12.34');
  });

  it('applies a rate to an integer and rounds once, half up', () => {
    expect(applyRate(7600, rateOfFraction(0.08875))).toBe(675); // 674.5
    expect(applyRate(7599, rateOfFraction(0.08875))).toBe(674); // 674.41
    expect(applyRate(1900, rateOfPercent(20))).toBe(380);
    expect(applyRate(-7600, rateOfFraction(0.08875))).toBe(-675);
  });

  it('splits an amount over weights so the parts add up', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(675, [5000, 1800, 800])).toEqual([444, 160, 71]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    for (const [total, weights] of [
      [999, [3, 7, 11]],
      [1, [5, 5]],
    ] as const)
      expect(allocate(total, [...weights]).reduce((a, b) => a + b)).toBe(total);
  });
});
