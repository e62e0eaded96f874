/**
 * The seeded catalog: 23 products (options, variants, stock, media, brands, ribbons, discounts,
 * price-per-unit data), the All Products collection and four more, and the demo member's
 * wishlist. Ids come from ids.ts; prices, stock and dates may change.
 */
import type { SeedContext } from '../platform/module.ts';
import {
  priceData,
  PRODUCTS,
  recompute,
  slugify,
  type StoredOption,
  type StoredProduct,
} from '../domain/catalog/catalog.ts';
import { ALL_PRODUCTS_COLLECTION_ID, COLLECTIONS, type StoredCollection } from '../domain/catalog/collections.ts';
import { buildVariants } from '../domain/catalog/product-prices.ts';
import { costData } from '../domain/catalog/pricing.ts';
import { WISHLISTS } from '../domain/catalog/wishlist.ts';
import { DEFAULT_VARIANT_ID } from '../../provider-ids.ts';
import { collectionId, DEMO_MEMBER, PRODUCT, productId, variantId, WISHLIST_ID } from './ids.ts';
import { PREORDERS } from '../domain/catalog/catalog-reader.ts';

/** name, type, price, cost, weight, brand, ribbon; by index (product n is index n - 1). */
const NAMES = [
  ['Linen shirt', 'physical', 45, 18, 0.3, 'Northwind', 'New'],
  ['Canvas tote', 'physical', 25, 8, 0.4, 'Northwind', undefined],
  ['Wool beanie', 'physical', 19, 6, 0.1, 'Fjell', 'Sale'],
  ['Rain jacket', 'physical', 129, 55, 0.9, 'Fjell', undefined],
  ['Trail socks', 'physical', 12, 3, 0.08, 'Fjell', undefined],
  ['Leather belt', 'physical', 39, 14, 0.25, 'Oakline', undefined],
  ['Ceramic mug', 'physical', 16, 4, 0.35, 'Kiln & Co', 'Best seller'],
  ['Espresso cups (set of 2)', 'physical', 24, 7, 0.5, 'Kiln & Co', undefined],
  ['Olive oil 500 ml', 'physical', 14, 5, 0.6, 'Arbequina', undefined],
  ['Coffee beans 1 kg', 'physical', 32, 12, 1.0, 'Roastery', 'New'],
  ['Notebook A5', 'physical', 9, 2, 0.2, 'Paperline', undefined],
  ['Fountain pen', 'physical', 58, 20, 0.05, 'Paperline', undefined],
  ['Desk lamp', 'physical', 79, 30, 1.4, 'Lumen', undefined],
  ['Scented candle', 'physical', 22, 6, 0.3, 'Lumen', 'Sale'],
  ['Yoga mat', 'physical', 48, 15, 1.2, 'Flow', undefined],
  ['Water bottle', 'physical', 21, 6, 0.3, 'Flow', undefined],
  ['Recipe e-book', 'digital', 12, 0, undefined, 'Kiln & Co', 'Digital'],
  ['Photo presets pack', 'digital', 29, 0, undefined, 'Lumen', undefined],
  ['Knitting pattern PDF', 'digital', 7, 0, undefined, 'Fjell', undefined],
  ['Gift card design', 'digital', 5, 0, undefined, 'Paperline', undefined],
  ['Hidden sample product', 'physical', 1, 0.5, 0.1, undefined, undefined],
  ['Sold-out poster', 'physical', 30, 10, 0.2, 'Paperline', undefined],
  ['Cotton bandana', 'physical', 11, 3, 0.05, 'Northwind', undefined],
] as const;

/** The seeded sizes' surcharge: L and XL cost 5 more. */
const largeSizeSurcharge = (choices: Record<string, string>) =>
  Object.values(choices).some((size) => size === 'L' || size === 'XL') ? 5 : 0;

/** Seeded products (by index) with sizes. */
const SIZED = [0, 2, 3];
/** Seeded products (by index) with colour options; the last one does not manage variants. */
const COLOURED = [1, 6, 14, 22];
const UNMANAGED = [22];
/** The hidden product (by index). */
const HIDDEN = 20;

/** Product discounts by index: the beanie 20 % off, the candle $4 off. */
const DISCOUNTS: Readonly<Record<number, StoredProduct['discount']>> = {
  2: { type: 'PERCENT', value: 20 },
  13: { type: 'AMOUNT', value: 4 },
};

/** Price-per-unit data by index: the olive oil by the 100 ml, the coffee by the 100 g. */
const PER_UNIT: Readonly<Record<number, StoredProduct['pricePerUnitData']>> = {
  8: { totalQuantity: 500, totalMeasurementUnit: 'ML', baseQuantity: 100, baseMeasurementUnit: 'ML' },
  9: { totalQuantity: 1, totalMeasurementUnit: 'KG', baseQuantity: 100, baseMeasurementUnit: 'G' },
};

const COLLECTION_SEED = [
  { n: 2, name: 'Clothing', slug: 'clothing', members: [0, 2, 3, 4, 5] },
  { n: 3, name: 'Kitchen', slug: 'kitchen', members: [6, 7, 8, 9] },
  { n: 4, name: 'Studio', slug: 'studio', members: [10, 11, 12, 13] },
  { n: 5, name: 'Digital downloads', slug: 'digital-downloads', members: [16, 17, 18, 19] },
  // The provider's Next.js template: three featured products above the fold (lamp, mug, yoga mat),
  // a carousel at the bottom; `hidden-*` collections stay off its search page (docs/template-store.md).
  { n: 6, name: 'Homepage featured items', slug: 'hidden-homepage-featured-items', members: [12, 6, 14] },
  { n: 7, name: 'Homepage carousel', slug: 'hidden-homepage-carousel', members: [1, 9, 11, 15, 2, 7, 5, 13] },
];

function optionsOf(i: number): StoredOption[] {
  if (SIZED.includes(i)) {
    const sizes = ['S', 'M', 'L', 'XL'];
    return [
      {
        optionType: 'drop_down',
        name: 'Size',
        choices: sizes.map((v) => ({ value: v, description: v, visible: true, inStock: true })),
      },
    ];
  }
  if (COLOURED.includes(i)) {
    const colours = ['#1B4D3E', '#C0392B'];
    return [
      {
        optionType: 'color',
        name: 'Color',
        choices: colours.map((v, k) => ({ value: v, description: k ? 'Red' : 'Green', visible: true, inStock: true })),
      },
    ];
  }
  return [];
}

/** Stock: some sold out, some short, most plenty (notebooks by the box: back-office orders take them). */
function stockOf(i: number, k: number, digital: boolean): number {
  const n = i + 1;
  if (i === 21) return 0;
  if (i === 3 && k === 0) return 0;
  if (i === 6) return 2;
  if (i === 10) return 500;
  return digital ? 1000 : 10 + ((n * 7 + k * 3) % 25);
}

function seedProducts(ctx: SeedContext): void {
  const now = ctx.now;
  const expires = new Date(now.getTime() + 24 * 3600 * 1000).toISOString();
  NAMES.forEach(([name, type, price, cost, weight, brand, ribbon], i) => {
    const n = i + 1;
    const id = productId(n);
    const imageId = `sfk_${n}~mv2.jpg`;
    const image = () => ({
      id: imageId,
      mediaType: 'image' as const,
      title: name,
      image: {
        url: `https://static.wixstatic.com/media/${imageId}`,
        width: 1200,
        height: 800,
        urlExpirationDate: expires,
      },
    });
    const productOptions = optionsOf(i);
    const discount = DISCOUNTS[i];
    const sku = `SFK-${String(n).padStart(3, '0')}`;
    const p: StoredProduct = {
      id,
      name,
      slug: slugify(name),
      visible: i !== HIDDEN,
      productType: type,
      description: `${name}: a seeded sandbox product.`,
      sku,
      weight,
      stock: { trackInventory: type === 'physical', quantity: 0, inStock: true, inventoryStatus: 'IN_STOCK' },
      priceData: priceData(price, discount),
      discount: discount ?? { type: 'NONE', value: 0 },
      costAndProfitData: costData(price, cost),
      productOptions,
      manageVariants: SIZED.includes(i) || (COLOURED.includes(i) && !UNMANAGED.includes(i)),
      media: { mainMedia: image(), items: [image()] },
      productPageUrl: { base: 'https://sandbox.store/', path: `/product-page/${slugify(name)}` },
      numericId: String(1000 + n),
      collectionIds: [ALL_PRODUCTS_COLLECTION_ID],
      createdDate: now.toISOString(),
      ribbons: ribbon ? [{ text: ribbon }] : [],
      customTextFields: [],
      additionalInfoSections: [],
      ...(brand ? { brand } : {}),
      ...(ribbon ? { ribbon } : {}),
      ...(PER_UNIT[i] ? { pricePerUnitData: PER_UNIT[i] } : {}),
      variants: [],
    };
    // A product that does not manage variants has one default variant (any combination of its choices buys it).
    const variantOptions = UNMANAGED.includes(i) ? [] : productOptions;
    p.variants = buildVariants(
      variantOptions,
      { price, cost, weight, sku, discount: p.discount, surcharge: largeSizeSurcharge },
      (k) => (variantOptions.length ? variantId(n, k) : DEFAULT_VARIANT_ID),
      (k) => stockOf(i, k, type === 'digital'),
    );
    recompute(p, now);
    ctx.db.put(PRODUCTS, id, p);
  });
}

function seedCollections(ctx: SeedContext): void {
  const now = ctx.now.toISOString();
  const products = ctx.db.list(PRODUCTS);
  const all: StoredCollection = {
    id: ALL_PRODUCTS_COLLECTION_ID,
    name: 'All Products',
    slug: 'all-products',
    visible: true,
    description: 'Every product of the store.',
    numberOfProducts: products.length,
    lastUpdated: now,
  };
  ctx.db.put(COLLECTIONS, all.id, all);
  for (const c of COLLECTION_SEED) {
    const id = collectionId(c.n);
    ctx.db.put(COLLECTIONS, id, {
      id,
      name: c.name,
      slug: c.slug,
      visible: true,
      description: `${c.name} (seeded)`,
      numberOfProducts: c.members.length,
      lastUpdated: now,
    });
    for (const m of c.members) ctx.db.update(PRODUCTS, products[m].id, (p) => p.collectionIds.push(id));
  }
}

/** The demo member's wishlist: the first three products, saved one, two and three days ago. */
function seedWishlist(ctx: SeedContext): void {
  const now = ctx.now.getTime();
  ctx.db.put(WISHLISTS, WISHLIST_ID, {
    id: WISHLIST_ID,
    ownerId: DEMO_MEMBER.id,
    items: ctx.db
      .list(PRODUCTS)
      .slice(0, 3)
      .map((p, k) => ({
        id: p.id,
        type: 'product',
        origin: 'wixstores',
        dateAdded: new Date(now - (k + 1) * 86400000).toISOString(),
      })),
  });
}

/** The rain jacket's sold-out size S can be preordered. */
function seedPreorders(ctx: SeedContext): void {
  const id = `${PRODUCT.rainJacket}-${variantId(4, 0)}`;
  ctx.db.put(PREORDERS, id, { id, preorderInfo: { enabled: true, message: 'Ships in 3 weeks', limit: 50 } });
}

export function seedCatalog(ctx: SeedContext): void {
  seedProducts(ctx);
  seedCollections(ctx);
  seedWishlist(ctx);
  seedPreorders(ctx);
}
