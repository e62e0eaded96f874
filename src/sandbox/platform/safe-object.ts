/**
 * Every input that becomes an object goes through here: query strings (dotted keys and `.r`),
 * JSON bodies, form bodies, field masks, control-API bodies and state imports. A key that could
 * reach a prototype (`__proto__`, `constructor`, `prototype`) is refused as a validation error
 * naming it, before anything reads or stores the value; objects built from caller text never
 * read inherited properties.
 */
import { SandboxError, validationError } from './errors.ts';

/** Keys that name a prototype or reach one through assignment or lookup. */
/** A JSON object (not null, not an array): what a body, `.r`, a state import's collections must be. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The validation error for a reserved key at `field` (e.g. `cartInfo.constructor`). */
export function reservedKeyError(field: string): SandboxError {
  return validationError([
    { field, description: 'is a reserved name and cannot be used as a field', violatedRule: 'FIELD_NOT_ALLOWED' },
  ]);
}

/** `a.b[0].c` from path parts, the way validation errors name fields. */
export function fieldName(parts: readonly (string | number)[]): string {
  let out = '';
  for (const p of parts) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

/** A path as a chain back to the root: pushing a child costs O(1), however deep the input. */
type PathLink = { part: string | number; up: PathLink | undefined } | undefined;

function pathOf(link: PathLink, prefix: readonly (string | number)[]): string {
  const parts: (string | number)[] = [];
  for (let l = link; l; l = l.up) parts.push(l.part);
  return fieldName([...prefix, ...parts.reverse()]);
}

/** The path of the first reserved key anywhere in `value` (iterative: deep input cannot overflow it). */
export function findReservedKey(value: unknown, prefix: readonly (string | number)[] = []): string | undefined {
  const stack: [unknown, PathLink][] = [[value, undefined]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((child, i) => child && typeof child === 'object' && stack.push([child, { part: i, up: path }]));
      continue;
    }
    for (const key of Object.keys(node)) {
      if (RESERVED_KEYS.has(key)) return pathOf({ part: key, up: path }, prefix);
      const child = (node as Record<string, unknown>)[key];
      if (child && typeof child === 'object') stack.push([child, { part: key, up: path }]);
    }
  }
  return undefined;
}

/** Throws the validation error when `value` holds a reserved key anywhere. */
export function assertNoReservedKeys(value: unknown, prefix: readonly (string | number)[] = []): void {
  const found = findReservedKey(value, prefix);
  if (found !== undefined) throw reservedKeyError(found);
}

/**
 * JSON text -> value, refusing reserved keys anywhere (a validation error naming the first).
 * Throws SyntaxError for text that is not JSON (the caller words that error).
 */
export function safeJsonParse(text: string, prefix: readonly (string | number)[] = []): unknown {
  const value: unknown = JSON.parse(text);
  // A key is one of the reserved names only if the text spells it, plainly or with a \u escape:
  // text with neither (most bodies) skips the walk over every node.
  if (MAY_HOLD_RESERVED_KEY.test(text)) assertNoReservedKeys(value, prefix);
  return value;
}

const MAY_HOLD_RESERVED_KEY = /__proto__|constructor|prototype|\\u/;

/** Sets `value` at the dotted `path` in `target`, creating plain objects; reserved segments are refused. */
export function setDotted(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const bad = path.findIndex((part) => RESERVED_KEYS.has(part));
  if (bad >= 0) throw reservedKeyError(path.slice(0, bad + 1).join('.'));
  let node = target;
  for (const part of path.slice(0, -1)) {
    const next = Object.hasOwn(node, part) ? node[part] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

/** Query parameters -> one object: dotted keys nest, repeated keys become arrays. */
export function queryObject(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    setDotted(out, key.split('.'), values.length > 1 ? values : values[0]);
  }
  return out;
}

/**
 * The keys a field mask (`"a, b"`) names that `source` has as its own: what an update copies.
 * A reserved name in the mask is refused, naming the mask's field.
 */
export function maskedKeys(mask: unknown, source: Record<string, unknown>, field: string): string[] {
  const keys = mask
    ? String(mask)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Object.keys(source);
  const reserved = keys.find((k) => RESERVED_KEYS.has(k));
  if (reserved !== undefined) {
    throw validationError([
      { field, description: `names the reserved field "${reserved}"`, violatedRule: 'FIELD_NOT_ALLOWED' },
    ]);
  }
  return keys.filter((k) => Object.hasOwn(source, k));
}

/** A copy of `options` whose missing keys read as undefined (no inherited property answers a lookup). */
export function ownOptions<T extends object>(options: T | undefined): T {
  return Object.assign(Object.create(null) as T, options);
}

/** `table[key]` when the table has it as its own, else undefined. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
