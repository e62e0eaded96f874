import { collectionProducts } from '../../../lib/wix.js';
import { ProductList } from '../../product-card.jsx';

export default async function CollectionPage({ params }) {
  const { collection, items } = await collectionProducts((await params).slug);
  return (
    <>
      <h1>{collection.name}</h1>
      <ProductList products={items} />
    </>
  );
}
