/**
 * JSON Schema helpers over the bundled spec: resolving local $refs, reading an operation's
 * request parts, example values, and the checks the console runs before sending.
 */
import { specs, type OperationDescriptor } from '../../src/console-data.ts';

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
  const out: ParamInfo[] = d.pathParams.map((p) => ({ name: p.name, in: 'path', required: true, schema: { type: 'string' } }));
  for (const raw of op.parameters ?? []) {
    const p = resolve(d.service, raw);
    if (p.in !== 'query' || pathNames.has(p.name)) continue;
    out.push({ name: p.name, in: 'query', required: Boolean(p.required), schema: p.schema ?? {}, description: p.description });
  }
  return out;
}

export function bodySchemaOf(d: OperationDescriptor): Schema | undefined {
  const op = operationNode(d);
  const body = resolve(d.service, op.requestBody);
  return body?.content?.['application/json']?.schema;
}

export function requestExampleOf(d: OperationDescriptor): Record<string, unknown> | undefined {
  const op = operationNode(d);
  const media = resolve(d.service, op.requestBody)?.content?.['application/json'];
  if (media?.example) return media.example;
  const first = Object.values(media?.examples ?? {})[0] as { value?: Record<string, unknown> } | undefined;
  return first?.value;
}

/** The path values and options the spec's example gives (path parameters pulled out). */
export function exampleCall(d: OperationDescriptor): { path: Record<string, string>; options: Record<string, unknown> } {
  const example = structuredClone(requestExampleOf(d) ?? {}) as Record<string, any>;
  const path: Record<string, string> = {};
  for (const p of d.pathParams) {
    if (p.body) {
      const v = example[p.body[0]]?.[p.body[1]];
      path[p.name] = typeof v === 'string' ? v : '';
    } else {
      path[p.name] = typeof example[p.name] === 'string' ? example[p.name] : '';
      delete example[p.name];
    }
  }
  for (const param of parametersOf(d)) {
    if (param.in === 'path' && !path[param.name]) {
      const ex = (operationNode(d).parameters ?? []).map((x: Schema) => resolve(d.service, x)).find((x: Schema) => x.name === param.name);
      path[param.name] = ex?.example ?? ex?.schema?.example ?? '';
    }
  }
  return { path, options: example };
}

export interface Problem {
  field: string;
  message: string;
}

/** The spec's constraints, checked before sending (required, lengths, bounds, enums, patterns). */
export function check(service: string, schema: Schema | undefined, value: unknown, field = '', out: Problem[] = [], depth = 0): Problem[] {
  const s = resolve(service, schema);
  if (depth > 12 || value === undefined || value === null) return out;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) out.push({ field, message: `must be one of ${s.enum.join(', ')}` });
  if (typeof value === 'string') {
    if (s.maxLength !== undefined && value.length > s.maxLength) out.push({ field, message: `at most ${s.maxLength} characters` });
    if (s.minLength !== undefined && value.length < s.minLength) out.push({ field, message: `at least ${s.minLength} characters` });
    if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) out.push({ field, message: `must match ${s.pattern}` });
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (s.maximum !== undefined && value > s.maximum) out.push({ field, message: `at most ${s.maximum}` });
    if (s.minimum !== undefined && value < s.minimum) out.push({ field, message: `at least ${s.minimum}` });
  }
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems) out.push({ field, message: `at most ${s.maxItems} items` });
    value.forEach((v, i) => check(service, s.items, v, `${field}[${i}]`, out, depth + 1));
  } else if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const r of s.required ?? []) if (obj[r] === undefined || obj[r] === '') out.push({ field: join(field, r), message: 'is required' });
    for (const [k, v] of Object.entries(obj)) if (s.properties?.[k]) check(service, s.properties[k], v, join(field, k), out, depth + 1);
  }
  return out;
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
