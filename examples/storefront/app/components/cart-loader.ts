/**
 * The cart's code (the kit's store and client, the drawer's contents: cart.tsx) is not part of a
 * page's first load. It is fetched on the first tap that needs it (add to cart, the cart button),
 * or as soon as the shopper points at or focuses one; the /cart page has it from the start.
 */
import { useSyncExternalStore } from 'react';
import cartUrl from './cart.tsx?chunk-url';

export type CartModule = typeof import('./cart.tsx');

let fetching: Promise<CartModule> | undefined;
let here: CartModule | undefined;
const listeners = new Set<() => void>();

/** The cart's code, fetched once; a failed fetch (the network) is tried again on the next call. */
export function loadCart(): Promise<CartModule> {
  return (fetching ??= (import(/* @vite-ignore */ cartUrl) as Promise<CartModule>).then(
    (cart) => {
      here = cart;
      for (const listener of listeners) listener();
      return cart;
    },
    (error: unknown) => {
      fetching = undefined;
      throw error;
    },
  ));
}

/** Starts fetching the cart's code when the shopper is about to need it (pointing at or focusing a cart button). */
export const fetchCartCode = (): void => void loadCart().catch(() => {});

/** The cart's code once it is here (undefined on the server and while hydrating: the first render matches the server's). */
export const useCartModule = (): CartModule | undefined =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => here,
    () => undefined,
  );
