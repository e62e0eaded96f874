/** The stages of a shopper's way to an order: a cart with a product, a coupon, an address, a checkout, an order. */
import { STORES_APP_ID } from '../../../../../src/index.ts';
import type { Stage } from '../../../core/preparation.ts';
import { getState } from '../../../core/state.ts';
import { call, read } from './steps.ts';

/**
 * The visitor's (or member's) current cart with a line in it, read and filled through Cart V2
 * (the provider removes Cart V1 on 2027-02-01; both read one cart). Without tokens there is no
 * one whose cart it could be, so nothing is read (reading would make a visitor).
 */
export const cartStage: Stage = {
  needs: 'a cart with a product in it',
  changes:
    'adds one in-stock product from the catalog to your current cart (queryProducts, then addLineItemsToCurrentCart)',
  async look() {
    if (!getState().tokens) return undefined;
    const r = await read('currentCartV2.getCurrentCart', [], {});
    const line = r?.cart?.lineItems?.[0];
    if (!line) return undefined;
    return {
      cartId: r.cart.id,
      lineItemId: line.id,
      lines: r.cart.lineItems.length,
      couponId: r.cart.coupons?.[0]?.id,
    };
  },
  found: (v) => `your current cart (${v.lines} line item${v.lines === 1 ? '' : 's'})`,
  steps: [
    call(
      'products.queryProducts',
      () => ({ options: { query: { paging: { limit: 20 } } } }),
      (r) => {
        const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
        if (!product) throw new Error('the catalog answered no products');
        return { productId: product.id };
      },
    ),
    call(
      'currentCartV2.addLineItemsToCurrentCart',
      (v) => ({
        options: {
          catalogItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
        },
      }),
      (r) => ({ cartId: r.cart?.id, lineItemId: r.cart?.lineItems?.[0]?.id }),
    ),
  ],
};

/** A coupon on the current cart (the seed's SAVE10), for the calls that remove one by its id. */
export const couponStage: Stage = {
  needs: 'a coupon on your cart',
  changes: 'adds the coupon SAVE10 to your current cart (addCouponToCurrentCart)',
  async look(v) {
    return v.couponId ? { couponId: v.couponId } : undefined;
  },
  found: (v) => `the coupon on your cart (${v.couponId})`,
  steps: [
    call(
      'currentCartV2.addCouponToCurrentCart',
      () => ({ options: { coupon: { code: 'SAVE10' } } }),
      (r) => ({ couponId: r.cart?.coupons?.[0]?.id }),
    ),
  ],
};

/** A delivery address on the current cart (the one the delivery methods are priced for). */
export const addressStage: Stage = {
  needs: 'a delivery address on your cart',
  changes: 'sets a New York delivery address on your current cart (updateCurrentCart)',
  async look() {
    const r = await read('currentCartV2.getCurrentCart', [], {});
    return r?.cart?.deliveryInfo?.address?.country ? { address: true } : undefined;
  },
  found: () => 'the delivery address on your cart',
  steps: [
    call(
      'currentCartV2.updateCurrentCart',
      () => ({
        options: {
          cart: {
            deliveryInfo: {
              address: {
                country: 'US',
                subdivision: 'US-NY',
                city: 'New York',
                postalCode: '10011',
                addressLine: '235 W 23rd St',
              },
            },
          },
        },
      }),
      () => ({ address: true }),
    ),
  ],
};

/** Checkout V1's checkout of the current cart: a V1 call, for the Checkout V1 operations only (on Cart V2 the cart's id is its checkout's). */
const checkoutOfCart = async (): Promise<string | undefined> =>
  (await read('currentCart.getCurrentCart', [], {}))?.cart?.checkoutId;

/** The checkout the current cart made, while it is not completed. */
export const checkoutStage: Stage = {
  needs: 'a checkout of your cart',
  changes: 'creates a checkout from your current cart (createCheckoutFromCurrentCart)',
  async look() {
    const cartCheckoutId = getState().tokens ? await checkoutOfCart() : undefined;
    if (!cartCheckoutId) return undefined;
    const r = await read('checkout.getCheckout', [cartCheckoutId], {});
    return r?.checkout && !r.checkout.completed ? { checkoutId: r.checkout.id } : undefined;
  },
  found: (v) => `the checkout of your cart (${v.checkoutId})`,
  steps: [
    call(
      'currentCart.createCheckoutFromCurrentCart',
      () => ({ options: { channelType: 'WEB' } }),
      (r) => ({ checkoutId: r.checkoutId }),
    ),
  ],
};

/** The newest order still open, with a buyer e-mail (an order without one cannot be told it was canceled); read with the API key, as orders are. */
export const orderStage: Stage = {
  needs: 'an open order',
  changes:
    'sets the buyer e-mail shopper@storefront.test on the checkout and places its order (updateCheckout, then createOrder)',
  async look() {
    const r = await read(
      'orders.searchOrders',
      [],
      {
        search: {
          filter: {
            status: { $ne: 'CANCELED' },
            paymentStatus: { $eq: 'NOT_PAID' },
            'buyerInfo.email': { $exists: true },
          },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          cursorPaging: { limit: 1 },
        },
      },
      { elevated: true },
    );
    const o = r?.orders?.[0];
    return o ? { orderId: o.id, orderNumber: o.number } : undefined;
  },
  found: (v) => `order ${v.orderNumber ?? v.orderId}, open and not paid`,
  steps: [
    call(
      'checkout.updateCheckout',
      (v) => ({ path: [v.checkoutId], options: { checkout: { buyerInfo: { email: 'shopper@storefront.test' } } } }),
      () => ({}),
    ),
    call(
      'checkout.createOrder',
      (v) => ({ path: [v.checkoutId] }),
      (r) => ({ orderId: r.orderId }),
    ),
  ],
};
