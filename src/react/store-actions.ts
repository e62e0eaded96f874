/**
 * The cart's actions bound to a store: each queues its kind of change with that kind's rule
 * (cart-actions.ts). Each action is its own binding, so a page imports only the rules of the
 * actions it uses: a product page's `useAddLines()` bundles the add alone, where
 * `useCartActions()` (and the server's `cartActions`) brings every rule. The store knows only the
 * cart's read, so a page that never changes the cart (a badge) bundles none of them.
 */
import {
  ADD_LINES,
  APPLY_COUPON,
  CART_CHANGES,
  CLEAR_CART,
  READ_CART,
  REMOVE_COUPON,
  REMOVE_LINES,
  SET_NOTE,
  SET_QUANTITY,
  type CartChange,
} from './cart-actions.ts';
import type { CartResult, StorefrontError } from './client-types.ts';
import { oncePerStore, type CartActions, type StorefrontStore } from './store.ts';

// Ids of lines shown before the server names them: unique in the page, whichever store adds them.
let nextTempId = 1;

export const addLinesOf = /* @__PURE__ */ oncePerStore<CartActions['addLines']>(
  (store) => (lines) =>
    store.queueChange(
      {
        kind: 'add',
        lines,
        tempIds: lines.map(() => `optimistic-${nextTempId++}`),
        details: lines.map((line) => store.describeLine(line)),
      },
      ADD_LINES,
    ),
);
export const updateQuantityOf = /* @__PURE__ */ oncePerStore<CartActions['updateQuantity']>(
  (store) => (lineId, quantity) => store.queueChange({ kind: 'quantity', lineId, quantity }, SET_QUANTITY),
);
export const removeLinesOf = /* @__PURE__ */ oncePerStore<CartActions['removeLines']>(
  (store) => (lineIds) => store.queueChange({ kind: 'remove', lineIds }, REMOVE_LINES),
);
export const applyCouponOf = /* @__PURE__ */ oncePerStore<CartActions['applyCoupon']>(
  (store) => (code) => store.queueChange({ kind: 'applyCoupon', code }, APPLY_COUPON),
);
export const removeCouponOf = /* @__PURE__ */ oncePerStore<CartActions['removeCoupon']>(
  (store) => () => store.queueChange({ kind: 'removeCoupon' }, REMOVE_COUPON),
);
export const setNoteOf = /* @__PURE__ */ oncePerStore<CartActions['setNote']>(
  (store) => (note) => store.queueChange({ kind: 'note', note }, SET_NOTE),
);
export const clearOf = /* @__PURE__ */ oncePerStore<CartActions['clear']>(
  (store) => () => store.queueChange({ kind: 'clear' }, CLEAR_CART),
);
export const refreshOf = /* @__PURE__ */ oncePerStore<CartActions['refresh']>(
  (store) => () => store.queueChange({ kind: 'refresh' }, READ_CART),
);

/**
 * Every action on a store, in one object (the same object for the store's life): what
 * `useCartActions()` answers, for code outside React on a store `createStorefront` made.
 */
export const cartActionsOf = /* @__PURE__ */ oncePerStore((store): CartActions => ({
  addLines: addLinesOf(store),
  updateQuantity: updateQuantityOf(store),
  removeLines: removeLinesOf(store),
  applyCoupon: applyCouponOf(store),
  removeCoupon: removeCouponOf(store),
  setNote: setNoteOf(store),
  clear: clearOf(store),
  refresh: refreshOf(store),
}));

/** Queues any change CART_CHANGES declares on the store (what each named action does, by its kind). */
export const changeCart = <E extends StorefrontError = StorefrontError>(
  store: StorefrontStore,
  change: CartChange,
): Promise<CartResult<E>> => store.queueChange<E>(change, CART_CHANGES[change.kind]);
