import { Link } from 'react-router';
import { Image, Money, type Product } from 'storefront-kit/react';

/** A product in a listing: its picture, name and price, one link to its page. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const image = product.media?.mainMedia?.image;
  const price = product.priceData ?? product.price;
  const discounted = price?.discountedPrice !== undefined && price.discountedPrice !== price.price;
  return (
    <li className="card">
      <Link to={`/products/${product.slug}`}>
        {image?.url ? (
          <Image image={image} width={280} alt="" loading={eager ? 'eager' : 'lazy'} />
        ) : (
          <span className="thumb" aria-hidden="true" />
        )}
        <span className="card-name">{product.name}</span>
      </Link>
      {price?.currency && price.price !== undefined && (
        <span className="card-price">
          {discounted ? (
            <>
              <s aria-label="Was">
                <Money amount={String(price.price)} currency={price.currency} />
              </s>{' '}
              <Money amount={String(price.discountedPrice)} currency={price.currency} />
            </>
          ) : (
            <Money amount={String(price.price)} currency={price.currency} />
          )}
        </span>
      )}
    </li>
  );
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < 4} />
      ))}
    </ul>
  );
}
