import Link from 'next/link';
import { wixClient } from '../lib/wix.js';
import { ProductList } from './product-card.jsx';

export default async function Home() {
  const client = await wixClient();
  const [{ items: products }, { items: collections }] = await Promise.all([
    client.products.queryProducts().limit(6).find(),
    client.collections.queryCollections().find(),
  ]);
  return (
    <>
      <h1>Home</h1>
      <ul data-testid="collections">
        {collections.map((c) => (
          <li key={c._id}>
            <Link href={`/collection/${c.slug}`}>{c.name}</Link>
          </li>
        ))}
      </ul>
      <ProductList products={products} />
    </>
  );
}
