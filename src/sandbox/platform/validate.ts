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

function makeAjv(coerce: boolean, answers = false): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
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

let bodyAjv: Ajv2020 | undefined;
let queryAjv: Ajv2020 | undefined;
let answerAjv: Ajv2020 | undefined;

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface OperationValidators {
  body?: ValidateFunction;
  query?: ValidateFunction;
}

const cache = new Map<string, OperationValidators>();

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

function validatorsFor(d: OperationDescriptor): OperationValidators {
  let v = cache.get(d.key);
  if (v) return v;
  v = {};
  const op = operationNode(d);
  const base = `${d.service}#/paths/${pointerEscape(d.path)}/${d.method.toLowerCase()}`;
  const body = resolveLocal(d, op.requestBody);
  if (op.requestBody && body?.content?.['application/json']?.schema) {
    bodyAjv ??= makeAjv(false);
    const ref = op.requestBody.$ref
      ? `${d.service}#${op.requestBody.$ref.slice(1)}/content/application~1json/schema`
      : `${base}/requestBody/content/application~1json/schema`;
    v.body = bodyAjv.compile({ $ref: ref });
  }
  const params = (op.parameters ?? []).map((p) => resolveLocal(d, p)).filter((p) => p?.in === 'query');
  if (params.length) {
    queryAjv ??= makeAjv(true);
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
    v.query = queryAjv.compile({ type: 'object', properties, required });
  }
  cache.set(d.key, v);
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

/** Validates (and, for query parameters, coerces in place) one request. Returns the violations. */
export function validateRequest(d: OperationDescriptor, body: unknown, query: Record<string, unknown>): Violation[] {
  const v = validatorsFor(d);
  const out: Violation[] = [];
  if (v.query && !v.query(query)) out.push(...toViolations(v.query.errors));
  if (v.body && !v.body(body)) out.push(...toViolations(v.body.errors));
  return out;
}

/** For tests: validate a 200 body against the operation's response schema. */
export function responseValidator(d: OperationDescriptor): ValidateFunction | undefined {
  const op = operationNode(d);
  const declared = op.responses?.['200'];
  const ok = resolveLocal(d, declared);
  if (!declared || !ok?.content?.['application/json']?.schema) return undefined;
  answerAjv ??= makeAjv(false, true);
  const ref = declared.$ref
    ? `${d.service}#${declared.$ref.slice(1)}/content/application~1json/schema`
    : `${d.service}#/paths/${pointerEscape(d.path)}/${d.method.toLowerCase()}/responses/200/content/application~1json/schema`;
  return answerAjv.compile({ $ref: ref });
}
