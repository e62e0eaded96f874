/** The catalog's and the member's reads by key, shared by the server's prefetches and the hooks (no React). */
import { ClientError } from '../index.ts';
import type {
  CollectionsPage,
  CollectionsQuery,
  Member,
  MemberQuery,
  Product,
  ProductsPage,
  ProductsQuery,
  StoreVariant,
  StorefrontClient,
  Wishlist,
  WishlistQuery,
} from './client-types.ts';
import { stableKey } from './data.ts';

export interface CatalogRead<T> {
  key: string;
  /** Rejects, never throws: a client without the module is the read's error, as any other. */
  load(client: StorefrontClient): Promise<T>;
}

type OptionalModule = Exclude<keyof StorefrontClient, 'currentCart'>;

/** The client's module, or a clear error naming what to add to createClient. */
const moduleOf = <K extends OptionalModule>(client: StorefrontClient, name: K): NonNullable<StorefrontClient[K]> => {
  const module = client[name];
  if (!module)
    throw new ClientError(
      `storefront-kit/react: this read needs the ${name} module in the client (createClient({ modules: { ${name} } }))`,
    );
  return module;
};

/** A product by its slug (null: no visible product has it). */
export const productRead = (slug: string): CatalogRead<Product | null> => ({
  key: `product:${slug}`,
  load: async (client) =>
    (await moduleOf(client, 'products').queryProducts({ query: { filter: { slug } } })).products?.[0] ?? null,
});

/** A page of products, as queryProducts answers it. */
export const productsRead = (query: ProductsQuery): CatalogRead<ProductsPage> => ({
  key: `products:${stableKey(query)}`,
  load: async (client) => moduleOf(client, 'products').queryProducts(query),
});

/** A product's store variants (at most 100: a product has no more variants), with their preorder. */
export const storeVariantsRead = (productId: string): CatalogRead<StoreVariant[]> => ({
  key: `storeVariants:${productId}`,
  load: async (client) => {
    const products = moduleOf(client, 'products');
    if (!products.queryStoreVariants)
      throw new ClientError('storefront-kit/react: useStoreVariants() needs the products module in the client');
    const page = await products.queryStoreVariants({ query: { filter: { productId }, paging: { limit: 100 } } });
    return page.variants ?? [];
  },
});

/** A page of collections, as queryCollections answers it. */
export const collectionsRead = (query: CollectionsQuery): CatalogRead<CollectionsPage> => ({
  key: `collections:${stableKey(query)}`,
  load: async (client) => moduleOf(client, 'collections').queryCollections(query),
});

/** What belongs to whoever is signed in: dropped when the visitor signs in or out. */
export const IDENTITY_KEY = 'identity:';

/** The signed-in member (null for a visitor: the read is not sent). */
export const memberRead = (query: MemberQuery, signedIn: boolean): CatalogRead<Member | null> => ({
  key: `${IDENTITY_KEY}member:${signedIn}:${stableKey(query)}`,
  load: async (client) =>
    signedIn ? ((await moduleOf(client, 'members').getCurrentMember(query)).member ?? null) : null,
});

/** A page of a wishlist. */
export const wishlistRead = (query: WishlistQuery): CatalogRead<Wishlist> => ({
  key: `${IDENTITY_KEY}wishlist:${stableKey(query)}`,
  load: async (client) => (await moduleOf(client, 'wishlist').getWishlistById(query)).wishlist,
});
