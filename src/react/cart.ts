/**
 * The cart's hooks. Reading hooks subscribe to what they select; `useCartActions()` subscribes
 * to nothing (a button that only acts never renders again). The first reader starts the one
 * cart read of the page, unless the server's state already holds the cart.
 */
import { useEffect } from 'react';
import type { CartLine, StorefrontCart } from './client-types.ts';
import {
  addLinesOf,
  applyCouponOf,
  cartActionsOf,
  clearOf,
  refreshOf,
  removeCouponOf,
  removeLinesOf,
  setNoteOf,
  updateQuantityOf,
} from './store-actions.ts';
import { addDecimals } from './money.tsx';
import { useStorefront, useStoreSelector } from './provider.tsx';
import type { CartActions } from './store.ts';

/** Starts the cart read after mount (never during a render, so the server and hydration read nothing). */
function useCartRead(): void {
  const store = useStorefront();
  useEffect(() => store.ensureCart(), [store]);
}

/** The cart (undefined before the first read), or what `selector` takes of it; renders only when that changes. */
export function useCart(): StorefrontCart | undefined;
export function useCart<T>(selector: (cart: StorefrontCart | undefined) => T): T;
export function useCart<T>(selector?: (cart: StorefrontCart | undefined) => T): T | StorefrontCart | undefined {
  useCartRead();
  return useStoreSelector((s) => (selector ? selector(s.cart) : s.cart));
}

/** One line by its key or id (undefined when the cart has no such line); renders only when that line changes. */
export function useCartLine(keyOrId: string): CartLine | undefined {
  return useCart(
    (cart) => cart?.lineItems.find((l) => l.key === keyOrId) ?? cart?.lineItems.find((l) => l.id === keyOrId),
  );
}

/** How many items the cart holds (the sum of its lines' quantities; 0 before the first read). */
export function useCartCount(): number {
  return useCart((cart) => cart?.lineItems.reduce((n, l) => n + l.quantity, 0) ?? 0);
}

/** The cart's totals as the server priced them (decimal text), and whether a change is still underway. */
export interface CartTotals {
  currency: string | undefined;
  /** Before discounts. */
  subtotal: string | undefined;
  /** After the cart's discounts, when known (Cart V2: estimated when the cart has a coupon). */
  subtotalAfterDiscounts: string | undefined;
  /** True while a change is queued or on its way: the figures are the last answer's. */
  pending: boolean;
}

export function useCartTotals(): CartTotals {
  return useCart((cart) => ({
    currency: cart?.currency,
    subtotal: cart?.subtotal?.amount,
    // Cart V2: the estimate's subtotal less its discount; V1 states it.
    subtotalAfterDiscounts: cart?.priceSummary
      ? addDecimals(cart.priceSummary.subtotal.amount, `-${cart.priceSummary.discount.amount}`)
      : cart?.subtotalAfterDiscounts?.amount,
    pending: cart?.pending ?? false,
  }));
}

/** The cart's actions: the same object for the provider's life, subscribed to nothing. */
export function useCartActions(): CartActions {
  return cartActionsOf(useStorefront());
}

// Each action alone, the same function as useCartActions()'s for the provider's life: a page
// bundles the rules of the actions it imports (a product page's add), not every kind of change.
/** `addLines(lines)` of useCartActions(), alone. */
export const useAddLines = (): CartActions['addLines'] => addLinesOf(useStorefront());
/** `updateQuantity(lineId, quantity)` of useCartActions(), alone. */
export const useUpdateQuantity = (): CartActions['updateQuantity'] => updateQuantityOf(useStorefront());
/** `removeLines(lineIds)` of useCartActions(), alone. */
export const useRemoveLines = (): CartActions['removeLines'] => removeLinesOf(useStorefront());
/** `applyCoupon(code)` of useCartActions(), alone. */
export const useApplyCoupon = (): CartActions['applyCoupon'] => applyCouponOf(useStorefront());
/** `removeCoupon()` of useCartActions(), alone. */
export const useRemoveCoupon = (): CartActions['removeCoupon'] => removeCouponOf(useStorefront());
/** `setNote(note)` of useCartActions(), alone. */
export const useSetCartNote = (): CartActions['setNote'] => setNoteOf(useStorefront());
/** `clear()` of useCartActions(), alone. */
export const useClearCart = (): CartActions['clear'] => clearOf(useStorefront());
/** `refresh()` of useCartActions(), alone. */
export const useRefreshCart = (): CartActions['refresh'] => refreshOf(useStorefront());

/**
 * The cart for a component under `<Suspense>`: suspends until the first read has answered (not at
 * all after a server prefetch), then behaves as `useCart(selector)`. A failed read is thrown to
 * the nearest error boundary; its retry should call `refresh()` (useCartActions) before it
 * renders again.
 */
export function useSuspenseCart(): StorefrontCart;
export function useSuspenseCart<T>(selector: (cart: StorefrontCart) => T): T;
export function useSuspenseCart<T>(selector?: (cart: StorefrontCart) => T): T | StorefrontCart {
  const store = useStorefront();
  const selected = useStoreSelector((s) =>
    s.cart === undefined ? NOT_READ : selector ? { value: selector(s.cart) } : { value: s.cart },
  );
  if (selected === NOT_READ) {
    const error = store.cartReadError();
    if (error) throw error;
    // Suspense needs the read started in the render that suspends (no effect runs before it).
    store.ensureCart();
    throw store.cartSettled();
  }
  return selected.value;
}

const NOT_READ = Symbol('cart not read');
