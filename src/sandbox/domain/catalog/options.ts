/**
 * Option matching, as the provider names choices: a colour choice by its description ("Green",
 * its value is the hex code) and every other choice by its value. Variant `choices`, options
 * availability, cart options and line descriptions all use these names. A product that manages
 * variants sells the variants it has; one that does not takes any combination of its options'
 * choices (its one default variant carries price and stock).
 */

export interface Choice {
  value?: string;
  description?: string;
  inStock?: boolean;
}
export interface ProductOption {
  name?: string;
  optionType?: string;
  choices?: Choice[];
}
export interface Variant {
  id?: string;
  choices?: Record<string, string>;
  stock?: { inStock?: boolean; quantity?: number; trackQuantity?: boolean };
}
export interface OptionedProduct {
  manageVariants?: boolean | null;
  productOptions?: ProductOption[];
  variants?: Variant[];
}

const isColour = (o: ProductOption) => o.optionType === 'color';

/** The name a choice goes by in variant choices, cart options and line descriptions. */
export const choiceName = (option: ProductOption, choice: Choice): string =>
  String((isColour(option) ? choice.description : undefined) ?? choice.value ?? '');

/** The choice a caller names: by its name, or (for a colour) by its hex value too. */
export function findChoice(option: ProductOption, named: string): Choice | undefined {
  const choices = option.choices ?? [];
  return (
    choices.find((c) => choiceName(option, c) === named) ??
    (isColour(option) ? choices.find((c) => c.value === named) : undefined)
  );
}

/** The colour code of a chosen colour (for a COLOR description line), or undefined. */
export function colourCode(product: OptionedProduct, optionName: string, named: string): string | undefined {
  const option = product.productOptions?.find((o) => o.name === optionName);
  return option && isColour(option) ? findChoice(option, named)?.value : undefined;
}

/** Every combination of the options' choices, in the provider's names (one empty one without options). */
export function combinations(options: ProductOption[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const o of options) {
    combos = combos.flatMap((c) => (o.choices ?? []).map((ch) => ({ ...c, [String(o.name)]: choiceName(o, ch) })));
  }
  return combos;
}

export type Resolution = { ok: true; choices: Record<string, string> } | { ok: false; option: string; choice?: string };

/** The caller's option choices in the provider's names; an unknown option or choice is named. */
export function resolveChoices(
  product: Pick<OptionedProduct, 'productOptions'>,
  chosen: Record<string, string>,
): Resolution {
  const out: Record<string, string> = {};
  for (const [name, named] of Object.entries(chosen)) {
    const option = product.productOptions?.find((o) => o.name === name);
    if (!option) return { ok: false, option: name };
    const choice = findChoice(option, String(named));
    if (!choice) return { ok: false, option: name, choice: String(named) };
    out[name] = choiceName(option, choice);
  }
  return { ok: true, choices: out };
}

const sameChoices = (a: Record<string, string> | undefined, b: Record<string, string>) =>
  Object.entries(b).every(([k, v]) => a?.[k] === v);

/** Variants whose choices include every one given (in the provider's names). */
export const variantsWith = <V extends Variant>(variants: V[], choices: Record<string, string>): V[] =>
  variants.filter((v) => sameChoices(v.choices, choices));

export interface Selection<V extends Variant> {
  variant: V;
  /** The options a line names when the product does not manage variants (empty otherwise). */
  options: Record<string, string>;
}

/**
 * The variant a line or an availability request names: by variant id, by options (every option
 * of the product chosen), or none named (the only variant, else the first in stock).
 */
export function selectVariant<V extends Variant>(
  product: Omit<OptionedProduct, 'variants'> & { variants?: V[] },
  ref: { variantId?: string; options?: Record<string, string> } = {},
): Selection<V> | undefined {
  const variants = product.variants ?? [];
  if (ref.variantId) {
    const v = variants.find((x) => x.id === ref.variantId);
    return v ? { variant: v, options: {} } : undefined;
  }
  const named = ref.options ?? {};
  if (Object.keys(named).length) {
    const r = resolveChoices(product, named);
    if (!r.ok) return undefined;
    const options = product.productOptions ?? [];
    if (!options.every((o) => o.name !== undefined && r.choices[o.name] !== undefined)) return undefined;
    const exact = variants.find((v) => Object.keys(v.choices ?? {}).length && sameChoices(v.choices, r.choices));
    if (product.manageVariants) return exact ? { variant: exact, options: {} } : undefined;
    const fallback = exact ?? variants[0];
    return fallback ? { variant: fallback, options: r.choices } : undefined;
  }
  const v = variants.length === 1 ? variants[0] : (variants.find((x) => x.stock?.inStock !== false) ?? variants[0]);
  return v ? { variant: v, options: {} } : undefined;
}

/** Whether some in-stock variant has this choice together with the other options chosen. */
export function choiceAvailable(
  product: OptionedProduct,
  optionName: string,
  name: string,
  chosen: Record<string, string> = {},
): boolean {
  const others = Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== optionName));
  return (product.variants ?? []).some(
    (v) =>
      (!product.manageVariants && !Object.keys(v.choices ?? {}).length
        ? true
        : v.choices?.[optionName] === name && sameChoices(v.choices, others)) && v.stock?.inStock !== false,
  );
}
