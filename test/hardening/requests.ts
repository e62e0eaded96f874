/**
 * Request generation for the fuzz suite: fast-check arbitraries derived from the bundled spec's
 * request schemas (body and query), the operation's own example as a realistic base, and a
 * table of mutations that turn a valid-ish request into a malformed one.
 */
import fc from 'fast-check';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { encodeBase64Url } from '../../src/normalise/base64url.ts';
import { loadBundles, type Json } from '../support/spec.ts';

const bundles = loadBundles();

export type Schema = Json & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
};

export function deref(service: string, schema: Schema | undefined): Schema {
  let node = schema ?? {};
  for (let hops = 0; node.$ref && hops < 20; hops++) {
    let cur: any = bundles[service];
    for (const part of node.$ref.slice(2).split('/')) cur = cur?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    node = cur ?? {};
  }
  return node;
}

function operationNode(d: OperationDescriptor): Json {
  return (bundles[d.service] as any).paths[d.path][d.method.toLowerCase()];
}

export function bodySchema(d: OperationDescriptor): Schema | undefined {
  const body = deref(d.service, operationNode(d).requestBody as Schema) as any;
  return body?.content?.['application/json']?.schema;
}

export function bodyExample(d: OperationDescriptor): Json | undefined {
  const body = deref(d.service, operationNode(d).requestBody as Schema) as any;
  return body?.content?.['application/json']?.example;
}

/** The query parameters as one object schema (path parameters repeated in the query excluded). */
export function querySchema(d: OperationDescriptor): Schema | undefined {
  const params = ((operationNode(d).parameters ?? []) as Schema[]).map((p) => deref(d.service, p) as any);
  const pathNames = new Set(d.pathParams.map((p) => p.name));
  const query = params.filter((p) => p.in === 'query' && !pathNames.has(p.name));
  if (!query.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}

/** Values the generators prefer for id-like fields, so requests reach past "not found". */
export interface Pools {
  ids: string[];
  slugs: string[];
  emails: string[];
}

const primaryType = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const cap = (n: number | undefined, max: number) => Math.min(n ?? max, max);

/** A fast-check arbitrary for values valid (or nearly so) against `schema`. */
export function schemaArb(service: string, raw: Schema | undefined, pools: Pools, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = deref(service, raw);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  switch (primaryType(s)) {
    case 'string': {
      if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((x) => x.toISOString());
      if (s.format === 'uuid') return fc.uuid();
      const minLength = (s.minLength as number | undefined) ?? 0;
      const text = fc.string({ minLength, maxLength: Math.max(minLength, cap(s.maxLength as number | undefined, 16)) });
      if (/id$/i.test(name)) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid(), text);
      if (/slug$/i.test(name)) return fc.oneof(fc.constantFrom(...pools.slugs), text);
      if (/email$/i.test(name)) return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
      return text;
    }
    case 'integer':
      return fc.integer({ min: (s.minimum as number | undefined) ?? -5, max: cap(s.maximum as number | undefined, 100) });
    case 'number':
      return fc.double({ min: (s.minimum as number | undefined) ?? -1000, max: cap(s.maximum as number | undefined, 1000), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 5) return fc.constant([]);
      return fc.array(schemaArb(service, s.items, pools, name, depth + 1), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.max((s.minItems as number | undefined) ?? 0, cap(s.maxItems as number | undefined, 3)),
      });
    case 'object':
    case undefined: {
      const props = Object.entries(s.properties ?? {}).filter(([, p]) => !deref(service, p).readOnly);
      const required = (s.required ?? []).filter((k) => props.some(([p]) => p === k));
      // Deep in the tree only the required part, so recursive schemas stay finite.
      const chosen = depth > 4 ? props.filter(([k]) => required.includes(k)) : props;
      const record = fc.record(Object.fromEntries(chosen.map(([k, p]) => [k, schemaArb(service, p, pools, k, depth + 1)])), {
        requiredKeys: required,
      });
      if (typeof s.additionalProperties === 'object' && depth <= 4) {
        const values = schemaArb(service, s.additionalProperties, pools, name, depth + 1);
        return fc.tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), values, { maxKeys: 2 })).map(([r, extra]) => ({ ...extra, ...r }));
      }
      return record;
    }
    default:
      return fc.constant(null);
  }
}

/** The schema at a JSON path of a value (object keys and array indexes), if the spec says. */
export function schemaAt(service: string, root: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let s: Schema | undefined = deref(service, root);
  for (const part of path) {
    if (!s) return undefined;
    if (typeof part === 'number') s = s.items ? deref(service, s.items) : undefined;
    else s = s.properties?.[part] ? deref(service, s.properties[part]) : typeof s.additionalProperties === 'object' ? deref(service, s.additionalProperties) : undefined;
  }
  return s;
}

type Path = (string | number)[];

/** Every node of a JSON value with its path (root included). */
export function nodes(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const out = [{ path, value }];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...nodes(v, [...path, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...nodes(v, [...path, k]));
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value);
  return copy;
}

function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 1) {
    if (Array.isArray(root)) return root.filter((_, i) => i !== path[0]);
    const { [path[0]]: _gone, ...rest } = root as Record<string, unknown>;
    return rest;
  }
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  copy[path[0]] = deleteAt(copy[path[0]], path.slice(1));
  return copy;
}

/** A value of another JSON type than `v`. */
function otherType(v: unknown, pick: number): unknown {
  const options = [42, -1.5, 'not-the-right-type', true, null, [1, 'two'], { unexpected: 'object' }].filter(
    (o) => typeof o !== typeof v || Array.isArray(o) !== Array.isArray(v) || (o === null) !== (v === null),
  );
  return options[pick % options.length];
}

/** JSON text of a value nested `depth` levels deep. */
export function deeplyNestedJson(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object' ? `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}` : `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`;
}

const DEEP_MARKER = '\u0000deeply-nested\u0000';

export const HUGE_STRING_LENGTH = 100_000;

/** What a mutation works on: the JSON payload, and the raw parts of the request. */
export interface Draft {
  payload: Record<string, unknown>;
  /** Raw body text instead of JSON.stringify(payload). */
  rawBody?: string;
  /** Send no body at all. */
  noBody?: boolean;
  contentType?: string | null;
  extraQuery: [string, string][];
  pathValues: Record<string, string>;
  /** A segment appended to the path (unknown route). */
  pathSuffix?: string;
  method?: string;
  /** The payload holds DEEP_MARKER where a deeply nested value goes. */
  deep?: { depth: number; kind: 'object' | 'array' };
}

export interface MutationContext {
  d: OperationDescriptor;
  schema: Schema | undefined;
  pick: number;
  text: string;
}

const objectPaths = (payload: unknown) => nodes(payload).filter((n) => n.value && typeof n.value === 'object' && !Array.isArray(n.value));
const leafPaths = (payload: unknown) => nodes(payload).filter((n) => n.path.length && (n.value === null || typeof n.value !== 'object'));
const choose = <T>(list: T[], pick: number): T | undefined => (list.length ? list[pick % list.length] : undefined);

const MALFORMED_BODIES = ['{', '{"a":', 'null', '[]', '"text"', '123', '{"a":1}}', '\u0000', '{"a":NaN}', "{'a':1}", 'true', '\ufeff{}', '{"a":1,}', '{"__proto__":{"polluted":1}}'];
const WRONG_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', null];
const BAD_PATH_VALUES = ['', ' ', 'nope', '..', '%2F..%2F', '%00', '%E0%A4%A', '%', 'a'.repeat(5000), '💥', '{id}', "' OR 1=1 --", '<script>alert(1)</script>', '00000000-0000-0000-0000-000000000000', 'NaN', '-1', '__proto__', 'constructor'];

/**
 * The mutations, by name. Each returns a new draft. Body mutations on a GET/DELETE operation
 * act on its query object (it has no body).
 */
export const MUTATIONS: Record<string, (draft: Draft, m: MutationContext) => Draft> = {
  valid: (draft) => draft,
  wrongType(draft, { pick }) {
    const target = choose(nodes(draft.payload).filter((n) => n.path.length), pick);
    if (!target) return { ...draft, payload: { ...draft.payload, unexpectedField: 1 } };
    return { ...draft, payload: setAt(draft.payload, target.path, otherType(target.value, pick)) as Draft['payload'] };
  },
  dropField(draft, { pick, schema, d }) {
    // Prefer required fields: they are the ones whose absence must be reported.
    const required = nodes(draft.payload).filter((n) => {
      const key = n.path[n.path.length - 1];
      if (typeof key !== 'string') return false;
      const parent = schemaAt(d.service, schema, n.path.slice(0, -1));
      return parent?.required?.includes(key);
    });
    const target = choose(required.length ? required : nodes(draft.payload).filter((n) => n.path.length), pick);
    return target ? { ...draft, payload: deleteAt(draft.payload, target.path) as Draft['payload'] } : draft;
  },
  hugeString(draft, { pick }) {
    const strings = leafPaths(draft.payload).filter((n) => typeof n.value === 'string');
    const path = choose(strings, pick)?.path ?? ['note'];
    return { ...draft, payload: setAt(draft.payload, path, 'x'.repeat(HUGE_STRING_LENGTH)) as Draft['payload'] };
  },
  unknownEnum(draft, { pick, schema, d }) {
    const enums = nodes(draft.payload).filter((n) => n.path.length && Array.isArray(schemaAt(d.service, schema, n.path)?.enum));
    const path = (choose(enums, pick) ?? choose(leafPaths(draft.payload), pick))?.path ?? ['status'];
    return { ...draft, payload: setAt(draft.payload, path, 'NOT_A_KNOWN_ENUM_VALUE') as Draft['payload'] };
  },
  nanText(draft, { pick }) {
    const numbers = leafPaths(draft.payload).filter((n) => typeof n.value === 'number');
    const path = (choose(numbers, pick) ?? choose(leafPaths(draft.payload), pick))?.path ?? ['quantity'];
    const text = ['NaN', 'Infinity', '-Infinity', 'not-a-number', '1e309'][pick % 5];
    return { ...draft, payload: setAt(draft.payload, path, text) as Draft['payload'] };
  },
  deeplyNested(draft, { pick }) {
    // Built as text where it is sent (a 5000-deep value would overflow JSON.stringify here).
    const at = choose(objectPaths(draft.payload), pick)?.path ?? [];
    const deep = { depth: pick % 2 ? 5_000 : 300, kind: pick % 3 ? ('object' as const) : ('array' as const) };
    return { ...draft, payload: setAt(draft.payload, [...at, 'nested'], DEEP_MARKER) as Draft['payload'], deep };
  },
  unknownField(draft, { pick, text }) {
    const at = choose(objectPaths(draft.payload), pick)?.path ?? [];
    return { ...draft, payload: setAt(draft.payload, [...at, `zz_${text}`], text) as Draft['payload'] };
  },
  malformedJson(draft, { pick }) {
    return { ...draft, rawBody: MALFORMED_BODIES[pick % MALFORMED_BODIES.length] };
  },
  wrongContentType(draft, { pick }) {
    return { ...draft, contentType: WRONG_CONTENT_TYPES[pick % WRONG_CONTENT_TYPES.length] };
  },
  noBody(draft) {
    return { ...draft, noBody: true };
  },
  unknownQuery(draft, { pick, text }) {
    const extras: [string, string][] = [
      ['zz_unknown', text],
      ['paging.limit', 'abc'],
      ['fieldsets', 'NOT_A_FIELDSET'],
      ['.r', text || '!!!'],
      ['.r', encodeBase64Url(JSON.stringify([1, 2]))],
      ['id', text],
    ];
    return { ...draft, extraQuery: [extras[pick % extras.length]] };
  },
  badPathValue(draft, { d, pick, text }) {
    const bad = pick % 4 === 0 ? encodeURIComponent(text) : BAD_PATH_VALUES[pick % BAD_PATH_VALUES.length];
    if (!d.pathParams.length) return { ...draft, pathSuffix: bad || 'extra' };
    const name = d.pathParams[pick % d.pathParams.length].name;
    return { ...draft, pathValues: { ...draft.pathValues, [name]: bad } };
  },
  wrongMethod(draft, { d, pick }) {
    // Not HEAD: its answer has no body over HTTP, so there is no error format to check.
    const others = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'].filter((m) => m !== d.method);
    return { ...draft, method: others[pick % others.length] };
  },
};

export type MutationName = keyof typeof MUTATIONS;
export const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

/** Query object -> query string the way the provider's clients send it (dotted keys, repeated arrays). */
export function toQueryPairs(value: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const visit = (v: unknown, key: string) => {
    if (Array.isArray(v)) v.forEach((x) => (x && typeof x === 'object' ? out.push([key, JSON.stringify(x)]) : out.push([key, String(x)])));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, key ? `${key}.${k}` : k);
    else out.push([key, String(v)]);
  };
  visit(value, '');
  return out;
}

export interface BuiltRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The draft as an HTTP request (without Authorization). */
/** The payload as JSON text, the deeply nested part spliced in. */
function payloadJson(draft: Draft): string {
  const text = JSON.stringify(draft.payload);
  return draft.deep ? text.replace(JSON.stringify(DEEP_MARKER), deeplyNestedJson(draft.deep.depth, draft.deep.kind)) : text;
}

export function buildRequest(d: OperationDescriptor, draft: Draft, useDotR: boolean): BuiltRequest {
  // The official SDK's form for query operations: GET with the payload as one `.r` parameter.
  const asDotR = useDotR && !!d.dotR && draft.method === undefined;
  const method = draft.method ?? (asDotR ? 'GET' : d.method);
  let path = d.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.pathValues[name] ?? 'missing');
  if (draft.pathSuffix !== undefined) path += `/${draft.pathSuffix}`;
  const headers: Record<string, string> = {};
  const canHaveBody = method !== 'GET' && method !== 'HEAD';
  let query: [string, string][] = [];
  let body: string | undefined;
  if (asDotR) {
    query.push(['.r', encodeBase64Url(draft.rawBody ?? payloadJson(draft))]);
  } else if (d.body) {
    if (canHaveBody && !draft.noBody) body = draft.rawBody ?? payloadJson(draft);
  } else if (draft.rawBody !== undefined) {
    query.push(['q', draft.rawBody]);
  } else if (draft.deep) {
    // As query parameters the nesting becomes one long dotted key.
    query = [...toQueryPairs({ ...draft.payload }).filter(([, v]) => v !== DEEP_MARKER), [Array(Math.min(draft.deep.depth, 500)).fill('a').join('.'), 'bottom']];
  } else {
    query = toQueryPairs(draft.payload);
  }
  if (body !== undefined) {
    const type = draft.contentType === undefined ? 'application/json' : draft.contentType;
    if (type) headers['content-type'] = type;
  }
  query.push(...draft.extraQuery);
  const qs = new URLSearchParams(query).toString();
  return { method, path: qs ? `${path}?${qs}` : path, headers, body };
}
