import { Link } from 'react-router';
import { Money } from 'storefront-kit/react';
import { catalog } from '../catalog.server';
import type { Route } from './+types/home';

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Store' }];
}

export async function loader() {
  const answer = await catalog().products.queryProducts({ query: { paging: { limit: 20 } } });
  return { products: answer.products ?? [] };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Store</h1>
      <ul>
        {loaderData.products.map((product) => {
          const price = product.priceData;
          return (
            <li key={product.id}>
              <Link to={`/products/${product.slug}`}>{product.name}</Link>{' '}
              {price?.currency && price.price !== undefined && (
                <Money amount={String(price.price)} currency={price.currency} />
              )}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
