/**
 * The checkout service (openapi/checkout.yaml): the caller's checkouts (another buyer's answers
 * as a missing one), and the order a checkout makes. The rules are domain/cart/checkout.ts and
 * domain/cart/checkout-order.ts; the sandbox's stand-in for the provider's checkout page is a
 * route of pages/routes/checkout-page.ts.
 */
import { buyerOf } from '../domain/cart/cart.ts';
import { addLines, removeLines, setQuantities, withNewIds } from '../domain/cart/cart-lines.ts';
import {
  changeCheckout,
  checkoutForReading,
  markCompleted,
  newCheckout,
  requireCheckout,
  requireCheckoutOfCart,
  saveCheckout,
  setCoupon,
  setGiftCard,
  updateCheckoutFields,
  type Checkout,
} from '../domain/cart/checkout.ts';
import { placeCheckoutOrder } from '../domain/cart/checkout-order.ts';
import { cartVisibleTo } from '../domain/cart/cart-v2.ts';
import { copyField } from '../domain/fields.ts';
import { appError } from '../platform/errors.ts';
import type { SandboxHandlers } from '../platform/types.ts';

export const checkoutOperations = {
  'checkout.createCheckout': (ctx) => {
    if (ctx.caller.kind === 'anonymous')
      throw appError(401, 'UNAUTHENTICATED', 'A checkout belongs to a visitor or a member');
    const lines = addLines(ctx, [], ctx.input.lineItems ?? []);
    const info = ctx.input.checkoutInfo ?? {};
    const ck = newCheckout(ctx, buyerOf(ctx.caller), lines, {
      channelType: ctx.input.channelType,
      couponCode: ctx.input.couponCode,
      email: info.buyerInfo?.email,
    });
    if (ctx.input.couponCode) setCoupon(ctx.db, ck, ctx.input.couponCode);
    if (ctx.input.giftCardCode || ctx.input.giftCardRedeemAmount !== undefined)
      setGiftCard(ctx.db, ck, ctx.input.giftCardCode || undefined, ctx.input.giftCardRedeemAmount);
    if (ctx.input.overrideCheckoutUrl) ck.overrideCheckoutUrl = ctx.input.overrideCheckoutUrl;
    if (ctx.input.customLineItems?.length) ck.customLineItems = withNewIds(ctx, ctx.input.customLineItems);
    for (const key of ['billingInfo', 'shippingInfo', 'buyerNote'] as const)
      if (info[key]) copyField<Checkout, typeof key>(ck, info, key);
    return { checkout: saveCheckout(ctx, ck, 'created') };
  },
  'checkout.getCheckout': (ctx) => ({
    checkout: checkoutForReading(ctx, requireCheckout(ctx.db, ctx.caller, ctx.input.id)),
  }),
  'checkout.getCheckoutByCartId': (ctx) => ({
    checkout: checkoutForReading(ctx, requireCheckoutOfCart(ctx.db, ctx.caller, ctx.input.id)),
  }),
  'checkout.getCheckoutUrl': (ctx) => {
    // A Cart V2 id is its checkout's id: the page of the caller's cart when no checkout has the id.
    const cart = ctx.db.get('checkouts', ctx.input.id) ? undefined : ctx.db.get('carts', ctx.input.id);
    if (cart && cartVisibleTo(ctx.caller, cart))
      return { checkoutUrl: `${ctx.origin}/__sandbox/checkout/${encodeURIComponent(cart.id)}` };
    const ck = requireCheckout(ctx.db, ctx.caller, ctx.input.id);
    return { checkoutUrl: ck.overrideCheckoutUrl ?? `${ctx.origin}/__sandbox/checkout/${encodeURIComponent(ck.id)}` };
  },
  'checkout.updateCheckout': (ctx) => ({
    checkout: changeCheckout(ctx, ctx.caller, ctx.params['checkout.id'], (ck) => {
      updateCheckoutFields(ck, ctx.input.checkout ?? {}, ctx.input.fieldMask);
      if (ctx.input.couponCode !== undefined) setCoupon(ctx.db, ck, ctx.input.couponCode);
      if (ctx.input.giftCardCode !== undefined || ctx.input.giftCardRedeemAmount !== undefined)
        setGiftCard(ctx.db, ck, ctx.input.giftCardCode, ctx.input.giftCardRedeemAmount);
      if (ctx.input.overrideCheckoutUrl !== undefined) ck.overrideCheckoutUrl = ctx.input.overrideCheckoutUrl;
      if (ctx.input.lineItems?.length) ck.lineItems = addLines(ctx, ck.lineItems, ctx.input.lineItems);
    }),
  }),
  'checkout.removeCoupon': (ctx) => ({
    checkout: changeCheckout(ctx, ctx.caller, ctx.input.id, (ck) => delete ck.couponCode),
  }),
  'checkout.removeGiftCard': (ctx) => ({
    checkout: changeCheckout(ctx, ctx.caller, ctx.input.id, (ck) => {
      delete ck.giftCardCode;
      delete ck.giftCard;
    }),
  }),
  'checkout.removeOverrideCheckoutUrl': (ctx) => ({
    checkout: changeCheckout(ctx, ctx.caller, ctx.input.id, (ck) => delete ck.overrideCheckoutUrl),
  }),
  'checkout.addToCheckout': (ctx) => ({
    checkout: changeCheckout(ctx, ctx.caller, ctx.input.id, (ck) => {
      ck.lineItems = addLines(ctx, ck.lineItems, ctx.input.lineItems ?? []);
      if (ctx.input.customLineItems?.length)
        ck.customLineItems = [...(ck.customLineItems ?? []), ...withNewIds(ctx, ctx.input.customLineItems)];
    }),
  }),
  'checkout.removeLineItems': (ctx) => ({
    checkout: changeCheckout(
      ctx,
      ctx.caller,
      ctx.input.id,
      (ck) => (ck.lineItems = removeLines(ck.lineItems, ctx.input.lineItemIds)),
    ),
  }),
  'checkout.updateLineItemsQuantity': (ctx) => ({
    checkout: changeCheckout(
      ctx,
      ctx.caller,
      ctx.input.id,
      (ck) => (ck.lineItems = setQuantities(ctx.db, ck.lineItems, ctx.input.lineItems)),
    ),
  }),
  'checkout.getCheckoutPaymentSettings': (ctx) => {
    requireCheckout(ctx.db, ctx.caller, ctx.input.id);
    return { paymentSettings: { blockedPaymentOptions: [] } };
  },
  'checkout.markCheckoutAsCompleted': (ctx) => {
    markCompleted(ctx, requireCheckout(ctx.db, ctx.caller, ctx.input.id));
    return {};
  },
  'checkout.createOrder': (ctx) =>
    placeCheckoutOrder(ctx, requireCheckout(ctx.db, ctx.caller, ctx.input.id), Boolean(ctx.input.delayCapture)),
} satisfies SandboxHandlers<'checkout'>;
