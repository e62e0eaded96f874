/**
 * An answer's JSON text, with the text of values that never change made once. Stored entities
 * are never changed in place (an update writes a copy: store.ts), so a view the domain makes of
 * one for answers (a product without its costs) can be made once per entity, frozen, and its
 * text kept: a storefront listing then writes ten products' text without serialising them again
 * (JSON.stringify of its 28 kB answer was a sixth of the request's time).
 */

/** Values marked as never changing, whose text is made on first use. */
const fixedValues = new WeakSet<object>();
const texts = new WeakMap<object, string>();

/**
 * Marks `value` as never changing and freezes it (a write to it throws instead of leaving a
 * stale text); what it holds must not change either: parts of stored entities, or new values.
 */
export function fixedValue<T extends object>(value: T): T {
  fixedValues.add(Object.freeze(value));
  return value;
}

/** How deep `answerText` looks for fixed values: an answer's list of entities is at the second level. */
const SEARCH_DEPTH = 3;

/** Exactly `JSON.stringify(value)`, reusing the kept text of fixed values among its first levels. */
export function answerText(value: unknown): string {
  // Undefined only where JSON.stringify's is (undefined, a function): typed as JSON.stringify is.
  return textOf(value, SEARCH_DEPTH) as string;
}

function textOf(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const kept = texts.get(value);
  if (kept !== undefined) return kept;
  if (fixedValues.has(value)) {
    const text = JSON.stringify(value);
    texts.set(value, text);
    return text;
  }
  // Only plain arrays and objects are walked here (as JSON.stringify would); anything else
  // (a Date's toJSON, a class instance) is left to JSON.stringify whole.
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (textOf(value[i], depth - 1) ?? 'null');
    return out + ']';
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return JSON.stringify(value);
  let out = '{';
  for (const key of Object.keys(value)) {
    const text = textOf((value as Record<string, unknown>)[key], depth - 1);
    if (text === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + text;
  }
  return out + '}';
}
