/**
 * What a cart, checkout or order line says about the catalog item it names: the page-URL
 * object, the description lines of its chosen options (a colour by its name, with its code),
 * and whether two lines name the same thing (and merge).
 */
import type { components } from '../../../generated/types/current-cart.ts';
import { appError, type SandboxError } from '../platform/errors.ts';
import type { Db, JsonObject } from '../platform/types.ts';
import { STORES_APP_ID } from '../../provider-ids.ts';
import { findProduct, priceForVariant } from './catalog/catalog.ts';
import { toMinor, type Minor } from './money.ts';
import { colourCode, type OptionedProduct } from './catalog/options.ts';
import { trimChar } from '../../normalise/text.ts';

export interface PageUrl {
  relativePath: string;
  url: string;
}

/** A product's page as a line's `url`: `{relativePath, url}`, joined without a double slash. */
export function pageUrl(page: { base?: string; path?: string } | undefined): PageUrl | undefined {
  if (!page?.path && !page?.base) return undefined;
  const path = page.path ? (page.path.startsWith('/') ? page.path : `/${page.path}`) : '/';
  return { relativePath: path, url: `${trimChar(page.base ?? '', '/')}${path}` };
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

/** Why a catalog line cannot be built. */
export type CatalogLineProblem = { problem: 'UNSUPPORTED_CATALOG' | 'ITEM_NOT_FOUND' | 'VARIANT_NOT_FOUND' };

/** Why a line cannot be built, in the provider's words. */
export function catalogLineError({ problem }: CatalogLineProblem, ref: JsonObject): SandboxError {
  if (problem === 'UNSUPPORTED_CATALOG')
    return appError(400, problem, `Catalog app ${ref.appId} is not emulated (only the stores app ${STORES_APP_ID})`);
  if (problem === 'ITEM_NOT_FOUND')
    return appError(400, problem, `Product ${ref.catalogItemId} not found in the catalog`, {
      catalogItemId: ref.catalogItemId,
    });
  return appError(400, problem, `No variant of product ${ref.catalogItemId} matches ${JSON.stringify(ref.options)}`);
}

/** What the catalog says of a line: the wire fields it fills, and its prices in minor units. */
export type CatalogLine = Pick<
  components['schemas']['LineItem'],
  | 'catalogReference'
  | 'productName'
  | 'url'
  | 'itemType'
  | 'paymentOption'
  | 'physicalProperties'
  | 'descriptionLines'
  | 'image'
> & { unit: Minor; full: Minor };

/**
 * A line priced from the store catalog (never from the caller): the same fields whether it is a
 * cart's, a checkout's or an order's. Prices are minor units here; the caller puts them on the wire.
 */
export function catalogLine(
  db: Db,
  ref: { appId?: string; catalogItemId?: string; options?: JsonObject } | undefined,
  opts: { hidden?: boolean } = {},
): CatalogLine | CatalogLineProblem {
  if (ref?.appId !== STORES_APP_ID) return { problem: 'UNSUPPORTED_CATALOG' };
  const product = findProduct(db, ref.catalogItemId ?? '');
  if (!product || (product.visible === false && !opts.hidden)) return { problem: 'ITEM_NOT_FOUND' };
  const pricing = priceForVariant(product, ref.options ?? {});
  if (!pricing) return { problem: 'VARIANT_NOT_FOUND' };
  // A product without managed variants is bought by its options; a managed variant by its id.
  const options = Object.keys(pricing.options).length ? { options: pricing.options } : { variantId: pricing.variantId };
  const main = product.media?.mainMedia;
  return {
    unit: toMinor(pricing.price),
    full: toMinor(pricing.fullPrice),
    catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID, options },
    productName: { original: product.name ?? undefined, translated: product.name ?? undefined },
    url: pageUrl(product.productPageUrl),
    itemType: { preset: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    physicalProperties: { weight: pricing.weight, sku: pricing.sku, shippable: product.productType !== 'digital' },
    descriptionLines: descriptionLines(product, pricing.choices),
    ...(main?.image?.url
      ? { image: { id: main.id, url: main.image.url, width: main.image.width, height: main.image.height } }
      : {}),
  };
}
