/** What the provider's checkout page would show (`/__sandbox/checkout/<id>`): a sandbox stand-in. */
import { esc, htmlPage } from './html.ts';

/**
 * `checkout` is undefined when no checkout (nor cart: a Cart V2 id is its checkout's id) has the
 * id (404). A cart's page can place its order, as the provider's page does after payment; a V1
 * checkout's page says how to (createOrder).
 */
export function checkoutPage(
  id: string,
  checkout: { lineItemCount?: number; total?: string; cart?: boolean } | undefined,
): Response {
  if (!checkout) return htmlPage('Sandbox checkout', `<h1>No checkout ${esc(id)}</h1>`, { status: 404 });
  const action = checkout.cart
    ? `<form method="post" action="/__sandbox/checkout/${esc(encodeURIComponent(id))}"><button type="submit">Place the order (no payment is taken)</button></form>`
    : `<p>In the sandbox, call <code>checkout.createOrder</code> to do the same.</p>`;
  return htmlPage(
    'Sandbox checkout',
    `<h1>Checkout ${esc(id)}</h1><p>On the provider this page takes payment for ${esc(checkout.lineItemCount)} line item(s), total ${esc(checkout.total)}, then creates the order.</p>${action}`,
  );
}

/** The page after the sandbox's checkout placed a cart's order. */
export const orderPlacedPage = (orderId: string): Response =>
  htmlPage('Order placed', `<h1>Order placed</h1><p>Order <code>${esc(orderId)}</code> was created; the orders API reads it.</p>`);
