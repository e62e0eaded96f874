/**
 * Request validation against the bundled spec (ajv, JSON Schema 2020-12). Each operation's
 * validators are compiled once, on first use, and cached. Violations come back in the
 * provider's format, with the rule kinds of the description (REQUIRED_FIELD, MAX_LENGTH, ...).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import { specs } from '../../../generated/specs.ts';
import type { Violation } from './errors.ts';

function makeAjv(coerce: boolean, allErrors: boolean, answers: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors,
    coerceTypes: coerce ? 'array' : false,
    validateFormats: true,
  });
  addFormats.default(ajv);
  // Answers: the fields the provider always returns (`x-sfk-always`) must be there, and not null.
  if (answers)
    ajv.addKeyword({
      keyword: 'x-sfk-always',
      macro: (always: Record<string, string>) => ({
        required: Object.keys(always),
        properties: Object.fromEntries(Object.keys(always).map((k) => [k, { not: { type: 'null' } }])),
      }),
    });
  // Floats (`x-sfk-float`) accept their non-finite texts in the spec's own JSON Schema.
  for (const [name, doc] of Object.entries(specs)) ajv.addSchema(doc as object, name);
  return ajv;
}

/** One ajv per form (body, query with coercion, or answer) and reporting (every error, or the first). */
const ajvs = new Map<string, Ajv2020>();
function ajvFor(coerce: boolean, allErrors: boolean, answers = false): Ajv2020 {
  const key = `${coerce}|${allErrors}|${answers}`;
  let ajv = ajvs.get(key);
  if (!ajv) ajvs.set(key, (ajv = makeAjv(coerce, allErrors, answers)));
  return ajv;
}

/**
 * Past this many values a request is validated to its first error only: reporting every error
 * of a large array (an array the spec puts no maxItems on, up to the body limit) costs seconds
 * and megabytes of answer. Smaller requests get every violation, as the provider lists them.
 */
export const ALL_ERRORS_UP_TO_NODES = 5_000;

/** Whether a JSON value has more than `limit` values in it (stops counting there). */
function moreNodesThan(value: unknown, limit: number): boolean {
  let left = limit;
  const visit = (node: unknown): boolean => {
    if (--left < 0) return true;
    if (node && typeof node === 'object') {
      for (const child of Array.isArray(node) ? node : Object.values(node)) if (visit(child)) return true;
    }
    return false;
  };
  return visit(value);
}

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface OperationValidators {
  body?: ValidateFunction;
  /** The body sent as plain query parameters (a POST query's GET form without `.r`): text coerced to the schema's types. */
  bodyFromQuery?: ValidateFunction;
  query?: ValidateFunction;
}

/** Per operation (its key): the validators reporting every error, and those stopping at the first. */
const cache = new Map<string, { all?: OperationValidators; first?: OperationValidators }>();

/** The parts of a spec's operation that validation reads (a `$ref` or the object itself). */
interface SpecRef {
  $ref?: string;
}
interface SpecParameter extends SpecRef {
  in?: string;
  name?: string;
  required?: boolean;
}
/** A request body or a response: JSON content with a schema. */
interface SpecContent extends SpecRef {
  content?: { 'application/json'?: { schema?: unknown } };
}
interface SpecOperation {
  parameters?: SpecParameter[];
  requestBody?: SpecContent;
  responses?: Record<string, SpecContent>;
}
interface SpecDocument {
  paths: Record<string, Record<string, SpecOperation>>;
}

function operationNode(d: OperationDescriptor): SpecOperation {
  return (specs[d.service] as unknown as SpecDocument).paths[d.path][d.method.toLowerCase()];
}

/** The node a local `$ref` points at (the node itself when it is no reference). */
function resolveLocal<T extends SpecRef>(d: OperationDescriptor, node: T | undefined): T | undefined {
  if (node?.$ref?.startsWith('#/')) {
    let cur: unknown = specs[d.service];
    for (const part of node.$ref.slice(2).split('/'))
      cur = (cur as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return cur as T;
  }
  return node;
}

function validatorsFor(d: OperationDescriptor, allErrors: boolean): OperationValidators {
  let kept = cache.get(d.key);
  if (!kept) cache.set(d.key, (kept = {}));
  return allErrors ? (kept.all ??= compileValidators(d, true)) : (kept.first ??= compileValidators(d, false));
}

function compileValidators(d: OperationDescriptor, allErrors: boolean): OperationValidators {
  const v: OperationValidators = {};
  const op = operationNode(d);
  const base = `${d.service}#/paths/${pointerEscape(d.path)}/${d.method.toLowerCase()}`;
  const body = resolveLocal(d, op.requestBody);
  if (op.requestBody && body?.content?.['application/json']?.schema) {
    const ref = op.requestBody.$ref
      ? `${d.service}#${op.requestBody.$ref.slice(1)}/content/application~1json/schema`
      : `${base}/requestBody/content/application~1json/schema`;
    v.body = ajvFor(false, allErrors).compile({ $ref: ref });
    v.bodyFromQuery = ajvFor(true, allErrors).compile({ $ref: ref });
  }
  const params = (op.parameters ?? []).map((p) => resolveLocal(d, p)).filter((p) => p?.in === 'query');
  if (params.length) {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    (op.parameters ?? []).forEach((raw, i) => {
      const p = resolveLocal(d, raw);
      if (p?.in !== 'query' || p.name === undefined) return;
      properties[p.name] = raw.$ref
        ? { $ref: `${d.service}#${raw.$ref.slice(1)}/schema` }
        : { $ref: `${base}/parameters/${i}/schema` };
      if (p.required) required.push(p.name);
    });
    v.query = ajvFor(true, allErrors).compile({ type: 'object', properties, required });
  }
  return v;
}

const RULES: Record<string, string> = {
  required: 'REQUIRED_FIELD',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  maxProperties: 'MAX_SIZE',
  minProperties: 'MIN_SIZE',
  format: 'FORMAT',
  pattern: 'FORMAT',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  unevaluatedProperties: 'FIELD_NOT_ALLOWED',
  oneOf: 'ONE_OF_ALIGNMENT',
  anyOf: 'ONE_OF_ALIGNMENT',
  type: 'VALIDATION',
};

/** `/lineItems/0/quantity` -> `lineItems[0].quantity` */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`;
    case 'additionalProperties':
      return 'is not allowed';
    default:
      return e.message ?? 'is invalid';
  }
}

export function toViolations(errors: ErrorObject[] | null | undefined, prefix = ''): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  // Branch errors of anyOf/oneOf are noise when the combinator itself is reported.
  const combinators = new Set(
    (errors ?? []).filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  );
  for (const e of errors ?? []) {
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && combinators.has(e.instancePath)) continue;
    const extra =
      e.keyword === 'required'
        ? (e.params as { missingProperty: string }).missingProperty
        : e.keyword === 'additionalProperties'
          ? (e.params as { additionalProperty: string }).additionalProperty
          : undefined;
    const field = prefix + fieldPath(e.instancePath, extra);
    const v: Violation = {
      field: field || '(body)',
      description: describe(e),
      violatedRule: RULES[e.keyword] ?? 'OTHER',
    };
    const key = `${v.field}|${v.violatedRule}|${v.description}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cheap limits first: the spec's size bounds (maxItems, maxLength, maxProperties), checked in one
// walk that stops at the first array, string or object past its bound, before ajv runs. ajv with
// `allErrors` reports every item of a 40,000-item array (seconds of work and megabytes of
// answer); a bound says no at once. The violations are the ones ajv would report for the bound.

interface BoundsSchema extends SpecRef {
  type?: string | string[];
  maxItems?: number;
  maxLength?: number;
  maxProperties?: number;
  items?: BoundsSchema;
  properties?: Record<string, BoundsSchema>;
  additionalProperties?: boolean | BoundsSchema;
  allOf?: BoundsSchema[];
}

/**
 * The sandbox's own bound on a request list where the provider states none. The spec carries the
 * provider's maximum wherever the official SDK's types state one (`@maxSize`: 300 lines, 50 media,
 * 100 tags, ...); the lists left without one (docs/security.md names them) hold at most this, the
 * largest bound the provider puts on a list (a product's variants, an order's activities), so a
 * request cannot carry hundreds of thousands of items through validation and the handler (an
 * order of 300,000 lines held the sandbox for half a minute).
 */
export const UNBOUNDED_ARRAY_MAX_ITEMS = 1_000;

/** Resolved `$ref` nodes, per service: the walk below runs for every node of every request body. */
const resolvedRefs = new Map<string, WeakMap<BoundsSchema, BoundsSchema | undefined>>();

/** The node a `$ref` of the service's document points at (refs in the bundled specs are local). */
function resolveBounds(service: string, node: BoundsSchema | undefined): BoundsSchema | undefined {
  if (!node?.$ref) return node;
  let known = resolvedRefs.get(service);
  if (!known) resolvedRefs.set(service, (known = new WeakMap()));
  if (known.has(node)) return known.get(node);
  const resolved = resolveRef(service, node);
  known.set(node, resolved);
  return resolved;
}

function resolveRef(service: string, node: BoundsSchema | undefined): BoundsSchema | undefined {
  for (let hops = 0; node?.$ref?.startsWith('#/') && hops < 32; hops++) {
    let cur: unknown = specs[service];
    for (const part of node.$ref.slice(2).split('/'))
      cur = (cur as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    node = cur as BoundsSchema | undefined;
  }
  return node;
}

/** Characters as JSON Schema counts them (code points), only counted when the UTF-16 length could be past the bound. */
const longerThan = (s: string, max: number) => s.length > max && [...s].length > max;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The first value of `value` past a size bound of `schema`, as a violation, or undefined. Visits
 * each node once and only where the schema says more (properties, items, additionalProperties,
 * allOf); an anyOf/oneOf branch is left to ajv (the request is already within the body limit).
 */
export function firstBoundViolation(
  service: string,
  schema: BoundsSchema | undefined,
  value: unknown,
  path = '',
): Violation | undefined {
  const stack: [BoundsSchema | undefined, unknown, string][] = [[schema, value, path]];
  while (stack.length) {
    const [raw, v, at] = stack.pop()!;
    const s = resolveBounds(service, raw);
    if (!s || v === null || typeof v !== 'object') {
      if (s && typeof v === 'string' && s.maxLength !== undefined && longerThan(v, s.maxLength)) {
        return {
          field: at || '(body)',
          description: `must NOT have more than ${plural(s.maxLength, 'character')}`,
          violatedRule: 'MAX_LENGTH',
        };
      }
      continue;
    }
    for (const part of s.allOf ?? []) stack.push([part, v, at]);
    if (Array.isArray(v)) {
      const maxItems = s.maxItems ?? UNBOUNDED_ARRAY_MAX_ITEMS;
      if (v.length > maxItems) {
        return {
          field: at || '(body)',
          description: `must NOT have more than ${plural(maxItems, 'item')}`,
          violatedRule: 'MAX_SIZE',
        };
      }
      if (s.items) v.forEach((item, i) => stack.push([s.items, item, `${at}[${i}]`]));
      continue;
    }
    const keys = Object.keys(v);
    if (s.maxProperties !== undefined && keys.length > s.maxProperties) {
      return {
        field: at || '(body)',
        description: `must NOT have more than ${plural(s.maxProperties, 'property')}`,
        violatedRule: 'MAX_SIZE',
      };
    }
    for (const k of keys) {
      const child = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : s.additionalProperties;
      if (child && typeof child === 'object')
        stack.push([child, (v as Record<string, unknown>)[k], at ? `${at}.${k}` : k]);
    }
  }
  return undefined;
}

/** The bounds walk's schemas per operation (its key), found once: every request reads them. */
const boundsCache = new Map<string, { body?: BoundsSchema; query?: BoundsSchema }>();

function boundsSchemas(d: OperationDescriptor): { body?: BoundsSchema; query?: BoundsSchema } {
  let bounds = boundsCache.get(d.key);
  if (!bounds) boundsCache.set(d.key, (bounds = findBoundsSchemas(d)));
  return bounds;
}

/** The body schema and the query parameters' schemas of an operation, for the bounds walk. */
function findBoundsSchemas(d: OperationDescriptor): { body?: BoundsSchema; query?: BoundsSchema } {
  const op = operationNode(d);
  const body = resolveLocal(d, op.requestBody)?.content?.['application/json']?.schema as BoundsSchema | undefined;
  const properties: Record<string, BoundsSchema> = {};
  for (const raw of op.parameters ?? []) {
    const p = resolveLocal(d, raw) as (SpecParameter & { schema?: BoundsSchema }) | undefined;
    if (p?.in === 'query' && p.name !== undefined && p.schema) properties[p.name] = p.schema;
  }
  return { body, query: { type: 'object', properties } };
}

/**
 * Validates (and, for query parameters, coerces in place) one request. Returns the violations.
 * `bodyFromQuery`: the body came as plain query parameters (the official SDK sends a POST query
 * as a GET with plain parameters when they are flat, `fields=CURRENCY`), so its text is coerced
 * in place to the body schema's types (one value to an array, `true` to a boolean).
 */
export function validateRequest(
  d: OperationDescriptor,
  body: unknown,
  query: Record<string, unknown>,
  bodyFromQuery = false,
): Violation[] {
  const bounds = boundsSchemas(d);
  const past =
    (body !== undefined ? firstBoundViolation(d.service, bounds.body, body) : undefined) ??
    firstBoundViolation(d.service, bounds.query, query);
  if (past) return [past];
  const small = !moreNodesThan(body, ALL_ERRORS_UP_TO_NODES) && !moreNodesThan(query, ALL_ERRORS_UP_TO_NODES);
  const v = validatorsFor(d, small);
  const out: Violation[] = [];
  if (v.query && !v.query(query)) out.push(...toViolations(v.query.errors));
  const validateBody = bodyFromQuery ? v.bodyFromQuery : v.body;
  if (validateBody && !validateBody(body)) out.push(...toViolations(validateBody.errors));
  if (out.length) return out;
  // ajv's coercion turns the text `Infinity` (and a JSON body's `1e400`) into a number that passes
  // its integer and number checks; no field of the provider takes one, and JSON cannot answer it.
  const nonFinite = nonFiniteNumberAt(query) ?? nonFiniteNumberAt(body);
  return nonFinite === undefined
    ? []
    : [{ field: nonFinite || '(body)', description: 'must be a finite number', violatedRule: 'VALIDATION' }];
}

/**
 * The field (as violations name fields: fieldPath) of the first number in a value that is not
 * finite. Every request walks it, so the path is made only for a hit, on the way back up.
 */
function nonFiniteNumberAt(value: unknown): string | undefined {
  const keys = nonFiniteKeys(value);
  return keys && fieldPath(keys.map((k) => `/${pointerEscape(String(k))}`).join(''));
}

function nonFiniteKeys(value: unknown): (string | number)[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : [];
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const below = nonFiniteKeys(child);
    if (below) return [key, ...below];
  }
  return undefined;
}

/** For tests: validate a 200 body against the operation's response schema. */
export function responseValidator(d: OperationDescriptor): ValidateFunction | undefined {
  const op = operationNode(d);
  const declared = op.responses?.['200'];
  const ok = resolveLocal(d, declared);
  if (!declared || !ok?.content?.['application/json']?.schema) return undefined;
  const ref = declared.$ref
    ? `${d.service}#${declared.$ref.slice(1)}/content/application~1json/schema`
    : `${d.service}#/paths/${pointerEscape(d.path)}/${d.method.toLowerCase()}/responses/200/content/application~1json/schema`;
  return ajvFor(false, true, true).compile({ $ref: ref });
}
