/**
 * Walks a JSON value along a shape from the operation table (generated/runtime-types.ts) and
 * rewrites the leaves it marks: dates, floats, field masks. Only the marked paths are visited.
 */
import type { Shape } from '../../generated/runtime-types.ts';

export type LeafKind = 'date' | 'float' | 'mask';
export type LeafFn = (kind: LeafKind, value: unknown) => unknown;

/**
 * @param copy true for requests (never mutate the caller's objects), false for responses
 * (freshly parsed JSON, rewritten in place).
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
    if (!shape.o && !shape.i && !shape.a) return value;
  }
  if (Array.isArray(value)) {
    if (!shape.i) return value;
    const out = copy ? value.slice() : value;
    for (let i = 0; i < out.length; i++) out[i] = mapShape(out[i], shape.i, named, leaf, copy);
    return out;
  }
  if (typeof value !== 'object' || value instanceof Date) return value;
  const src = value as Record<string, unknown>;
  const out = copy ? { ...src } : src;
  if (shape.o) {
    for (const key in shape.o) {
      if (key in out) out[key] = mapShape(out[key], shape.o[key], named, leaf, copy);
    }
  }
  if (shape.a) {
    for (const key in out) {
      if (!shape.o || !(key in shape.o)) out[key] = mapShape(out[key], shape.a, named, leaf, copy);
    }
  }
  return out;
}

const NON_FINITE_TEXT: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

/** Request leaves: Date -> ISO text, non-finite float -> its text, field-mask array -> comma text. */
export const toWire: LeafFn = (kind, v) => {
  if (kind === 'date') return v instanceof Date ? v.toISOString() : v;
  if (kind === 'float') return typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
  return Array.isArray(v) ? v.join(',') : v;
};

/** Response leaves: ISO text -> Date, "NaN"/"Infinity"/"-Infinity" -> number. */
export const fromWire: LeafFn = (kind, v) => {
  if (kind === 'date') {
    if (typeof v !== 'string') return v;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d;
  }
  if (kind === 'float') return typeof v === 'string' && v in NON_FINITE_TEXT ? NON_FINITE_TEXT[v] : v;
  return v;
};
