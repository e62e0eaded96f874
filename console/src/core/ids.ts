/**
 * What an id names, read from where it sits: `products[1].id` and `catalogItemId` name a
 * product, `cart.lineItems[0].id` and `lineItemIds[0]` a line item, `buyerInfo.memberId` a
 * member. One rule serves both sides: the ids picked from answers (by their path in the
 * answer) and the fields of a form (by their path in the form), so a field is offered only the
 * ids of the entity it names.
 */
import type { OperationDescriptor } from '../../../src/console-data.ts';

/** Names that say the same entity another way. */
const SAME_AS: Record<string, string> = {
  catalogItem: 'product',
  ecomOrder: 'order',
};

/** English plurals the provider's names use: categories, addresses (not "addresse"), lineItems. */
const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : /(ss|x|ch|sh)es$/.test(word)
      ? word.slice(0, -2)
      : word.endsWith('ss') || !word.endsWith('s')
        ? word
        : word.slice(0, -1);

const canonical = (word: string) => SAME_AS[word] ?? word;

/** The keys of a dotted path with list indexes dropped: "cart.lineItems[0].id" -> ["cart", "lineItems", "id"]. */
const keysOf = (path: string) =>
  path
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter(Boolean);

/**
 * The entity an id at `path` names ("product", "lineItem", "member"), or undefined when the
 * path holds no id. `bare` is what a lone `id` with nothing around it names (the operation's
 * own resource).
 */
export function kindOf(path: string, bare?: string): string | undefined {
  const keys = keysOf(path);
  const last = keys.at(-1);
  if (!last) return undefined;
  const named = /^(.+?)(Id|Ids)$/.exec(last);
  if (named) return canonical(named[1]);
  if (last === 'id' || last === 'ids') {
    const parent = keys.at(-2);
    return parent ? canonical(singular(parent)) : bare;
  }
  if (last === 'slug') {
    const parent = keys.at(-2);
    return `${parent ? canonical(singular(parent)) : (bare ?? '')} slug`.trim();
  }
  return undefined;
}

/**
 * What an operation's own `id` names: the path segment before its `{id}` ("/checkouts/{id}"
 * names a checkout, "/checkouts/by-cart-id/{id}" a cart), else the first noun after the
 * version ("/ecom/v1/orders/search" searches orders).
 */
export function resourceOf(d: OperationDescriptor, param = 'id'): string | undefined {
  const segments = d.path.split('/').filter(Boolean);
  const at = segments.indexOf(`{${param}}`);
  const before = at > 0 ? segments[at - 1] : undefined;
  const by = before && /^by-(.+)-id$/.exec(before);
  if (by) return canonical(by[1].replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
  if (before && !/^v\d+$/.test(before)) return canonical(singular(before));
  const version = segments.findIndex((s) => /^v\d+$/.test(s));
  const noun = segments
    .slice(version + 1)
    .find((s) => !s.startsWith('{') && s !== 'bulk' && s !== 'payments-collector');
  return noun ? canonical(singular(noun.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))) : undefined;
}

/** The label of a picked value is "Linen shirt - products[1].id" (or just the path): its path. */
export const pathOfLabel = (label: string) =>
  label
    .replace(/ \(chosen\)$/, '')
    .split(' - ')
    .at(-1)!;

/**
 * The picked values a field of this kind takes, newest first, one entry per value (the newest
 * label of it); a field of no known kind is offered nothing.
 */
export function offersFor(kind: string | undefined, picked: [string, string][]): [string, string][] {
  if (!kind) return [];
  const seen = new Set<string>();
  return picked.filter(([label, value]) => {
    if (seen.has(value) || kindOf(pathOfLabel(label)) !== kind) return false;
    seen.add(value);
    return true;
  });
}
