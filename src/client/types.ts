/**
 * Type-level mapping from the generated operation types to the functions users call:
 * path parameters first, then one options object (body fields and query parameters by wire
 * name, dates as `Date`, field masks as arrays), returning the normalised response body.
 */
import type { Operation, OperationDescriptor } from '../../generated/runtime-types.ts';
import type { QueryBuilder } from '../query/query-builder.ts';
import type { TypedQueryBuilder, WithTypedQuery } from '../query/fields.ts';
import type { ADDRESS_NAMES } from '../normalise/shape.ts';
import type { RetryOptions } from './transport.ts';
import type { ApplicationError } from '../errors/application-error.ts';

type FormatOf<T> = '__format' extends keyof T ? NonNullable<T['__format' & keyof T]> : never;

/** The official SDK's names for three address fields (`x-sfk-address`), by wire name. */
type AddressNames = { [P in (typeof ADDRESS_NAMES)[number] as P[0]]: P[1] };
type AddressKey<K> = K extends '__format' | '__always' ? never : K extends keyof AddressNames ? AddressNames[K] : K;
/** The fields the provider always returns (`x-sfk-always` in the spec). */
type AlwaysOf<T> = '__always' extends keyof T ? NonNullable<T['__always' & keyof T]> : never;
/** An answer object: the always-returned fields non-optional and non-null, the others as declared. */
type OutObject<T, A> = [A] extends [never]
  ? { [K in keyof T]: Out<T[K]> }
  : { [K in keyof T as K extends A | '__always' ? never : K]: Out<T[K]> } & {
      [K in keyof T as K extends A ? K : never]-?: Out<NonNullable<T[K]>>;
    };
type IsAddress<T> = 'address' extends FormatOf<T> ? true : false;

/** What the caller may pass: dates as `Date` (or ISO text), field masks as arrays (or comma text), bytes as `Uint8Array`, addresses under the SDK's names. */
export type In<T> = T extends string
  ? [FormatOf<T>] extends [never]
    ? T
    : FormatOf<T> extends 'date-time'
      ? Date | string
      : FormatOf<T> extends 'bytes'
        ? Uint8Array | string
        : string[] | string
  : T extends readonly (infer U)[]
    ? In<U>[]
    : T extends object
      ? IsAddress<T> extends true
        ? { [K in keyof T as AddressKey<K>]: In<T[K]> }
        : [AlwaysOf<T>] extends [never]
          ? { [K in keyof T]: In<T[K]> }
          : { [K in keyof T as K extends '__always' ? never : K]: In<T[K]> }
      : T;

/** What a call returns: dates as `Date`, bytes as `Uint8Array`, addresses under the SDK's names. */
export type Out<T> = T extends string
  ? [FormatOf<T>] extends [never]
    ? T
    : FormatOf<T> extends 'date-time'
      ? Date
      : FormatOf<T> extends 'bytes'
        ? Uint8Array
        : string
  : T extends readonly (infer U)[]
    ? Out<U>[]
    : T extends object
      ? IsAddress<T> extends true
        ? { [K in keyof T as AddressKey<K>]: Out<T[K]> }
        : OutObject<T, AlwaysOf<T>>
      : T;

type JsonBody<Op> = Op extends { requestBody?: infer RB }
  ? NonNullable<RB> extends { content: { 'application/json': infer B } }
    ? B
    : unknown
  : unknown;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } }
  ? [Q] extends [undefined]
    ? unknown
    : NonNullable<Q>
  : unknown;
type ResponseOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : void;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Omit over each member of a union (a oneOf body): plain Omit keeps only the keys they share. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type OptionsOf<Op, P extends readonly string[], Q> = Simplify<
  WithTypedQuery<OmitEach<In<JsonBody<Op> & QueryOf<Op>>, P[number]>, Q>
>;

/** Per-call transport settings, after the options object. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  retry?: RetryOptions | false;
}

type PathArgs<P extends readonly string[]> = { [K in keyof P]: string };
declare const noOptions: unique symbol;
/** The options of an operation that takes none: any key given is refused, by name. */
export type NoOptions = { readonly [noOptions]?: never };
/** Every key of any member of O (a oneOf body, like the token request's, is a union of objects). */
type AnyKeyOf<O> = O extends unknown ? keyof O : never;
type OptionsArg<O> = [AnyKeyOf<O>] extends [never]
  ? [options?: NoOptions, call?: CallOptions]
  : {} extends O
    ? [options?: O, call?: CallOptions]
    : [options: O, call?: CallOptions];

/** An untyped operation (no generated types: `Operation` as is) takes any options. */
type Call<Op, P extends readonly string[], Q> = (
  ...args: [
    ...PathArgs<P>,
    ...(unknown extends Op ? [options?: Record<string, unknown>, call?: CallOptions] : OptionsArg<OptionsOf<Op, P, Q>>),
  ]
) => Promise<Out<ResponseOf<Op>>>;

/** The items array of a query answer (the builder's element type). */
type ItemsOf<R> = { [K in keyof R]-?: NonNullable<R[K]> extends readonly (infer I)[] ? I : never }[keyof R];

export type OperationFunction<D> =
  D extends Operation<infer Op, infer P, infer B, infer Q, infer E>
    ? (B extends true
        ? ((...path: PathArgs<P>) => BuilderOf<ItemsOf<Out<ResponseOf<Op>>>, Out<ResponseOf<Op>>, Q>) & Call<Op, P, Q>
        : Call<Op, P, Q>) & { readonly descriptor: OperationDescriptor; readonly __errors?: E }
    : never;

/**
 * The application errors an operation function may throw, one per catalogue code, each with
 * its data: `ErrorOf<typeof currentCart.getCurrentCart>`.
 */
export type ErrorOf<F> = F extends { readonly __errors?: infer E }
  ? { [C in keyof E & string]: ApplicationError<C, E[C] extends Record<string, unknown> ? E[C] : Record<string, unknown>> }[keyof E & string]
  : ApplicationError;

/** The typed builder when the operation declares its fields, else the plain one. */
type BuilderOf<Item, Res, Q> = Q extends { fields: infer M }
  ? TypedQueryBuilder<Item, Res, M>
  : QueryBuilder<Item, Res>;

export type ModuleFunctions<M> = { [K in keyof M]: OperationFunction<M[K]> };

/** Options of an operation function: `OptionsFor<typeof currentCart.addToCurrentCart>`. */
export type OptionsFor<F> = F extends (...args: infer A) => unknown ? A : never;
/** The resolved result of an operation function. */
export type ResultOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;
