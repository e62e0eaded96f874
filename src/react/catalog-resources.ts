/** The catalog's reads by key, shared by the server's prefetches and the hooks (no React). */
import { ClientError } from '../index.ts';
import type { Product, ProductsPage, ProductsQuery, StorefrontClient } from './client-types.ts';
import { stableKey } from './data.ts';

export interface CatalogRead<T> {
  key: string;
  load(client: StorefrontClient): Promise<T>;
}

const productsModule = (client: StorefrontClient) => {
  if (!client.products)
    throw new ClientError(
      'storefront-kit/react: the catalog needs the products module in the client (createClient({ modules: { products } }))',
    );
  return client.products;
};

/** A product by its slug (null: no visible product has it). */
export const productRead = (slug: string): CatalogRead<Product | null> => ({
  key: `product:${slug}`,
  load: async (client) =>
    (await productsModule(client).queryProducts({ query: { filter: { slug } } })).products?.[0] ?? null,
});

/** A page of products, as queryProducts answers it. */
export const productsRead = (query: ProductsQuery): CatalogRead<ProductsPage> => ({
  key: `products:${stableKey(query)}`,
  load: (client) => productsModule(client).queryProducts(query),
});
