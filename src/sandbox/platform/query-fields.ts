/**
 * The fields a query operation may filter and sort by (the spec's `x-sfk-query-fields`, in the
 * operation table as `queryFields`): a request whose filter names another field, or an operator
 * the field does not support, or whose sort names a field that does not sort, is refused with a
 * validation error naming the field, before the handler runs. Malformed filters (an unknown
 * operator, `$and` that is no array) are left to the query engine, which answers INVALID_FILTER.
 */
import { queryFields } from '../../../generated/operations.ts';
import type { OperationDescriptor, QueryFields } from '../../../generated/runtime-types.ts';
import type { Violation } from './errors.ts';
import { getField, OPERATORS, unsortable } from './query-engine.ts';
import { isJsonObject } from './safe-object.ts';

const isOperatorObject = (cond: unknown): cond is Record<string, unknown> =>
  isJsonObject(cond) && Object.keys(cond).some((k) => k.startsWith('$'));

function filterViolations(q: QueryFields, filter: unknown, path: string, out: Violation[]): void {
  if (!isJsonObject(filter)) return;
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (Array.isArray(cond)) cond.forEach((f, i) => filterViolations(q, f, `${path}.${key}[${i}]`, out));
      continue;
    }
    if (key === '$not') {
      filterViolations(q, cond, `${path}.$not`, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const field = Object.hasOwn(q.fields, key) ? q.fields[key] : undefined;
    if (!field) {
      out.push({
        field: `${path}.${key}`,
        description: `cannot filter by "${key}" (filterable: ${Object.keys(q.fields).join(', ')})`,
        violatedRule: 'INVALID_FILTER_FIELD',
      });
      continue;
    }
    const supported: readonly string[] = field.operators;
    const used = isOperatorObject(cond) ? Object.keys(cond).filter((op) => OPERATORS.has(op)) : ['$eq'];
    for (const op of used) {
      if (supported.includes(op)) continue;
      out.push({
        field: `${path}.${key}`,
        description: `"${key}" does not support ${op} (operators: ${supported.join(', ')})`,
        violatedRule: 'UNSUPPORTED_FILTER_OPERATOR',
      });
    }
  }
}

/**
 * The most conditions (field conditions and `$and`/`$or`/`$not` nodes) a query's filter may hold.
 * Ours: the provider states none. A store's filters name a few fields; 30,000 `$or` terms cost
 * over a second of validation before their 400 (issue 31), this bound refuses them in one
 * bounded walk.
 */
export const MAX_FILTER_TERMS = 1000;

/** Counts a filter's conditions, stopping once past `budget` (so the walk costs at most that). */
function countTerms(filter: unknown, budget: number): number {
  let count = 0;
  const stack: unknown[] = [filter];
  while (stack.length && count <= budget) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    if (!isJsonObject(node)) continue;
    for (const [key, cond] of Object.entries(node)) {
      count++;
      if (key === '$and' || key === '$or' || key === '$not') stack.push(cond);
    }
  }
  return count;
}

/** A violation when the query's filter holds more than MAX_FILTER_TERMS conditions, else undefined. */
export function filterSizeViolation(d: OperationDescriptor, input: Record<string, unknown>): Violation | undefined {
  const q = Object.hasOwn(queryFields, d.key) ? queryFields[d.key] : undefined;
  if (!q) return undefined;
  let filter = getField(input, q.filter);
  if (typeof filter === 'string') {
    // Catalog V1 sends its filter as JSON text; the engine parses it (and refuses broken text) later.
    try {
      filter = JSON.parse(filter);
    } catch {
      return undefined;
    }
  }
  if (countTerms(filter, MAX_FILTER_TERMS) <= MAX_FILTER_TERMS) return undefined;
  return {
    field: q.filter,
    description: `has more than ${MAX_FILTER_TERMS} conditions`,
    violatedRule: 'MAX_SIZE',
  };
}

/** What the request's filter and sort name that the operation's fields do not allow. */
export function queryFieldViolations(d: OperationDescriptor, input: Record<string, unknown>): Violation[] {
  const q = Object.hasOwn(queryFields, d.key) ? queryFields[d.key] : undefined;
  if (!q) return [];
  const out: Violation[] = [];
  filterViolations(q, getField(input, q.filter), q.filter, out);
  const sort = q.sort ? getField(input, q.sort) : undefined;
  if (q.sort && Array.isArray(sort)) {
    const sortable = Object.keys(q.fields).filter((k) => q.fields[k].sort);
    sort.forEach((s, i) => {
      const name = isJsonObject(s) ? s.fieldName : undefined;
      if (typeof name === 'string' && !sortable.includes(name))
        out.push(unsortable(`${q.sort}[${i}].fieldName`, name, sortable));
    });
  }
  return out;
}
