import { wixClient } from '../../lib/wix.js';
import { ProductList } from '../product-card.jsx';

export default async function SearchPage({ searchParams }) {
  const q = (await searchParams).q ?? '';
  const { items } = await (await wixClient()).products.queryProducts().startsWith('name', q).find();
  return (
    <>
      <h1>Search</h1>
      <form action="/search">
        <input name="q" defaultValue={q} aria-label="Search products" />
        <button type="submit">Search</button>
      </form>
      <p data-testid="result-count">{items.length} results</p>
      <ProductList products={items} />
    </>
  );
}
