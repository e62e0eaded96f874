/**
 * Catalog V3's reads over the one catalog: which products a caller sees (visible ones; an API
 * key sees all), what a query, a search and a count find, and a product by id or slug. Queries
 * filter and sort V3's view of each product (its field names), paged by a cursor that carries
 * the query.
 */
import { appError } from '../../platform/errors.ts';
import {
  getField,
  queryCursor,
  type CursorPage,
  type Filter,
  type SortRules,
  type SortSpec,
} from '../../platform/query-engine.ts';
import type { Db } from '../../platform/types.ts';
import { PRODUCTS, type StoredProduct } from '../catalog/catalog.ts';
import { missing, shows } from '../catalog/catalog-reader.ts';
import { toV3, type RequestedField, type V3Lens, type V3Product } from './view.ts';

/** A V3 read's caller: whether it is elevated (an API key), which sees hidden products and merchant data. */
export interface V3Reader {
  elevated: boolean;
  fields?: RequestedField[] | null;
}

/** What the answer shows; MERCHANT_DATA needs an API key (NO_PERMISSION_TO_READ_MERCHANT_DATA, 403). */
export function lensOf(reader: V3Reader): V3Lens {
  const fields = new Set(reader.fields ?? []);
  if (fields.has('MERCHANT_DATA') && !reader.elevated)
    throw appError(403, 'NO_PERMISSION_TO_READ_MERCHANT_DATA', 'MERCHANT_DATA needs permission to manage products');
  return { fields, merchant: reader.elevated };
}

/** Whether a filter keeps no more than visible products (`visible` only ever asked true). */
function asksVisibleOnly(filter: unknown): boolean {
  if (Array.isArray(filter)) return filter.every(asksVisibleOnly);
  if (!filter || typeof filter !== 'object') return true;
  return Object.entries(filter).every(([key, value]) =>
    key === 'visible'
      ? value === true ||
        (typeof value === 'object' &&
          value !== null &&
          Object.keys(value).join() === '$eq' &&
          getField(value, '$eq') === true)
      : asksVisibleOnly(value),
  );
}

/** The products the reader sees; a visitor's filter on hidden ones answers NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS (403). */
function seen(db: Db, reader: V3Reader, filter: unknown): StoredProduct[] {
  if (!reader.elevated && !asksVisibleOnly(filter))
    throw appError(
      403,
      'NO_PERMISSION_TO_INCLUDE_NOT_VISIBLE_PRODUCTS',
      'Only visible products can be read without permission to manage products',
    );
  return db.list(PRODUCTS).filter((p) => shows(p, reader.elevated));
}

/** A product by id or slug as the reader sees it; a missing or hidden one is a standard 404. */
export function readV3(db: Db, by: 'id' | 'slug', value: string, reader: V3Reader): V3Product {
  const lens = lensOf(reader);
  const p = by === 'id' ? db.get(PRODUCTS, value) : db.list(PRODUCTS, { slug: value })[0];
  if (!p || !shows(p, reader.elevated)) throw missing('Product', value);
  return toV3(db, p, lens);
}

/** What a query sorts by (V3ProductQuerySpec); a search sorts by more. */
const QUERY_SORT: SortRules<V3Product> = {
  slug: { type: 'text' },
  visible: { type: 'text' },
  createdDate: { type: 'date' },
  updatedDate: { type: 'date' },
};
const amountOf = (path: string) => (p: V3Product) => Number(getField(p, path));
const SEARCH_SORT: SortRules<V3Product> = {
  ...QUERY_SORT,
  name: { type: 'text' },
  'brand.name': { type: 'text' },
  'actualPriceRange.minValue.amount': { type: 'number', key: amountOf('actualPriceRange.minValue.amount') },
  'actualPriceRange.maxValue.amount': { type: 'number', key: amountOf('actualPriceRange.maxValue.amount') },
};

/** What a search's filter reads: the V3 view with its price amounts as numbers. */
function searchView(p: V3Product): unknown {
  const numeric = (r: V3Product['actualPriceRange']) =>
    r && { minValue: { amount: Number(r.minValue?.amount) }, maxValue: { amount: Number(r.maxValue?.amount) } };
  return { ...p, actualPriceRange: numeric(p.actualPriceRange), compareAtPriceRange: numeric(p.compareAtPriceRange) };
}

const AMOUNT = /^(actualPriceRange|compareAtPriceRange)\.(minValue|maxValue)\.amount$/;

/**
 * A search filter with its price amounts as numbers: the official SDK types them as text (V3's
 * money is decimal text), a caller may send numbers; both compare as numbers.
 */
function numericAmounts(filter: unknown, amount = false): unknown {
  if (Array.isArray(filter)) return filter.map((f) => numericAmounts(f, amount));
  if (filter && typeof filter === 'object')
    return Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, numericAmounts(v, amount || AMOUNT.test(k))]));
  return amount && typeof filter === 'string' && filter.trim() !== '' && Number.isFinite(Number(filter))
    ? Number(filter)
    : filter;
}

/** Whether every word of the expression is in the product's name, description or variant skus (case-insensitive). */
function matchesText(p: StoredProduct, expression: string | null | undefined): boolean {
  const words = (expression ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [p.name, String(p.description ?? '').replace(/<[^<>]*>/g, ' '), ...p.variants.map((v) => v.variant.sku)]
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

export interface V3Query {
  filter?: Filter | null;
  sort?: SortSpec[];
  cursorPaging?: { limit?: number | null; cursor?: string | null };
}

/** The page size when a V3 query names none. */
const DEFAULT_LIMIT = 100;

/** A query's (or, with `search`, a search's) page of products. */
export function queryV3(
  db: Db,
  q: V3Query,
  reader: V3Reader,
  search?: { expression?: string | null },
): CursorPage<V3Product> {
  const lens = lensOf(reader);
  const products = seen(db, reader, q.filter).filter((p) => matchesText(p, search?.expression));
  return queryCursor(
    products.map((p) => toV3(db, p, lens)),
    search ? { ...q, filter: numericAmounts(q.filter) as Filter | null | undefined } : q,
    search
      ? { defaultLimit: DEFAULT_LIMIT, rules: SEARCH_SORT, sortPath: 'search.sort', filterView: searchView }
      : { defaultLimit: DEFAULT_LIMIT, rules: QUERY_SORT, sortPath: 'query.sort' },
  );
}

/** How many products the reader sees match the filter and the free text. */
export function countV3(
  db: Db,
  filter: Filter | null | undefined,
  expression: string | null | undefined,
  reader: V3Reader,
): number {
  const lens = lensOf(reader);
  return queryCursor(
    seen(db, reader, filter)
      .filter((p) => matchesText(p, expression))
      .map((p) => toV3(db, p, lens)),
    { filter: numericAmounts(filter) as Filter | null | undefined },
    { defaultLimit: Number.MAX_SAFE_INTEGER, filterView: searchView },
  ).items.length;
}
