/**
 * JSON Schema helpers over the bundled spec: resolving local $refs, reading an operation's
 * request parts, example values, and the checks the console runs before sending.
 */
import { specs, type OperationDescriptor } from '../../../src/console-data.ts';

export type Schema = Record<string, any>;

export function resolve(service: string, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  let guard = 0;
  while (s && typeof s.$ref === 'string' && s.$ref.startsWith('#/') && guard++ < 20) {
    let node: any = specs[service];
    for (const part of s.$ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    s = node ?? {};
  }
  return s;
}

export function operationNode(d: OperationDescriptor): Schema {
  return (specs[d.service] as any).paths[d.path][d.method.toLowerCase()];
}

export interface ParamInfo {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
  description?: string;
}

export function parametersOf(d: OperationDescriptor): ParamInfo[] {
  const op = operationNode(d);
  const pathNames = new Set(d.pathParams.map((p) => p.name));
  const out: ParamInfo[] = d.pathParams.map((p) => ({
    name: p.name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const raw of op.parameters ?? []) {
    const p = resolve(d.service, raw);
    if (p.in !== 'query' || pathNames.has(p.name)) continue;
    out.push({
      name: p.name,
      in: 'query',
      required: Boolean(p.required),
      schema: p.schema ?? {},
      description: p.description,
    });
  }
  return out;
}

export function bodySchemaOf(d: OperationDescriptor): Schema | undefined {
  const op = operationNode(d);
  const body = resolve(d.service, op.requestBody);
  return body?.content?.['application/json']?.schema;
}

/** An operation's request as the spec's examples give it. */
export interface ExampleRequest {
  d: OperationDescriptor;
  /** Path values in the path's order. */
  pathValues: string[];
  /** Query parameters and body fields, as one options object (what the module function takes). */
  options: Record<string, unknown>;
  /** The body example alone (undefined when the operation takes none). */
  body?: Record<string, unknown>;
  /** Query parameter examples alone. */
  query: Record<string, unknown>;
}

/**
 * The request the spec's examples make for `d`: path values (from the body's example, or the
 * parameter's own example), query parameter examples and the body example. "Fill with example"
 * fills the form with it; the example tests (test/support/examples.ts) send it.
 */
export function exampleRequest(d: OperationDescriptor, task?: string): ExampleRequest {
  const op = operationNode(d);
  const media = resolve(d.service, op.requestBody)?.content?.['application/json'];
  const rawBody = media
    ? (media.example ??
      ((task && media.examples?.[task]) ?? (Object.values(media.examples ?? {})[0] as Schema | undefined))?.value)
    : undefined;
  const body = rawBody === undefined ? undefined : (structuredClone(rawBody) as Schema);
  const params = ((op.parameters ?? []) as Schema[]).map((p) => resolve(d.service, p));
  const paramExample = (p: Schema) =>
    p.example ?? p.schema?.example ?? (Object.values(p.examples ?? {})[0] as Schema | undefined)?.value;
  const pathValues = d.pathParams.map((p) => {
    const fromBody = p.body ? p.body.reduce<any>((n, k) => n?.[k], body) : body?.[p.name];
    const declared = params.find((x) => x.in === 'path' && x.name === p.name);
    return String(fromBody ?? (declared && paramExample(declared)) ?? '');
  });
  const query: Record<string, unknown> = {};
  for (const p of params) {
    if (p.in !== 'query' || d.pathParams.some((x) => x.name === p.name)) continue;
    const v = paramExample(p);
    if (v !== undefined) query[p.name] = v;
  }
  const options: Record<string, unknown> = { ...query, ...(body ?? {}) };
  for (const p of d.pathParams) if (!p.body) delete options[p.name];
  return { d, pathValues, options, body, query };
}

/** The form's path values by name and its options, from the spec's examples (the named one, for a task). */
export function exampleCall(
  d: OperationDescriptor,
  task?: string,
): {
  path: Record<string, string>;
  options: Record<string, unknown>;
} {
  const { pathValues, options } = exampleRequest(d, task);
  return { path: Object.fromEntries(d.pathParams.map((p, i) => [p.name, pathValues[i]])), options };
}

/** One of the things an operation is called for, as its body's named examples say ("checkout": the hosted checkout page). */
export interface Task {
  name: string;
  summary: string;
  /** The body field that says this task (the example's first field), when each task has its own: the form shows it and hides the others'. */
  field?: string;
}

/** The tasks of an operation whose body has several named examples (createRedirectSession: login, logout, checkout). */
export function tasksOf(d: OperationDescriptor): Task[] {
  const media = resolve(d.service, operationNode(d).requestBody)?.content?.['application/json'];
  const examples = Object.entries((media?.examples ?? {}) as Record<string, Schema>);
  if (examples.length < 2) return [];
  const firsts = examples.map(([, e]) => Object.keys(e.value ?? {})[0]);
  const own = new Set(firsts).size === firsts.length;
  return examples.map(([name, e], i) => ({
    name,
    summary: String(e.summary ?? name),
    field: own ? firsts[i] : undefined,
  }));
}

export interface Problem {
  field: string;
  message: string;
}

/** The spec's constraints, checked before sending (required, lengths, bounds, enums, patterns). */
export function check(
  service: string,
  schema: Schema | undefined,
  value: unknown,
  field = '',
  out: Problem[] = [],
  depth = 0,
): Problem[] {
  const s = resolve(service, schema);
  if (depth > 12 || value === undefined || value === null) return out;
  if (Array.isArray(s.enum) && !s.enum.includes(value))
    out.push({ field, message: `must be one of ${s.enum.join(', ')}` });
  if (typeof value === 'string') {
    if (s.maxLength !== undefined && value.length > s.maxLength)
      out.push({ field, message: `at most ${s.maxLength} characters` });
    if (s.minLength !== undefined && value.length < s.minLength)
      out.push({ field, message: `at least ${s.minLength} characters` });
    if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) out.push({ field, message: `must match ${s.pattern}` });
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (s.maximum !== undefined && value > s.maximum) out.push({ field, message: `at most ${s.maximum}` });
    if (s.minimum !== undefined && value < s.minimum) out.push({ field, message: `at least ${s.minimum}` });
  }
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems)
      out.push({ field, message: `at most ${s.maxItems} items` });
    value.forEach((v, i) => check(service, s.items, v, `${field}[${i}]`, out, depth + 1));
  } else if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (Array.isArray(s.oneOf) && s.oneOf.length) {
      // One of several shapes (the token request's grants): the value must fit one; the
      // problems of the shape it comes nearest to are the ones reported.
      const tries = (s.oneOf as Schema[]).map((alt) => check(service, alt, value, field, [], depth + 1));
      if (!tries.some((t) => t.length === 0)) out.push(...tries.reduce((a, b) => (b.length < a.length ? b : a)));
    }
    for (const r of s.required ?? [])
      if (obj[r] === undefined || obj[r] === '') out.push({ field: join(field, r), message: 'is required' });
    for (const [k, v] of Object.entries(obj))
      if (s.properties?.[k]) check(service, s.properties[k], v, join(field, k), out, depth + 1);
  }
  return out;
}

/**
 * What the console's own check finds wrong with a form before sending: empty path parameters,
 * missing required query parameters, and the spec's constraints on the body and the query.
 */
export function formProblems(
  d: OperationDescriptor,
  pathValues: Record<string, string>,
  options: Record<string, unknown>,
): Problem[] {
  const found: Problem[] = [];
  for (const p of d.pathParams) if (!pathValues[p.name]) found.push({ field: p.name, message: 'is required' });
  const body = bodySchemaOf(d);
  if (body) check(d.service, body, options, '', found);
  for (const p of parametersOf(d).filter((x) => x.in === 'query')) {
    if (p.required && options[p.name] === undefined) found.push({ field: p.name, message: 'is required' });
    check(d.service, p.schema, options[p.name], p.name, found);
  }
  return found;
}

export const join = (base: string, key: string) => (base ? `${base}.${key}` : key);

export function typeOf(s: Schema): string {
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null') ?? 'string';
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  if (s.enum) return 'string';
  return 'any';
}
