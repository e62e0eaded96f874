/**
 * Reads one bundled service document and describes each operation for the runtime: where
 * every argument goes, who may call it, and where dates, floats and field masks sit in its
 * request and response (as a shape tree, see generated/runtime-types.ts).
 */
import { ADDRESS_NAMES } from '../../src/normalise/shape.ts';
import type {
  Caller,
  FilterOperator,
  HttpMethod,
  OperationDescriptor,
  PathParam,
  QueryBuilderSpec,
  QueryField,
  QueryFields,
  QueryParam,
  Replacement,
  Shape,
} from '../templates/runtime-types.ts';

type Json = Record<string, unknown>;

export interface OperationRecord {
  descriptor: OperationDescriptor;
  summary: string;
  /** The fields its filter and sort may name (`x-sfk-query`), for the sandbox, the console and the builder types. */
  query?: QueryFields;
  /** Its application error codes and each one's data fields (`x-sfk-errors`), for the error types. */
  errors: ErrorCatalogue;
  /** What replaces it when the provider retires it (`x-sfk-replaced-by`). */
  replacedBy?: Replacement;
}

/**
 * `x-sfk-replaced-by: {operation, removed, note}` on an operation or webhook: the successor's
 * `<module>.<operationId>` (or null: no call needed), the removal day and how arguments map.
 * Whether the successor exists is checked by test/spec/replaced-by.test.ts over every spec.
 */
export function replacementOf(where: string, node: Json, webhook = false): Replacement | undefined {
  const ext = node['x-sfk-replaced-by'] as Json | undefined;
  if (ext === undefined) return undefined;
  const fail = (what: string) => {
    throw new Error(`x-sfk-replaced-by of ${where}: ${what}`);
  };
  if (!ext || typeof ext !== 'object') fail('must be {operation, removed, note}');
  const unknown = Object.keys(ext).filter((k) => !['operation', 'removed', 'note'].includes(k));
  if (unknown.length) fail(`unknown field(s) ${unknown.join(', ')}`);
  const { operation, removed, note } = ext;
  if (operation !== null && (typeof operation !== 'string' || !/^[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/.test(operation)))
    fail(`operation must be <module>.<operationId> or null (got ${JSON.stringify(operation)})`);
  if (typeof removed !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(removed) || Number.isNaN(Date.parse(removed)))
    fail(`removed must be a day, YYYY-MM-DD (got ${JSON.stringify(removed)})`);
  if (typeof note !== 'string' || !note.trim()) fail('note (how the arguments map) is missing');
  const out: Replacement = { operation: operation as string | null, removed: removed as string, note: note as string };
  if (webhook) out.webhook = true;
  return out;
}

/** The webhooks of one document that name a replacement, by `<module>.<operationId>`. */
export function collectWebhookReplacements(doc: Json): Record<string, Replacement> {
  const out: Record<string, Replacement> = {};
  for (const item of Object.values((doc.webhooks ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const key = `${((op.tags as string[]) ?? [])[0]}.${String(op.operationId)}`;
      const r = replacementOf(key, op, true);
      if (r) out[key] = r;
    }
  }
  return out;
}

/** Application error codes -> the fields of their `data` -> each field's type. */
export type ErrorCatalogue = Record<string, Record<string, 'string' | 'number' | 'boolean' | 'object'>>;
const DATA_TYPES = ['string', 'number', 'boolean', 'object'];

/**
 * Every operation may be refused by the platform before it runs: no or a wrong token
 * (UNAUTHENTICATED), or a caller it does not serve (PERMISSION_DENIED).
 */
const PLATFORM_ERRORS: ErrorCatalogue = { UNAUTHENTICATED: {}, PERMISSION_DENIED: {} };

function errorsOf(operationId: string, op: Json): ErrorCatalogue {
  const declared = (op['x-sfk-errors'] ?? {}) as ErrorCatalogue;
  for (const [code, data] of Object.entries(declared)) {
    for (const [field, type] of Object.entries(data ?? {}))
      if (!DATA_TYPES.includes(type))
        throw new Error(
          `x-sfk-errors of ${operationId}: ${code}.${field} has type ${String(type)} (one of ${DATA_TYPES.join(', ')})`,
        );
  }
  return { ...PLATFORM_ERRORS, ...declared };
}

const OPERATORS: readonly FilterOperator[] = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$contains',
  '$exists',
];
const FIELD_TYPES: readonly QueryField['type'][] = ['string', 'number', 'boolean', 'date'];

/** `x-sfk-query: {fields, filter, sort}` on an operation, its fields from the document's `x-sfk-query-fields`. */
function queryFieldsOf(operationId: string, op: Json, doc: Json): QueryFields | undefined {
  const ext = op['x-sfk-query'] as { fields?: string; filter?: string; sort?: string } | undefined;
  if (!ext) return undefined;
  const where = `x-sfk-query of ${operationId}`;
  const table = ((doc['x-sfk-query-fields'] ?? {}) as Record<string, Record<string, QueryField>>)[String(ext.fields)];
  if (!table) throw new Error(`${where}: no x-sfk-query-fields entry named ${String(ext.fields)}`);
  if (!ext.filter) throw new Error(`${where}: \`filter\` (the request path of the filter) is missing`);
  for (const [name, f] of Object.entries(table)) {
    if (!FIELD_TYPES.includes(f.type))
      throw new Error(`${where}: field ${name} has type ${String(f.type)} (one of ${FIELD_TYPES.join(', ')})`);
    const unknown = (f.operators ?? []).filter((o) => !OPERATORS.includes(o));
    if (!f.operators?.length || unknown.length)
      throw new Error(
        `${where}: field ${name} needs operators among ${OPERATORS.join(' ')} (got ${JSON.stringify(f.operators)})`,
      );
  }
  const out: QueryFields = { filter: ext.filter, fields: table };
  if (ext.sort) out.sort = ext.sort;
  return out;
}

const CALLERS: Record<string, Caller> = {
  visitorOrMember: 'visitorOrMember',
  member: 'member',
  apiKey: 'elevated',
};

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

function callerOf(op: Json, docSecurity: unknown): Caller {
  const security = (op.security ?? docSecurity) as Array<Record<string, unknown>> | undefined;
  if (!security || security.length === 0) return 'anyone';
  const names = Object.keys(security[0]);
  const caller = CALLERS[names[0]];
  if (!caller) throw new Error(`unknown security scheme ${names[0]} on ${String(op.operationId)}`);
  return caller;
}

/** Computes shapes for the schemas of one document; recursive schemas become named shapes. */
class ShapeBuilder {
  private memo = new Map<string, Shape | undefined>();
  private inProgress = new Set<string>();
  private recursive = new Set<string>();
  readonly named = new Map<string, Shape>();

  constructor(private doc: Json) {}

  private resolve(ref: string): Json {
    if (!ref.startsWith('#/')) throw new Error(`external $ref left after bundling: ${ref}`);
    let node: unknown = this.doc;
    for (const part of ref.slice(2).split('/')) node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!node) throw new Error(`unresolved $ref ${ref}`);
    return node as Json;
  }

  of(schema: unknown): Shape | undefined {
    if (!schema || typeof schema !== 'object') return undefined;
    const s = schema as Json;
    if (typeof s.$ref === 'string') return this.ofRef(s.$ref);
    if (s['x-sfk-address']) return this.ofAddress(s);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('string') && s.format === 'date-time') return 'date';
    if (types.includes('string') && s.contentEncoding === 'base64') return 'bytes';
    if (s['x-sfk-float']) return 'float';
    if (s['x-sfk-field-mask']) return 'mask';
    let out: Shape | undefined;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const branch of (s[key] as unknown[]) ?? []) out = merge(out, this.of(branch));
    }
    if (s.properties) {
      const o: Record<string, Shape> = {};
      for (const [k, v] of Object.entries(s.properties as Json)) {
        const sh = this.of(v);
        if (sh) o[k] = sh;
      }
      if (Object.keys(o).length) out = merge(out, { o });
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const a = this.of(s.additionalProperties);
      if (a) out = merge(out, { a });
    }
    if (s.items) {
      const i = this.of(s.items);
      if (i) out = merge(out, { i });
    }
    return out;
  }

  /** `x-sfk-address`: renamed by the client (`k`); a field with a shape is listed under both its names. */
  private ofAddress(s: Json): Shape {
    const { 'x-sfk-address': _marker, ...schema } = s;
    const inner = this.of(schema);
    if (typeof inner === 'string') throw new Error('x-sfk-address on a schema that is not an object');
    const o = { ...inner?.o };
    for (const [wire, sdk] of ADDRESS_NAMES) if (o[wire]) o[sdk] = o[wire];
    return { ...inner, ...(Object.keys(o).length ? { o } : {}), k: 'address' };
  }

  private ofRef(ref: string): Shape | undefined {
    const name = ref.split('/').pop()!;
    if (this.memo.has(ref)) return this.recursive.has(name) ? { r: name } : this.memo.get(ref);
    if (this.inProgress.has(ref)) {
      this.recursive.add(name);
      return { r: name };
    }
    this.inProgress.add(ref);
    const inner = this.of(this.resolve(ref));
    this.inProgress.delete(ref);
    this.memo.set(ref, inner);
    if (this.recursive.has(name)) {
      if (inner) this.named.set(name, inner);
      return inner ? { r: name } : undefined;
    }
    return inner;
  }

  resolveNode(node: unknown): Json {
    const n = node as Json;
    return typeof n?.$ref === 'string' ? this.resolve(n.$ref) : n;
  }
}

function merge(a: Shape | undefined, b: Shape | undefined): Shape | undefined {
  if (!a) return b;
  if (!b) return a;
  if (typeof a === 'string' || typeof b === 'string') return a;
  const out: Exclude<Shape, string> = { ...a };
  if (b.o) {
    out.o = { ...(a.o ?? {}) };
    for (const [k, v] of Object.entries(b.o)) out.o[k] = merge(out.o[k], v)!;
  }
  if (b.i) out.i = merge(a.i, b.i);
  if (b.a) out.a = merge(a.a, b.a);
  if (b.r && !a.r) out.r = b.r;
  if (b.k) out.k = b.k;
  return out;
}

function namesUsed(shape: Shape | undefined, named: Map<string, Shape>, acc = new Set<string>()): Set<string> {
  if (!shape || typeof shape === 'string') return acc;
  if (shape.r && !acc.has(shape.r)) {
    acc.add(shape.r);
    namesUsed(named.get(shape.r), named, acc);
  }
  for (const v of Object.values(shape.o ?? {})) namesUsed(v, named, acc);
  namesUsed(shape.i, named, acc);
  namesUsed(shape.a, named, acc);
  return acc;
}

export function collectOperations(service: string, doc: Json): OperationRecord[] {
  const shapes = new ShapeBuilder(doc);
  const records: OperationRecord[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const operationId = String(op.operationId);
      const module = ((op.tags as string[]) ?? [])[0];
      if (!module) throw new Error(`${operationId} has no tag (module)`);
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) =>
        shapes.resolveNode(p),
      );
      const pathParams: PathParam[] = [...path.matchAll(/\{([^}]+)\}/g)].map((m) =>
        m[1].includes('.') ? { name: m[1], body: m[1].split('.') } : { name: m[1] },
      );
      const pathNames = new Set(pathParams.map((p) => p.name));
      const query: QueryParam[] = [];
      let request: Shape | undefined;
      for (const p of params) {
        if (p.in !== 'query' || pathNames.has(String(p.name))) continue;
        const schema = shapes.resolveNode(p.schema);
        const q: QueryParam = { name: String(p.name) };
        if (schema?.type === 'array') q.array = true;
        if (p['x-sfk-query-style'] === 'dotted') q.dotted = true;
        query.push(q);
        const sh = shapes.of(p.schema);
        if (sh) request = merge(request, { o: { [q.name]: sh } });
      }
      const bodyNode = op.requestBody ? shapes.resolveNode(op.requestBody) : undefined;
      const bodySchema = (bodyNode?.content as Json | undefined)?.['application/json'] as Json | undefined;
      if (bodySchema) request = merge(request, shapes.of(bodySchema.schema));
      const ok = shapes.resolveNode(((op.responses ?? {}) as Json)['200']);
      const okSchema = ((ok?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
      const response = shapes.of(okSchema);

      const descriptor: OperationDescriptor = {
        key: `${module}.${operationId}`,
        module,
        operationId,
        service,
        method: method.toUpperCase() as HttpMethod,
        path,
        pathParams,
        query,
        body: Boolean(bodySchema),
        caller: callerOf(op, doc.security),
      };
      if (op['x-sfk-dot-r']) descriptor.dotR = true;
      if (op['x-sfk-post-fallback']) descriptor.postFallback = true;
      if (op['x-sfk-no-response-body']) descriptor.emptyResponse = true;
      if (op['x-sfk-own-data']) descriptor.ownData = true;
      if (typeof op['x-sfk-read'] === 'boolean') descriptor.read = op['x-sfk-read'];
      if (Array.isArray(op['x-sfk-invalidates'])) descriptor.invalidates = op['x-sfk-invalidates'].map(String);
      if (op['x-sfk-query-builder']) descriptor.builder = op['x-sfk-query-builder'] as QueryBuilderSpec;
      if (request) descriptor.request = request;
      if (response) descriptor.response = response;
      const used = new Set([...namesUsed(request, shapes.named), ...namesUsed(response, shapes.named)]);
      if (used.size) descriptor.shapes = Object.fromEntries([...used].sort().map((n) => [n, shapes.named.get(n)!]));
      const queryFields = queryFieldsOf(operationId, op, doc);
      const replacedBy = replacementOf(descriptor.key, op);
      records.push({
        descriptor,
        summary: String(op.summary ?? ''),
        errors: errorsOf(operationId, op),
        ...(queryFields && { query: queryFields }),
        ...(replacedBy && { replacedBy }),
      });
    }
  }
  return records;
}
