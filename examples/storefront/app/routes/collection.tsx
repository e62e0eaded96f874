import { collectionBySlug, listingParams, notFound, productPage } from '../catalog.server.ts';
import { SORT_LABELS } from '../sorts.ts';
import { Listing } from '../components/listing.tsx';
import { PageError } from '../components/not-found.tsx';
import type { Route } from './+types/collection';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { client } = context.visitor;
  const collection = await collectionBySlug(client, params.slug);
  if (!collection?.id || collection.visible === false) throw notFound('collection');
  const { sort, page } = listingParams(request);
  const filter = { collectionIds: { $hasSome: [collection.id] } };
  return { collection, sort, listing: await productPage(client, { filter, sort, page }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.collection.name} · Sandbox Store` : 'Collection not found' },
];

export const ErrorBoundary = PageError;

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, sort, listing } = loaderData;
  return (
    <div className="page">
      <h1>{collection.name}</h1>
      {collection.description && <p>{collection.description}</p>}
      <Listing listing={listing} sorts={SORT_LABELS} sort={sort} />
    </div>
  );
}
