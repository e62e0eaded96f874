import { visitorCart } from '../../lib/wix.js';
import { checkout } from '../actions.js';

export default async function CartPage() {
  const cart = await visitorCart();
  const lines = cart?.lineItems ?? [];
  return (
    <>
      <h1>Cart</h1>
      <ul>
        {lines.map((line) => (
          <li key={line._id} data-testid="cart-line">
            {line.productName?.original} × {line.quantity}
          </li>
        ))}
      </ul>
      {lines.length > 0 && (
        <form action={checkout}>
          <button type="submit">Checkout</button>
        </form>
      )}
    </>
  );
}
