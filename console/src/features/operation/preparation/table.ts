/**
 * Which operation needs what first, in one table: operation key -> preparation (why, its
 * stages, where what they carry goes in the form). core/preparation.ts looks and runs them.
 */
import type { Preparation, Values } from '../../../core/preparation.ts';
import { addressStage, cartStage, checkoutStage, couponStage, orderStage } from './cart-stages.ts';
import { asNewMember, pendingRegistration, recoveryMail } from './member-stages.ts';

const inCart = (fill: Preparation['fill'] = () => ({})): Preparation => ({
  why: 'It works on the current cart, with a product in it.',
  stages: [cartStage],
  fill,
});
const onCheckout = (fill: (v: Values) => Record<string, unknown> = () => ({})): Preparation => ({
  why: 'It needs a checkout: one is made from a cart with a product in it.',
  stages: [cartStage, checkoutStage],
  fill: (v) => ({ path: [v.checkoutId], options: fill(v) }),
});
const onOrder: Preparation = {
  why: 'It needs an order: one is placed through a cart and a checkout.',
  stages: [cartStage, checkoutStage, orderStage],
  fill: (v) => ({ path: [v.orderId] }),
};
const withStateToken = (code: boolean): Preparation => ({
  why: 'It continues a login or registration the site stopped half-way, named by its state token.',
  stages: [pendingRegistration],
  fill: (v) => ({ options: code ? { stateToken: v.stateToken, code: v.code } : { stateToken: v.stateToken } }),
});

/** Cart V2's carts by id: the current cart, named by its id (a path parameter). */
const cartById = (options: (v: Values) => Record<string, unknown> = () => ({})): Preparation => ({
  why: 'It works on a cart by its id: your current cart, with a product in it.',
  stages: [cartStage],
  fill: (v) => ({ path: [v.cartId], options: options(v) }),
});
const withCoupon = (fill: Preparation['fill']): Preparation => ({
  why: 'It removes a coupon by its id: one is added to your current cart.',
  stages: [cartStage, couponStage],
  fill,
});
const withAddress = (fill: Preparation['fill']): Preparation => ({
  why: 'It chooses how the cart is delivered: the cart needs a product and a delivery address.',
  stages: [cartStage, addressStage],
  fill,
});
const standardDelivery = { deliveryMethod: { code: 'standard' } };
const lineUpdate = (v: Values) => ({ lineItems: [{ lineItemId: v.lineItemId, quantity: { newQuantity: 2 } }] });

export const PREPARATIONS: Record<string, Preparation> = {
  // Cart V2 first: the current cart and carts by id.
  'currentCartV2.getCurrentCart': inCart(),
  'currentCartV2.updateCurrentCart': inCart(() => ({ options: { cart: { note: 'Gift wrap, please' } } })),
  'currentCartV2.deleteCurrentCart': inCart(),
  'currentCartV2.refreshCurrentCart': inCart(),
  'currentCartV2.calculateCurrentCart': inCart(),
  'currentCartV2.estimateCurrentCart': inCart(),
  'currentCartV2.getUpsellOptionsForCurrentCart': inCart(),
  'currentCartV2.addCouponToCurrentCart': inCart(() => ({ options: { coupon: { code: 'SAVE10' } } })),
  'currentCartV2.removeCouponFromCurrentCart': withCoupon((v) => ({ options: { couponId: v.couponId } })),
  'currentCartV2.removeLineItemsFromCurrentCart': inCart((v) => ({ options: { lineItemIds: [v.lineItemId] } })),
  'currentCartV2.updateLineItemsInCurrentCart': inCart((v) => ({ options: lineUpdate(v) })),
  'cartV2.getCart': cartById(),
  'cartV2.updateCart': cartById(() => ({ cart: { note: 'Gift wrap, please' } })),
  'cartV2.deleteCart': cartById(),
  'cartV2.refreshCart': cartById(),
  'cartV2.calculateCart': cartById(),
  'cartV2.estimateCart': cartById(),
  'cartV2.getUpsellOptions': cartById(),
  'cartV2.getCheckoutUrl': cartById(),
  'cartV2.addCoupon': cartById(() => ({ coupon: { code: 'SAVE10' } })),
  'cartV2.removeLineItems': cartById((v) => ({ lineItemIds: [v.lineItemId] })),
  'cartV2.updateLineItems': cartById(lineUpdate),
  'cartV2.markCartAsCompleted': cartById(),
  'cartV2.removeCoupon': withCoupon((v) => ({ path: [v.cartId], options: { couponId: v.couponId } })),
  'currentCartV2.setDeliveryMethodForCurrentCart': withAddress(() => ({ options: standardDelivery })),
  'cartV2.setDeliveryMethod': withAddress((v) => ({ path: [v.cartId], options: standardDelivery })),
  // Cart V1 and Checkout V1, until the provider removes them (2027-02-01).
  'currentCart.getCurrentCart': inCart(),
  'currentCart.updateCurrentCart': inCart(),
  'currentCart.deleteCurrentCart': inCart(),
  'currentCart.estimateCurrentCartTotals': inCart(),
  'currentCart.createCheckoutFromCurrentCart': inCart(),
  'currentCart.removeCouponFromCurrentCart': inCart(),
  'currentCart.removeLineItemsFromCurrentCart': inCart((v) => ({ options: { lineItemIds: [v.lineItemId] } })),
  'currentCart.updateCurrentCartLineItemQuantity': inCart((v) => ({
    options: { lineItems: [{ id: v.lineItemId, quantity: 2 }] },
  })),
  'checkout.getCheckout': onCheckout(),
  'checkout.getCheckoutUrl': onCheckout(),
  'checkout.updateCheckout': onCheckout(),
  'checkout.removeCoupon': onCheckout(),
  'checkout.removeGiftCard': onCheckout(),
  'checkout.removeOverrideCheckoutUrl': onCheckout(),
  'checkout.addToCheckout': onCheckout(),
  'checkout.createOrder': onCheckout(),
  'checkout.markCheckoutAsCompleted': onCheckout(),
  'checkout.getCheckoutPaymentSettings': onCheckout(),
  'checkout.removeLineItems': onCheckout((v) => ({ lineItemIds: [v.lineItemId] })),
  'checkout.updateLineItemsQuantity': onCheckout((v) => ({ lineItems: [{ id: v.lineItemId, quantity: 2 }] })),
  'checkout.getCheckoutByCartId': {
    why: 'It needs a cart that has a checkout.',
    stages: [cartStage, checkoutStage],
    fill: (v) => ({ path: [v.cartId] }),
  },
  'orders.getOrder': onOrder,
  'orders.cancelOrder': onOrder,
  'orders.preparePaymentCollection': onOrder,
  'orders.getPaymentCollectabilityStatus': onOrder,
  'authentication.proceedToNextState': withStateToken(false),
  'verification.resendDuringAuthentication': withStateToken(false),
  'verification.verifyDuringAuthentication': withStateToken(true),
  'members.updateCurrentMemberSlug': asNewMember,
  'members.joinCommunity': asNewMember,
  'members.leaveCommunity': asNewMember,
  'members.getCurrentMember': asNewMember,
  'members.deleteMyMember': asNewMember,
  'authentication.changePassword': asNewMember,
  'recovery.recover': {
    why: 'It needs a recovery token, which the recovery e-mail carries.',
    stages: [recoveryMail],
    fill: (v) => ({ options: { recoveryToken: v.recoveryToken } }),
  },
};
