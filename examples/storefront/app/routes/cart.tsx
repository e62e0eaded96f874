import { useEffect, useState } from 'react';
import { data, redirect } from 'react-router';
import { createServerStorefront } from 'storefront-kit/react/server';
import { CartContents, CartScope } from '../components/cart.tsx';
import { loadCart } from '../components/cart-loader.ts';
import { couponRefusal, reasonOf } from '../components/cart-words.ts';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: 'Your cart · Sandbox Store' }];

/** The most a line may hold (Cart V2's `newQuantity` bound). */
const MAX_QUANTITY = 100_000;

/**
 * The cart's forms without JavaScript (quantity, remove, coupon), after the store's request
 * guard (server.ts: same origin, a form, a small body). Each is the React layer's own cart action
 * on the server (one table of changes for the tap and the form); done, back to /cart (a reload
 * does not send it again); refused, the page says why.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const storefront = createServerStorefront({ client: context.visitor.client });
  const refused = (error: string, status = 400) => data({ error }, { status });
  const intent = field('intent');
  if (intent === 'quantity') {
    const line = field('line');
    const quantity = Number(field('quantity'));
    if (!line || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY)
      return refused('That quantity cannot be set.');
    const result = await storefront.cartActions.updateQuantity(line, quantity);
    if (result.error)
      return refused(`Could not change the quantity: ${reasonOf(result.error)}`, statusOf(result.error));
  } else if (intent === 'coupon' || intent === 'removeCoupon') {
    // A coupon replaces the one the cart has: the cart is read first.
    const read = await storefront.prefetchCart();
    if (read.error) return refused(`Could not read your cart: ${reasonOf(read.error)}`, statusOf(read.error));
    const code = field('code');
    if (intent === 'coupon' && !code) return refused('Enter a coupon code.');
    const result =
      intent === 'coupon'
        ? await storefront.cartActions.applyCoupon(code)
        : await storefront.cartActions.removeCoupon();
    if (result.error)
      return refused(
        intent === 'coupon' ? couponRefusal(code, result.error) : reasonOf(result.error),
        statusOf(result.error),
      );
  } else return refused('That is not something the cart can do.');
  return redirect('/cart');
}

/** A refusal of the API (a 4xx) is the shopper's 400; the API not answering is a 502. */
const statusOf = (error: { code?: string }) => (error.code === 'SYSTEM_ERROR' ? 502 : 400);

/** The cart as a page: the header's cart link without JavaScript (the drawer with it). */
export default function CartPage({ actionData: refused }: Route.ComponentProps) {
  const [message, setMessage] = useState('');
  // The cart's code came with this page: the header's count follows the store from now on.
  useEffect(() => void loadCart(), []);
  return (
    <div className="page">
      <h1>Your cart</h1>
      <CartScope>
        <CartContents message={message || refused?.error || ''} onMessage={setMessage} />
      </CartScope>
    </div>
  );
}
