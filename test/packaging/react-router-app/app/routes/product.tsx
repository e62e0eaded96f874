import { data, Link } from 'react-router';
import { Image, Money } from 'storefront-kit/react';
import { catalog } from '../catalog.server';
import type { Route } from './+types/product';

export async function loader({ params }: Route.LoaderArgs) {
  const answer = await catalog().products.queryProducts({ query: { filter: { slug: params.slug } } });
  const product = answer.products?.[0];
  if (!product) throw data('No such product', { status: 404 });
  return { product };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.product.name ?? 'Product' }];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const price = product.priceData;
  const image = product.media?.mainMedia?.image;
  return (
    <main>
      <Link to="/">All products</Link>
      <h1>{product.name}</h1>
      {image?.url && <Image image={image} width={480} alt={product.name ?? ''} loading="eager" />}
      {price?.currency && price.price !== undefined && (
        <p className="price">
          <Money amount={String(price.price)} currency={price.currency} />
        </p>
      )}
      {product.description && <p>{product.description}</p>}
    </main>
  );
}
