/**
 * Catalog V3's inventory items over the one stock: an item is the stock of one variant of a
 * product (its `stock`, which V1 shows and orders take), at the store's one location. Nothing of
 * an item is stored but its revision (how many times an update through V3 changed it): its id
 * comes from the product's and variant's ids, its stock from the variant, so V1 and V3 can never
 * disagree. Stored: `inventoryRevisions` ({id: item id, revision}); an item without one is at 1.
 */
import type { components } from '../../../../generated/types/inventory-items-v3.ts';
import { appError, conflict, validationError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';
import { changeProduct, PRODUCTS, type StoredProduct, type StoredVariant } from './catalog.ts';
import { missing } from './catalog-reader.ts';
import type { DomainContext } from '../context.ts';

/** The store's one location (Catalog V3 inventory items name it). */
export const DEFAULT_LOCATION_ID = '5a1c0000-0000-4000-8000-000000000001';

/**
 * The id of the inventory item that is the stock of a product's variant (Catalog V3): a
 * uuid-shaped hash of the two ids, so the one stock has one id in every view without being
 * stored (a product's variants, and so their inventory items, come and go with the product).
 */
export function inventoryItemId(productId: string, variantId: string): string {
  const text = `${productId}/${variantId}`;
  let hex = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x2545f491, 0x9e3779b9]) {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  // A name-based uuid (version 5, RFC 4122 variant), as the provider's ids are uuids.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const INVENTORY_REVISIONS = 'inventoryRevisions';

declare module '../../platform/types.ts' {
  interface Collections {
    inventoryRevisions: { id: string; revision: number };
  }
}

export type InventoryItem = components['schemas']['InventoryItem'];
type ItemChange = components['schemas']['UpdateInventoryItemRequest']['inventoryItem'];

/** A variant's name in V3: its choices' names joined (empty for a product without options). */
const variantName = (v: StoredVariant): string => Object.values(v.choices ?? {}).join(' / ');

/** The inventory item of a product's variant, as Catalog V3 answers it. */
export function inventoryItem(db: Db, p: StoredProduct, v: StoredVariant): InventoryItem {
  const id = inventoryItemId(p.id, v.id);
  const tracked = v.stock?.trackQuantity === true;
  const quantity = v.stock?.quantity ?? 0;
  const available = tracked ? quantity > 0 : v.stock?.inStock !== false;
  return {
    id,
    revision: String(db.get(INVENTORY_REVISIONS, id)?.revision ?? 1),
    ...(p.createdDate ? { createdDate: p.createdDate } : {}),
    ...(p.lastUpdated ? { updatedDate: p.lastUpdated } : {}),
    variantId: v.id,
    locationId: DEFAULT_LOCATION_ID,
    productId: p.id,
    trackQuantity: tracked,
    // One tracking method or the other, as the provider's oneOf has it.
    ...(tracked ? { quantity } : { inStock: v.stock?.inStock !== false }),
    availabilityStatus: available ? 'IN_STOCK' : 'OUT_OF_STOCK',
    preorderInfo: { enabled: false },
    product: {
      name: p.name ?? null,
      directCategoryIds: p.collectionIds ?? [],
      variantName: variantName(v),
      ...(v.variant?.sku ? { variantSku: v.variant.sku } : {}),
    },
  };
}

/** Every inventory item of the store: one per variant of every product. */
export function inventoryItems(db: Db): InventoryItem[] {
  return db.list(PRODUCTS).flatMap((p) => (p.variants ?? []).map((v) => inventoryItem(db, p, v)));
}

function findItem(db: Db, id: string): { product: StoredProduct; variant: StoredVariant } | undefined {
  for (const product of db.list(PRODUCTS)) {
    const variant = (product.variants ?? []).find((v) => inventoryItemId(product.id, v.id) === id);
    if (variant) return { product, variant };
  }
  return undefined;
}

/** Gives every variant of the seeded catalog its item's revision record (revision 1). */
export function seedInventoryRevisions(db: Db): void {
  for (const p of db.list(PRODUCTS)) {
    for (const v of p.variants ?? [])
      db.put(INVENTORY_REVISIONS, inventoryItemId(p.id, v.id), { id: inventoryItemId(p.id, v.id), revision: 1 });
  }
}

/**
 * Sets an item's stock by quantity or by status (one of them), if `revision` is the item's
 * current one. The variant's V1 stock changes with it, and the product's V1 stock is
 * recomputed (tracked when all its variants are).
 */
export function updateInventoryItem(ctx: DomainContext, id: string, change: ItemChange): InventoryItem {
  const found = findItem(ctx.db, id);
  if (!found) throw missing('Inventory item', id);
  const current = ctx.db.get(INVENTORY_REVISIONS, id)?.revision ?? 1;
  if (change.revision !== String(current)) {
    throw conflict('INVALID_REVISION', `Outdated revision for entity id "${id}"`, { id });
  }
  if (change.quantity !== undefined && change.inStock !== undefined) {
    throw validationError([
      {
        field: 'inventoryItem.quantity',
        description: 'an item is tracked by quantity or by inStock, not both',
        violatedRule: 'ONE_OF',
      },
    ]);
  }
  if (change.preorderInfo?.enabled) {
    throw appError(
      400,
      'PRE_ORDER_VALIDATION',
      'The sandbox does not emulate preorders: preorderInfo.enabled must be false',
    );
  }
  const variantId = found.variant.id;
  const product = changeProduct(ctx, found.product.id, (p) => {
    const v = p.variants.find((x) => x.id === variantId)!;
    if (change.quantity !== undefined) {
      v.stock = { trackQuantity: true, quantity: change.quantity, inStock: change.quantity > 0 };
    } else if (change.inStock !== undefined) {
      v.stock = { trackQuantity: false, quantity: v.stock?.quantity ?? 0, inStock: change.inStock };
    }
    p.stock.trackInventory = p.variants.every((x) => x.stock?.trackQuantity);
  });
  ctx.db.put(INVENTORY_REVISIONS, id, { id, revision: current + 1 });
  return inventoryItem(
    ctx.db,
    product,
    product.variants.find((x) => x.id === variantId)!,
  );
}
