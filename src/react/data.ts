/**
 * Plain-data helpers of the React layer, no React: structural sharing (a value that did not
 * change keeps its identity, so a selector's result and a line's object stay the same and their
 * components do not render), and the dehydrated form that keeps Dates and non-finite numbers.
 */

/** A value JSON carries as it is. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `out[key] = value`, where a `__proto__` key (JSON carries one as a key like any other: a
 * merchant's field name) is defined as a key too, where assigning it would set the prototype.
 */
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * `next`, with every part equal to the same part of `prev` replaced by `prev`'s (so an unchanged
 * value is `prev` itself). Plain objects, arrays and Dates are compared by content.
 */
export function shareEqual<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (prev instanceof Date && next instanceof Date) return (prev.getTime() === next.getTime() ? prev : next) as T;
  const arrays = Array.isArray(prev) && Array.isArray(next);
  if (!arrays && !(isPlainObject(prev) && isPlainObject(next))) return next;
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  const out: Record<string, unknown> | unknown[] = arrays ? [] : {};
  let same = keys.length === Object.keys(p).length;
  for (const key of keys) {
    const had = Object.hasOwn(p, key);
    const before = had ? p[key] : undefined;
    const shared = shareEqual(before, n[key]);
    setKey(out as Record<string, unknown>, key, shared);
    if (shared !== before || !had) same = false;
  }
  return (same ? prev : out) as T;
}

/** A key for a query value: the same for objects with the same content in any key order. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Deep-freezes plain data (the hydrated snapshot nothing may change before React has hydrated). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The dehydrated form: JSON, with what JSON loses written as `{ $sfk: tag, v }`: a Date as its ISO
 * text, NaN and the infinities as text, `undefined` in arrays, and an object that itself has a
 * `$sfk` key wrapped, so decoding never mistakes data for a tag.
 */
const TAG = '$sfk';

export function encode(value: unknown): JsonValue {
  if (value instanceof Date) return { [TAG]: 'date', v: value.toISOString() };
  if (typeof value === 'number') return Number.isFinite(value) ? value : { [TAG]: 'number', v: String(value) };
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (value === undefined) return { [TAG]: 'undefined', v: null };
  if (Array.isArray(value)) return value.map(encode);
  if (typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) setKey(out, k, encode(v));
    return Object.hasOwn(out, TAG) ? { [TAG]: 'object', v: out } : out;
  }
  throw new TypeError(`storefront-kit/react: dehydrate cannot carry a ${typeof value}`);
}

export function decode(value: JsonValue): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value !== 'object' || value === null) return value;
  const tagged = value[TAG];
  if (typeof tagged === 'string' && 'v' in value) {
    const v = value.v;
    if (tagged === 'date' && typeof v === 'string') return new Date(v);
    if (tagged === 'number' && typeof v === 'string') return Number(v);
    if (tagged === 'undefined') return undefined;
    if (tagged === 'object' && typeof v === 'object' && v !== null && !Array.isArray(v)) return decodeObject(v);
  }
  return decodeObject(value);
}

const decodeObject = (value: { [key: string]: JsonValue }) =>
  Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
