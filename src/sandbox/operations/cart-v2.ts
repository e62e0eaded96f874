/**
 * Cart V2 (openapi/current-cart-v2.yaml and openapi/cart-v2.yaml): the one cart of
 * domain/cart/, seen through the provider's Cart V2 (domain/cart/cart-v2.ts). The current cart's
 * calls and the by-id calls are one set of changes, each applied to the cart the call addresses:
 * the caller's current cart, or a cart by its id (which is also its checkout's id). Three
 * operations are not emulated (CART_V2_NOT_EMULATED).
 */
import {
  buyerOf,
  currentCart,
  deleteCart,
  newCart,
  pricedForReading,
  pricedV2View,
  requireCurrentCart,
  saveCart,
  type StoredCart,
} from '../domain/cart/cart.ts';
import { addLines, removeLines, setQuantities } from '../domain/cart/cart-lines.ts';
import {
  addCouponV2,
  addGiftCardV2,
  assertOpen,
  CART_V2_FQDN,
  cartV2Summary,
  cartV2View,
  inV2Words,
  linesFromV2,
  removeCouponV2,
  removeGiftCardV2,
  requireCartById,
  setDeliveryMethodV2,
  updateFromV2,
  type CartV2,
} from '../domain/cart/cart-v2.ts';
import { orderCart } from '../domain/cart/cart-order.ts';
import type { DomainContext } from '../domain/context.ts';
import { appError, validationError } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import { maskedKeys } from '../platform/safe-object.ts';
import type { Caller, ContextOf, OperationContext, SandboxHandlers } from '../platform/types.ts';
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import type { components } from '../../../generated/types/current-cart-v2.ts';

type Schemas = components['schemas'];
type Ctx = DomainContext & { caller: Caller };

/** Runs a rule, answering its refusals in V2's codes. */
function v2<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw inV2Words(err);
  }
}

/** The caller's current cart, which must exist. */
const ownCart = (ctx: Ctx) => requireCurrentCart(ctx.db, ctx.caller);

/** A copy of a cart to change (a cart that made its order changes no more). */
function copyToChange(cart: StoredCart): StoredCart {
  assertOpen(cart);
  return structuredClone(cart);
}

/** Saves a changed cart and answers it through V2. */
const saved = (ctx: Ctx, cart: StoredCart, created = false) => ({
  cart: cartV2View(ctx.db, saveCart(ctx, cart, created)),
});

/** A cart read (priced afresh) through V2. */
const read = (ctx: Ctx, cart: StoredCart) => ({ cart: pricedV2View(ctx.db, cart) });

/** What V2's custom items would need (a line the caller prices) is not emulated: refused loudly, never dropped. */
function noCustomItems(items: unknown[] | undefined): void {
  if (items?.length)
    throw appError(501, 'NOT_EMULATED', "The sandbox's Cart V2 adds catalog items only; customItems are not emulated", {
      field: 'customItems',
    });
}

/** The changes a V2 call makes to the cart it addresses, shared by the current cart's and the by-id calls. */
const change = {
  addLineItems(ctx: Ctx, cart: StoredCart, input: Schemas['AddLineItemsRequest']) {
    noCustomItems(input.customItems);
    if (!input.catalogItems?.length)
      throw appError(400, 'NO_LINE_ITEMS_TO_ADD', 'Give catalogItems to add (the list is empty)');
    cart.lineItems = addLines(ctx, cart.lineItems, linesFromV2(input.catalogItems));
  },
  removeLineItems(_ctx: Ctx, cart: StoredCart, input: Schemas['RemoveLineItemsRequest']) {
    const missing = input.lineItemIds.filter((id) => !cart.lineItems.some((l) => l.id === id));
    if (missing.length)
      throw appError(400, 'LINE_ITEM_NOT_FOUND_IN_CART', `Line item ${missing.join(', ')} not found in the cart`, {
        lineItemIds: missing,
      });
    cart.lineItems = removeLines(cart.lineItems, input.lineItemIds);
  },
  updateLineItems(ctx: Ctx, cart: StoredCart, input: Schemas['UpdateLineItemsRequest']) {
    const ids = input.lineItems.map((u) => u.lineItemId);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (duplicates.length)
      throw appError(400, 'DUPLICATE_LINE_ITEM_UPDATES', 'A line item is named twice', {
        duplicateLineItemIds: duplicates,
      });
    const empty = input.lineItems.filter((u) => u.quantity?.newQuantity === undefined).map((u) => u.lineItemId);
    if (empty.length)
      throw appError(400, 'EMPTY_LINE_ITEM_UPDATES', 'A line item update changes nothing (give quantity.newQuantity)', {
        lineItemIds: empty,
      });
    const missing = ids.filter((id) => !cart.lineItems.some((l) => l.id === id));
    if (missing.length)
      throw appError(400, 'LINE_ITEM_NOT_FOUND_IN_CART', `Line item ${missing.join(', ')} not found in the cart`, {
        lineItemIds: missing,
      });
    cart.lineItems = setQuantities(
      ctx.db,
      cart.lineItems,
      input.lineItems.map((u) => ({ id: u.lineItemId, quantity: u.quantity?.newQuantity ?? 0 })),
    );
  },
  addCoupon: (ctx: Ctx, cart: StoredCart, input: Schemas['AddCouponRequest']) =>
    addCouponV2(ctx.db, cart, input.coupon.code),
  removeCoupon: (ctx: Ctx, cart: StoredCart, input: Schemas['RemoveCouponRequest']) =>
    removeCouponV2(ctx.db, cart, input.couponId),
  setDeliveryMethod: (ctx: Ctx, cart: StoredCart, input: Schemas['SetDeliveryMethodRequest']) =>
    setDeliveryMethodV2(ctx.now(), cart, input.deliveryMethod),
  removeDeliveryMethod: (_ctx: Ctx, cart: StoredCart) => void delete cart.selectedShippingOption,
  addGiftCard: (ctx: Ctx, cart: StoredCart, input: Schemas['AddGiftCardRequest']) =>
    addGiftCardV2(ctx, cart, input.giftCard),
  removeGiftCard: (_ctx: Ctx, cart: StoredCart, input: Schemas['RemoveGiftCardRequest']) =>
    removeGiftCardV2(cart, input.giftCardId),
  update(_ctx: Ctx, cart: StoredCart, input: { cart: CartV2; fieldMask?: string }) {
    // A mask naming a reserved key (`constructor`) is refused as V1's is.
    const mask = input.fieldMask ? maskedKeys(input.fieldMask, input.cart, 'fieldMask') : undefined;
    updateFromV2(cart, input.cart, mask);
  },
};

/** A new cart from a create call's body: the customer's fields, the lines, the coupon, the delivery method, the gift card. */
function createdCart(ctx: Ctx, input: Schemas['CreateCartRequest']): StoredCart {
  noCustomItems(input.customItems);
  const cart = newCart(ctx, buyerOf(ctx.caller));
  if (input.cart) updateFromV2(cart, input.cart, undefined);
  cart.lineItems = addLines(ctx, [], linesFromV2(input.catalogItems));
  for (const c of input.coupons ?? []) addCouponV2(ctx.db, cart, c.code);
  if (input.deliveryMethod) setDeliveryMethodV2(ctx.now(), cart, input.deliveryMethod);
  for (const g of input.giftCards ?? []) addGiftCardV2(ctx, cart, g);
  return cart;
}

/** The cart priced whole: its V2 view and summary (calculate sends the calculated event). */
function summarised(ctx: Ctx, stored: StoredCart, opts: Schemas['EstimateRequest'], event: boolean) {
  const priced = pricedForReading(ctx.db, stored);
  const body = {
    cart: cartV2View(ctx.db, priced),
    summary: cartV2Summary(ctx, priced, { calculateTax: opts.calculateTax, calculateDelivery: opts.calculateDelivery }),
  };
  if (event) ctx.emit(entityEvent(CART_V2_FQDN, 'calculated', { id: stored.id }, { body }));
  return body;
}

/** The caller's current cart to change: theirs, or (adding lines) a new one. */
function currentToChange(ctx: Ctx, createIfNone: boolean): { cart: StoredCart; created: boolean } {
  const existing = currentCart(ctx.db, ctx.caller);
  if (existing) return { cart: copyToChange(existing), created: false };
  if (!createIfNone) return { cart: copyToChange(ownCart(ctx)), created: false };
  if (ctx.caller.kind !== 'visitor' && ctx.caller.kind !== 'member')
    throw appError(403, 'PERMISSION_DENIED', 'The current cart belongs to a visitor or a member');
  return { cart: newCart(ctx, buyerOf(ctx.caller)), created: true };
}

/** A current-cart handler that changes the caller's cart with `apply`. */
const onCurrent =
  <I extends object>(apply: (ctx: Ctx, cart: StoredCart, input: I) => void, createIfNone = false) =>
  (ctx: ContextOf<I, OperationDescriptor>) =>
    v2(() => {
      const { cart, created } = currentToChange(ctx, createIfNone);
      apply(ctx, cart, ctx.input);
      return saved(ctx, cart, created);
    });

/** A by-id handler that changes the addressed cart with `apply`. */
const onCart =
  <I extends object>(apply: (ctx: Ctx, cart: StoredCart, input: I) => void) =>
  (ctx: ContextOf<I, OperationDescriptor>) =>
    v2(() => {
      const cart = copyToChange(requireCartById(ctx.db, ctx.caller, ctx.params.cartId));
      apply(ctx, cart, ctx.input);
      return saved(ctx, cart);
    });

/** The sandbox's hosted checkout page for a cart (the cart's custom checkout URL when it has one, `{checkout_id}` filled in). */
const checkoutUrlOf = (ctx: Pick<OperationContext, 'origin'>, cart: StoredCart) =>
  cart.overrideCheckoutUrl?.replaceAll('{checkout_id}', encodeURIComponent(cart.id)) ??
  `${ctx.origin}/__sandbox/checkout/${encodeURIComponent(cart.id)}`;

/**
 * Not emulated, left out of the tables so the platform answers 501 NOT_EMULATED and the coverage
 * table says so: the carts' form submissions (the sandbox has no forms app, so no cart has a
 * form) and the asynchronous checkout completion (the sandbox's checkout completes at once and
 * never hands a payment provider a token to come back with).
 */
export const CART_V2_NOT_EMULATED = [
  'currentCartV2.updateFormSubmissionsInCurrentCart',
  'cartV2.updateFormSubmissions',
  'cartV2.handleAsyncCheckoutCompletion',
] as const;
type NotEmulated = (typeof CART_V2_NOT_EMULATED)[number];

export const currentCartV2Operations = {
  'currentCartV2.createCurrentCart': (ctx) =>
    v2(() => {
      if (ctx.caller.kind !== 'visitor' && ctx.caller.kind !== 'member')
        throw appError(403, 'PERMISSION_DENIED', 'The current cart belongs to a visitor or a member');
      // A caller has one current cart: a new one takes the old one's place (built first, so a
      // refused one leaves the old one as it was).
      const cart = createdCart(ctx, ctx.input);
      const old = currentCart(ctx.db, ctx.caller);
      if (old) deleteCart(ctx, old);
      return saved(ctx, cart, true);
    }),
  'currentCartV2.getCurrentCart': (ctx) => read(ctx, ownCart(ctx)),
  'currentCartV2.updateCurrentCart': onCurrent(change.update),
  'currentCartV2.deleteCurrentCart': (ctx) => {
    deleteCart(ctx, ownCart(ctx));
    return {};
  },
  // Pricing on save reads every line again from the catalog: a refresh is a save.
  'currentCartV2.refreshCurrentCart': (ctx) => v2(() => saved(ctx, copyToChange(ownCart(ctx)))),
  'currentCartV2.calculateCurrentCart': (ctx) => v2(() => summarised(ctx, copyToChange(ownCart(ctx)), {}, true)),
  'currentCartV2.estimateCurrentCart': (ctx) => v2(() => summarised(ctx, copyToChange(ownCart(ctx)), ctx.input, false)),
  'currentCartV2.addLineItemsToCurrentCart': onCurrent(change.addLineItems, true),
  'currentCartV2.removeLineItemsFromCurrentCart': onCurrent(change.removeLineItems),
  'currentCartV2.updateLineItemsInCurrentCart': onCurrent(change.updateLineItems),
  'currentCartV2.addCouponToCurrentCart': onCurrent(change.addCoupon),
  'currentCartV2.removeCouponFromCurrentCart': onCurrent(change.removeCoupon),
  'currentCartV2.setDeliveryMethodForCurrentCart': onCurrent(change.setDeliveryMethod),
  'currentCartV2.removeDeliveryMethodFromCurrentCart': onCurrent(change.removeDeliveryMethod),
  'currentCartV2.addGiftCardToCurrentCart': onCurrent(change.addGiftCard),
  'currentCartV2.removeGiftCardFromCurrentCart': onCurrent(change.removeGiftCard),
  // The sandbox has no upsell rules: every cart is offered nothing.
  'currentCartV2.getUpsellOptionsForCurrentCart': (ctx) => {
    ownCart(ctx);
    return { itemsUpsells: [] };
  },
} satisfies Omit<SandboxHandlers<'currentCartV2'>, NotEmulated>;

export const cartV2Operations = {
  'cartV2.createCart': (ctx) =>
    v2(() => {
      if (ctx.caller.kind === 'anonymous')
        throw appError(401, 'UNAUTHENTICATED', 'A cart belongs to a visitor, a member or the site');
      const cart = createdCart(ctx, ctx.input);
      cart.v2 = { ...cart.v2, notCurrent: true };
      return saved(ctx, cart, true);
    }),
  'cartV2.getCart': (ctx) => read(ctx, requireCartById(ctx.db, ctx.caller, ctx.params.cartId)),
  'cartV2.updateCart': (ctx) =>
    v2(() => {
      const id = ctx.params['cart.id'];
      if (!id)
        throw validationError([{ field: 'cart.id', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
      const cart = copyToChange(requireCartById(ctx.db, ctx.caller, id));
      change.update(ctx, cart, ctx.input);
      return saved(ctx, cart);
    }),
  'cartV2.deleteCart': (ctx) => {
    deleteCart(ctx, requireCartById(ctx.db, ctx.caller, ctx.params.cartId));
    return {};
  },
  'cartV2.refreshCart': (ctx) =>
    v2(() => saved(ctx, copyToChange(requireCartById(ctx.db, ctx.caller, ctx.params.cartId)))),
  'cartV2.calculateCart': (ctx) =>
    v2(() => summarised(ctx, copyToChange(requireCartById(ctx.db, ctx.caller, ctx.params.cartId)), {}, true)),
  'cartV2.estimateCart': (ctx) =>
    v2(() => summarised(ctx, copyToChange(requireCartById(ctx.db, ctx.caller, ctx.params.cartId)), ctx.input, false)),
  'cartV2.addLineItems': onCart(change.addLineItems),
  'cartV2.removeLineItems': onCart(change.removeLineItems),
  'cartV2.updateLineItems': onCart(change.updateLineItems),
  'cartV2.addCoupon': onCart(change.addCoupon),
  'cartV2.removeCoupon': onCart(change.removeCoupon),
  'cartV2.setDeliveryMethod': onCart(change.setDeliveryMethod),
  'cartV2.removeDeliveryMethod': onCart(change.removeDeliveryMethod),
  'cartV2.addGiftCard': onCart(change.addGiftCard),
  'cartV2.removeGiftCard': onCart(change.removeGiftCard),
  'cartV2.getUpsellOptions': (ctx) => {
    requireCartById(ctx.db, ctx.caller, ctx.params.cartId);
    return { itemsUpsells: [] };
  },
  'cartV2.getCheckoutUrl': (ctx) => ({
    checkoutUrl: checkoutUrlOf(ctx, requireCartById(ctx.db, ctx.caller, ctx.params.cartId)),
  }),
  'cartV2.placeOrder': (ctx) =>
    v2(() => orderCart(ctx, requireCartById(ctx.db, ctx.caller, ctx.params.cartId), ctx.input)),
  'cartV2.markCartAsCompleted': (ctx) =>
    v2(() => {
      const cart = copyToChange(requireCartById(ctx.db, ctx.caller, ctx.params.cartId));
      cart.v2 = { ...cart.v2, notCurrent: true, ...(ctx.input.orderId ? { orderId: ctx.input.orderId } : {}) };
      return saved(ctx, cart);
    }),
} satisfies Omit<SandboxHandlers<'cartV2'>, NotEmulated>;
