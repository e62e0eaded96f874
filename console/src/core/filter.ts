/**
 * A query's filter as the form's condition rows read and write it: `{ field: { $op: value } }`,
 * values typed as text turned into the field's type, and the fields a mistyped name may mean.
 */

/** Operators whose value is a list (typed comma-separated). */
export const LIST_OPERATORS = new Set(['$in', '$nin', '$hasSome', '$hasAll']);
/** Keys of a filter that combine conditions: edited as JSON. */
export const COMBINATORS = new Set(['$and', '$or', '$not']);

/** A filterable field's value from the text typed, by the field's type and the operator. */
export function filterValue(text: string, type: string, op: string): unknown {
  if (LIST_OPERATORS.has(op))
    return text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => filterValue(t, type, '$eq'));
  if (op === '$exists' || type === 'boolean') return text === 'true';
  if (type === 'number' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

/** A condition's value as the row's text: a list comma-separated. */
export const filterText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

/** The filterable fields a name may have meant: the ones it ends ("memberId" -> "buyerInfo.memberId"), else the ones naming it. */
export function meant(name: string, fields: string[]): string[] {
  const n = name.toLowerCase();
  const ending = fields.filter((f) => f.split('.').at(-1)!.toLowerCase() === n);
  return ending.length ? ending : fields.filter((f) => f.toLowerCase().includes(n));
}

/** One condition as the provider reads it: `{ field: { $op: value } }` (a bare value is `$eq`). */
export function condition(v: unknown): [string, unknown] {
  if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
    const [op, x] = Object.entries(v as Record<string, unknown>)[0] ?? ['$eq', ''];
    return [op, x];
  }
  return ['$eq', v];
}

/** The filter with the condition on `at` replaced by `{ [field]: { [op]: value } }`, in its place. */
export const replaceCondition = (
  filter: Record<string, unknown>,
  at: string,
  field: string,
  op: string,
  value: unknown,
): Record<string, unknown> =>
  Object.fromEntries(Object.entries(filter).map(([k, x]) => (k === at ? [field, { [op]: value }] : [k, x])));
