/**
 * The cart: a drawer (a modal dialog) over every page once hydrated, and the same contents on
 * /cart without JavaScript. Quantity changes show at once (the React layer's optimistic
 * queue); a refused change rolls back and says why. Every control is a form posting to /cart
 * (routes/cart.tsx's action), so the page works without JavaScript; with it, the tap is the
 * React layer's and the form is not sent.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  Money,
  useApplyCoupon,
  useCart,
  useCartLine,
  useCartTotals,
  useCheckout,
  useRemoveCoupon,
  useRemoveLines,
  useUpdateQuantity,
  type CartWarning,
} from 'storefront-kit/react';
import { Image } from 'storefront-kit/react';

/** True after the first browser render (the server and the hydrating render say false). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** What a shopper is told of a refused cart action: the API's own message, or (the store did not answer) a retry. */
export function reasonOf(error: { code?: string; message: string }): string {
  return error.code === 'SYSTEM_ERROR' || error.code === undefined
    ? 'the store did not answer. Try again.'
    : error.message;
}

interface Drawer {
  open(): void;
  close(): void;
  /** The last cart action's error, shown in the drawer and on the page that caused it. */
  say(message: string): void;
}
const DrawerContext = createContext<Drawer>({ open() {}, close() {}, say() {} });
export const useCartDrawer = () => useContext(DrawerContext);

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const drawer = useMemo(() => ({ open, close, say: setMessage }), [open, close]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (isOpen && !d.open) d.showModal();
    if (!isOpen && d.open) d.close();
  }, [isOpen]);
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
        {isOpen && <CartContents message={message} onMessage={setMessage} />}
      </dialog>
    </DrawerContext.Provider>
  );
}

/** The lines, coupon, totals and checkout: the drawer's body and the /cart page's. */
export function CartContents({ message, onMessage }: { message: string; onMessage(m: string): void }) {
  const lineKeys = useCart((cart) => cart?.lineItems.map((line) => line.key));
  if (!lineKeys) return <p aria-busy="true">Loading your cart…</p>;
  return (
    <div className="cart">
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
      {lineKeys.length === 0 ? (
        <p>Your cart is empty.</p>
      ) : (
        <>
          <ul className="lines">
            {lineKeys.map((key) => (
              <CartLineRow key={key} id={key} onMessage={onMessage} />
            ))}
          </ul>
          <Warnings />
          <CouponForm />
          <Totals />
          <CheckoutButton />
        </>
      )}
    </div>
  );
}

function CartLineRow({ id, onMessage }: { id: string; onMessage(m: string): void }) {
  const line = useCartLine(id);
  const currency = useCart((cart) => cart?.currency ?? 'USD');
  const updateQuantity = useUpdateQuantity();
  const removeLines = useRemoveLines();
  if (!line) return null;
  const name = line.name?.translated ?? line.name?.original ?? 'New item';
  const change = async (event: MouseEvent, quantity: number) => {
    // With JavaScript the React layer changes the cart at once; the form is for a page without it.
    event.preventDefault();
    onMessage('');
    const result = quantity > 0 ? await updateQuantity(id, quantity) : await removeLines([id]);
    if (result.error) onMessage(`Could not change the quantity of ${name}: ${reasonOf(result.error)}`);
  };
  const choices = (line.attributes?.descriptionLines ?? [])
    .map((d) => `${d.name?.original ?? ''}: ${d.colorInfo?.original ?? d.plainText?.original ?? ''}`)
    .join(', ');
  return (
    <li className="line" aria-busy={line.pending} data-pending={line.pending || undefined}>
      {line.attributes?.image ? (
        <Image image={line.attributes.image} width={64} alt="" />
      ) : (
        <span className="thumb" aria-hidden="true" />
      )}
      <div className="line-text">
        <span className="line-name">{name}</span>
        {choices && <span className="line-choices">{choices}</span>}
        {line.pricing?.unitPrice && (
          <Money amount={line.pricing.unitPrice.amount} currency={currency} quantity={line.quantity} />
        )}
      </div>
      <form method="post" action="/cart" className="line-form">
        <input type="hidden" name="intent" value="quantity" />
        <input type="hidden" name="line" value={line.id} />
        <div className="stepper">
          <button
            name="quantity"
            value={line.quantity - 1}
            aria-label={`Decrease quantity of ${name}`}
            onClick={(event) => change(event, line.quantity - 1)}
          >
            −
          </button>
          <output aria-label={`Quantity of ${name}`} aria-live="polite">
            {line.quantity}
          </output>
          <button
            name="quantity"
            value={line.quantity + 1}
            aria-label={`Increase quantity of ${name}`}
            onClick={(event) => change(event, line.quantity + 1)}
          >
            +
          </button>
        </div>
        <button
          name="quantity"
          value={0}
          className="link"
          onClick={(event) => change(event, 0)}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
      </form>
    </li>
  );
}

/** Stock and coupon warnings come as data; the words are the app's. */
function Warnings() {
  const warnings = useCart((cart) => cart?.warnings ?? []);
  if (warnings.length === 0) return null;
  const say = (w: CartWarning) =>
    w.kind === 'coupon'
      ? `The code ${w.couponCode} does not apply to this cart.`
      : w.status === 'PARTIALLY_IN_STOCK'
        ? `Only ${w.quantityAvailable} left of one of your items.`
        : 'One of your items is no longer available.';
  return (
    <ul role="status" className="warnings">
      {warnings.map((w, i) => (
        <li key={i}>{say(w)}</li>
      ))}
    </ul>
  );
}

function CouponForm() {
  const coupon = useCart((cart) => cart?.coupons?.[0]?.code);
  const applyCoupon = useApplyCoupon();
  const removeCoupon = useRemoveCoupon();
  const [message, setMessage] = useState('');
  if (coupon)
    return (
      <form method="post" action="/cart" className="coupon">
        <input type="hidden" name="intent" value="removeCoupon" />
        Coupon <strong>{coupon}</strong>{' '}
        <button
          className="link"
          onClick={(event) => {
            event.preventDefault();
            void removeCoupon();
          }}
        >
          Remove coupon
        </button>
      </form>
    );
  return (
    <form
      method="post"
      action="/cart"
      className="coupon"
      onSubmit={async (event) => {
        event.preventDefault();
        const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
        if (!code) return setMessage('Enter a coupon code.');
        const result = await applyCoupon(code);
        if (!result.error) setMessage('');
        else setMessage(couponRefusal(code, result.error));
      }}
    >
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor="coupon-code">Coupon code</label>
      <input id="coupon-code" name="code" autoComplete="off" />
      <button type="submit">Apply</button>
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
    </form>
  );
}

/** What a shopper is told of a refused coupon (the /cart form action says the same). */
export const couponRefusal = (code: string, error: { code?: string; message: string }) =>
  error.code === 'INVALID_COUPON_CODE'
    ? `There is no coupon ${code}.`
    : `The coupon could not be applied: ${reasonOf(error)}`;

function Totals() {
  const totals = useCartTotals();
  if (!totals.subtotal || !totals.currency) return null;
  const discounted = totals.subtotalAfterDiscounts && totals.subtotalAfterDiscounts !== totals.subtotal;
  return (
    <dl className="totals" aria-busy={totals.pending}>
      <dt>Subtotal</dt>
      <dd>
        <Money amount={totals.subtotal} currency={totals.currency} />
      </dd>
      {discounted && (
        <>
          <dt>After discounts</dt>
          <dd>
            <Money amount={totals.subtotalAfterDiscounts!} currency={totals.currency} />
          </dd>
        </>
      )}
    </dl>
  );
}

/** A form to /checkout without JavaScript; with it, the React layer's checkout (it waits for queued changes). */
function CheckoutButton() {
  const checkout = useCheckout();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <form
      method="post"
      action="/checkout"
      onSubmit={async (event) => {
        event.preventDefault();
        setState('busy');
        const result = await checkout.start({ postFlowUrl: `${window.location.origin}/` });
        if (result.error) setState('failed');
        else window.location.assign(result.url);
      }}
    >
      <button type="submit" className="primary" disabled={state === 'busy'}>
        Checkout
      </button>
      {state === 'failed' && (
        <p role="alert" className="error">
          Checkout could not start. Try again.
        </p>
      )}
    </form>
  );
}
