/**
 * storefront-kit/react-query: TanStack Query options for every operation of a client, read off
 * the operation table the client carries (each bound operation's `descriptor`), so no operation
 * is written here by hand.
 *
 * - A read (a GET, or an operation the spec marks `x-sfk-read`) has `queryOptions(...args)`
 *   and, when it pages (`x-sfk-query-builder`), `infiniteQueryOptions(...args)`.
 * - Every operation has `mutationOptions()`; on success it invalidates the reads of its own
 *   module, or of the modules the spec lists in `x-sfk-invalidates`.
 * - Keys: `['storefront-kit', module, operationId, ...args]`, so a module's key prefixes every
 *   read of it (`queries.currentCart.queryKey()`).
 *
 * TanStack Query (@tanstack/react-query 5) is an optional peer: only this entry imports it.
 */
import {
  infiniteQueryOptions as tanstackInfiniteQueryOptions,
  mutationOptions as tanstackMutationOptions,
  queryOptions as tanstackQueryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ErrorOf, HttpError, OptionsFor, ResultOf, SystemError, ValidationError } from '../index.ts';

/** The root of every key this entry makes. */
export const QUERY_KEY_ROOT = 'storefront-kit';

/** What this entry reads of a bound operation: its descriptor (generated from the spec). */
interface Descriptor {
  module: string;
  operationId: string;
  method: string;
  pathParams: readonly unknown[];
  read?: boolean;
  invalidates?: string[];
  builder?: { query: string; paging: string; items: string; total: string };
}
type AnyOperation = ((...args: never[]) => Promise<unknown>) & { readonly descriptor: object };

/** The errors a call of `F` may end with: its catalogue codes, and the transport's. */
export type QueryError<F> = ErrorOf<F> | ValidationError | HttpError | SystemError;

/** Arguments of an operation without the trailing call options (the query passes its signal). */
export type OperationArgs<F> =
  OptionsFor<F> extends [...infer Head, (infer Call)?]
    ? Call extends { signal?: AbortSignal }
      ? Head | [...Head, Call?]
      : OptionsFor<F>
    : OptionsFor<F>;

export type OperationKey = readonly [typeof QUERY_KEY_ROOT, string, string, ...unknown[]];

/** What a mutation's `mutate(variables)` takes: the options, or the argument list when the path needs arguments. */
export type MutationVariables<F> = OptionsFor<F> extends [string, ...unknown[]] ? OperationArgs<F> : OptionsFor<F>[0];

/** The page a paged read answers; the items and total sit where its `x-sfk-query-builder` says. */
type Page<F> = ResultOf<F>;

/** One operation's options and keys. */
export interface OperationQueries<F> {
  /** `['storefront-kit', module, operationId, ...args]`; with no arguments, the prefix of every call's key. */
  queryKey(...args: OperationArgs<F> | []): OperationKey;
  /** For `useQuery`, `useSuspenseQuery`, `queryClient.fetchQuery`/`prefetchQuery`. Reads only. */
  queryOptions(
    ...args: OperationArgs<F>
  ): ReturnType<typeof tanstackQueryOptions<ResultOf<F>, QueryError<F>, ResultOf<F>, OperationKey>>;
  /**
   * For `useInfiniteQuery`: pages by offset as the operation's query builder does (its
   * `paging.limit`, 50 when unset); the next page exists while items remain of the total.
   */
  infiniteQueryOptions(
    ...args: OperationArgs<F>
  ): ReturnType<
    typeof tanstackInfiniteQueryOptions<Page<F>, QueryError<F>, InfiniteData<Page<F>, number>, OperationKey, number>
  >;
  /** For `useMutation`: calls the operation; on success marks stale the data the spec says it changes. */
  mutationOptions(): ReturnType<
    typeof tanstackMutationOptions<ResultOf<F>, QueryError<F>, MutationVariables<F>, unknown>
  >;
}

type ModuleOperations<M> = { [K in keyof M as M[K] extends AnyOperation ? K : never]: OperationQueries<M[K]> };
type IsModule<V> = V extends (...args: never[]) => unknown
  ? false
  : V extends Record<string, AnyOperation>
    ? true
    : false;

/** `storefrontQueries(client)`: per module of the client, per operation, its options; and each module's key. */
export type StorefrontQueries<C> = {
  [K in keyof C as IsModule<C[K]> extends true ? K : never]: ModuleOperations<C[K]> & {
    /** The prefix of every key of this module's reads. */
    queryKey(): OperationKey extends readonly [infer R, infer M, ...unknown[]] ? readonly [R, M] : never;
  };
} & {
  /** The prefix of every key this entry makes. */
  queryKey(): readonly [typeof QUERY_KEY_ROOT];
  /** The keys a successful call of `module.operationId` makes stale (what `mutationOptions` invalidates). */
  invalidatedBy(module: string, operationId: string): readonly (readonly [typeof QUERY_KEY_ROOT, string])[];
};

/** A call with the call options (the query's signal) after the operation's own arguments. */
function call(fn: AnyOperation, args: readonly unknown[], callOptions: { signal?: AbortSignal }): Promise<unknown> {
  const d = fn.descriptor as Descriptor;
  const own = [...args];
  const optionsAt = d.pathParams.length;
  while (own.length < optionsAt + 1) own.push(undefined);
  own[optionsAt + 1] = { ...(own[optionsAt + 1] as object | undefined), ...callOptions };
  return (fn as unknown as (...a: unknown[]) => Promise<unknown>)(...own);
}

/** The key of a call: its arguments, without call options (they are not data). */
function keyOf(d: Descriptor, args: readonly unknown[]): OperationKey {
  return [QUERY_KEY_ROOT, d.module, d.operationId, ...args.slice(0, d.pathParams.length + 1)];
}

const isRead = (d: Descriptor) => d.read ?? d.method === 'GET';

function valueAt(value: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
}

/**
 * The arguments with the paging offset set where the builder spec says
 * (`options[query][paging].offset`), and the page's limit.
 */
function atOffset(d: Descriptor, args: readonly unknown[], offset: number): { args: unknown[]; limit: number } {
  const spec = d.builder!;
  const at = d.pathParams.length;
  const options = (args[at] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const query = options[spec.query] ?? {};
  const paging = (query[spec.paging] ?? {}) as { limit?: number };
  const limit = paging.limit ?? DEFAULT_PAGE_LIMIT;
  const next = [...args];
  next[at] = { ...options, [spec.query]: { ...query, [spec.paging]: { ...paging, limit, offset } } };
  return { args: next, limit };
}

/** The provider's page size when a query sets none (the client's query builder uses the same). */
const DEFAULT_PAGE_LIMIT = 50;

/** Options for TanStack Query over every operation of `client`, table-driven from the descriptors it carries. */
export function storefrontQueries<C extends object>(client: C): StorefrontQueries<C> {
  const out: Record<string, unknown> = {
    queryKey: () => [QUERY_KEY_ROOT],
    invalidatedBy,
  };
  const descriptors = new Map<string, Descriptor>();
  function invalidatedBy(module: string, operationId: string) {
    const d = descriptors.get(`${module}.${operationId}`);
    if (!d) throw new Error(`storefrontQueries: the client has no operation ${module}.${operationId}`);
    return (d.invalidates ?? [d.module]).map((m) => [QUERY_KEY_ROOT, m] as const);
  }
  for (const [name, mod] of Object.entries(client)) {
    if (!mod || typeof mod !== 'object') continue;
    const ops: Record<string, unknown> = { queryKey: () => [QUERY_KEY_ROOT, name] };
    for (const [opName, fn] of Object.entries(mod as Record<string, unknown>)) {
      if (typeof fn !== 'function' || !('descriptor' in fn)) continue;
      const op = fn as AnyOperation;
      const d = op.descriptor as Descriptor;
      descriptors.set(`${d.module}.${d.operationId}`, d);
      const key = (...args: unknown[]) => keyOf(d, args);
      /** What an operation does not offer, and why: a clear error when it is asked for. */
      const absent = (why: string) => () => {
        throw new Error(`storefrontQueries: ${d.module}.${d.operationId} ${why}`);
      };
      ops[opName] = {
        queryKey: key,
        queryOptions: isRead(d)
          ? (...args: unknown[]) =>
              tanstackQueryOptions({ queryKey: key(...args), queryFn: ({ signal }) => call(op, args, { signal }) })
          : absent(
              'changes data, so it has no queryOptions; use mutationOptions() (the spec marks reads with a GET or x-sfk-read)',
            ),
        infiniteQueryOptions:
          isRead(d) && d.builder
            ? (...args: unknown[]) =>
                tanstackInfiniteQueryOptions({
                  queryKey: [...key(...args), 'infinite'] as unknown as OperationKey,
                  initialPageParam: 0,
                  queryFn: ({ pageParam, signal }) => call(op, atOffset(d, args, pageParam).args, { signal }),
                  getNextPageParam: (page: unknown, _pages: unknown[], offset: number) => {
                    const items = (valueAt(page, d.builder!.items) as unknown[] | undefined) ?? [];
                    const total = valueAt(page, d.builder!.total);
                    const { limit } = atOffset(d, args, offset);
                    const more = typeof total === 'number' ? offset + items.length < total : items.length === limit;
                    return more && items.length > 0 ? offset + items.length : undefined;
                  },
                })
            : absent('does not page (no x-sfk-query-builder), so it has no infiniteQueryOptions; use queryOptions()'),
        mutationOptions: () =>
          tanstackMutationOptions({
            mutationKey: [QUERY_KEY_ROOT, d.module, d.operationId],
            mutationFn: (variables: unknown) =>
              call(op, d.pathParams.length ? (variables as unknown[]) : [variables], {}),
            onSuccess: (_data: unknown, _variables: unknown, _result: unknown, context: { client: QueryClient }) =>
              Promise.all(
                invalidatedBy(d.module, d.operationId).map((queryKey) =>
                  context.client.invalidateQueries({ queryKey }),
                ),
              ),
          }),
      };
    }
    if (Object.keys(ops).length > 1) out[name] = ops;
  }
  return out as StorefrontQueries<C>;
}
