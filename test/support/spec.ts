/** Test helpers over the bundled spec in generated/openapi/. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type Json = Record<string, unknown>;

export const GENERATED = join(import.meta.dirname, '..', '..', 'generated');

/** Every bundled service document, by service name. */
export function loadBundles(): Record<string, Json> {
  const dir = join(GENERATED, 'openapi');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json]),
  );
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface SpecOperation {
  service: string;
  method: string;
  path: string;
  op: Json;
}

export function allOperations(bundles: Record<string, Json>): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [service, doc] of Object.entries(bundles)) {
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
      for (const method of HTTP_METHODS) {
        const op = item[method] as Json | undefined;
        if (op) out.push({ service, method: method.toUpperCase(), path, op });
      }
    }
  }
  return out;
}

/** Calls fn for every node of a JSON tree with its JSON pointer. */
export function walk(node: unknown, fn: (node: Json, pointer: string) => void, pointer = ''): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, fn, `${pointer}/${i}`));
  else if (node && typeof node === 'object') {
    fn(node as Json, pointer);
    for (const [k, v] of Object.entries(node)) walk(v, fn, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}
