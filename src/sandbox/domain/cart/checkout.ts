/**
 * Checkouts (stored: `checkouts`, the spec's Checkout with `buyerInfo.visitorId/memberId` as the
 * owner): made from the current cart or from lines, priced on every change like a cart plus
 * shipping, tax and a gift card, and completed once (by the order it makes, or by hand).
 */
import type { components } from '../../../../generated/types/checkout.ts';
import { appError, conflict, notFound, validationError } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Caller, Db } from '../../platform/types.ts';
import { buyerOf, CURRENCY, type StoredCart } from './cart.ts';
import { refreshLines, type CartLine } from './cart-lines.ts';
import { pricedLines } from './cart-pricing.ts';
import type { DomainContext } from '../context.ts';
import { couponFor } from './coupons.ts';
import { copyField } from '../fields.ts';
import { requireGiftCard } from './gift-cards.ts';
import { amountViolation, minorOf, toMinor, wirePrice } from '../money.ts';

type Schemas = components['schemas'];
export type Checkout = Schemas['Checkout'];

/** A checkout as stored: the spec's Checkout with its id, lines, dates and completion always there. */
export type StoredCheckout = Omit<Checkout, 'id' | 'lineItems' | 'createdDate' | 'updatedDate' | 'completed'> & {
  id: string;
  lineItems: CartLine[];
  createdDate: string;
  updatedDate: string;
  completed: boolean;
};

declare module '../../platform/types.ts' {
  interface Collections {
    checkouts: StoredCheckout;
  }
}

export const CHECKOUT_FQDN = 'wix.ecom.v1.checkout';

const emitCheckout = (ctx: DomainContext, slug: string, ck: StoredCheckout) =>
  ctx.emit({ ...entityEvent(CHECKOUT_FQDN, slug, ck), retired: true });

/** Whether the caller may see a checkout: their own (a member's, or a visitor's no member owns); the site sees all. */
export function visibleTo(caller: Caller, ck: StoredCheckout): boolean {
  if (caller.kind === 'elevated') return true;
  const own = buyerOf(caller);
  const b = ck.buyerInfo ?? {};
  return Boolean(
    (own.memberId && b.memberId === own.memberId) || (!b.memberId && own.visitorId && b.visitorId === own.visitorId),
  );
}

/** The caller's checkout; another buyer's is answered exactly like a missing one. */
export function requireCheckout(db: Db, caller: Caller, id: string): StoredCheckout {
  const ck = db.get('checkouts', id);
  if (!ck || !visibleTo(caller, ck)) throw notFound('Checkout', id, 'CHECKOUT_NOT_FOUND');
  return ck;
}

/** The caller's checkout made from a cart. */
export function requireCheckoutOfCart(db: Db, caller: Caller, cartId: string): StoredCheckout {
  const ck = db.list('checkouts', { cartId }).find((c) => visibleTo(caller, c));
  if (!ck) throw notFound('Checkout for cart', cartId, 'CHECKOUT_NOT_FOUND');
  return ck;
}

/** What a new checkout starts with besides its lines. */
export interface CheckoutStart {
  channelType?: Checkout['channelType'];
  couponCode?: string;
  email?: string;
  shippingAddress?: Schemas['Address'];
  billingAddress?: Schemas['Address'];
  selectedShippingOption?: Schemas['SelectedCarrierServiceOption'];
  cartId?: string;
  merchantDiscounts?: Schemas['MerchantDiscount'][];
}

/** A new checkout of copies of the lines, for a buyer (stored by the first save). */
export function newCheckout(
  ctx: DomainContext,
  buyer: Schemas['BuyerInfo'],
  lines: CartLine[],
  start: CheckoutStart,
): StoredCheckout {
  const now = ctx.now().toISOString();
  const ck: StoredCheckout = {
    id: ctx.newId(),
    createdDate: now,
    updatedDate: now,
    lineItems: lines.map((l) => ({ ...l })),
    buyerInfo: { ...buyer, ...(start.email ? { email: start.email } : {}) },
    currency: CURRENCY,
    conversionCurrency: CURRENCY,
    weightUnit: 'KG',
    channelType: start.channelType ?? 'WEB',
    completed: false,
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
    taxIncludedInPrice: false,
  };
  if (start.shippingAddress) ck.shippingInfo = { shippingDestination: { address: start.shippingAddress } };
  if (start.billingAddress) ck.billingInfo = { address: start.billingAddress };
  if (start.couponCode) ck.couponCode = start.couponCode;
  if (start.cartId) ck.cartId = start.cartId;
  if (start.merchantDiscounts?.length) ck.merchantDiscounts = structuredClone(start.merchantDiscounts);
  if (start.selectedShippingOption)
    ck.shippingInfo = { ...ck.shippingInfo, selectedCarrierServiceOption: start.selectedShippingOption };
  return ck;
}

/** A checkout of the cart's lines (with its coupon and merchant discounts, which name its lines by the same ids); the cart remembers it. */
export function checkoutFromCart(
  ctx: DomainContext,
  buyer: Schemas['BuyerInfo'],
  cart: StoredCart,
  start: CheckoutStart,
): StoredCheckout {
  if (!cart.lineItems.length) throw appError(400, 'CART_IS_EMPTY', 'An empty cart cannot make a checkout');
  // What the cart already holds (its delivery address and method, set through either API, and
  // Cart V2's gift card) carries over unless the call gives its own.
  const address = start.shippingAddress ?? cart.contactInfo?.address;
  const chosen = start.selectedShippingOption ?? cart.selectedShippingOption;
  const ck = newCheckout(ctx, buyer, cart.lineItems, {
    ...start,
    ...(address ? { shippingAddress: address } : {}),
    ...(chosen ? { selectedShippingOption: chosen } : {}),
    couponCode: cart.couponCode,
    merchantDiscounts: cart.merchantDiscounts,
    cartId: cart.id,
  });
  const giftCard = cart.v2?.giftCard;
  if (giftCard) setGiftCard(ctx.db, ck, giftCard.code, giftCard.redeemAmount);
  saveCheckout(ctx, ck, 'created');
  ctx.db.put('carts', cart.id, { ...cart, checkoutId: ck.id });
  return ck;
}

/** Which option a selection names (its carrier and code), without anything else it carries. */
const choiceOf = ({ carrierId, code }: Schemas['SelectedCarrierServiceOption']) => ({
  ...(carrierId !== undefined ? { carrierId } : {}),
  ...(code !== undefined ? { code } : {}),
});

/** Prices a checkout in place: lines in step with the catalog, discounts, shipping, tax and gift card. */
export function priceCheckout(ctx: DomainContext, ck: StoredCheckout): StoredCheckout {
  ck.lineItems = refreshLines(ctx.db, ck.lineItems);
  const giftCard = ck.giftCardCode ? ctx.db.get('giftCards', ck.giftCardCode) : undefined;
  const requested = ck.giftCard?.requestedAmount;
  const t = pricedLines(ctx, ck.lineItems, {
    couponCode: ck.couponCode,
    merchantDiscounts: ck.merchantDiscounts,
    address: ck.shippingInfo?.shippingDestination?.address,
    selected: ck.shippingInfo?.selectedCarrierServiceOption,
    giftCard,
    giftCardAmount: requested ? minorOf(requested) : undefined,
  });
  ck.priceSummary = t.priceSummary;
  ck.appliedDiscounts = t.appliedDiscounts;
  ck.taxSummary = t.taxSummary;
  ck.calculationErrors = t.calculationErrors;
  ck.payNow = t.priceSummary;
  // The buyer's choice (pickup, say) is kept while nothing can ship, and applies again when something can:
  // the choice only (carrier and code), never a price or title the buyer sent with it.
  const kept = ck.shippingInfo?.selectedCarrierServiceOption;
  const chosen = t.shippingInfo.selectedCarrierServiceOption ?? (kept && choiceOf(kept));
  ck.shippingInfo = {
    ...t.shippingInfo,
    shippingDestination: ck.shippingInfo?.shippingDestination,
    ...(chosen ? { selectedCarrierServiceOption: chosen } : {}),
  };
  if (t.giftCard) ck.giftCard = t.giftCard;
  else delete ck.giftCard;
  return ck;
}

/**
 * An open checkout priced for reading, as a cart is on every read (the stored one is untouched); a
 * completed checkout answers as it was when it made its order.
 */
export const checkoutForReading = (ctx: DomainContext, ck: StoredCheckout): StoredCheckout =>
  ck.completed ? ck : priceCheckout(ctx, structuredClone(ck));

export function saveCheckout(ctx: DomainContext, ck: StoredCheckout, slug: 'created' | 'updated'): StoredCheckout {
  priceCheckout(ctx, ck);
  ck.updatedDate = ctx.now().toISOString();
  ctx.db.put('checkouts', ck.id, ck);
  emitCheckout(ctx, slug, ck);
  return ck;
}

/** Changes a copy of the caller's open checkout and saves it re-priced; a completed checkout cannot change. */
export function changeCheckout(
  ctx: DomainContext,
  caller: Caller,
  id: string,
  change: (ck: StoredCheckout) => void,
): StoredCheckout {
  const ck = structuredClone(requireCheckout(ctx.db, caller, id));
  if (ck.completed) throw conflict('CHECKOUT_ALREADY_COMPLETED', `Checkout ${id} is completed and cannot change`);
  change(ck);
  return saveCheckout(ctx, ck, 'updated');
}

/** The checkout fields an update may set (of the buyer, only the e-mail). */
const UPDATABLE = [
  'buyerNote',
  'billingInfo',
  'shippingInfo',
  'buyerInfo',
  'customFields',
  'channelType',
  'extendedFields',
] as const;
type Updatable = (typeof UPDATABLE)[number];
const isUpdatable = (key: string): key is Updatable => (UPDATABLE as readonly string[]).includes(key);

/**
 * Sets the fields a mask names (comma-joined paths; no mask: every field given but the id) from
 * `input`; a field no update may set is FIELD_NOT_UPDATABLE.
 */
export function updateCheckoutFields(ck: StoredCheckout, input: Checkout, fieldMask: string | undefined): void {
  const mask = fieldMask
    ? String(fieldMask)
        .split(',')
        .map((s) => s.trim())
    : Object.keys(input).filter((k) => k !== 'id');
  for (const key of mask) {
    const top = key.split('.')[0];
    if (!isUpdatable(top))
      throw appError(400, 'FIELD_NOT_UPDATABLE', `Checkout field ${key} cannot be updated`, { field: key });
    if (!(top in input)) continue;
    if (top === 'buyerInfo') ck.buyerInfo = { ...ck.buyerInfo, email: input.buyerInfo?.email };
    else copyField<Pick<Checkout, Updatable>, Updatable>(ck, input, top);
  }
}

/** Sets a checkout's coupon (an unknown code is refused). */
export function setCoupon(db: Db, ck: StoredCheckout, code: string): void {
  couponFor(db, code);
  ck.couponCode = code;
}

/**
 * Sets a checkout's gift card and how much of it to use (createCheckout's and updateCheckout's
 * `giftCardCode` and `giftCardRedeemAmount`): an unknown code is refused, an amount is decimal
 * text of 0 or more with at most 3 decimals (the official SDK's `@decimalValue options
 * { gte:0, maxScale:3 }`) for the checkout's card. A code given without an amount uses as much
 * of the card as pays (the SDK's GiftCard shows the amount asked for as `requestedAmount`, and what
 * the card pays as `amount`).
 */
export function setGiftCard(db: Db, ck: StoredCheckout, code: string | undefined, amount: string | undefined): void {
  const bad = amount === undefined ? undefined : amountViolation('giftCardRedeemAmount', amount, 3);
  if (bad) throw validationError([bad]);
  if (code !== undefined) {
    requireGiftCard(db, code);
    delete ck.giftCard;
    ck.giftCardCode = code;
  }
  if (amount === undefined) return;
  if (!ck.giftCardCode)
    throw appError(
      400,
      'GIFT_CARD_CODE_MISSING',
      'giftCardRedeemAmount needs a gift card: give giftCardCode too, or add one first',
    );
  ck.giftCard = { ...ck.giftCard, requestedAmount: wirePrice(toMinor(amount)) };
}

/** Marks a checkout completed (once; completing it again changes nothing). */
export function markCompleted(ctx: DomainContext, ck: StoredCheckout): void {
  if (ck.completed) return;
  ctx.db.put('checkouts', ck.id, { ...ck, completed: true, updatedDate: ctx.now().toISOString() });
  emitCheckout(ctx, 'completed', ck);
}

/** What the sandbox's checkout page shows of a checkout (undefined: none). */
export function checkoutSummary(db: Db, id: string): { lineItemCount: number; total: string | undefined } | undefined {
  const ck = db.get('checkouts', id);
  return ck && { lineItemCount: ck.lineItems?.length, total: ck.priceSummary?.total?.formattedAmount };
}
