/**
 * What a schema form shows, decided without React: which of an object's fields are shown, the
 * constraints said beside a label, what a number field's text means, what a new list item is.
 */
import { join, resolve, typeOf, type Schema } from './schema.ts';

/** An object (or a list of objects) with required fields: worth showing even when optional itself. */
export function hasRequiredParts(service: string, schema: Schema | undefined): boolean {
  const s = resolve(service, schema);
  if (typeOf(s) === 'array') return hasRequiredParts(service, s.items === schema ? undefined : s.items);
  return typeOf(s) === 'object' && Array.isArray(s.required) && s.required.length > 0;
}

/** What decides which optional fields of an object a form shows. */
export interface Shown {
  showOptional: boolean;
  /** Top-level body fields left out (other tasks' fields) and always shown (the chosen task's). */
  bodyFields?: { hidden: Set<string>; shown: Set<string> };
  /** Where a query operation's filter goes (`query.filter`): the way to it is always shown. */
  filter?: string;
}

/**
 * The fields of an object schema `s` at `path` a form shows, required ones first: never the
 * read-only ones nor another task's; optional ones when asked for, when they hold a value, when
 * they are parts with required fields of their own (a line item's catalogReference), or when
 * they lead to the query's filter.
 */
export function shownProperties(
  service: string,
  s: Schema,
  value: Record<string, unknown>,
  path: string,
  { showOptional, bodyFields, filter }: Shown,
): [string, Schema][] {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  return Object.entries(properties)
    .filter(
      ([k, ps]) =>
        !resolve(service, ps).readOnly &&
        !(path === '' && bodyFields?.hidden.has(k)) &&
        ((path === '' && !!bodyFields?.shown.has(k)) ||
          showOptional ||
          required.has(k) ||
          value[k] !== undefined ||
          hasRequiredParts(service, ps) ||
          // The way to a query's filter is always shown: the filter editor is where a query starts.
          (filter !== undefined && `${filter}.`.startsWith(`${join(path, k)}.`))),
    )
    .sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)));
}

/** The spec's constraints on a value, in words, as a label shows them. */
export function constraintsOf(s: Schema): string[] {
  const parts: string[] = [];
  if (s.minLength !== undefined) parts.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) parts.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined) parts.push(`min ${s.minimum}`);
  if (s.maximum !== undefined) parts.push(`max ${s.maximum}`);
  if (s.format) parts.push(s.format);
  if (s['x-sfk-float']) parts.push('NaN/Infinity allowed');
  if (s['x-sfk-field-mask']) parts.push('field mask: comma-separated paths');
  return parts;
}

const NON_FINITE = new Set(['NaN', 'Infinity', '-Infinity']);

/**
 * A number field's value from its text: nothing when empty, NaN and the infinities as numbers
 * (x-sfk-float fields take them), a number, else the text as typed (the check names it).
 */
export function numberFieldValue(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (NON_FINITE.has(t)) return Number(t);
  const n = Number(t);
  return Number.isNaN(n) ? t : n;
}

/** A new item of a list whose items are of this type: an empty object, list or string. */
export const newItemOf = (itemType: string): unknown => (itemType === 'object' ? {} : itemType === 'array' ? [] : '');
