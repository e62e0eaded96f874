/**
 * The current cart: one per visitor or member (stored: `carts`, the spec's Cart with
 * `buyerInfo.visitorId/memberId` as the owner), made by the first add, priced from the catalog on
 * every read and write. A member's own cart comes first, else the visitor's cart no member owns;
 * when a visitor signs in, their cart becomes the member's (or merges into it).
 */
import type { components } from '../../../../generated/types/current-cart.ts';
import { fixedValue } from '../../platform/answer-text.ts';
import { appError, validationError } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Caller, Db } from '../../platform/types.ts';
import { discounted, type MerchantDiscount } from './cart-pricing.ts';
import { lineNotFound, payableLines, refreshLines, type CartLine } from './cart-lines.ts';
import { sameItem } from '../line-items.ts';
import type { DomainContext } from '../context.ts';
import { copyField } from '../fields.ts';
import { amountViolation, toMinor, wirePrice } from '../money.ts';
import { CART_V2_FQDN, cartV2View, type CartV2 } from './cart-v2.ts';
import { CURRENCY, type StoredCart } from './stored-cart.ts';

type Schemas = components['schemas'];
export type BuyerInfo = Schemas['BuyerInfo'];

/** A cart as Cart V1 answers it: without what only V2 names. */
export function cartV1View(cart: StoredCart): Schemas['Cart'] {
  const { v2: _v2, ...v1 } = cart;
  return v1;
}

export const CART_FQDN = 'wix.ecom.v1.cart';
export { CURRENCY, type CartV2State, type StoredCart } from './stored-cart.ts';

/** Whom a cart or checkout is for: a member (with the visitor they signed in as), or a visitor. */
export function buyerOf(caller: Caller): BuyerInfo {
  if (caller.kind === 'member') return { memberId: caller.memberId, visitorId: caller.visitorId };
  if (caller.kind === 'visitor') return { visitorId: caller.visitorId };
  return {};
}

/** A visitor's current cart that no member owns (a cart made by id, or ordered, is nobody's current cart). */
const visitorsCart = (db: Db, visitorId: string) =>
  db.find('carts', { 'buyerInfo.visitorId': visitorId, 'buyerInfo.memberId': undefined, 'v2.notCurrent': undefined });

/** A member's own current cart. */
const membersCart = (db: Db, memberId: string) =>
  db.find('carts', { 'buyerInfo.memberId': memberId, 'v2.notCurrent': undefined });

/** The caller's cart, read through the store's indexes (a member's own cart first, else the visitor's cart no member owns). */
export function currentCart(db: Db, caller: Caller): StoredCart | undefined {
  if (caller.kind === 'member') return membersCart(db, caller.memberId) ?? visitorsCart(db, caller.visitorId);
  return caller.kind === 'visitor' ? visitorsCart(db, caller.visitorId) : undefined;
}

export function requireCurrentCart(db: Db, caller: Caller): StoredCart {
  const cart = currentCart(db, caller);
  if (!cart)
    throw appError(
      404,
      'OWNED_CART_NOT_FOUND',
      'Cart not found: this visitor has no cart yet (the first add creates it)',
    );
  return cart;
}

/** A new, empty cart for a buyer (stored by the first save). */
export function newCart(ctx: DomainContext, buyer: BuyerInfo): StoredCart {
  const now = ctx.now().toISOString();
  return {
    id: ctx.newId(),
    createdDate: now,
    updatedDate: now,
    lineItems: [],
    buyerInfo: buyer,
    currency: CURRENCY,
    conversionCurrency: CURRENCY,
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    channelType: 'WEB',
    appliedDiscounts: [],
  };
}

/** Prices a cart in place: its lines in step with the catalog, its subtotal and discounts (shipping and tax are the estimate's). */
export function priceCart(db: Db, cart: StoredCart): StoredCart {
  cart.lineItems = refreshLines(db, cart.lineItems);
  const { totals, applied } = discounted(db, payableLines(cart.lineItems), {
    couponCode: cart.couponCode,
    merchantDiscounts: cart.merchantDiscounts,
  });
  cart.subtotal = wirePrice(totals.subtotal);
  cart.appliedDiscounts = applied;
  return cart;
}

/**
 * A stored cart priced for reading, copied as deep as pricing writes (the cart and its lines):
 * the stored one is untouched, and a read pays no full structuredClone.
 */
export const pricedForReading = (db: Db, cart: StoredCart): StoredCart =>
  priceCart(db, { ...cart, lineItems: cart.lineItems.map((l) => ({ ...l })) });

/** A view of a stored cart and the state version it was made at. */
type KeptViews<V> = WeakMap<StoredCart, { version: number; view: V }>;

/**
 * A stored cart's priced view, made again only once the state has changed: pricing reads
 * nothing but the state (the catalog, stock, coupons; never the clock) and a stored cart is
 * never changed in place, so while `db.version()` stands the view is the one pricing again
 * would make. A view is frozen and its answer text kept (answer-text.ts): a cart read again is
 * neither priced nor serialised again (a fifth of getCurrentCart's time).
 */
function keptView<V extends object>(views: KeptViews<V>, db: Db, cart: StoredCart, make: () => V): V {
  const version = db.version();
  const kept = views.get(cart);
  if (kept?.version === version) return kept.view;
  const view = fixedValue(make());
  views.set(cart, { version, view });
  return view;
}

const v1Views: KeptViews<Schemas['Cart']> = new WeakMap();
const v2Views: KeptViews<CartV2> = new WeakMap();

/** A stored cart priced for reading, as Cart V1 answers it (kept: keptView). */
export const pricedV1View = (db: Db, cart: StoredCart): Schemas['Cart'] =>
  keptView(v1Views, db, cart, () => cartV1View(pricedForReading(db, cart)));

/** A stored cart priced for reading, as Cart V2 answers it (kept: keptView). */
export const pricedV2View = (db: Db, cart: StoredCart): CartV2 =>
  keptView(v2Views, db, cart, () => cartV2View(db, pricedForReading(db, cart)));

// Pricing is a read (getCurrentCart re-prices for stock and coupons); only a write moves updatedDate.
// Every write sends the cart's event through both APIs' names, as the provider, running V1 over
// V2, does: V1's (wix.ecom.v1.cart, the V1 cart; retired with V1) and V2's (wix.ecom.v2.cart, the V2 view).
export function saveCart(ctx: DomainContext, cart: StoredCart, created: boolean): StoredCart {
  priceCart(ctx.db, cart);
  cart.updatedDate = ctx.now().toISOString();
  cart.v2 = { ...cart.v2, revision: (cart.v2?.revision ?? 0) + 1 };
  ctx.db.put('carts', cart.id, cart);
  const slug = created ? 'created' : 'updated';
  ctx.emit({ ...entityEvent(CART_FQDN, slug, cartV1View(cart)), retired: true });
  ctx.emit(entityEvent(CART_V2_FQDN, slug, cartV2View(ctx.db, cart)));
  return cart;
}

export function deleteCart(ctx: DomainContext, cart: StoredCart): void {
  ctx.db.delete('carts', cart.id);
  ctx.emit({ ...entityEvent(CART_FQDN, 'deleted', cartV1View(cart)), retired: true });
  ctx.emit(entityEvent(CART_V2_FQDN, 'deleted', cartV2View(ctx.db, cart)));
}

/** The cart fields a buyer sets (the spec's CartInfo); the rest (id, owner, lines, prices, dates) is the cart's own. */
const CART_INFO_FIELDS = [
  'buyerNote',
  'contactInfo',
  'selectedShippingOption',
  'businessLocationId',
  'overrideCheckoutUrl',
  'extendedFields',
] as const satisfies readonly (keyof Schemas['CartInfo'])[];
type CartInfoField = (typeof CART_INFO_FIELDS)[number];
const isCartInfoField = (key: string): key is CartInfoField => (CART_INFO_FIELDS as readonly string[]).includes(key);

/**
 * Sets the buyer's fields among `keys` from `info`. The official SDK's cartInfo is a whole Cart
 * (a storefront may send back what it read): the cart's own fields in it are ignored.
 */
export function setCartInfo(cart: StoredCart, info: Schemas['CartInfo'], keys: string[]): void {
  for (const key of keys) if (isCartInfoField(key)) copyField<Schemas['CartInfo'], CartInfoField>(cart, info, key);
}

/**
 * Merchant discounts as a cart keeps them: each amount (decimal text of 0 or more) as a price,
 * with the lines it names (none: the whole cart). A bad amount is a validation error naming
 * every bad one; a named line the cart does not have is LINE_ITEM_NOT_FOUND.
 */
export function merchantDiscountsOf(inputs: Schemas['MerchantDiscountInput'][], lines: CartLine[]): MerchantDiscount[] {
  const violations = inputs.flatMap((m, i) => amountViolation(`merchantDiscounts[${i}].amount`, m.amount) ?? []);
  if (violations.length) throw validationError(violations);
  for (const id of inputs.flatMap((m) => m.lineItemIds ?? []))
    if (!lines.some((l) => l.id === id)) throw lineNotFound(id);
  return inputs.map((m) => ({
    amount: wirePrice(toMinor(m.amount)),
    ...(m.lineItemIds?.length ? { lineItemIds: m.lineItemIds } : {}),
  }));
}

/** A visitor's cart lines move into the member's cart when they sign in (the `memberSignedIn` event). */
export function mergeVisitorCartIntoMember(
  ctx: DomainContext,
  { visitorId, memberId }: { visitorId: string; memberId: string },
): void {
  const visitorCart = visitorsCart(ctx.db, visitorId);
  if (!visitorCart) return;
  const memberCart = membersCart(ctx.db, memberId);
  if (!memberCart) {
    ctx.db.put('carts', visitorCart.id, { ...visitorCart, buyerInfo: { ...visitorCart.buyerInfo, memberId } });
    return;
  }
  // Copies: the stored lines are the store's values, which a failed sign-in must find unchanged.
  const lines = memberCart.lineItems.map((l) => ({ ...l }));
  for (const l of visitorCart.lineItems) {
    const same = lines.find((m) => sameItem(m, l));
    if (same) same.quantity += l.quantity;
    else lines.push(l);
  }
  // Cart V2's gift card comes along when the member's cart has none (a cart takes one).
  const giftCard = memberCart.v2?.giftCard ?? visitorCart.v2?.giftCard;
  ctx.db.put('carts', memberCart.id, {
    ...memberCart,
    lineItems: lines,
    ...(giftCard ? { v2: { ...memberCart.v2, giftCard } } : {}),
  });
  ctx.db.delete('carts', visitorCart.id);
}
