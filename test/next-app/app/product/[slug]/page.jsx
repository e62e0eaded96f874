import Image from 'next/image';
import { notFound } from 'next/navigation';
import { productBySlug } from '../../../lib/wix.js';
import { addToCart } from '../../actions.js';

export default async function ProductPage({ params }) {
  const product = await productBySlug((await params).slug);
  if (!product) notFound();
  const image = product.media?.mainMedia?.image;
  return (
    <>
      <h1>{product.name}</h1>
      {image && <Image src={image.url} width={image.width} height={image.height} alt={product.name} priority />}
      <p data-testid="price">{product.priceData?.formatted?.price}</p>
      <form action={addToCart}>
        <input type="hidden" name="slug" value={product.slug} />
        <button type="submit">Add to cart</button>
      </form>
    </>
  );
}
