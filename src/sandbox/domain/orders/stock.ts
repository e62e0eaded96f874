/**
 * Stock an order takes and gives back. An order takes each tracked line's quantity out of the
 * catalog's inventory when it is placed and records what it took and from which variant; a cancel
 * with restock puts back exactly that into that variant (never more, never twice), however the
 * catalog changed since: it is not looked up again by the line's options, which an admin may
 * have removed. A variant that is gone (its product deleted, or remade without options) gets
 * nothing back: stock is never oversold nor made from nothing.
 * Stored: `orderInventory`, one record per order id: `{lines: [{lineItemId, catalogReference, unit, taken, restocked}]}`.
 */
import type { Db } from '../../platform/types.ts';
import { STORES_APP_ID } from '../../../provider-ids.ts';
import { changeStock, findProduct, findVariant, stockKey, type StockUnit } from '../catalog/catalog.ts';
import type { DomainContext } from '../context.ts';

export const ORDER_INVENTORY = 'orderInventory';

declare module '../../platform/types.ts' {
  interface Collections {
    orderInventory: InventoryRecord;
  }
}

type Ref =
  | { appId?: string; catalogItemId?: string; options?: { variantId?: string; options?: Record<string, string> } }
  | undefined;

/** The tracked stock a line draws on: its product's variant (the default one for a product without managed variants). */
function stockUnit(db: Db, ref: Ref): (StockUnit & { key: string; quantity: number }) | undefined {
  if (ref?.appId !== STORES_APP_ID || !ref.catalogItemId) return undefined;
  const product = findProduct(db, ref.catalogItemId);
  const variant = product ? findVariant(product, ref.options ?? {}) : undefined;
  if (!variant?.stock?.trackQuantity) return undefined;
  return {
    productId: ref.catalogItemId,
    variantId: variant.id,
    key: stockKey(ref.catalogItemId, variant.id),
    quantity: variant.stock.quantity ?? 0,
  };
}

export interface StockLine {
  id: string;
  quantity: number;
  catalogReference?: Ref;
}

/**
 * The first line asking for more of a tracked item than is in stock. Lines that draw on the same
 * stock add up: one variant named by its id and by its choices, or two colours of a product
 * whose variants are not managed (they share its one default variant).
 */
export function shortLine(db: Db, lines: StockLine[]): { line: StockLine; available: number } | undefined {
  const asked = new Map<string, number>();
  for (const line of lines) {
    const unit = stockUnit(db, line.catalogReference);
    if (unit === undefined) continue;
    const total = (asked.get(unit.key) ?? 0) + line.quantity;
    asked.set(unit.key, total);
    if (total > unit.quantity) return { line, available: Math.max(0, unit.quantity - (total - line.quantity)) };
  }
  return undefined;
}

/** What an order took of one line's item and from which variant (none: untracked), and how much of it has come back. */
interface Taken {
  lineItemId: string;
  catalogReference: Ref;
  unit?: StockUnit;
  taken: number;
  restocked: number;
}
type InventoryRecord = { id: string; lines: Taken[] };

/** Takes an order's lines out of stock and records what each took, from which variant. */
export function takeStock(ctx: DomainContext, orderId: string, lines: StockLine[]): void {
  const taken: Taken[] = lines.map((line) => {
    const found = stockUnit(ctx.db, line.catalogReference);
    const unit = found && { productId: found.productId, variantId: found.variantId };
    return {
      lineItemId: line.id,
      catalogReference: line.catalogReference,
      ...(unit ? { unit } : {}),
      taken: unit ? -changeStock(ctx, unit, -line.quantity) : 0,
      restocked: 0,
    };
  });
  if (taken.some((t) => t.taken > 0)) ctx.db.put(ORDER_INVENTORY, orderId, { id: orderId, lines: taken });
}

/** Puts back what an order took and has not put back, into the variant it came from; answers the quantity restocked per line id. */
export function restockOrder(ctx: DomainContext, orderId: string): Record<string, number> {
  const record = ctx.db.get(ORDER_INVENTORY, orderId);
  if (!record) return {};
  const moved: Record<string, number> = {};
  const lines = record.lines.map((t) => {
    const back = t.unit && t.taken - t.restocked > 0 ? changeStock(ctx, t.unit, t.taken - t.restocked) : 0;
    if (back > 0) moved[t.lineItemId] = back;
    return { ...t, restocked: t.restocked + back };
  });
  ctx.db.put(ORDER_INVENTORY, orderId, { ...record, lines });
  return moved;
}
