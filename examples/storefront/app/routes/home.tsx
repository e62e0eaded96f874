import { Link } from 'react-router';
import { browsableCollections, collectionBySlug, productPage } from '../catalog.server.ts';
import { ProductGrid } from '../components/product-card.tsx';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Sandbox Store' },
  { name: 'description', content: 'A storefront on storefront-kit and its sandbox.' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { client } = context.visitor;
  const [collections, featured] = await Promise.all([
    browsableCollections(client),
    collectionBySlug(client, 'hidden-homepage-featured-items'),
  ]);
  const products = featured?.id
    ? (
        await productPage(client, {
          filter: { collectionIds: { $hasSome: [featured.id] } },
          sort: 'relevance',
          page: 1,
        })
      ).products
    : [];
  return { collections, featured: products };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { collections, featured } = loaderData;
  return (
    <div className="page">
      <h1>Sandbox Store</h1>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">Featured</h2>
        <ProductGrid products={featured} />
      </section>
      <section aria-labelledby="collections-title">
        <h2 id="collections-title">Collections</h2>
        <ul className="collections">
          {collections.map((c) => (
            <li key={c.id}>
              <Link to={`/collections/${c.slug}`}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
