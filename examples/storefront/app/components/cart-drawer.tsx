/**
 * The cart drawer's shell, part of every page's first load: a modal dialog, its open state and the
 * last cart error. What it shows (cart.tsx: the lines, coupon, totals, checkout, on the kit's
 * store) is fetched the first time it opens.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadCart, useCartModule } from './cart-loader.ts';

/** True after the first browser render (the server and the hydrating render say false). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

interface Drawer {
  open(): void;
  close(): void;
  /** The last cart action's error, shown in the drawer and on the page that caused it. */
  say(message: string): void;
}
const DrawerContext = createContext<Drawer>({ open() {}, close() {}, say() {} });
export const useCartDrawer = () => useContext(DrawerContext);

/** The header's count: the server's until the cart's code is here, the store's after (it moves with every change). */
export function CartCount({ initial }: { initial: number }) {
  const cart = useCartModule();
  return cart ? <cart.LiveCount /> : initial;
}

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const cart = useCartModule();
  const [failed, setFailed] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const drawer = useMemo(() => ({ open, close, say: setMessage }), [open, close]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (isOpen && !d.open) d.showModal();
    if (!isOpen && d.open) d.close();
    if (isOpen && !cart) {
      setFailed(false);
      loadCart().catch(() => setFailed(true));
    }
  }, [isOpen, cart]);
  return (
    <DrawerContext.Provider value={drawer}>
      {children}
      <dialog ref={dialog} className="drawer" aria-labelledby="drawer-title" onClose={close}>
        <div className="drawer-head">
          <h2 id="drawer-title">Your cart</h2>
          <button type="button" onClick={close} aria-label="Close cart">
            ×
          </button>
        </div>
        {isOpen &&
          (cart ? (
            <cart.DrawerBody message={message} onMessage={setMessage} />
          ) : failed ? (
            <p role="alert" className="error">
              Your cart could not be loaded. Close it and try again.
            </p>
          ) : (
            <p aria-busy="true">Loading your cart…</p>
          ))}
      </dialog>
    </DrawerContext.Provider>
  );
}
