/**
 * The provider's query language over stored entities, for every query and search the sandbox
 * answers (members, products, collections, variants, orders): filters with
 * `$eq $ne $gt $gte $lt $lte $in $hasSome $hasAll $startsWith $contains $exists $and $or $not`
 * on dotted (nested) field paths, sorting on several fields, offset or cursor paging.
 */
import { appError, validationError, type Violation } from './errors.ts';
import { decodeBase64Url, encodeBase64Url } from '../../normalise/base64url.ts';
import { isJsonObject, safeJsonParse } from './safe-object.ts';

export type Filter = Record<string, unknown>;
export interface SortSpec {
  fieldName: string;
  order?: 'ASC' | 'DESC' | 'asc' | 'desc';
}

/** The operators of the provider's query language (a field may support fewer: see query-fields.ts). */
export const OPERATORS: ReadonlySet<string> = new Set([
  '$eq',
  '$ne',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$contains',
  '$exists',
]);

/** Dotted paths split once: a query reads the same few paths of every entity. */
const splitPaths = new Map<string, string[]>();
/** Paths are the callers' (filters, sorts): the cache is dropped rather than grown past this. */
const MAX_SPLIT_PATHS = 1000;

function pathParts(path: string): string[] {
  let parts = splitPaths.get(path);
  if (!parts) {
    if (splitPaths.size >= MAX_SPLIT_PATHS) splitPaths.clear();
    splitPaths.set(path, (parts = path.split('.')));
  }
  return parts;
}

/** Reads a dotted path; through arrays it collects every element's value. */
export function getField(entity: unknown, path: string): unknown {
  const parts = pathParts(path);
  // Objects all the way (the usual path): no lists of values to collect.
  let node = entity;
  let i = 0;
  for (; i < parts.length; i++) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) break;
    node = (node as Record<string, unknown>)[parts[i]];
  }
  if (i === parts.length) return node;
  if (!Array.isArray(node)) return undefined;
  let values: unknown[] = [node];
  for (const part of parts.slice(i)) {
    const next: unknown[] = [];
    for (const v of values) {
      if (Array.isArray(v)) {
        for (const item of v) if (item && typeof item === 'object') next.push((item as Record<string, unknown>)[part]);
      } else if (v && typeof v === 'object') {
        next.push((v as Record<string, unknown>)[part]);
      }
    }
    values = next;
  }
  if (values.length === 1) return values[0];
  return values.length === 0 ? undefined : values.flat();
}

function comparable(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  // Dates and numbers start with a digit (or a minus): other text skips both patterns.
  const first = v.charCodeAt(0);
  if (first !== 0x2d && !(first >= 0x30 && first <= 0x39)) return v;
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const t = Date.parse(v);
    if (!Number.isNaN(t)) return t;
  }
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

function compare(a: unknown, b: unknown): number {
  const x = comparable(a);
  const y = comparable(b);
  if (x === y) return 0;
  if (x === undefined || x === null) return -1;
  if (y === undefined || y === null) return 1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

/** Text operators, case-insensitive; a path through an array matches when any of its values does. */
const someText = (value: unknown, arg: unknown, test: (v: string, a: string) => boolean) =>
  typeof arg === 'string' &&
  (Array.isArray(value) ? value : [value]).some(
    (v) => typeof v === 'string' && test(v.toLowerCase(), arg.toLowerCase()),
  );

const eq = (a: unknown, b: unknown) => (Array.isArray(a) ? a.some((x) => compare(x, b) === 0) : compare(a, b) === 0);

function applyOperator(op: string, value: unknown, arg: unknown, field: string): boolean {
  switch (op) {
    case '$eq':
      return eq(value, arg);
    case '$ne':
      return !eq(value, arg);
    case '$gt':
      return value !== undefined && compare(value, arg) > 0;
    case '$gte':
      return value !== undefined && compare(value, arg) >= 0;
    case '$lt':
      return value !== undefined && compare(value, arg) < 0;
    case '$lte':
      return value !== undefined && compare(value, arg) <= 0;
    case '$in':
      if (!Array.isArray(arg)) throw invalid(field, '$in takes an array');
      return arg.some((a) => eq(value, a));
    case '$nin':
      if (!Array.isArray(arg)) throw invalid(field, '$nin takes an array');
      return !arg.some((a) => eq(value, a));
    case '$hasSome':
      if (!Array.isArray(arg)) throw invalid(field, '$hasSome takes an array');
      return Array.isArray(value) && arg.some((a) => value.some((v) => compare(v, a) === 0));
    case '$hasAll':
      if (!Array.isArray(arg)) throw invalid(field, '$hasAll takes an array');
      return Array.isArray(value) && arg.every((a) => value.some((v) => compare(v, a) === 0));
    case '$startsWith':
      return someText(value, arg, (v, a) => v.startsWith(a));
    case '$contains':
      return someText(value, arg, (v, a) => v.includes(a));
    case '$exists':
      return (value !== undefined && value !== null) === Boolean(arg);
    default:
      throw invalid(field, `unknown operator ${op}`);
  }
}

function invalid(field: string, description: string) {
  return appError(400, 'INVALID_FILTER', `Invalid filter on "${field}": ${description}`, { field });
}

export function matches(entity: unknown, filter: Filter | undefined | null): boolean {
  if (!filter) return true;
  if (typeof filter !== 'object' || Array.isArray(filter)) throw invalid('(filter)', 'a filter is an object');
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and') {
      if (!Array.isArray(cond)) throw invalid(key, '$and takes an array of filters');
      if (!cond.every((f) => matches(entity, f as Filter))) return false;
    } else if (key === '$or') {
      if (!Array.isArray(cond)) throw invalid(key, '$or takes an array of filters');
      if (!cond.some((f) => matches(entity, f as Filter))) return false;
    } else if (key === '$not') {
      if (matches(entity, cond as Filter)) return false;
    } else {
      const value = getField(entity, key);
      if (
        cond &&
        typeof cond === 'object' &&
        !Array.isArray(cond) &&
        Object.keys(cond).some((k) => k.startsWith('$'))
      ) {
        for (const [op, arg] of Object.entries(cond)) {
          if (!OPERATORS.has(op)) throw invalid(key, `unknown operator ${op}`);
          if (!applyOperator(op, value, arg, key)) return false;
        }
      } else if (!eq(value, cond)) {
        return false;
      }
    }
  }
  return true;
}

/** How one sortable field of an entity compares: as text, a number or a date, read by `key`. */
export interface SortRule<T = unknown> {
  type: 'text' | 'number' | 'date';
  /** Reads the value (default: the field's dotted path). */
  key?: (entity: T) => unknown;
}

/** An entity's sortable fields; a sort on any other field is refused. */
export type SortRules<T = unknown> = Record<string, SortRule<T>>;

/** The refusal of a sort on a field that does not sort, naming the fields that do. */
export const unsortable = (field: string, name: string, sortable: string[]): Violation => ({
  field,
  description: `cannot sort by "${name}" (sortable: ${sortable.join(', ')})`,
  violatedRule: 'INVALID_SORT_FIELD',
});

/** A sort key of the rule's type; undefined (sorts first) when the value has none. */
function typedKey<T>(rule: SortRule<T>, value: unknown): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (rule.type === 'text') return String(value);
  const n = rule.type === 'date' ? (typeof value === 'string' ? Date.parse(value) : NaN) : Number(value);
  return Number.isNaN(n) ? undefined : n;
}

function compareKeys(x: number | string | undefined, y: number | string | undefined): number {
  if (x === y) return 0;
  if (x === undefined) return -1;
  if (y === undefined) return 1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

/**
 * Sorts by each sort field in turn. With `rules`, only the entity's sortable fields sort (by
 * their real type); without, a field sorts by its values, and a field that holds an object
 * (nothing to order it by) is refused. `path` names the sort in the request, for the error.
 */
export function sortEntities<T>(
  items: T[],
  sort: SortSpec[] | undefined,
  rules?: SortRules<T>,
  path = 'query.sort',
): T[] {
  if (!sort?.length) return items;
  const keyed = sort.map((s, i) => {
    const field = `${path}[${i}].fieldName`;
    const name = String(s?.fieldName ?? '');
    const order = String(s?.order ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC')
      throw validationError([
        { field: `${path}[${i}].order`, description: 'must be ASC or DESC', violatedRule: 'INVALID_ENUM_VALUE' },
      ]);
    const rule = rules ? (Object.hasOwn(rules, name) ? rules[name] : undefined) : undefined;
    if (rules && !rule) throw validationError([unsortable(field, name, Object.keys(rules))]);
    if (!rule && items.some((e) => isJsonObject(getField(e, name)))) {
      throw validationError([
        {
          field,
          description: `cannot sort by "${name}": it is an object, name one of its fields`,
          violatedRule: 'INVALID_SORT_FIELD',
        },
      ]);
    }
    const read = (e: T) => (rule ? typedKey(rule, rule.key ? rule.key(e) : getField(e, name)) : undefined);
    return { name, desc: order === 'DESC', rule, read };
  });
  // Keys are read once per entity, not once per comparison.
  const rows = items.map((e) => ({ e, keys: keyed.map((k) => (k.rule ? k.read(e) : getField(e, k.name))) }));
  rows.sort((a, b) => {
    for (let i = 0; i < keyed.length; i++) {
      const c = keyed[i].rule ? compareKeys(a.keys[i] as never, b.keys[i] as never) : compare(a.keys[i], b.keys[i]);
      if (c !== 0) return keyed[i].desc ? -c : c;
    }
    return 0;
  });
  return rows.map((r) => r.e);
}

/** The entities a query's filter keeps, in its sort order. */
function select<T>(all: T[], q: { filter?: Filter | null; sort?: SortSpec[] }, rules?: SortRules<T>): T[] {
  return sortEntities(
    all.filter((e) => matches(e, q.filter)),
    q.sort,
    rules,
  );
}

export interface OffsetPage<T> {
  items: T[];
  metadata: { count: number; offset: number; total: number; tooManyToCount: boolean };
}

/** Filter, sort and offset-page a list. Defaults: limit 50, offset 0. */
export function queryOffset<T>(
  all: T[],
  q: { filter?: Filter | null; sort?: SortSpec[]; paging?: { limit?: number; offset?: number } },
  defaultLimit = 50,
  rules?: SortRules<T>,
): OffsetPage<T> {
  const filtered = select(all, q, rules);
  const offset = q.paging?.offset ?? 0;
  const limit = q.paging?.limit ?? defaultLimit;
  const items = filtered.slice(offset, offset + limit);
  return { items, metadata: { count: items.length, offset, total: filtered.length, tooManyToCount: false } };
}

export interface CursorPage<T> {
  items: T[];
  metadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

/** What a cursor carries: the query it was made for and the position in its answer. */
interface CursorState {
  filter?: Filter | null;
  sort?: SortSpec[];
  offset: number;
}

const encodeCursor = (c: CursorState) =>
  encodeBase64Url(JSON.stringify({ f: c.filter ?? null, s: c.sort ?? [], o: c.offset }));

function decodeCursor(text: string): CursorState {
  try {
    // A cursor comes back from the caller: parsed like any other input (no reserved keys).
    const c: unknown = safeJsonParse(decodeBase64Url(text), ['cursorPaging', 'cursor']);
    if (isJsonObject(c) && typeof c.o === 'number' && Number.isInteger(c.o) && c.o >= 0 && Array.isArray(c.s)) {
      // What a cursor carries is checked where it is used: matches() and sortEntities() refuse a bad filter or sort.
      return { filter: c.f as Filter | null | undefined, sort: c.s as SortSpec[], offset: c.o };
    }
  } catch {
    // answered below
  }
  throw appError(400, 'INVALID_CURSOR', 'cursorPaging.cursor is not a cursor this search answered');
}

/** The same JSON value: objects whatever the order of their keys (JSON's objects are unordered), arrays in order. */
function same(a: unknown, b: unknown): boolean {
  a ??= null;
  b ??= null;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** How a cursor query reads its entities. */
export interface CursorOptions<T> {
  /** Page size when the request names none (or 0, which would never move the cursor). */
  defaultLimit: number;
  /** Sort when the query names none; `tieBreak` always sorts last, so pages never overlap. */
  defaultSort?: SortSpec[];
  tieBreak?: SortSpec;
  rules?: SortRules<T>;
  /** Where the sort is in the request, for the error naming it. */
  sortPath?: string;
  /** What the filter reads of an entity (default: the entity). */
  filterView?: (e: T) => unknown;
}

/**
 * Filter, sort and cursor paging as the provider pages: a cursor carries its filter, sort and
 * position, so a next page sends the cursor alone; a different filter or sort beside it answers
 * CURSOR_QUERY_MISMATCH, a cursor this engine did not make INVALID_CURSOR.
 */
export function queryCursor<T>(
  all: T[],
  q: {
    filter?: Filter | null;
    sort?: SortSpec[];
    cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
  },
  options: CursorOptions<T>,
): CursorPage<T> {
  const limit = q.cursorPaging?.limit || options.defaultLimit;
  let state: CursorState = { filter: q.filter, sort: q.sort, offset: 0 };
  if (q.cursorPaging?.cursor) {
    const fromCursor = decodeCursor(q.cursorPaging.cursor);
    if (
      (q.filter !== undefined && !same(q.filter, fromCursor.filter)) ||
      (q.sort !== undefined && !same(q.sort, fromCursor.sort))
    ) {
      throw appError(
        400,
        'CURSOR_QUERY_MISMATCH',
        'A cursor carries its own filter and sort: send the cursor without a different filter or sort',
      );
    }
    state = fromCursor;
  }
  const sort: SortSpec[] = [
    ...(state.sort?.length ? state.sort : (options.defaultSort ?? [])),
    ...(options.tieBreak ? [options.tieBreak] : []),
  ];
  const view = options.filterView ?? ((e: T) => e);
  const rules =
    options.rules && options.tieBreak
      ? {
          ...options.rules,
          [options.tieBreak.fieldName]: options.rules[options.tieBreak.fieldName] ?? { type: 'text' as const },
        }
      : options.rules;
  const found = sortEntities(
    all.filter((e) => matches(view(e), state.filter)),
    sort,
    rules,
    options.sortPath,
  );
  const items = found.slice(state.offset, state.offset + limit);
  const hasNext = state.offset + limit < found.length;
  const cursors: { next?: string; prev?: string } = {};
  if (hasNext) cursors.next = encodeCursor({ ...state, offset: state.offset + limit });
  if (state.offset > 0) cursors.prev = encodeCursor({ ...state, offset: Math.max(0, state.offset - limit) });
  return { items, metadata: { count: items.length, cursors, hasNext } };
}
