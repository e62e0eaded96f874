/**
 * Query builders for the operations that offer one (`queryMembers()`, `queryProducts()`,
 * `queryCollections()` with no argument). Immutable: every method returns a new builder.
 * Conditions combine with `$and`; `or`/`not` keep the earlier conditions.
 */
import type { QueryBuilderSpec } from '../../generated/runtime-types.ts';
import { NO_NEXT_PAGE, NO_PREV_PAGE } from '../errors/messages.ts';

export const DEFAULT_LIMIT = 50;

type Filter = Record<string, unknown>;
type Sort = { fieldName: string; order: 'ASC' | 'DESC' };

interface State {
  filters: Filter[];
  sort: Sort[];
  limit: number;
  skip: number;
}

export interface QueryPage<Item, Res = unknown> extends AsyncIterable<Item> {
  readonly items: Item[];
  readonly length: number;
  /** Total matches, when the provider reports it. */
  readonly totalCount: number | undefined;
  readonly pageSize: number;
  /** Zero-based page index. */
  readonly currentPage: number;
  /** The raw (normalised) answer of this page. */
  readonly response: Res;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** The next page; throws `No next page to fetch` when there is none. */
  next(): Promise<QueryPage<Item, Res>>;
  /** The previous page; throws `No previous page to fetch` when there is none. */
  prev(): Promise<QueryPage<Item, Res>>;
}

export interface QueryBuilder<Item, Res = unknown> {
  eq(field: string, value: unknown): QueryBuilder<Item, Res>;
  ne(field: string, value: unknown): QueryBuilder<Item, Res>;
  gt(field: string, value: unknown): QueryBuilder<Item, Res>;
  ge(field: string, value: unknown): QueryBuilder<Item, Res>;
  lt(field: string, value: unknown): QueryBuilder<Item, Res>;
  le(field: string, value: unknown): QueryBuilder<Item, Res>;
  in(field: string, values: unknown[]): QueryBuilder<Item, Res>;
  hasSome(field: string, values: unknown[]): QueryBuilder<Item, Res>;
  hasAll(field: string, values: unknown[]): QueryBuilder<Item, Res>;
  startsWith(field: string, prefix: string): QueryBuilder<Item, Res>;
  contains(field: string, text: string): QueryBuilder<Item, Res>;
  exists(field: string, present?: boolean): QueryBuilder<Item, Res>;
  /** This builder's conditions AND the other's. */
  and(other: QueryBuilder<Item, Res>): QueryBuilder<Item, Res>;
  /** This builder's conditions OR the other's. */
  or(other: QueryBuilder<Item, Res>): QueryBuilder<Item, Res>;
  /** This builder's conditions AND NOT the other's. */
  not(other: QueryBuilder<Item, Res>): QueryBuilder<Item, Res>;
  ascending(...fields: string[]): QueryBuilder<Item, Res>;
  descending(...fields: string[]): QueryBuilder<Item, Res>;
  /** Page size. @default 50 */
  limit(n: number): QueryBuilder<Item, Res>;
  /** Items to skip. @default 0 */
  skip(n: number): QueryBuilder<Item, Res>;
  /** The filter this builder sends (for inspection and tests). */
  readonly filter: Filter;
  find(): Promise<QueryPage<Item, Res>>;
}

function combine(filters: Filter[]): Filter {
  if (filters.length === 0) return {};
  if (filters.length === 1) return filters[0];
  return { $and: filters };
}

function getPath(obj: unknown, path: string): unknown {
  let node = obj;
  for (const k of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
  return node;
}

export function createQueryBuilder<Item, Res = unknown>(
  run: (options: Record<string, unknown>) => Promise<unknown>,
  spec: QueryBuilderSpec,
  state: State = { filters: [], sort: [], limit: DEFAULT_LIMIT, skip: 0 },
): QueryBuilder<Item, Res> {
  const next = (patch: Partial<State>) => createQueryBuilder<Item, Res>(run, spec, { ...state, ...patch });
  const where = (field: string, op: string, value: unknown) => next({ filters: [...state.filters, { [field]: { [op]: value } }] });
  const filter = combine(state.filters);

  async function fetchPage(skip: number): Promise<QueryPage<Item, Res>> {
    const query: Record<string, unknown> = { [spec.paging]: { limit: state.limit, offset: skip } };
    if (state.filters.length) query.filter = filter;
    if (state.sort.length) query[spec.sort] = state.sort;
    const response = (await run({ [spec.query]: query })) as Res;
    const items = ((response as Record<string, unknown>)?.[spec.items] as Item[] | undefined) ?? [];
    const total = getPath(response, spec.total);
    const totalCount = typeof total === 'number' ? total : undefined;
    const hasNext = () => (totalCount !== undefined ? skip + items.length < totalCount : items.length === state.limit);
    const hasPrev = () => skip > 0;
    const page: QueryPage<Item, Res> = {
      items,
      length: items.length,
      totalCount,
      pageSize: state.limit,
      currentPage: Math.floor(skip / Math.max(1, state.limit)),
      response,
      hasNext,
      hasPrev,
      next: async () => {
        if (!hasNext()) throw new Error(NO_NEXT_PAGE);
        return fetchPage(skip + state.limit);
      },
      prev: async () => {
        if (!hasPrev()) throw new Error(NO_PREV_PAGE);
        return fetchPage(Math.max(0, skip - state.limit));
      },
      async *[Symbol.asyncIterator]() {
        let current: QueryPage<Item, Res> = page;
        for (;;) {
          yield* current.items;
          if (!current.hasNext() || current.items.length === 0) return;
          current = await current.next();
        }
      },
    };
    return page;
  }

  return {
    filter,
    // A plain value, as the official SDK's builders send an equality (`undefined` as null).
    eq: (f, v) => next({ filters: [...state.filters, { [f]: v === undefined ? null : v }] }),
    ne: (f, v) => where(f, '$ne', v),
    gt: (f, v) => where(f, '$gt', v),
    ge: (f, v) => where(f, '$gte', v),
    lt: (f, v) => where(f, '$lt', v),
    le: (f, v) => where(f, '$lte', v),
    in: (f, v) => where(f, '$in', v),
    hasSome: (f, v) => where(f, '$hasSome', v),
    hasAll: (f, v) => where(f, '$hasAll', v),
    startsWith: (f, v) => where(f, '$startsWith', v),
    contains: (f, v) => where(f, '$contains', v),
    exists: (f, v = true) => where(f, '$exists', v),
    and: (other) => next({ filters: [...state.filters, other.filter] }),
    or: (other) => next({ filters: [{ $or: [filter, other.filter] }] }),
    not: (other) => next({ filters: [...state.filters, { $not: other.filter }] }),
    ascending: (...fields) => next({ sort: [...state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'ASC' as const }))] }),
    descending: (...fields) => next({ sort: [...state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'DESC' as const }))] }),
    limit: (n) => next({ limit: n }),
    skip: (n) => next({ skip: n }),
    find: () => fetchPage(state.skip),
  };
}
