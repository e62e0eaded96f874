import { Form, Link, useSearchParams } from 'react-router';
import type { Product } from 'storefront-kit/react';
import { ProductGrid } from './product-card.tsx';

export interface ListingData {
  products: Product[];
  total: number;
  page: number;
  pages: number;
}

/** Sorting (a GET form, so it works without JavaScript) and paging links over a page of products. */
export function Listing({
  listing,
  sorts,
  sort,
}: {
  listing: ListingData;
  sorts: Record<string, string>;
  sort: string;
}) {
  const [params] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next}`;
  };
  return (
    <>
      <div className="listing-bar">
        <p role="status">
          {listing.total === 1 ? '1 product' : `${listing.total} products`}
          {listing.pages > 1 && `, page ${listing.page} of ${listing.pages}`}
        </p>
        <Form method="get" className="sort">
          {params.get('q') !== null && <input type="hidden" name="q" value={params.get('q') ?? ''} />}
          <label htmlFor="sort">Sort by </label>
          <select
            id="sort"
            name="sort"
            defaultValue={sort}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {Object.entries(sorts).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit">Sort</button>
          </noscript>
        </Form>
      </div>
      <ProductGrid products={listing.products} />
      {listing.pages > 1 && (
        <nav aria-label="Pages" className="pager">
          {listing.page > 1 ? <Link to={pageLink(listing.page - 1)}>Previous page</Link> : <span />}
          <span>
            Page {listing.page} of {listing.pages}
          </span>
          {listing.page < listing.pages ? <Link to={pageLink(listing.page + 1)}>Next page</Link> : <span />}
        </nav>
      )}
    </>
  );
}
