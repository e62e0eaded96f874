/**
 * Named starting stores: what a sandbox holds after a start or a reset, chosen by name
 * (`createSandbox({ store })`, `--store`, `POST /__sandbox/reset {"store": ...}`, `sandbox.reset({ store })`).
 * - `demo`: the seeded demo store (every module's seed: catalog, members, carts, orders);
 * - `empty`: the site's settings and nothing else (no products, members, carts or orders);
 * - `catalog-v3`: the demo store on a site that answers Catalog V3 only (catalogVersion V3_CATALOG);
 * - `large`: the demo store and 10,000 more products with variants in 50 more collections,
 *   made deterministically (the same ids, names, prices, options and stock every time).
 */
import { ALL_PRODUCTS_COLLECTION_ID, COLLECTIONS } from '../domain/catalog/collections.ts';
import {
  priceData,
  PRODUCTS,
  recompute,
  slugify,
  type StoredOption,
  type StoredProduct,
} from '../domain/catalog/catalog.ts';
import { buildVariants } from '../domain/catalog/product-prices.ts';
import { costData } from '../domain/catalog/pricing.ts';
import type { SeedContext, StartingStore } from '../platform/module.ts';
import type { StartingStoreName } from '../platform/starting-stores.ts';
import { DEFAULT_VARIANT_ID } from '../../provider-ids.ts';
import { seededId } from './ids.ts';
import { INVENTORY_REVISIONS, inventoryItemId } from '../domain/catalog/inventory-items.ts';

/** Products the large store adds to the demo store's. */
export const LARGE_STORE_PRODUCTS = 10_000;
/** Collections the large store adds (each of its products is in one, besides All Products). */
export const LARGE_STORE_COLLECTIONS = 50;

/** Ids of the large store's products, variants and collections: seeded ids under prefixes of their own. */
export const largeStoreIds = {
  product: (n: number) => seededId('6b3b0000', n),
  variant: (n: number, k: number) => seededId('00000001', n * 100 + k + 1),
  collection: (n: number) => seededId('7c010000', n),
};

const WORDS = ['Linen', 'Canvas', 'Wool', 'Cotton', 'Cedar', 'Slate', 'Amber', 'Harbor', 'Meadow', 'Granite'];
const THINGS = ['shirt', 'tote', 'mug', 'lamp', 'notebook', 'scarf', 'bottle', 'candle', 'tray', 'cap'];
const SIZES: StoredOption = {
  optionType: 'drop_down',
  name: 'Size',
  choices: ['S', 'M', 'L'].map((v) => ({ value: v, description: v, visible: true, inStock: true })),
};
const COLOURS: StoredOption = {
  optionType: 'color',
  name: 'Color',
  choices: [
    { value: '#1B4D3E', description: 'Green', visible: true, inStock: true },
    { value: '#C0392B', description: 'Red', visible: true, inStock: true },
  ],
};

/** Product n of the large store (1-based): a third sized, a third coloured, a third without options. */
function largeProduct(n: number, now: Date): StoredProduct {
  const name = `${WORDS[n % 10]} ${THINGS[Math.floor(n / 10) % 10]} ${n}`;
  const price = 5 + ((n * 37) % 200);
  const cost = Math.round(price * 0.4);
  const sku = `SFK-L${String(n).padStart(5, '0')}`;
  const options = n % 3 === 0 ? [structuredClone(SIZES)] : n % 3 === 1 ? [structuredClone(COLOURS)] : [];
  const slug = slugify(name);
  const weight = 0.1 + (n % 10) / 10;
  const p: StoredProduct = {
    id: largeStoreIds.product(n),
    name,
    slug,
    visible: true,
    productType: 'physical',
    description: `${name}: a product of the large starting store.`,
    sku,
    weight,
    stock: { trackInventory: true, quantity: 0, inStock: true, inventoryStatus: 'IN_STOCK' },
    priceData: priceData(price, undefined),
    discount: { type: 'NONE', value: 0 },
    costAndProfitData: costData(price, cost),
    productOptions: options,
    manageVariants: options.length > 0,
    media: { items: [] },
    productPageUrl: { base: 'https://sandbox.store/', path: `/product-page/${slug}` },
    numericId: String(100_000 + n),
    collectionIds: [ALL_PRODUCTS_COLLECTION_ID, largeStoreIds.collection(1 + (n % LARGE_STORE_COLLECTIONS))],
    createdDate: now.toISOString(),
    ribbons: [],
    customTextFields: [],
    additionalInfoSections: [],
    variants: [],
  };
  p.variants = buildVariants(
    options,
    { price, cost, weight, sku, discount: p.discount },
    (k) => (options.length ? largeStoreIds.variant(n, k) : DEFAULT_VARIANT_ID),
    (k) => (n * 7 + k * 3) % 40,
  );
  return recompute(p, now);
}

function seedLargeCatalog(ctx: SeedContext): void {
  const now = ctx.now;
  for (let n = 1; n <= LARGE_STORE_PRODUCTS; n++) {
    const p = largeProduct(n, now);
    ctx.db.put(PRODUCTS, p.id, p);
    for (const v of p.variants ?? []) {
      const id = inventoryItemId(p.id, v.id);
      ctx.db.put(INVENTORY_REVISIONS, id, { id, revision: 1 });
    }
  }
  for (let c = 1; c <= LARGE_STORE_COLLECTIONS; c++) {
    const id = largeStoreIds.collection(c);
    ctx.db.put(COLLECTIONS, id, {
      id,
      name: `Range ${c}`,
      slug: `range-${c}`,
      visible: true,
      description: `Range ${c} of the large starting store`,
      numberOfProducts: LARGE_STORE_PRODUCTS / LARGE_STORE_COLLECTIONS,
      lastUpdated: now.toISOString(),
    });
  }
  const all = ctx.db.get(COLLECTIONS, ALL_PRODUCTS_COLLECTION_ID);
  if (all) ctx.db.put(COLLECTIONS, all.id, { ...all, numberOfProducts: ctx.db.count(PRODUCTS) });
}

export const STARTING_STORE: Readonly<Record<StartingStoreName, StartingStore>> = {
  demo: { moduleSeeds: true },
  empty: { moduleSeeds: false },
  'catalog-v3': { moduleSeeds: true, settings: { catalogVersion: 'V3_CATALOG' } },
  large: { moduleSeeds: true, seed: seedLargeCatalog, keepMade: true },
};
