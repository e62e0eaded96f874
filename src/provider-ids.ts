/**
 * The provider's fixed ids: the same on every site, so the client, the React layer, the console
 * and the sandbox's rules all name them from here (a seed's own ids are seed data, not these).
 */

/** The provider's Stores app: a catalog reference with this appId points at the store catalog. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** The id of the one variant of a product without options (Catalog V1 and V3). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** The All Products collection every store has (Catalog V1): its id and slug. */
export const ALL_PRODUCTS_COLLECTION = { id: '00000000-000000-000000-000000000001', slug: 'all-products' } as const;
