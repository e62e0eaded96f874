/** The shopper's flows: from a visitor to an order, on Cart V2 and on Cart V1 with Checkout V1. */
import { STORES_APP_ID } from '../../../../src/index.ts';
import type { Flow } from '../../core/flow-run.ts';
import { AS_SHOPPER, operationStep } from './flow-steps.ts';

/** Browse products: the first in-stock one of the catalog. */
const browseStep = operationStep(
  'Browse products',
  'products.queryProducts',
  () => ({ path: [], options: { query: { paging: { limit: 20 } } } }),
  (r) => {
    const product = (r.products ?? []).find((p: any) => p.stock?.inStock !== false) ?? r.products?.[0];
    if (!product) throw new Error('the catalog answered no products');
    return { productId: product.id, productName: product.name };
  },
  AS_SHOPPER,
);

/** Where the flows' shopper has things delivered. */
const SHOPPER_ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10011',
  addressLine: '235 W 23rd St',
};

export const visitorToOrderV2: Flow = {
  title: 'Visitor to order on Cart V2',
  about:
    'A visitor browses, fills a cart, gives a delivery address and method, and places the order from the cart itself (Cart V2: the cart is its own checkout).',
  steps: [
    browseStep,
    operationStep(
      'Add to the current cart',
      'currentCartV2.addLineItemsToCurrentCart',
      (v) => ({
        path: [],
        options: {
          catalogItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
        },
      }),
      (r) => ({ cartId: r.cart?.id }),
      AS_SHOPPER,
    ),
    operationStep(
      'Give the delivery address',
      'currentCartV2.updateCurrentCart',
      () => ({ path: [], options: { cart: { deliveryInfo: { address: SHOPPER_ADDRESS } } } }),
      () => ({}),
      AS_SHOPPER,
    ),
    operationStep(
      'Choose the delivery method',
      'currentCartV2.setDeliveryMethodForCurrentCart',
      () => ({ path: [], options: { deliveryMethod: { code: 'standard' } } }),
      () => ({}),
      AS_SHOPPER,
    ),
    operationStep(
      'Price the cart',
      'cartV2.calculateCart',
      (v) => ({ path: [v.cartId], options: {} }),
      (r) => ({ priceVerificationToken: r.summary?.priceVerificationToken }),
      AS_SHOPPER,
    ),
    operationStep(
      'Place the order',
      'cartV2.placeOrder',
      (v) => ({ path: [v.cartId], options: { priceVerificationToken: v.priceVerificationToken } }),
      (r) => ({ orderId: r.orderId }),
      AS_SHOPPER,
    ),
  ],
  done: (v) => `Order created: ${v.orderId}`,
};

export const visitorToOrder: Flow = {
  title: 'Visitor to order',
  about: 'A visitor browses, fills a cart, checks out and gets an order (Cart V1 and Checkout V1, until 2027-02-01).',
  steps: [
    browseStep,
    operationStep(
      'Add to the current cart',
      'currentCart.addToCurrentCart',
      (v) => ({
        path: [],
        options: {
          lineItems: [{ quantity: 1, catalogReference: { catalogItemId: v.productId, appId: STORES_APP_ID } }],
        },
      }),
      (r) => ({ cartId: r.cart?.id }),
      AS_SHOPPER,
    ),
    operationStep(
      'Create a checkout from the cart',
      'currentCart.createCheckoutFromCurrentCart',
      () => ({ path: [], options: { channelType: 'WEB' } }),
      (r) => ({ checkoutId: r.checkoutId }),
      AS_SHOPPER,
    ),
    operationStep(
      'Create the order',
      'checkout.createOrder',
      (v) => ({ path: [v.checkoutId], options: {} }),
      (r) => ({ orderId: r.orderId }),
      AS_SHOPPER,
    ),
  ],
  done: (v) => `Order created: ${v.orderId}`,
};
