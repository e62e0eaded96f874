// The cart page of docs/react.md, as written there (docs-example.test.tsx checks they are the same).
import { useState, type FormEvent } from 'react';
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
} from '../../src/react/index.ts';

export function CartPage() {
  // Only the keys: the list renders again when a line comes or goes, not when a quantity changes;
  // a line's key stays when the server names a line just added, so its row is not remounted.
  const lineKeys = useCart((cart) => cart?.lineItems.map((line) => line.key));
  if (!lineKeys) return <p>Loading your cart…</p>;
  if (lineKeys.length === 0) return <p>Your cart is empty.</p>;
  return (
    <main>
      <h1>Your cart</h1>
      <ul>
        {lineKeys.map((key) => (
          <CartLineRow key={key} id={key} />
        ))}
      </ul>
      <Warnings />
      <CouponForm />
      <Totals />
      <CheckoutButton />
    </main>
  );
}

function CartLineRow({ id }: { id: string }) {
  const line = useCartLine(id);
  const currency = useCart((cart) => cart?.currency ?? 'USD');
  const updateQuantity = useUpdateQuantity();
  const removeLines = useRemoveLines();
  if (!line) return null;
  // A line just added has no name until the server answers (line.optimistic).
  const name = line.name?.translated ?? line.name?.original ?? 'Adding…';
  return (
    <li data-pending={line.pending || undefined} aria-busy={line.pending}>
      <span>{name}</span>
      {line.pricing?.unitPrice && (
        <Money amount={line.pricing.unitPrice.amount} currency={currency} quantity={line.quantity} />
      )}
      <button aria-label={`One less ${name}`} onClick={() => updateQuantity(id, line.quantity - 1)}>
        −
      </button>
      <output aria-label={`Quantity of ${name}`}>{line.quantity}</output>
      <button aria-label={`One more ${name}`} onClick={() => updateQuantity(id, line.quantity + 1)}>
        +
      </button>
      <button onClick={() => removeLines([id])}>Remove</button>
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
    <ul role="status">
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
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const result = await applyCoupon(code);
    // Errors narrow by the catalogue's code.
    if (!result.error) setMessage('');
    else if (result.error.code === 'INVALID_COUPON_CODE') setMessage(`No coupon ${code}.`);
    else setMessage('Try again later.');
  }
  if (coupon)
    return (
      <p>
        Coupon {coupon} <button onClick={() => removeCoupon()}>Remove coupon</button>
      </p>
    );
  return (
    <form onSubmit={submit}>
      <input name="code" aria-label="Coupon code" />
      <button>Apply</button>
      {message && <p role="alert">{message}</p>}
    </form>
  );
}

function Totals() {
  const totals = useCartTotals();
  if (!totals.subtotal || !totals.currency) return null;
  return (
    <p aria-busy={totals.pending}>
      Subtotal <Money amount={totals.subtotal} currency={totals.currency} />
    </p>
  );
}

function CheckoutButton() {
  const checkout = useCheckout();
  const [failed, setFailed] = useState(false);
  async function go() {
    // Waits for the cart changes still on their way, then opens the hosted checkout.
    const result = await checkout.start({ postFlowUrl: `${window.location.origin}/thank-you` });
    if (result.error) setFailed(true);
    else window.location.assign(result.url);
  }
  return (
    <>
      <button onClick={go}>Check out</button>
      {failed && <p role="alert">Checkout could not start.</p>}
    </>
  );
}
