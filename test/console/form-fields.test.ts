/** What a schema form shows, decided without React (console/src/core/form-fields.ts). */
import { describe, expect, it } from 'vitest';
import {
  constraintsOf,
  hasRequiredParts,
  newItemOf,
  numberFieldValue,
  shownProperties,
} from '../../console/src/core/form-fields.ts';

const SERVICE = 'checkout';
const line = { type: 'object', required: ['catalogItemId'], properties: { catalogItemId: { type: 'string' } } };
const schema = {
  type: 'object',
  required: ['b'],
  properties: {
    a: { type: 'string' },
    b: { type: 'string' },
    createdDate: { type: 'string', readOnly: true },
    reference: line,
    lines: { type: 'array', items: line },
    query: { type: 'object', properties: { filter: { type: 'object' } } },
    note: { type: 'string' },
  },
};
const names = (shown: [string, unknown][]) => shown.map(([k]) => k);

describe('shownProperties', () => {
  it('shows required fields first, parts with required fields of their own, never read-only ones', () => {
    expect(names(shownProperties(SERVICE, schema, {}, '', { showOptional: false }))).toEqual([
      'b',
      'reference',
      'lines',
    ]);
  });

  it('shows every optional field when asked for, or one that holds a value', () => {
    expect(names(shownProperties(SERVICE, schema, {}, '', { showOptional: true }))).toEqual([
      'b',
      'a',
      'reference',
      'lines',
      'query',
      'note',
    ]);
    expect(names(shownProperties(SERVICE, schema, { note: 'x' }, '', { showOptional: false }))).toContain('note');
  });

  it("shows the way to a query's filter, the chosen task's field, and leaves out other tasks' fields", () => {
    const shown = (bodyFields?: { hidden: Set<string>; shown: Set<string> }, filter?: string) =>
      names(shownProperties(SERVICE, schema, {}, '', { showOptional: false, bodyFields, filter }));
    expect(shown(undefined, 'query.filter')).toContain('query');
    expect(shown({ hidden: new Set(['reference']), shown: new Set(['note']) })).toEqual(['b', 'lines', 'note']);
  });

  it('applies the task fields at the top of the body only', () => {
    const bodyFields = { hidden: new Set(['b']), shown: new Set(['note']) };
    expect(names(shownProperties(SERVICE, schema, {}, 'nested', { showOptional: false, bodyFields }))).toEqual([
      'b',
      'reference',
      'lines',
    ]);
  });
});

describe('field helpers', () => {
  it('has required parts: an object with required fields, or a list of them', () => {
    expect(hasRequiredParts(SERVICE, line)).toBe(true);
    expect(hasRequiredParts(SERVICE, { type: 'array', items: line })).toBe(true);
    expect(hasRequiredParts(SERVICE, { type: 'object', properties: {} })).toBe(false);
    expect(hasRequiredParts(SERVICE, { type: 'string' })).toBe(false);
  });

  it("says a schema's constraints in words", () => {
    expect(
      constraintsOf({ minLength: 1, maxLength: 9, minimum: 0, maximum: 5, format: 'uuid', 'x-sfk-float': true }),
    ).toEqual(['min length 1', 'max length 9', 'min 0', 'max 5', 'uuid', 'NaN/Infinity allowed']);
    expect(constraintsOf({ 'x-sfk-field-mask': true })).toEqual(['field mask: comma-separated paths']);
    expect(constraintsOf({})).toEqual([]);
  });

  it("reads a number field's text: nothing, NaN and the infinities, numbers, else the text as typed", () => {
    expect(numberFieldValue('  ')).toBeUndefined();
    expect(numberFieldValue('NaN')).toBeNaN();
    expect(numberFieldValue('-Infinity')).toBe(-Infinity);
    expect(numberFieldValue(' 2.5 ')).toBe(2.5);
    expect(numberFieldValue('12abc')).toBe('12abc');
  });

  it('adds a list item of the items type', () => {
    expect(newItemOf('object')).toEqual({});
    expect(newItemOf('array')).toEqual([]);
    expect(newItemOf('string')).toBe('');
  });
});
