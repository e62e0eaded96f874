// Template: `npm run generate` copies this file to generated/runtime-types.ts with the do-not-edit banner.
/** A date: ISO-8601 text on the wire. The client takes and returns `Date`. */
export type IsoDateTime = string & { readonly __format?: 'date-time' };
/** A field mask: comma-joined paths on the wire. The client also takes an array of paths. */
export type FieldMask = string & { readonly __format?: 'field-mask' };

/** Bytes (`contentEncoding: base64`): base64 text on the wire. The client takes and returns `Uint8Array`. */
export type Base64Bytes = string & { readonly __format?: 'bytes' };
/** An address the client renames (`x-sfk-address`): the wire's field names on the wire, the official SDK's in the client. */
export type WireAddress<T> = T & { readonly __format?: 'address' };

/**
 * Where a request or response carries dates, floats and field masks. A tree that follows the
 * JSON value: `o` object properties, `i` array items, `a` map values, `r` a named shape of
 * the same module (recursive schemas), `k` an object whose fields the client renames (an
 * address; `o` then lists a renamed field under both names).
 */
export type Shape =
  'date' | 'float' | 'mask' | 'bytes' | { o?: Record<string, Shape>; i?: Shape; a?: Shape; r?: string; k?: 'address' };

export type Caller = 'visitorOrMember' | 'member' | 'elevated' | 'anyone';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface PathParam {
  /** The name in the path template, e.g. `id` or `checkout.id`. */
  name: string;
  /** For dotted names: the body path the value also lives at (`['checkout', 'id']`). */
  body?: string[];
}

export interface QueryParam {
  name: string;
  /** Repeated key for a scalar array (`fieldsets=A&fieldsets=B`). */
  array?: boolean;
  /** Object flattened to dotted keys (`paging.limit=10`). */
  dotted?: boolean;
}

/** One operation: everything the client, the sandbox and the console need to place a call. */
export interface OperationDescriptor {
  /** `<module>.<operationId>` */
  key: string;
  module: string;
  operationId: string;
  /** The bundled spec the operation lives in (generated/openapi/<service>.json). */
  service: string;
  method: HttpMethod;
  path: string;
  pathParams: PathParam[];
  query: QueryParam[];
  /** Takes a JSON body. */
  body: boolean;
  caller: Caller;
  /** The payload may travel as one `.r` query parameter (base64url JSON). */
  dotR?: boolean;
  /** A GET that goes as POST when its query string exceeds 4000 characters. */
  postFallback?: boolean;
  /** The provider answers with no body. */
  emptyResponse?: boolean;
  /**
   * The operation acts on the caller's own data (their current cart, their member): it needs a
   * visitor or member, so an API key, which is nobody, is refused.
   */
  ownData?: boolean;
  /**
   * `x-sfk-read`: whether the operation only reads, when its method does not say it (a POST
   * query reads; a GET that changes state does not). Data layers (react-query) cache reads.
   */
  read?: boolean;
  /**
   * `x-sfk-invalidates`: the modules whose reads a successful call makes stale, when not only
   * its own module's.
   */
  invalidates?: string[];
  /** Dates, floats and field masks in the request (body and query). */
  request?: Shape;
  /** Dates and floats in the 200 response. */
  response?: Shape;
  /** Present when the operation offers a query builder. */
  builder?: QueryBuilderSpec;
  /** Named shapes referenced with `{ r }`. */
  shapes?: Record<string, Shape>;
}

/**
 * Operations with a query builder (\`queryMembers()\` with no argument returns one): where the
 * filter, sort and paging go in the request, and where the items and the total are in the answer.
 */
export interface QueryBuilderSpec {
  /** Request property holding the query object, e.g. \`query\`. */
  query: string;
  /** Key of the sort array inside the query (\`sorting\` or \`sort\`). */
  sort: string;
  /** Key of the offset paging object inside the query. */
  paging: string;
  /** Response property holding the page's items. */
  items: string;
  /** Dotted response path of the total count, e.g. \`metadata.total\`. */
  total: string;
}

/** The filter operators of the provider's query language. */
export type FilterOperator =
  | '$eq'
  | '$ne'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$in'
  | '$nin'
  | '$hasSome'
  | '$hasAll'
  | '$startsWith'
  | '$contains'
  | '$exists';

/** One field a query may filter (and maybe sort) by (`x-sfk-query-fields`). */
export interface QueryField {
  /** The value's type (`date`: ISO text on the wire). */
  type: 'string' | 'number' | 'boolean' | 'date';
  /** The values a string field takes, when closed. */
  enum?: string[];
  /** The operators the provider supports on this field. */
  operators: FilterOperator[];
  /** The field may be sorted by. */
  sort?: boolean;
}

/** Where a query operation's filter and sort sit in its request, and the fields they may name (`x-sfk-query`). */
export interface QueryFields {
  /** Dotted request path of the filter object, e.g. `query.filter`. */
  filter: string;
  /** Dotted request path of the sort array, when the operation sorts. */
  sort?: string;
  fields: Record<string, QueryField>;
}

/**
 * What replaces an operation or webhook the provider retires (`x-sfk-replaced-by`): Cart V1 and
 * Checkout V1, removed on 2027-02-01, by Cart V2. The sandbox answers and logs by it, the
 * migration page (docs/cart-v2-migration.md) is written from it.
 */
export interface Replacement {
  /** `<module>.<operationId>` of the successor (an operation, or a webhook for a webhook); null when no call is needed (the note says why). */
  operation: string | null;
  /** The day (YYYY-MM-DD, UTC) the provider removes the retired one. */
  removed: string;
  /** How the arguments and the answer map onto the successor. */
  note: string;
  /** The retired one is a webhook (an event the provider sends), not an operation. */
  webhook?: true;
}

/** A descriptor that carries the generated operation type and its path parameter names. */
export type Operation<
  Op = unknown,
  Path extends readonly string[] = readonly string[],
  Builder extends boolean = boolean,
  Query = unknown,
  Errors = unknown,
> = OperationDescriptor & {
  readonly __op?: Op;
  readonly __path?: Path;
  readonly __builder?: Builder;
  /** The filterable fields (a type only: see src/query/fields.ts). */
  readonly __query?: Query;
  /** The application error codes and their data (a type only: see src/errors/application-error.ts). */
  readonly __errors?: Errors;
};
