/**
 * Cart V2 as a view over the one cart (domain/cart/cart.ts): the stored cart keeps Cart V1's
 * shape and the few things only V2 names (its revision, the gift card, whether it is still its
 * owner's current cart, the order it made) under `v2`; this file reads it with V2's ids, field
 * names and shapes, and turns V2's inputs into the cart's own. Prices, discounts, stock, shipping
 * and orders are the rules the V1 cart and checkout use, called from here, never copied.
 */
import type { components } from '../../../../generated/types/cart-v2.ts';
import { appError, SandboxError } from '../../platform/errors.ts';
import type { Caller, Db } from '../../platform/types.ts';
import { CURRENCY, type StoredCart } from './stored-cart.ts';
import { payableQuantity, type CartLine, type LineItemInput } from './cart-lines.ts';
import { pricedLines } from './cart-pricing.ts';
import { couponFor } from './coupons.ts';
import { requireGiftCard } from './gift-cards.ts';
import type { DomainContext } from '../context.ts';
import { decimalText, minorOf, toMinor, type Minor } from '../money.ts';
import { chosenOption, shippingOptions } from './shipping.ts';

type Schemas = components['schemas'];
export type CartV2 = Schemas['Cart'];
export type CartSummaryV2 = Schemas['CartSummary'];

export const CART_V2_FQDN = 'wix.ecom.v2.cart';
const STORES_LANGUAGE = 'en';

/** A V2 amount from minor units: decimal text, the same converted (the sandbox has one currency). */
export const moneyV2 = (minor: Minor): Schemas['ConvertedMoney'] => {
  const text = decimalText(minor);
  return { amount: text, convertedAmount: text };
};

const STATUS: Record<string, Schemas['ItemStatus']> = {
  AVAILABLE: 'IN_STOCK',
  PARTIALLY_AVAILABLE: 'PARTIALLY_IN_STOCK',
  NOT_AVAILABLE: 'OUT_OF_STOCK',
  NOT_FOUND: 'REMOVED_FROM_CATALOG',
};

/** A cart line seen through V2. */
export function lineV2(line: CartLine): Schemas['LineItem'] {
  const unit = minorOf(line.price);
  const name = line.productName?.original ?? 'Item';
  const available = line.availability?.quantityAvailable;
  return {
    id: line.id,
    name: { original: name, translated: line.productName?.translated ?? name },
    quantityInfo: {
      requestedQuantity: line.quantity,
      confirmedQuantity: payableQuantity(line),
      ...(available !== undefined ? { availableQuantity: available } : {}),
      fixedQuantity: false,
    },
    pricing: {
      unitPrice: moneyV2(unit),
      totalPrice: moneyV2(unit * line.quantity),
      priceUndetermined: false,
      breakdown: { fullPrice: moneyV2(minorOf(line.fullPrice ?? line.price)), salePrice: moneyV2(unit) },
    },
    ...(line.catalogReference ? { source: { catalogReference: line.catalogReference } } : {}),
    attributes: {
      descriptionLines: line.descriptionLines ?? [],
      ...(line.image ? { image: line.image } : {}),
      ...(line.url ? { url: line.url } : {}),
      itemType: line.itemType ?? { preset: 'PHYSICAL' },
      ...(line.physicalProperties ? { physicalProperties: line.physicalProperties } : {}),
      membersOnly: false,
    },
    paymentConfig: { paymentOption: line.paymentOption ?? 'FULL_PAYMENT_ONLINE' },
    status: STATUS[line.availability?.status ?? 'AVAILABLE'] ?? 'IN_STOCK',
    discounts: [],
    customLineItem: false,
  };
}

/** The coupon's id in the cart: the coupon's own id (the code it is stored under). */
const couponIdOf = (db: Db, code: string) => couponFor(db, code)?.id ?? code;

/** A stored (and priced) cart seen through V2. */
export function cartV2View(db: Db, cart: StoredCart): CartV2 {
  const v2 = cart.v2 ?? {};
  const b = cart.buyerInfo ?? {};
  const owner = b.memberId ? { memberId: b.memberId } : b.visitorId ? { visitorId: b.visitorId } : {};
  const address = cart.contactInfo?.address;
  const method = cart.selectedShippingOption?.code;
  const option = method && address ? chosenOption(shippingOptions(new Date(cart.updatedDate), address), method) : undefined;
  return {
    id: cart.id,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: String(v2.revision ?? 1),
    lineItems: cart.lineItems.map(lineV2),
    subtotal: moneyV2(minorOf(cart.subtotal)),
    ...(cart.buyerNote ? { note: cart.buyerNote } : {}),
    coupons: cart.couponCode ? [{ id: couponIdOf(db, cart.couponCode), code: cart.couponCode }] : [],
    source: { channelType: cart.channelType ?? 'WEB', createdBy: owner },
    businessInfo: {
      languageCode: STORES_LANGUAGE,
      currencyCode: CURRENCY,
      ...(cart.businessLocationId ? { locationId: cart.businessLocationId } : {}),
    },
    customerInfo: {
      ...owner,
      ...(b.email ? { email: b.email } : {}),
      ...(cart.contactInfo?.contactDetails?.firstName ? { firstName: cart.contactInfo.contactDetails.firstName } : {}),
      ...(cart.contactInfo?.contactDetails?.lastName ? { lastName: cart.contactInfo.contactDetails.lastName } : {}),
      ...(cart.contactInfo?.contactDetails?.phone ? { phone: cart.contactInfo.contactDetails.phone } : {}),
      currencyCode: CURRENCY,
    },
    deliveryInfo: {
      weightUnit: cart.weightUnit ?? 'KG',
      ...(address ? { address } : {}),
      ...(option
        ? { method: { code: option.code ?? method, title: { original: option.title ?? method, translated: option.title ?? method }, pickup: option.code === 'pickup' } }
        : {}),
    },
    taxInfo: { pricesIncludeTax: Boolean(cart.taxIncludedInPrices) },
    paymentInfo: {
      giftCards: v2.giftCard
        ? [
            {
              id: v2.giftCard.id,
              obfuscatedCode: `****${v2.giftCard.code.slice(-4)}`,
              ...(v2.giftCard.redeemAmount ? { requestedRedeemAmount: moneyV2(toMinor(v2.giftCard.redeemAmount)) } : {}),
            },
          ]
        : [],
      currencyCode: CURRENCY,
    },
    orderPlaced: Boolean(v2.orderId),
    ...(v2.orderId ? { orderId: v2.orderId } : {}),
    ...(cart.purchaseFlowId ? { purchaseFlowId: cart.purchaseFlowId } : {}),
    ...(cart.overrideCheckoutUrl ? { customCheckoutUrl: cart.overrideCheckoutUrl } : {}),
    ...(cart.extendedFields ? { extendedFields: cart.extendedFields } : {}),
    currentCart: !v2.notCurrent,
    demo: false,
  };
}

/** The cart priced whole (discounts, delivery, tax, gift card) as V2's summary. */
export function cartV2Summary(
  ctx: Pick<DomainContext, 'db' | 'now'>,
  cart: StoredCart,
  { calculateTax, calculateDelivery }: { calculateTax?: boolean; calculateDelivery?: boolean } = {},
): CartSummaryV2 {
  const giftCard = cart.v2?.giftCard ? ctx.db.get('giftCards', cart.v2.giftCard.code) : undefined;
  const t = pricedLines(ctx, cart.lineItems, {
    couponCode: cart.couponCode,
    merchantDiscounts: cart.merchantDiscounts,
    address: cart.contactInfo?.address,
    selected: cart.selectedShippingOption,
    giftCard,
    giftCardAmount: cart.v2?.giftCard?.redeemAmount ? toMinor(cart.v2.giftCard.redeemAmount) : undefined,
    calculateTax,
    calculateShipping: calculateDelivery,
  });
  const totals = t.totals;
  const chosen = t.shippingInfo.selectedCarrierServiceOption;
  return {
    cartId: cart.id,
    cartRevision: String(cart.v2?.revision ?? 1),
    lineItems: cart.lineItems.map((l) => ({
      lineItemId: l.id,
      quantity: payableQuantity(l),
      unitPrice: moneyV2(minorOf(l.price)),
      totalPrice: moneyV2(minorOf(l.price) * payableQuantity(l)),
    })),
    discounts: t.appliedDiscounts.map((d) => ({
      name: { original: d.coupon?.name ?? 'Discount', translated: d.coupon?.name ?? 'Discount' },
      source: d.coupon ? { sourceType: 'COUPON', couponCode: d.coupon.code } : { sourceType: 'AUTOMATIC_RULE' },
      scope: 'CART_SUBTOTAL',
      total: moneyV2(minorOf(d.coupon?.amount ?? d.merchantDiscount?.amount)),
    })),
    ...(chosen
      ? {
          deliverySummary: {
            method: { code: chosen.code, title: { original: chosen.title ?? '', translated: chosen.title ?? '' }, pickup: chosen.code === 'pickup' },
            price: moneyV2(totals.shipping),
          },
        }
      : {}),
    additionalFees: [],
    taxSummary: { taxes: [], pricesIncludeTax: false },
    priceSummary: {
      subtotal: moneyV2(totals.subtotal),
      discount: moneyV2(totals.discount),
      delivery: moneyV2(totals.shipping),
      additionalFees: moneyV2(0),
      tax: moneyV2(totals.tax),
      total: moneyV2(totals.total),
    },
    paymentSummary: {
      giftCards: cart.v2?.giftCard ? [{ giftCardId: cart.v2.giftCard.id, redeemAmount: moneyV2(totals.giftCard) }] : [],
      requiresPaymentAfterGiftCard: totals.total - totals.giftCard > 0,
      totalAfterGiftCards: moneyV2(totals.total - totals.giftCard),
      payNow: moneyV2(totals.total - totals.giftCard),
      payLater: moneyV2(0),
    },
    priceVerificationToken: priceToken(cart.id, totals.total),
    violations: cart.lineItems.length
      ? []
      : [{ severity: 'ERROR', scope: 'GLOBAL', code: 'EMPTY_CART', description: 'The cart is empty' }],
  };
}

/** The token a calculation answers: the cart and its total, so a changed price refuses the order. */
export const priceToken = (cartId: string, total: Minor) => `${cartId}:${total}`;

/** V2's catalog items as the cart's line inputs (V2's override names turned into V1's). */
export function linesFromV2(items: Schemas['CatalogItemInput'][] = []): LineItemInput[] {
  return items.map((i) => {
    const o = i.catalogOverrideFields;
    const overrides = o
      ? {
          ...(o.name ? { productName: o.name } : {}),
          ...(o.salePrice ? { price: o.salePrice } : {}),
          ...(o.descriptionLines ? { descriptionLines: o.descriptionLines } : {}),
          ...(o.physicalProperties ? { physicalProperties: o.physicalProperties } : {}),
          ...(o.image ? { image: o.image } : {}),
        }
      : undefined;
    return {
      quantity: i.quantity ?? 1,
      catalogReference: i.catalogReference,
      ...(overrides ? { catalogOverrideFields: overrides } : {}),
    } as LineItemInput;
  });
}

/** Adds a coupon by code: one per cart, an unknown code is INVALID_COUPON_CODE. */
export function addCouponV2(db: Db, cart: StoredCart, code: string): void {
  if (cart.couponCode) {
    throw cart.couponCode.toUpperCase() === code.toUpperCase()
      ? appError(400, 'COUPON_ALREADY_EXISTS', `Coupon ${code} is already in the cart`, { couponCode: code })
      : appError(400, 'MAX_COUPONS_PER_CART_EXCEEDED', 'A cart takes one coupon: remove the one it has first');
  }
  couponFor(db, code);
  cart.couponCode = code;
}

export function removeCouponV2(db: Db, cart: StoredCart, couponId: string): void {
  if (!cart.couponCode || couponIdOf(db, cart.couponCode) !== couponId)
    throw appError(400, 'COUPON_NOT_FOUND_IN_CART', `Coupon ${couponId} is not in the cart`, { couponId });
  delete cart.couponCode;
}

/** Adds a gift card by code (one per cart); its id in the cart is new. */
export function addGiftCardV2(ctx: Pick<DomainContext, 'db'>, cart: StoredCart, input: Schemas['GiftCardInput']): void {
  const v2 = (cart.v2 ??= {});
  if (v2.giftCard) {
    throw v2.giftCard.code === input.code
      ? appError(400, 'GIFT_CARD_ALREADY_EXISTS', 'The gift card is already in the cart', { giftCardCode: input.code })
      : appError(400, 'MAX_GIFT_CARDS_PER_CART_EXCEEDED', 'A cart takes one gift card: remove the one it has first');
  }
  // The card's id in the cart is the card's own (the code it is stored under).
  const card = requireGiftCard(ctx.db, input.code);
  v2.giftCard = { id: card.id, code: input.code, ...(input.redeemAmount?.amount ? { redeemAmount: input.redeemAmount.amount } : {}) };
}

export function removeGiftCardV2(cart: StoredCart, giftCardId: string): void {
  if (cart.v2?.giftCard?.id !== giftCardId)
    throw appError(400, 'GIFT_CARD_NOT_FOUND_IN_CART', `Gift card ${giftCardId} is not in the cart`, { giftCardId });
  delete cart.v2.giftCard;
}

/** Chooses the delivery method by code: the cart needs a delivery address, and the code must be one of its options. */
export function setDeliveryMethodV2(now: Date, cart: StoredCart, input: Schemas['DeliveryMethodInput']): void {
  const address = cart.contactInfo?.address;
  if (!address)
    throw appError(400, 'DELIVERY_METHOD_MISSING_ADDRESS', 'Set the cart\'s delivery address (updateCart deliveryInfo.address) first');
  if (!cart.lineItems.some((l) => l.physicalProperties?.shippable))
    throw appError(400, 'DELIVERY_METHOD_MISSING_LINE_ITEMS', 'Nothing in the cart is delivered');
  if (!shippingOptions(now, address).some((o) => o.code === input.code))
    throw appError(400, 'DELIVERY_METHOD_NOT_FOUND', `No delivery method ${input.code} for this address`, { code: input.code });
  cart.selectedShippingOption = { code: input.code };
}

/** The fields of a V2 cart the customer sets, written onto the cart (the rest of `cart` is the cart's own). */
export function updateFromV2(cart: StoredCart, input: CartV2, mask: string[] | undefined): void {
  const has = (field: string) => (mask ? mask.some((m) => m === field || m.startsWith(`${field}.`)) : field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], input) !== undefined);
  if (has('note')) cart.buyerNote = input.note;
  if (has('deliveryInfo.address')) cart.contactInfo = { ...cart.contactInfo, address: input.deliveryInfo?.address };
  if (has('customCheckoutUrl')) cart.overrideCheckoutUrl = input.customCheckoutUrl;
  if (has('businessInfo.locationId')) cart.businessLocationId = input.businessInfo?.locationId;
  if (has('extendedFields')) cart.extendedFields = input.extendedFields;
  const c = input.customerInfo;
  if (c && (has('customerInfo.firstName') || has('customerInfo.lastName') || has('customerInfo.phone'))) {
    cart.contactInfo = {
      ...cart.contactInfo,
      contactDetails: {
        ...cart.contactInfo?.contactDetails,
        ...(c.firstName !== undefined ? { firstName: c.firstName } : {}),
        ...(c.lastName !== undefined ? { lastName: c.lastName } : {}),
        ...(c.phone !== undefined ? { phone: c.phone } : {}),
      },
    };
  }
  if (has('customerInfo.email')) cart.buyerInfo = { ...cart.buyerInfo, email: c?.email };
}

/** A cart that made its order changes no more. */
export function assertOpen(cart: StoredCart): void {
  if (cart.v2?.orderId)
    throw appError(400, 'CART_ALREADY_ORDERED', `Cart ${cart.id} already made order ${cart.v2.orderId}`, {
      cartId: cart.id,
      orderId: cart.v2.orderId,
    });
}

/** Whether the caller may see a cart by id: their own (a member's, or a visitor's no member owns); an API key sees all. */
export function cartVisibleTo(caller: Caller, cart: StoredCart): boolean {
  if (caller.kind === 'elevated') return true;
  const b = cart.buyerInfo ?? {};
  if (caller.kind === 'member') return b.memberId === caller.memberId || (!b.memberId && b.visitorId === caller.visitorId);
  if (caller.kind === 'visitor') return !b.memberId && b.visitorId === caller.visitorId;
  return false;
}

/** The caller's cart by id; another buyer's answers exactly like a missing one. */
export function requireCartById(db: Db, caller: Caller, id: string): StoredCart {
  const cart = db.get('carts', id);
  if (!cart || !cartVisibleTo(caller, cart))
    throw appError(404, 'CART_NOT_FOUND', `Cart ${id} not found`, { cartId: id });
  return cart;
}

/**
 * The rules' errors in Cart V2's words: the cart and checkout rules answer V1's codes; a V2 call
 * answers the code the official SDK's V2 types name for the same refusal.
 */
const V2_CODES: Record<string, (data: Record<string, unknown>) => [string, Record<string, unknown>]> = {
  COUPON_DOES_NOT_EXIST: (d) => ['INVALID_COUPON_CODE', { couponCode: d.couponCode }],
  LINE_ITEM_NOT_FOUND: (d) => ['LINE_ITEM_NOT_FOUND_IN_CART', { lineItemIds: [d.lineItemId] }],
  ITEM_NOT_FOUND: (d) => ['ITEM_NOT_FOUND_IN_CATALOG', { invalidItems: [{ catalogReference: { catalogItemId: d.catalogItemId } }] }],
  VARIANT_NOT_FOUND: () => ['ITEM_NOT_FOUND_IN_CATALOG', { invalidItems: [] }],
  UNSUPPORTED_CATALOG: () => ['ITEM_NOT_FOUND_IN_CATALOG', { invalidItems: [] }],
  GIFT_CARD_NOT_FOUND: () => ['INVALID_GIFT_CARD_CODE', {}],
  INSUFFICIENT_INVENTORY: () => ['LINE_ITEMS_OUT_OF_STOCK', { lineItemIds: [], allLineItemsOutOfStock: false }],
  NO_AVAILABLE_ITEMS: () => ['LINE_ITEMS_OUT_OF_STOCK', { lineItemIds: [], allLineItemsOutOfStock: true }],
  CART_IS_EMPTY: () => ['EMPTY_CART', {}],
};

export function inV2Words(err: unknown): unknown {
  if (!(err instanceof SandboxError)) return err;
  const app = err.body.details.applicationError as { code?: string; description?: string; data?: Record<string, unknown> } | undefined;
  const to = app?.code ? V2_CODES[app.code] : undefined;
  if (!to || !app) return err;
  const [code, data] = to(app.data ?? {});
  return appError(err.status, code, app.description ?? err.message, data);
}

/** What the sandbox's checkout page shows of a cart by its id (its checkout's id; undefined: no such cart, or ordered). */
export function cartCheckoutSummary(db: Db, id: string, now: Date): { lineItemCount: number; total: string } | undefined {
  const cart = db.get('carts', id);
  if (!cart || cart.v2?.orderId) return undefined;
  const summary = cartV2Summary({ db, now: () => now }, cart);
  return { lineItemCount: cart.lineItems.length, total: `$${summary.priceSummary?.total?.amount ?? '0'}` };
}
