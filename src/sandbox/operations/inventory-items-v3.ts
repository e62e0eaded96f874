/**
 * Inventory items V3 (openapi/inventory-items-v3.yaml): the one stock, one item per variant —
 * query (cursor-paged) and update by quantity or by status.
 */
import type { SandboxHandlers } from '../platform/types.ts';
import { queryCursor } from '../platform/query-engine.ts';
import { inventoryItems, updateInventoryItem } from '../domain/catalog/inventory-items.ts';

export const inventoryItemsV3Operations = {
  'inventoryItemsV3.queryInventoryItems': (ctx) => {
    const page = queryCursor(inventoryItems(ctx.db), ctx.input.query ?? {}, { defaultLimit: 100 });
    return { inventoryItems: page.items, pagingMetadata: page.metadata };
  },
  'inventoryItemsV3.updateInventoryItem': (ctx) => ({
    inventoryItem: updateInventoryItem(ctx, String(ctx.input.inventoryItem.id), ctx.input.inventoryItem),
  }),
} satisfies SandboxHandlers<'inventoryItemsV3'>;
