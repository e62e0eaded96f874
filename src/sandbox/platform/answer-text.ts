/**
 * An answer's JSON text, with the text of values that never change made once. Stored entities
 * are never changed in place (an update writes a copy: store.ts), so a view the domain makes of
 * one for answers (a product without its costs) can be made once per entity, frozen, and its
 * text kept: a storefront listing then writes ten products' text without serialising them again
 * (JSON.stringify of its 28 kB answer, and the rewrite of its image URLs, were a fifth of the
 * request's time).
 */

/** Values marked as never changing, whose text is made on first use. */
const fixedValues = new WeakSet<object>();

/**
 * A rewrite of answer text that never spans JSON punctuation (`"` `,` `:` `[` `]` `{` `}`), so
 * applying it to each piece of the text is applying it to the whole (the image URLs: a
 * provider-hosts.ts prefix). `key` names it: texts are kept per rewrite.
 */
export interface TextRewrite {
  readonly key: string;
  apply(text: string): string;
}

/** A fixed value's text, and its text under the last rewrite asked for. */
interface KeptText {
  plain: string;
  rewriteKey?: string;
  rewritten?: string;
}
const texts = new WeakMap<object, KeptText>();

/**
 * Marks `value` as never changing and freezes it (a write to it throws instead of leaving a
 * stale text); what it holds must not change either: parts of stored entities, or new values.
 */
export function fixedValue<T extends object>(value: T): T {
  fixedValues.add(Object.freeze(value));
  return value;
}

/** How deep `answerText` looks for fixed values: an answer's list of entities is at the second level. */
const SEARCH_DEPTH = 2;

const isFixed = (v: unknown) => typeof v === 'object' && v !== null && fixedValues.has(v);
const listsFixed = (v: unknown) => Array.isArray(v) && v.some(isFixed);

/**
 * Whether an answer holds a fixed value where `answerText` looks: the answer itself, one of its
 * fields, or an item of a list in one. Most answers hold none, and are left to JSON.stringify whole.
 */
function holdsFixed(value: unknown): boolean {
  if (isFixed(value) || listsFixed(value)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = (value as Record<string, unknown>)[key];
    if (isFixed(field) || listsFixed(field)) return true;
  }
  return false;
}

/**
 * Exactly `rewrite.apply(JSON.stringify(value))` (or `JSON.stringify(value)`), reusing the kept
 * text of fixed values among its first levels.
 */
export function answerText(value: unknown, rewrite?: TextRewrite): string {
  // Undefined only where JSON.stringify's is (undefined, a function): typed as JSON.stringify is.
  if (!holdsFixed(value)) return piece(JSON.stringify(value), rewrite);
  return textOf(value, SEARCH_DEPTH, rewrite) as string;
}

function piece<T extends string | undefined>(text: T, rewrite: TextRewrite | undefined): T {
  return (rewrite && text !== undefined ? rewrite.apply(text) : text) as T;
}

function fixedText(value: object, rewrite: TextRewrite | undefined): string {
  let kept = texts.get(value);
  if (!kept) texts.set(value, (kept = { plain: JSON.stringify(value) }));
  if (!rewrite) return kept.plain;
  if (kept.rewriteKey !== rewrite.key) {
    kept.rewritten = rewrite.apply(kept.plain);
    kept.rewriteKey = rewrite.key;
  }
  return kept.rewritten!;
}

function textOf(value: unknown, depth: number, rewrite: TextRewrite | undefined): string | undefined {
  if (typeof value !== 'object' || value === null) return piece(JSON.stringify(value), rewrite);
  if (fixedValues.has(value)) return fixedText(value, rewrite);
  // Only plain arrays and objects are walked here (as JSON.stringify would); anything else
  // (a Date's toJSON, a class instance) is left to JSON.stringify whole.
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return piece(JSON.stringify(value), rewrite);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + (textOf(value[i], depth - 1, rewrite) ?? 'null');
    return out + ']';
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return piece(JSON.stringify(value), rewrite);
  let out = '{';
  for (const key of Object.keys(value)) {
    const text = textOf((value as Record<string, unknown>)[key], depth - 1, rewrite);
    if (text === undefined) continue;
    out += (out.length > 1 ? ',' : '') + piece(JSON.stringify(key), rewrite) + ':' + text;
  }
  return out + '}';
}
