/**
 * A cart becomes an order (Cart V2's placeOrder, and the sandbox's hosted checkout page for a
 * cart): a checkout of the cart goes through the one order pipeline, as Checkout V1's
 * createOrder does (domain/cart/checkout-order.ts), and the cart is marked ordered.
 */
import { appError } from '../../platform/errors.ts';
import type { Caller } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';
import { minorOf } from '../money.ts';
import { buyerOf, pricedForReading, saveCart, type StoredCart } from './cart.ts';
import { assertOpen, cartV2Summary, priceToken } from './cart-v2.ts';
import { checkoutFromCart } from './checkout.ts';
import { placeCheckoutOrder } from './checkout-order.ts';

/**
 * Orders a cart through the one order pipeline: a checkout of the cart (its lines, coupon,
 * delivery address and method, gift card) is placed as Checkout V1's createOrder places one, and
 * the cart is marked ordered (nobody's current cart any more).
 */
export function orderCart(
  ctx: DomainContext & { caller: Caller },
  stored: StoredCart,
  opts: { priceVerificationToken?: string; delayCapture?: boolean },
) {
  assertOpen(stored);
  const priced = pricedForReading(ctx.db, stored);
  if (!priced.lineItems.length) throw appError(400, 'EMPTY_CART', `Cart ${stored.id} is empty`);
  if (opts.priceVerificationToken !== undefined) {
    const total = minorOf(cartV2Summary(ctx, priced).priceSummary?.total);
    if (opts.priceVerificationToken !== priceToken(stored.id, total))
      throw appError(400, 'INVALID_PRICE_VERIFICATION_TOKEN', "The cart's prices changed since the calculation that gave this token", {
        token: opts.priceVerificationToken,
      });
  }
  const buyer = stored.buyerInfo ?? buyerOf(ctx.caller);
  const ck = checkoutFromCart(ctx, buyer, stored, {});
  const placed = placeCheckoutOrder(ctx, ck, Boolean(opts.delayCapture));
  const cart = ctx.db.get('carts', stored.id) ?? stored;
  saveCart(ctx, { ...cart, v2: { ...cart.v2, orderId: placed.orderId, notCurrent: true } }, false);
  return {
    orderId: placed.orderId,
    ...(placed.paymentGatewayOrderId ? { paymentGatewayOrderId: placed.paymentGatewayOrderId } : {}),
    completed: !placed.paymentGatewayOrderId,
  };
}

