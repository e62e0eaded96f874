/** The catalog reads the pages' loaders make on the server, on the visitor's client. */
import { data } from 'react-router';
import type { ServerClient } from './kit.ts';

export const PAGE_SIZE = 8;

/** The orders a listing can be sorted in: the query's sort, and what the shopper sees. */
export const SORTS = {
  relevance: { label: 'Featured', sort: undefined },
  'price-asc': { label: 'Price: low to high', sort: [{ fieldName: 'price', order: 'ASC' as const }] },
  'price-desc': { label: 'Price: high to low', sort: [{ fieldName: 'price', order: 'DESC' as const }] },
  'name-asc': { label: 'Name: A to Z', sort: [{ fieldName: 'name', order: 'ASC' as const }] },
} as const;
export type SortKey = keyof typeof SORTS;
export const sortOf = (value: string | null): SortKey => (value && value in SORTS ? (value as SortKey) : 'relevance');

/** A 404 the route's error boundary shows (the status is the response's too). */
export const notFound = (what: string) => data({ what }, { status: 404 });

export async function productPage(
  client: ServerClient,
  { filter, sort, page }: { filter: Record<string, unknown>; sort: SortKey; page: number },
) {
  const order = SORTS[sort].sort;
  const answer = await client.products.queryProducts({
    query: {
      filter,
      ...(order ? { sort: [...order] } : {}),
      paging: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
  });
  const total = answer.totalResults ?? answer.products?.length ?? 0;
  return { products: answer.products ?? [], total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** The collection, or undefined when no collection has the slug (the API's 404). */
export async function collectionBySlug(client: ServerClient, slug: string) {
  try {
    return (await client.collections.getCollectionBySlug(slug)).collection;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

/** The collections a shopper browses (the homepage's hidden ones are for the home page's rows). */
export async function browsableCollections(client: ServerClient) {
  const answer = await client.collections.queryCollections({ query: { paging: { limit: 20 } } });
  return (answer.collections ?? []).filter((c) => !c.slug?.startsWith('hidden-'));
}
