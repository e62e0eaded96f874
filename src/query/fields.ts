/**
 * Types only (no runtime code): the typed query builders and filter objects, from the fields
 * each query operation declares in the spec (`x-sfk-query-fields`, written by the generator
 * into the operation's type as `{ filter, sort, fields }`). A field the operation does not
 * list, a value of the wrong type or an operator the field does not support is a compile error
 * that names the field.
 */
import type { FilterOperator } from '../../generated/runtime-types.ts';
import type { QueryPage } from './query-builder.ts';

/** One field as the generator writes it: its value type, its operators, whether it sorts. */
export interface FieldSpec {
  value: unknown;
  ops: FilterOperator;
  sort: boolean;
}
/** An operation's filterable fields by name. */
export type FieldMap = { [name: string]: FieldSpec };
/** The generated query type of an operation: where its filter and sort go, and its fields. */
export interface QueryFieldsType {
  filter: readonly string[];
  sort: readonly string[];
  fields: FieldMap;
}

type ValueOf<F> = F extends { value: infer V } ? V : never;
type OpsOf<F> = F extends { ops: infer O extends FilterOperator } ? O : never;

/** The fields that support operator `O`. */
export type FieldsWith<M, O extends FilterOperator> = { [K in keyof M]: O extends OpsOf<M[K]> ? K : never }[keyof M] &
  string;
/** The fields that sort. */
export type SortableFields<M> = { [K in keyof M]: M[K] extends { sort: true } ? K : never }[keyof M] & string;

/** What an operator takes on a field whose values are `V`. */
type OperandOf<O, V> = O extends '$in' | '$nin' | '$hasSome' | '$hasAll'
  ? V[]
  : O extends '$startsWith' | '$contains'
    ? string
    : O extends '$exists'
      ? boolean
      : V;

/** The operator object field `K` takes: only the operators it supports (the name shows in errors). */
export type Operators<K extends string, V, O extends FilterOperator> = { [P in O]?: OperandOf<P, V> };

/** A filter object over the fields `M`: `{ field: value }` (equality), `{ field: { $op: operand } }`, `$and`, `$or`, `$not`. */
export type TypedFilter<M> = {
  [K in keyof M & string]?:
    ('$eq' extends OpsOf<M[K]> ? ValueOf<M[K]> | null : never) | Operators<K, ValueOf<M[K]>, OpsOf<M[K]>>;
} & { $and?: TypedFilter<M>[]; $or?: TypedFilter<M>[]; $not?: TypedFilter<M> };

/** One sort entry naming a sortable field. */
export interface TypedSort<M> {
  fieldName: SortableFields<M>;
  order?: 'ASC' | 'DESC';
}

/** A readable error in place of a value of the wrong type: it names the field and what it takes. */
type Takes<V> = [V] extends [boolean]
  ? 'a boolean'
  : [V] extends [number]
    ? 'a number'
    : [V] extends [string]
      ? string extends V
        ? 'a string'
        : 'one of its values'
      : 'a date or ISO text';
/** The value as given when it fits the field, else a message naming the field. */
export type ValueFor<K extends string, V, Given> = [Given] extends [V] ? Given : `${K} takes ${Takes<NonNullable<V>>}`;

/** A list of values as given when each fits the field, else a message naming the field. */
type ValuesFor<K extends string, V, Given> = [Given] extends [readonly V[]]
  ? Given
  : `${K} takes a list of ${Takes<NonNullable<V>>}`;

/**
 * The query builder of an operation with declared fields (`queryProducts()` with no argument).
 * Each method names only the fields that support it; values are checked against the field.
 */
export interface TypedQueryBuilder<Item, Res, M> {
  eq<K extends FieldsWith<M, '$eq'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]> | null | undefined, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  ne<K extends FieldsWith<M, '$ne'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  gt<K extends FieldsWith<M, '$gt'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  ge<K extends FieldsWith<M, '$gte'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  lt<K extends FieldsWith<M, '$lt'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  le<K extends FieldsWith<M, '$lte'>, const V>(
    field: K,
    value: ValueFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  in<K extends FieldsWith<M, '$in'>, const V>(
    field: K,
    values: ValuesFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  hasSome<K extends FieldsWith<M, '$hasSome'>, const V>(
    field: K,
    values: ValuesFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  hasAll<K extends FieldsWith<M, '$hasAll'>, const V>(
    field: K,
    values: ValuesFor<K, ValueOf<M[K]>, V>,
  ): TypedQueryBuilder<Item, Res, M>;
  startsWith<K extends FieldsWith<M, '$startsWith'>>(field: K, prefix: string): TypedQueryBuilder<Item, Res, M>;
  contains<K extends FieldsWith<M, '$contains'>>(field: K, text: string): TypedQueryBuilder<Item, Res, M>;
  exists<K extends FieldsWith<M, '$exists'>>(field: K, present?: boolean): TypedQueryBuilder<Item, Res, M>;
  /** This builder's conditions AND the other's. */
  and(other: TypedQueryBuilder<Item, Res, M>): TypedQueryBuilder<Item, Res, M>;
  /** This builder's conditions OR the other's. */
  or(other: TypedQueryBuilder<Item, Res, M>): TypedQueryBuilder<Item, Res, M>;
  /** This builder's conditions AND NOT the other's. */
  not(other: TypedQueryBuilder<Item, Res, M>): TypedQueryBuilder<Item, Res, M>;
  ascending(...fields: SortableFields<M>[]): TypedQueryBuilder<Item, Res, M>;
  descending(...fields: SortableFields<M>[]): TypedQueryBuilder<Item, Res, M>;
  /** Page size. @default 50 */
  limit(n: number): TypedQueryBuilder<Item, Res, M>;
  /** Items to skip. @default 0 */
  skip(n: number): TypedQueryBuilder<Item, Res, M>;
  /** The filter this builder sends (for inspection and tests). */
  readonly filter: TypedFilter<M>;
  find(): Promise<QueryPage<Item, Res>>;
}

/**
 * `T` with the value at `Path` replaced by `V` (optionality kept): puts the typed filter and
 * sort where the operation's request carries them.
 */
export type ReplaceAt<T, Path extends readonly string[], V> = Path extends readonly [
  infer H extends string,
  ...infer Rest extends string[],
]
  ? T extends object
    ? { [K in keyof T]: K extends H ? ReplaceAt<NonNullable<T[K]>, Rest, V> | Extract<T[K], null | undefined> : T[K] }
    : T
  : V;

/** The request options with the operation's filter and sort typed by its fields. */
export type WithTypedQuery<O, Q> = Q extends {
  filter: infer FP extends readonly string[];
  sort: infer SP;
  fields: infer M;
}
  ? [SP] extends [never]
    ? ReplaceAt<O, FP, TypedFilter<M>>
    : SP extends readonly string[]
      ? ReplaceAt<ReplaceAt<O, FP, TypedFilter<M>>, SP, TypedSort<M>[]>
      : never
  : O;
