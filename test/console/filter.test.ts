/** A query's filter as condition rows (console/src/core/filter.ts). */
import { describe, expect, it } from 'vitest';
import { condition, filterText, filterValue, meant, replaceCondition } from '../../console/src/core/filter.ts';

describe('filterValue', () => {
  it("types a value by the field's type and the operator", () => {
    expect(filterValue('12', 'number', '$eq')).toBe(12);
    expect(filterValue('12x', 'number', '$eq')).toBe('12x');
    expect(filterValue('true', 'boolean', '$eq')).toBe(true);
    expect(filterValue('yes', 'string', '$exists')).toBe(false);
    expect(filterValue('abc', 'string', '$eq')).toBe('abc');
  });

  it("reads a list operator's value comma-separated, each item typed", () => {
    expect(filterValue('1, 2,,3 ', 'number', '$in')).toEqual([1, 2, 3]);
    expect(filterValue('a,b', 'string', '$hasSome')).toEqual(['a', 'b']);
  });

  it('writes a list back as the text it came from', () => {
    expect(filterText(['a', 'b'])).toBe('a, b');
    expect(filterText(undefined)).toBe('');
    expect(filterText(3)).toBe('3');
  });
});

describe('conditions', () => {
  it('reads a condition as an operator and a value; a bare value is $eq', () => {
    expect(condition({ $gt: 5 })).toEqual(['$gt', 5]);
    expect(condition('x')).toEqual(['$eq', 'x']);
    expect(condition({})).toEqual(['$eq', '']);
    const date = new Date(0);
    expect(condition(date)).toEqual(['$eq', date]);
  });

  it('replaces one condition in its place, the others as they were', () => {
    const filter = { status: { $eq: 'OPEN' }, number: { $gt: 1 }, $or: [] };
    const next = replaceCondition(filter, 'status', 'paymentStatus', '$ne', 'PAID');
    expect(next).toEqual({ paymentStatus: { $ne: 'PAID' }, number: { $gt: 1 }, $or: [] });
    expect(Object.keys(next)).toEqual(['paymentStatus', 'number', '$or']);
  });

  it('suggests the fields a name may have meant: those it ends, else those naming it', () => {
    const fields = ['buyerInfo.memberId', 'buyerInfo.email', 'number', 'lineItems.productName.original'];
    expect(meant('memberid', fields)).toEqual(['buyerInfo.memberId']);
    expect(meant('productName', fields)).toEqual(['lineItems.productName.original']);
    expect(meant('nothing', fields)).toEqual([]);
  });
});
