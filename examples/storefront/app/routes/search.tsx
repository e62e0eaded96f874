import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { listingParams, productPage } from '../catalog.server.ts';
import { SORT_LABELS } from '../sorts.ts';
import { Listing } from '../components/listing.tsx';

/** Products whose name starts with the words searched for (the catalog's name filter is `$startsWith`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { search, sort, page } = listingParams(request);
  const q = (search.get('q') ?? '').trim();
  const filter = q ? { name: { $startsWith: q } } : {};
  return { q, sort, listing: await productPage(context.visitor.client, { filter, sort, page }) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `“${data.q}” · Search · Sandbox Store` : 'Search · Sandbox Store' },
];

export default function Search() {
  const { q, sort, listing } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{q ? `Search results for “${q}”` : 'All products'}</h1>
      <Listing listing={listing} sorts={SORT_LABELS} sort={sort} />
    </div>
  );
}
