/** A price's cost and profit (domain/catalog/pricing.ts): the margin is profit over price, never above 1. */
import { describe, expect, it } from 'vitest';
import { costData } from '../../../src/sandbox/domain/catalog/pricing.ts';

describe('costData', () => {
  it.each([
    // price, cost, profit, margin (4 places)
    [40, 12, 28, 0.7],
    [30, 10, 20, 0.6667],
    [10, 0, 10, 1],
    // A rounded profit (0.01) passes a price of 0.006: the margin comes from the unrounded one.
    [0.006, 0, 0.01, 1],
    [0, 5, -5, 0],
  ])('price %s, cost %s: profit %s, margin %s', (price, cost, profit, margin) => {
    expect(costData(price, cost)).toMatchObject({ itemCost: cost, profit, profitMargin: margin });
  });

  it('no cost, no cost data', () => {
    expect(costData(10, undefined)).toBeUndefined();
  });
});
