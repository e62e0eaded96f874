/**
 * The lines of a cart or a checkout: built from the catalog (never priced by the caller), kept
 * in step with it (price, weight, availability), merged when they name the same item, re-counted
 * and removed. A line short of stock stays in the cart; only what is available can be paid for.
 */
import type { components } from '../../../../generated/types/current-cart.ts';
import { appError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';
import { findProduct, priceForVariant, stockKey } from '../catalog/catalog.ts';
import type { DomainContext } from '../context.ts';
import { catalogLine, catalogLineError, sameItem } from '../line-items.ts';
import { minorOf, toMinor, wirePrice } from '../money.ts';

type Schemas = components['schemas'];
/** A cart or checkout line item on the wire (the cart's and the checkout's are the same shape). */
export type LineItem = Schemas['LineItem'];
export type LineItemInput = Schemas['LineItemInput'];
export type CustomLineItem = Schemas['CustomLineItem'];

/** A line as a cart or checkout keeps it: always an id and a quantity. */
export type CartLine = LineItem & { id: string; quantity: number };

/** A line built from the catalog (price, name, image, weight), with its availability. */
export function lineFromCatalog(db: Db, input: LineItemInput, id: string): CartLine {
  const ref = input.catalogReference;
  const built = catalogLine(db, ref);
  if ('problem' in built) throw catalogLineError(built, ref ?? {});
  const { unit, full, ...fields } = built;
  const line: CartLine = {
    id,
    quantity: input.quantity,
    ...fields,
    price: wirePrice(unit),
    fullPrice: wirePrice(full),
    priceBeforeDiscounts: wirePrice(unit),
  };
  if (input.catalogOverrideFields) line.catalogOverrideFields = input.catalogOverrideFields;
  if (input.serviceProperties) line.serviceProperties = input.serviceProperties;
  return refreshLine(db, line);
}

/**
 * Brings a line in step with the catalog, in place: its availability, and its prices and weight
 * (a price change shows in every price of the line; unchanged ones are kept as they are).
 * `taken` counts what earlier lines of the same cart already take of each tracked variant
 * (refreshLines): two lines drawing on one stock share it.
 */
export function refreshLine<L extends CartLine>(db: Db, line: L, taken?: Map<string, number>): L {
  const ref = line.catalogReference;
  const product = findProduct(db, ref?.catalogItemId ?? '');
  const pricing = product ? priceForVariant(product, ref?.options ?? {}) : undefined;
  // What is left of a tracked stock once the cart's earlier lines took theirs (undefined: not tracked).
  let left: number | undefined;
  if (product && pricing?.quantity !== undefined) {
    const unit = stockKey(product.id, pricing.variantId);
    left = Math.max(0, pricing.quantity - (taken?.get(unit) ?? 0));
    taken?.set(unit, (taken.get(unit) ?? 0) + Math.min(line.quantity, left));
  }
  if (!product || !pricing) line.availability = { status: 'NOT_FOUND' };
  else if (!pricing.inStock || left === 0) line.availability = { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  else if (left !== undefined && left < line.quantity)
    line.availability = { status: 'PARTIALLY_AVAILABLE', quantityAvailable: left };
  else
    line.availability = {
      status: 'AVAILABLE',
      ...(left !== undefined ? { quantityAvailable: left } : {}),
    };
  if (pricing) {
    const unit = toMinor(pricing.price);
    const full = toMinor(pricing.fullPrice);
    if (minorOf(line.price) !== unit) line.price = wirePrice(unit);
    if (minorOf(line.priceBeforeDiscounts) !== unit) line.priceBeforeDiscounts = wirePrice(unit);
    if (minorOf(line.fullPrice) !== full) line.fullPrice = wirePrice(full);
    if (line.physicalProperties?.weight !== pricing.weight)
      line.physicalProperties = { ...line.physicalProperties, weight: pricing.weight };
  }
  return line;
}

/** A cart's or checkout's lines in step with the catalog, in order: lines drawing on one tracked stock share it. */
export function refreshLines<L extends CartLine>(db: Db, lines: L[]): L[] {
  const taken = new Map<string, number>();
  return lines.map((l) => refreshLine(db, l, taken));
}

/** A line's quantity that can be paid for: all of an available line, what is left of a short one. */
export function payableQuantity(line: CartLine): number {
  const status = line.availability?.status;
  if (status !== 'AVAILABLE' && status !== 'PARTIALLY_AVAILABLE') return 0;
  return Math.min(line.quantity, line.availability?.quantityAvailable ?? line.quantity);
}

/** The lines of which something can be paid for. */
export const payableLines = <L extends CartLine>(lines: L[]): L[] => lines.filter((l) => payableQuantity(l) > 0);

/** The spec's bound on a line's quantity (LineItem.quantity maximum, components/ecom.yaml): a merge stops there too. */
export const MAX_LINE_QUANTITY = 100_000;

const quantityOverMax = (line: CartLine, adding: number) =>
  appError(
    400,
    'LINE_ITEM_QUANTITY_EXCEEDS_MAXIMUM',
    `Adding ${adding} to line item ${line.id} (quantity ${line.quantity}) would make it ${line.quantity + adding}; a line holds at most ${MAX_LINE_QUANTITY}`,
    { lineItemId: line.id, quantity: line.quantity, adding, maxQuantity: MAX_LINE_QUANTITY },
  );

/** Lines plus new ones from the catalog, a new line of an item already there adding to its quantity. */
export function addLines(
  ctx: Pick<DomainContext, 'db' | 'newId'>,
  lines: CartLine[],
  inputs: LineItemInput[] = [],
): CartLine[] {
  const out = lines.map((l) => ({ ...l }));
  for (const input of inputs) {
    const built = lineFromCatalog(ctx.db, input, ctx.newId());
    const same = out.find((l) => sameItem(l, built));
    if (same) {
      const quantity = same.quantity + built.quantity;
      if (quantity > MAX_LINE_QUANTITY) throw quantityOverMax(same, built.quantity);
      same.quantity = quantity;
      refreshLine(ctx.db, same);
    } else out.push(built);
  }
  return out;
}

export const lineNotFound = (id: string) =>
  appError(400, 'LINE_ITEM_NOT_FOUND', `Line item ${id} not found`, { lineItemId: id });

/** Lines with new quantities (a line set to 0 leaves); every id must name a line. */
export function setQuantities(db: Db, lines: CartLine[], updates: { id: string; quantity: number }[]): CartLine[] {
  for (const u of updates) if (!lines.some((l) => l.id === u.id)) throw lineNotFound(u.id);
  return lines
    .map((l) => {
      const u = updates.find((x) => x.id === l.id);
      return u ? refreshLine(db, { ...l, quantity: u.quantity }) : l;
    })
    .filter((l) => l.quantity > 0);
}

/** Lines without the given ones; every id must name a line. */
export function removeLines(lines: CartLine[], ids: string[]): CartLine[] {
  for (const id of ids) if (!lines.some((l) => l.id === id)) throw lineNotFound(id);
  return lines.filter((l) => !ids.includes(l.id));
}

/** Custom lines as a cart or checkout keeps them: each with a new id. */
export const withNewIds = (ctx: Pick<DomainContext, 'newId'>, custom: CustomLineItem[]): CustomLineItem[] =>
  custom.map((c) => ({ ...c, id: ctx.newId() }));
