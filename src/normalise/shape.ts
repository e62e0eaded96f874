/**
 * Walks a JSON value along a shape from the operation table (generated/runtime-types.ts) and
 * rewrites the leaves it marks: dates, floats, field masks. Only the marked paths are visited,
 * and only a value's own keys are read: a hostile answer's "constructor" or "__proto__" is data.
 */
import type { Shape } from '../../generated/runtime-types.ts';
import { base64ToBytes, bytesToBase64 } from './base64url.ts';

export type LeafKind = 'date' | 'float' | 'mask' | 'address' | 'bytes';
export type LeafFn = (kind: LeafKind, value: unknown) => unknown;

/**
 * @param copy true for requests (never mutate the caller's objects: what changes is copied),
 * false for responses (freshly parsed JSON, rewritten in place).
 */
export function mapShape(
  value: unknown,
  shape: Shape | undefined,
  named: Record<string, Shape> | undefined,
  leaf: LeafFn,
  copy: boolean,
): unknown {
  if (shape === undefined || value === null || value === undefined) return value;
  if (typeof shape === 'string') return leaf(shape, value);
  if (shape.r) {
    value = mapShape(value, named?.[shape.r], named, leaf, copy);
    if (!shape.o && !shape.i && !shape.a && !shape.k) return value;
  }
  // With `copy`, an array or object is copied only once one of its values changes: a value with
  // nothing to rewrite (the usual answer) is returned as it is, without a copy of every level.
  if (Array.isArray(value)) {
    if (!shape.i) return value;
    let out = value;
    for (let i = 0; i < value.length; i++) {
      const mapped = mapShape(value[i], shape.i, named, leaf, copy);
      if (mapped === value[i]) continue;
      if (copy && out === value) out = value.slice();
      out[i] = mapped;
    }
    return out;
  }
  if (typeof value !== 'object' || value instanceof Date) return value;
  const src = value as Record<string, unknown>;
  // A renamed object (`k`) lists its fields under both names in `o`, so the order does not matter;
  // the renaming leaf answers a new object, which is then the one written to.
  let out = (shape.k ? leaf(shape.k, src) : src) as Record<string, unknown>;
  if (shape.o) {
    for (const key in shape.o) {
      if (Object.hasOwn(out, key))
        out = withValue(out, src, copy, key, mapShape(out[key], shape.o[key], named, leaf, copy));
    }
  }
  if (shape.a) {
    for (const key of Object.keys(out)) {
      if (!shape.o || !Object.hasOwn(shape.o, key))
        out = withValue(out, src, copy, key, mapShape(out[key], shape.a, named, leaf, copy));
    }
  }
  return out;
}

/** `out` with `key` set to `value`; with `copy`, the caller's `src` is copied before its first change. */
function withValue(
  out: Record<string, unknown>,
  src: Record<string, unknown>,
  copy: boolean,
  key: string,
  value: unknown,
): Record<string, unknown> {
  if (value === out[key]) return out;
  const target = copy && out === src ? { ...src } : out;
  target[key] = value;
  return target;
}

/** An address's three fields the official SDK names differently: [wire name, SDK name]. */
export const ADDRESS_NAMES = [
  ['addressLine', 'addressLine1'],
  ['formattedAddress', 'formatted'],
  ['geocode', 'location'],
] as const;

/** A copy of an address with its fields renamed from one naming to the other (`to`: 0 wire, 1 SDK). */
function renameAddress(v: unknown, to: 0 | 1): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out = { ...(v as Record<string, unknown>) };
  for (const names of ADDRESS_NAMES) {
    const from = names[1 - to];
    if (Object.hasOwn(out, from)) {
      out[names[to]] = out[from];
      delete out[from];
    }
  }
  return out;
}

const NON_FINITE_TEXT: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

/** Request leaves every operation may have: Date -> ISO text, non-finite float -> its text, field-mask array -> comma text. */
export const basicToWire: LeafFn = (kind, v) => {
  if (kind === 'date') return v instanceof Date ? v.toISOString() : v;
  if (kind === 'float') return typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
  return Array.isArray(v) ? v.join(',') : v;
};

/** Response leaves every operation may have: ISO text -> Date, "NaN"/"Infinity"/"-Infinity" -> number. */
export const basicFromWire: LeafFn = (kind, v) => {
  if (kind === 'date') {
    if (typeof v !== 'string') return v;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d;
  }
  // Own keys only: "constructor" or "__proto__" in a float field stays the text it is.
  if (kind === 'float') return typeof v === 'string' && Object.hasOwn(NON_FINITE_TEXT, v) ? NON_FINITE_TEXT[v] : v;
  return v;
};

/** Request leaves, all of them: the basic ones, an address -> the wire's names, bytes -> base64. */
export const toWire: LeafFn = (kind, v) => {
  if (kind === 'address') return renameAddress(v, 0);
  if (kind === 'bytes') return v instanceof Uint8Array ? bytesToBase64(v) : v;
  return basicToWire(kind, v);
};

/** Response leaves, all of them: the basic ones, an address -> the official SDK's names, base64 -> bytes. */
export const fromWire: LeafFn = (kind, v) => {
  if (kind === 'address') return renameAddress(v, 1);
  if (kind === 'bytes') return typeof v === 'string' ? base64ToBytes(v) : v;
  return basicFromWire(kind, v);
};
