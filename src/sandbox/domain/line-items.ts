/**
 * What a cart, checkout or order line says about the catalog item it names: the page-URL
 * object, the description lines of its chosen options (a colour by its name, with its code),
 * and whether two lines name the same thing (and merge).
 */
import { colourCode, type OptionedProduct } from './options.ts';

export interface PageUrl {
  relativePath: string;
  url: string;
}

/** A product's page as a line's `url`: `{relativePath, url}`, joined without a double slash. */
export function pageUrl(page: { base?: string; path?: string } | undefined): PageUrl | undefined {
  if (!page?.path && !page?.base) return undefined;
  const path = page.path ? (page.path.startsWith('/') ? page.path : `/${page.path}`) : '/';
  return { relativePath: path, url: `${(page.base ?? '').replace(/\/+$/, '')}${path}` };
}

export interface DescriptionLine {
  name: { original: string; translated: string };
  lineType: 'PLAIN_TEXT' | 'COLOR';
  plainText?: { original: string; translated: string };
  colorInfo?: { original: string; translated: string; code: string };
}

/** One description line per chosen option; a colour is a COLOR line naming it, with its code. */
export function descriptionLines(product: OptionedProduct, choices: Record<string, string>): DescriptionLine[] {
  return Object.entries(choices).map(([option, choice]) => {
    const name = { original: option, translated: option };
    const code = colourCode(product, option, choice);
    return code
      ? { name, colorInfo: { original: choice, translated: choice, code }, lineType: 'COLOR' }
      : { name, plainText: { original: choice, translated: choice }, lineType: 'PLAIN_TEXT' };
  });
}

interface Referenced {
  catalogReference?: { catalogItemId?: string; options?: { variantId?: string; options?: Record<string, string> } };
}

const optionsKey = (o: Record<string, string> | undefined) =>
  JSON.stringify(Object.entries(o ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Two lines name the same item: product, variant and (for a product without managed variants) options. */
export function sameItem(a: Referenced, b: Referenced): boolean {
  const x = a.catalogReference;
  const y = b.catalogReference;
  return (
    x?.catalogItemId === y?.catalogItemId &&
    x?.options?.variantId === y?.options?.variantId &&
    optionsKey(x?.options?.options) === optionsKey(y?.options?.options)
  );
}
