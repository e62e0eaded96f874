/**
 * The cart on the kit's store: the drawer's contents (cart-drawer.tsx fetches this module the
 * first time the drawer opens or a product is added) and the /cart page's. Quantity changes show
 * at once (the React layer's optimistic queue); a refused change rolls back and says why. Every
 * control is a form posting to /cart (routes/cart.tsx's action), so the page works without
 * JavaScript; with it, the tap is the React layer's and the form is not sent.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import {
  cartActionsOf,
  createStorefront,
  Image,
  Money,
  rememberProduct,
  StorefrontProvider,
  useApplyCoupon,
  useCart,
  useCartCount,
  useCartLine,
  useCartTotals,
  useCheckout,
  useRemoveCoupon,
  useRemoveLines,
  useUpdateQuantity,
  type CartWarning,
  type DehydratedState,
  type LineItemInput,
  type Product,
  type StorefrontStore,
} from 'storefront-kit/react';
import { browserClient, type ApiConfig } from '../kit.ts';
import { couponRefusal, reasonOf } from './cart-words.ts';

/** What the root's loader hands every page: the cart the server read, and where the API is. */
export interface RootData {
  state: DehydratedState;
  api: ApiConfig;
}

let browserStore: StorefrontStore | undefined;

/**
 * The visitor's store: in the browser one for the document's life, made from the cart the
 * server read with the page (the browser does not read it again); on the server one per render.
 */
function storeOf({ api, state }: RootData): StorefrontStore {
  const made = () => createStorefront({ client: browserClient(api), state });
  return typeof document === 'undefined' ? made() : (browserStore ??= made());
}

/** The kit's provider over the visitor's one store (the drawer, the header's count and /cart share it). */
export function CartScope({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData;
  const [store] = useState(() => storeOf(root));
  return <StorefrontProvider store={store}>{children}</StorefrontProvider>;
}

/** Adds lines of `product`: shown at once with the product's name, image and price, then as the store answers. */
export function addToCart(root: RootData, product: Product, lines: LineItemInput[]) {
  const store = storeOf(root);
  rememberProduct(store, product);
  return cartActionsOf(store).addLines(lines);
}

/** The header's count once this module is here: it moves with every change. */
export const LiveCount = () => (
  <CartScope>
    <Count />
  </CartScope>
);
const Count = () => useCartCount();

/** The drawer's contents. */
export const DrawerBody = (props: { message: string; onMessage(m: string): void }) => (
  <CartScope>
    <CartContents {...props} />
  </CartScope>
);

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
