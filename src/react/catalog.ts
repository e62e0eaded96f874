/** The catalog's hooks: a product by slug and a page of products, read once per key per provider. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  collectionsRead,
  productRead,
  productsRead,
  storeVariantsRead,
  type CatalogRead,
} from './catalog-resources.ts';
import type { LineDetails } from './cart-actions.ts';
import type {
  CollectionsPage,
  CollectionsQuery,
  LineItemInput,
  Product,
  ProductsPage,
  ProductsQuery,
  ReadErrors,
  StorefrontError,
  StoreVariant,
} from './client-types.ts';
import { useStorefront, useStoreSelector } from './provider.tsx';
import { ensureResource } from './resources.ts';
import { oncePerStore, type LineDescriber, type StorefrontStore } from './store.ts';
import { selectVariant, type Choices, type VariantSelection } from './variants.ts';

/** A read's state; `error` is typed by the read's operation (its catalogue codes). */
export type CatalogState<T, E extends StorefrontError = StorefrontError> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: E };

/**
 * Products a variant picker shows, by id, per store (two providers on a page never share them):
 * the page may have read them elsewhere (a router's loader), and a line added from the picker is
 * named from them before the answer.
 */
const pickedProducts = /* @__PURE__ */ oncePerStore(() => new Map<string, Product>());

// Here, not beside selectVariant in variants.ts: a page with the picker alone (no store) does not bundle it.
/** What a line of `product` shows before the cart has answered: its name, the unit price of its variant, its image. */
function lineDetails(product: Product, input: LineItemInput): LineDetails {
  const options = input.catalogReference?.options ?? {};
  const variantId = typeof options.variantId === 'string' ? options.variantId : undefined;
  const chosen = options.options && typeof options.options === 'object' ? (options.options as Choices) : undefined;
  const selection = selectVariant(product, chosen ?? product.variants?.find((v) => v.id === variantId)?.choices ?? {});
  const image = product.media?.mainMedia?.image;
  // Only what the page knows of the line: the server's answer fills the rest.
  return {
    name: product.name ? { original: product.name, translated: product.name } : undefined,
    pricing: selection.price && {
      unitPrice: { amount: selection.price.discountedAmount, convertedAmount: selection.price.discountedAmount },
    },
    attributes: image?.url ? { image: { url: image.url, width: image.width, height: image.height } } : undefined,
  } as LineDetails;
}

/** A line just added shows its product's name, price and image when the page has read or shows the product. */
const describeFromCatalog =
  (store: StorefrontStore): LineDescriber =>
  (line, snapshot) => {
    const id = line.catalogReference?.catalogItemId;
    const picked = id && pickedProducts(store).get(id);
    if (picked) return lineDetails(picked, line);
    for (const r of Object.values(snapshot.resources)) {
      if (r.status !== 'success' || !r.data || typeof r.data !== 'object') continue;
      const data = r.data as Product & ProductsPage;
      const product = data.id === id ? data : data.products?.find((p) => p.id === id);
      if (product) return lineDetails(product, line);
    }
    return {};
  };

/** A read by key: the first component that asks reads it (after mount), every other shares it. */
export function useCatalogRead<T, E extends StorefrontError>(read: CatalogRead<T>): CatalogState<T, E> {
  const store = useStorefront();
  // Read again when the read is forgotten (the person changed), not only when the key does.
  const absent = useStoreSelector((s) => !(read.key in s.resources));
  useEffect(() => {
    store.setLineDescriber(describeFromCatalog(store));
    void ensureResource(store, read.key, read.load);
  }, [store, read.key, absent]);
  return useStoreSelector((s): CatalogState<T, E> => {
    const r = s.resources[read.key];
    if (r?.status === 'success') return { status: 'success', data: r.data as T, error: undefined };
    // The error the read's own operation threw (typed by its catalogue).
    if (r?.status === 'error') return { status: 'error', data: undefined, error: r.error as E };
    return { status: 'loading', data: undefined, error: undefined };
  });
}

/** A product by slug (data null: no visible product has it). A server prefetch makes it ready on the first render. */
export const useProduct = (slug: string): CatalogState<Product | null, ReadErrors['product']> =>
  useCatalogRead(productRead(slug));

/** A page of products for a queryProducts query (the same query, in any key order, is one read). */
export const useProducts = (query: ProductsQuery): CatalogState<ProductsPage, ReadErrors['products']> =>
  useCatalogRead(productsRead(query));

/**
 * A page of collections for a queryCollections query, paged as the spec pages it: by offset
 * (`{ query: { paging: { limit, offset } } }`, at most 100 a page), the page's `metadata` saying
 * `count`, `offset` and `total`. Each page is its own read, kept by its query.
 */
export const useCollections = (
  query: CollectionsQuery = {},
): CatalogState<CollectionsPage, ReadErrors['collections']> => useCatalogRead(collectionsRead(query));

/**
 * The variant picker of a product: `selectVariant`'s state (the same rules run on the server),
 * with `select(option, choice)` to change one choice. `initial` is where it starts, e.g. the
 * choices of the page's URL (each choice's `search`), so the server renders the same picker.
 * `storeVariants` (useStoreVariants) adds preorder: the product's answer does not carry it.
 */
export function useVariantSelection(
  product: Product,
  initial: Choices = {},
  storeVariants?: StoreVariant[],
): VariantSelection & { select(option: string, choice: string): void } {
  const store = useStorefront();
  const [selected, setSelected] = useState(initial);
  const select = useCallback((option: string, choice: string) => setSelected((s) => ({ ...s, [option]: choice })), []);
  useEffect(() => rememberProduct(store, product), [store, product]);
  return useMemo(
    () => ({ ...selectVariant(product, selected, storeVariants), select }),
    [product, selected, storeVariants, select],
  );
}

/**
 * A line of `product` added to the store's cart shows the product's name, image, price and
 * choices at once, before the server answers; `useVariantSelection` does it while it is mounted.
 * For a page that adds without the hook (its picker is `selectVariant`, its store made later):
 * call it before the add. Returns the undo.
 */
export function rememberProduct(store: StorefrontStore, product: Product): () => void {
  const id = product.id;
  if (!id) return () => {};
  store.setLineDescriber(describeFromCatalog(store));
  const picked = pickedProducts(store);
  picked.set(id, product);
  return () => {
    if (picked.get(id) === product) picked.delete(id);
  };
}

/**
 * A product's store variants (`queryStoreVariants`, which needs the products module), for what
 * the product's own answer does not say: preorder. Give `data` to `useVariantSelection` or
 * `<Product storeVariants>`.
 */
export const useStoreVariants = (productId: string): CatalogState<StoreVariant[], ReadErrors['storeVariants']> =>
  useCatalogRead(storeVariantsRead(productId));
