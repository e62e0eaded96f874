/**
 * Cart V1 for the hooks (`<StorefrontProvider cartApi={cartApiV1}>`), until the provider removes
 * it on 2027-02-01 (then this file goes): each kind of change's V1 request, and V1's answers read
 * into the Cart V2 shape the hooks show (what the hooks and components read is carried over; V1's
 * own fields stay on the cart too). Imported only by an app that chooses V1, so one on V2 does
 * not bundle it.
 */
import type { CartV1Operations, ServerCart } from './client-types.ts';
import type { ResultOf } from '../index.ts';
import { missingModule, NO_CART, type CartApiV1, type CartChange } from './cart-actions.ts';

type V1Cart = NonNullable<ResultOf<CartV1Operations['getCurrentCart']>['cart']>;
type V1Money = { amount?: string; convertedAmount?: string } | undefined;

/** V1's availability as V2's stock status. */
const STATUS = {
  AVAILABLE: 'IN_STOCK',
  NOT_AVAILABLE: 'OUT_OF_STOCK',
  NOT_FOUND: 'REMOVED_FROM_CATALOG',
  PARTIALLY_AVAILABLE: 'PARTIALLY_IN_STOCK',
} as const;

const money = (m: V1Money) => ({ amount: m?.amount ?? '0', convertedAmount: m?.convertedAmount ?? m?.amount ?? '0' });

function readV1Cart(answer: { cart?: unknown }): ServerCart | null {
  const c = answer.cart as V1Cart | undefined;
  if (!c) return null;
  const coupon = c.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  return {
    ...(c as object),
    id: c.id,
    createdDate: c.createdDate,
    updatedDate: c.updatedDate,
    revision: '',
    lineItems: (c.lineItems ?? []).map((l) => ({
      ...(l as object),
      id: l.id,
      name: { original: l.productName?.original ?? '', translated: l.productName?.translated },
      quantityInfo: {
        requestedQuantity: l.quantity ?? 0,
        confirmedQuantity: l.quantity ?? 0,
        availableQuantity: l.availability?.quantityAvailable,
        fixedQuantity: false,
      },
      pricing: { unitPrice: money(l.price), totalPrice: money(l.lineItemPrice), priceUndetermined: false },
      source: { catalogReference: l.catalogReference },
      attributes: { image: l.image, descriptionLines: l.descriptionLines, url: l.url, itemType: l.itemType ?? {} },
      status: STATUS[(l.availability?.status ?? 'AVAILABLE') as keyof typeof STATUS] ?? 'IN_STOCK',
      customLineItem: false,
    })),
    subtotal: money(c.subtotal),
    note: c.buyerNote,
    coupons: c.couponCode ? [{ id: coupon?.id ?? '', code: c.couponCode }] : [],
    businessInfo: { currencyCode: c.currency },
    orderPlaced: false,
    currentCart: true,
    demo: false,
    subtotalAfterDiscounts: c.subtotalAfterDiscounts?.amount ? { amount: c.subtotalAfterDiscounts.amount } : undefined,
    // Discounts as V2's estimate names them, so a coupon that applies is told from one that does not.
    discounts: (c.appliedDiscounts ?? []).map((d) => ({
      source: { sourceType: d.coupon ? 'COUPON' : 'AUTOMATIC_RULE', couponCode: d.coupon?.code },
    })),
  } as ServerCart;
}

/** Cart V1 as the hooks' cart API: pass it as `<StorefrontProvider cartApi={cartApiV1}>` with `currentCart` in the client. */
export const cartApiV1: CartApiV1 = {
  read: readV1Cart,
  async send(client, change, context) {
    if (!client.currentCart) throw missingModule('currentCart', 'cartApi={cartApiV1}');
    const request = this.requests[change.kind] as CartApiV1['requests'][CartChange['kind']];
    return this.read(await request(client.currentCart, change as never, context));
  },
  checkoutId: async (client) =>
    (await client.currentCart!.createCheckoutFromCurrentCart({ channelType: 'WEB' })).checkoutId,
  requests: {
    refresh: (cart, _c, { signal }) => cart.getCurrentCart({}, { signal }),
    add: (cart, c) =>
      cart.addToCurrentCart({
        lineItems: c.lines.map(({ catalogReference, quantity = 1 }) => ({ catalogReference, quantity })),
      }),
    quantity: (cart, c) =>
      cart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: c.lineId, quantity: c.quantity }] }),
    remove: (cart, c) => cart.removeLineItemsFromCurrentCart({ lineItemIds: c.lineIds }),
    clear: async (cart) => (await cart.deleteCurrentCart(), NO_CART),
    // V1 replaces the coupon the cart has.
    applyCoupon: (cart, c) => cart.updateCurrentCart({ couponCode: c.code }),
    removeCoupon: (cart) => cart.removeCouponFromCurrentCart(),
    note: (cart, c) => cart.updateCurrentCart({ cartInfo: { buyerNote: c.note }, cartFieldmask: ['buyerNote'] }),
  },
};
