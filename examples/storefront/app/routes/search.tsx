import { listingParams, productPage } from '../catalog.server.ts';
import { SORT_LABELS } from '../sorts.ts';
import { Listing } from '../components/listing.tsx';
import type { Route } from './+types/search';

/** Products whose name starts with the words searched for (the catalog's name filter is `$startsWith`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, sort, page } = listingParams(request);
  const q = (search.get('q') ?? '').trim();
  const filter = q ? { name: { $startsWith: q } } : {};
  return { q, sort, listing: await productPage(context.visitor.client, { filter, sort, page }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.q ? `“${loaderData.q}” · Search · Sandbox Store` : 'Search · Sandbox Store' },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, sort, listing } = loaderData;
  return (
    <div className="page">
      <h1>{q ? `Search results for “${q}”` : 'All products'}</h1>
      <Listing listing={listing} sorts={SORT_LABELS} sort={sort} />
    </div>
  );
}
