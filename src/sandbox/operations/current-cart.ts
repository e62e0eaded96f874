/**
 * The current cart service (openapi/current-cart.yaml): the caller's own cart, made by the first
 * add. The rules are domain/cart/cart.ts (and its lines, pricing and checkout beside it).
 */
import {
  buyerOf,
  cartV1View,
  currentCart,
  deleteCart,
  merchantDiscountsOf,
  newCart,
  pricedForReading,
  pricedV1View,
  requireCurrentCart,
  saveCart,
  setCartInfo,
  CURRENCY,
  type StoredCart,
} from '../domain/cart/cart.ts';
import { addLines, removeLines, setQuantities, withNewIds } from '../domain/cart/cart-lines.ts';
import { pricedLines } from '../domain/cart/cart-pricing.ts';
import { checkoutFromCart } from '../domain/cart/checkout.ts';
import type { DomainContext } from '../domain/context.ts';
import { couponFor } from '../domain/cart/coupons.ts';
import { appError } from '../platform/errors.ts';
import { maskedKeys } from '../platform/safe-object.ts';
import type { OperationContext, SandboxHandlers } from '../platform/types.ts';

/** A copy of the caller's cart to change, or a new one (only a visitor or a member has a current cart). */
function cartToChange(ctx: DomainContext & Pick<OperationContext, 'caller'>): {
  cart: StoredCart;
  created: boolean;
} {
  const existing = currentCart(ctx.db, ctx.caller);
  if (existing) return { cart: structuredClone(existing), created: false };
  if (ctx.caller.kind === 'elevated' || ctx.caller.kind === 'anonymous')
    throw appError(403, 'PERMISSION_DENIED', 'The current cart belongs to a visitor or a member');
  return { cart: newCart(ctx, buyerOf(ctx.caller)), created: true };
}

/** A copy of the caller's cart, which must exist. */
const ownCartToChange = (ctx: Pick<OperationContext, 'db' | 'caller'>) =>
  structuredClone(requireCurrentCart(ctx.db, ctx.caller));

export const currentCartOperations = {
  'currentCart.getCurrentCart': (ctx) => ({
    cart: pricedV1View(ctx.db, requireCurrentCart(ctx.db, ctx.caller)),
  }),
  'currentCart.addToCurrentCart': (ctx) => {
    const { cart, created } = cartToChange(ctx);
    cart.lineItems = addLines(ctx, cart.lineItems, ctx.input.lineItems ?? []);
    if (ctx.input.customLineItems?.length)
      cart.customLineItems = [...(cart.customLineItems ?? []), ...withNewIds(ctx, ctx.input.customLineItems)];
    if (ctx.input.businessLocationId) cart.businessLocationId = ctx.input.businessLocationId;
    return { cart: cartV1View(saveCart(ctx, cart, created)) };
  },
  'currentCart.updateCurrentCart': (ctx) => {
    const { cart, created } = cartToChange(ctx);
    const info = ctx.input.cartInfo ?? {};
    setCartInfo(cart, info, maskedKeys(ctx.input.cartFieldmask, info, 'cartFieldmask'));
    if (ctx.input.couponCode !== undefined) {
      couponFor(ctx.db, ctx.input.couponCode);
      cart.couponCode = ctx.input.couponCode;
    }
    if (ctx.input.lineItems?.length) cart.lineItems = addLines(ctx, cart.lineItems, ctx.input.lineItems);
    if (ctx.input.merchantDiscounts)
      cart.merchantDiscounts = merchantDiscountsOf(ctx.input.merchantDiscounts, cart.lineItems);
    return { cart: cartV1View(saveCart(ctx, cart, created)) };
  },
  'currentCart.deleteCurrentCart': (ctx) => {
    deleteCart(ctx, requireCurrentCart(ctx.db, ctx.caller));
    return {};
  },
  'currentCart.removeLineItemsFromCurrentCart': (ctx) => {
    const cart = ownCartToChange(ctx);
    cart.lineItems = removeLines(cart.lineItems, ctx.input.lineItemIds);
    return { cart: cartV1View(saveCart(ctx, cart, false)) };
  },
  'currentCart.updateCurrentCartLineItemQuantity': (ctx) => {
    const cart = ownCartToChange(ctx);
    cart.lineItems = setQuantities(ctx.db, cart.lineItems, ctx.input.lineItems);
    return { cart: cartV1View(saveCart(ctx, cart, false)) };
  },
  'currentCart.removeCouponFromCurrentCart': (ctx) => {
    const cart = ownCartToChange(ctx);
    delete cart.couponCode;
    return { cart: cartV1View(saveCart(ctx, cart, false)) };
  },
  'currentCart.estimateCurrentCartTotals': (ctx) => {
    const cart = pricedForReading(ctx.db, requireCurrentCart(ctx.db, ctx.caller));
    const t = pricedLines(ctx, cart.lineItems, {
      couponCode: cart.couponCode,
      merchantDiscounts: cart.merchantDiscounts,
      address: ctx.input.shippingAddress ?? cart.contactInfo?.address,
      selected: ctx.input.selectedShippingOption,
      calculateTax: ctx.input.calculateTax,
      calculateShipping: ctx.input.calculateShipping,
    });
    return {
      cart: cartV1View(cart),
      priceSummary: t.priceSummary,
      appliedDiscounts: t.appliedDiscounts,
      shippingInfo: t.shippingInfo,
      taxSummary: t.taxSummary,
      calculationErrors: t.calculationErrors,
      membershipOptions: { eligibleMemberships: [], invalidMemberships: [] },
      currency: CURRENCY,
      weightUnit: 'KG',
      payNow: t.priceSummary,
      additionalFees: [],
      violations: [],
      calculatedLineItems: cart.lineItems.map((l) => ({ lineItemId: l.id, paymentOption: l.paymentOption })),
    };
  },
  'currentCart.createCheckoutFromCurrentCart': (ctx) => {
    const cart = requireCurrentCart(ctx.db, ctx.caller);
    return { checkoutId: checkoutFromCart(ctx, buyerOf(ctx.caller), cart, ctx.input).id };
  },
} satisfies SandboxHandlers<'currentCart'>;
