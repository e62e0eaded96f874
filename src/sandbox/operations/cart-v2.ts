/**
 * Cart V2 (openapi/current-cart-v2.yaml and openapi/cart-v2.yaml): the one cart of
 * domain/cart/, seen through the provider's Cart V2. Until a handler is real it answers the
 * sandbox's 501 NOT_EMULATED, never a made-up cart.
 */
import { appError } from '../platform/errors.ts';
import type { SandboxHandlers } from '../platform/types.ts';

const notYet = (key: string) => (): never => {
  throw appError(501, 'NOT_EMULATED', `${key} is not emulated by the sandbox yet`, { operation: key });
};

export const currentCartV2Operations = {
  'currentCartV2.createCurrentCart': notYet('currentCartV2.createCurrentCart'),
  'currentCartV2.getCurrentCart': notYet('currentCartV2.getCurrentCart'),
  'currentCartV2.updateCurrentCart': notYet('currentCartV2.updateCurrentCart'),
  'currentCartV2.deleteCurrentCart': notYet('currentCartV2.deleteCurrentCart'),
  'currentCartV2.refreshCurrentCart': notYet('currentCartV2.refreshCurrentCart'),
  'currentCartV2.calculateCurrentCart': notYet('currentCartV2.calculateCurrentCart'),
  'currentCartV2.estimateCurrentCart': notYet('currentCartV2.estimateCurrentCart'),
  'currentCartV2.addLineItemsToCurrentCart': notYet('currentCartV2.addLineItemsToCurrentCart'),
  'currentCartV2.removeLineItemsFromCurrentCart': notYet('currentCartV2.removeLineItemsFromCurrentCart'),
  'currentCartV2.updateLineItemsInCurrentCart': notYet('currentCartV2.updateLineItemsInCurrentCart'),
  'currentCartV2.addCouponToCurrentCart': notYet('currentCartV2.addCouponToCurrentCart'),
  'currentCartV2.removeCouponFromCurrentCart': notYet('currentCartV2.removeCouponFromCurrentCart'),
  'currentCartV2.setDeliveryMethodForCurrentCart': notYet('currentCartV2.setDeliveryMethodForCurrentCart'),
  'currentCartV2.removeDeliveryMethodFromCurrentCart': notYet('currentCartV2.removeDeliveryMethodFromCurrentCart'),
  'currentCartV2.addGiftCardToCurrentCart': notYet('currentCartV2.addGiftCardToCurrentCart'),
  'currentCartV2.removeGiftCardFromCurrentCart': notYet('currentCartV2.removeGiftCardFromCurrentCart'),
  'currentCartV2.updateFormSubmissionsInCurrentCart': notYet('currentCartV2.updateFormSubmissionsInCurrentCart'),
  'currentCartV2.getUpsellOptionsForCurrentCart': notYet('currentCartV2.getUpsellOptionsForCurrentCart'),
} satisfies SandboxHandlers<'currentCartV2'>;

export const cartV2Operations = {
  'cartV2.createCart': notYet('cartV2.createCart'),
  'cartV2.getCart': notYet('cartV2.getCart'),
  'cartV2.updateCart': notYet('cartV2.updateCart'),
  'cartV2.deleteCart': notYet('cartV2.deleteCart'),
  'cartV2.refreshCart': notYet('cartV2.refreshCart'),
  'cartV2.calculateCart': notYet('cartV2.calculateCart'),
  'cartV2.estimateCart': notYet('cartV2.estimateCart'),
  'cartV2.addLineItems': notYet('cartV2.addLineItems'),
  'cartV2.removeLineItems': notYet('cartV2.removeLineItems'),
  'cartV2.updateLineItems': notYet('cartV2.updateLineItems'),
  'cartV2.addCoupon': notYet('cartV2.addCoupon'),
  'cartV2.removeCoupon': notYet('cartV2.removeCoupon'),
  'cartV2.setDeliveryMethod': notYet('cartV2.setDeliveryMethod'),
  'cartV2.removeDeliveryMethod': notYet('cartV2.removeDeliveryMethod'),
  'cartV2.addGiftCard': notYet('cartV2.addGiftCard'),
  'cartV2.removeGiftCard': notYet('cartV2.removeGiftCard'),
  'cartV2.updateFormSubmissions': notYet('cartV2.updateFormSubmissions'),
  'cartV2.getUpsellOptions': notYet('cartV2.getUpsellOptions'),
  'cartV2.getCheckoutUrl': notYet('cartV2.getCheckoutUrl'),
  'cartV2.placeOrder': notYet('cartV2.placeOrder'),
  'cartV2.markCartAsCompleted': notYet('cartV2.markCartAsCompleted'),
  'cartV2.handleAsyncCheckoutCompletion': notYet('cartV2.handleAsyncCheckoutCompletion'),
} satisfies SandboxHandlers<'cartV2'>;
