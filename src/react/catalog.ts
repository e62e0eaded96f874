/** The catalog's hooks: a product by slug and a page of products, read once per key per provider. */
import { useEffect } from 'react';
import { productRead, productsRead, type CatalogRead } from './catalog-resources.ts';
import type { Product, ProductsPage, ProductsQuery, StorefrontError } from './client-types.ts';
import { useStorefront, useStoreSelector } from './provider.tsx';

export type CatalogState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: StorefrontError };

function useCatalogRead<T>(read: CatalogRead<T>): CatalogState<T> {
  const store = useStorefront();
  useEffect(() => void store.ensureResource(read.key, read.load), [store, read.key]);
  return useStoreSelector((s): CatalogState<T> => {
    const r = s.resources[read.key];
    if (r?.status === 'success') return { status: 'success', data: r.data as T, error: undefined };
    if (r?.status === 'error') return { status: 'error', data: undefined, error: r.error };
    return { status: 'loading', data: undefined, error: undefined };
  });
}

/** A product by slug (data null: no visible product has it). A server prefetch makes it ready on the first render. */
export const useProduct = (slug: string): CatalogState<Product | null> => useCatalogRead(productRead(slug));

/** A page of products for a queryProducts query (the same query, in any key order, is one read). */
export const useProducts = (query: ProductsQuery): CatalogState<ProductsPage> => useCatalogRead(productsRead(query));
