import Image from 'next/image';
import Link from 'next/link';

/** A product in a list: its main image through next/image (the provider's media host), name and price. */
export function ProductCard({ product }) {
  const image = product.media?.mainMedia?.image;
  return (
    <li data-testid="product">
      <Link href={`/product/${product.slug}`}>
        {image && (
          <Image
            src={image.url}
            width={240}
            height={Math.round((240 * image.height) / image.width)}
            alt={product.name}
          />
        )}
        <span>{product.name}</span>
      </Link>{' '}
      <span>{product.priceData?.formatted?.price}</span>
    </li>
  );
}

export function ProductList({ products }) {
  return (
    <ul>
      {products.map((p) => (
        <ProductCard key={p._id} product={p} />
      ))}
    </ul>
  );
}
