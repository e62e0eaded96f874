/** The catalog reads the pages' loaders make on the server, on the visitor's client. */
import { data } from 'react-router';
import type { ServerClient } from './kit.ts';
import { SORTS, sortOf, type SortKey } from './sorts.ts';

export const PAGE_SIZE = 8;

/** The listing's sort and page from the address (`?sort=price-asc&page=2`). */
export function listingParams(request: Request) {
  const search = new URL(request.url).searchParams;
  const page = Number(search.get('page'));
  return { search, sort: sortOf(search.get('sort')), page: Number.isInteger(page) && page > 0 ? page : 1 };
}

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
