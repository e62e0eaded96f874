/**
 * The cart's actions bound to a store: each queues its kind of change with its rule from
 * CART_CHANGES. The store knows only the cart's read, so a page that never changes the cart
 * (a badge) does not bundle the table; `useCartActions()` and the server's `cartActions` bring it.
 */
import { CART_CHANGES, type CartChange } from './cart-actions.ts';
import type { CartResult, StorefrontError } from './client-types.ts';
import type { CartActions, StorefrontStore } from './store.ts';

/**
 * The cart's actions on a store: each queues its kind of change with the kind's rule. The same
 * object for the store's life.
 */
export function cartActionsOf(store: StorefrontStore): CartActions {
  let actions = actionsByStore.get(store);
  if (!actions) {
    let nextTempId = 1;
    const change = <E extends StorefrontError>(c: CartChange) => changeCart<E>(store, c);
    actions = {
      addLines: (lines) =>
        change({
          kind: 'add',
          lines,
          tempIds: lines.map(() => `optimistic-${nextTempId++}`),
          details: lines.map((line) => store.describeLine(line)),
        }),
      updateQuantity: (lineId, quantity) => change({ kind: 'quantity', lineId, quantity }),
      removeLines: (lineIds) => change({ kind: 'remove', lineIds }),
      applyCoupon: (code) => change({ kind: 'applyCoupon', code }),
      removeCoupon: () => change({ kind: 'removeCoupon' }),
      setNote: (note) => change({ kind: 'note', note }),
      clear: () => change({ kind: 'clear' }),
      refresh: () => change({ kind: 'refresh' }),
    };
    actionsByStore.set(store, actions);
  }
  return actions;
}
const actionsByStore = new WeakMap<StorefrontStore, CartActions>();

/** Queues any change CART_CHANGES declares on the store (what each named action does, by its kind). */
export const changeCart = <E extends StorefrontError = StorefrontError>(
  store: StorefrontStore,
  change: CartChange,
): Promise<CartResult<E>> => store.queueChange<E>(change, CART_CHANGES[change.kind]);
