/** What the provider's checkout page would show (`/__sandbox/checkout/<id>`): a sandbox stand-in. */
import { esc, htmlPage } from './html.ts';

/** `checkout` is undefined when no checkout has the id (404). */
export function checkoutPage(id: string, checkout: { lineItemCount?: number; total?: string } | undefined): Response {
  if (!checkout) return htmlPage('Sandbox checkout', `<h1>No checkout ${esc(id)}</h1>`, { status: 404 });
  return htmlPage(
    'Sandbox checkout',
    `<h1>Checkout ${esc(id)}</h1><p>On the provider this page takes payment for ${esc(checkout.lineItemCount)} line item(s), total ${esc(checkout.total)}, then creates the order.</p><p>In the sandbox, call <code>checkout.createOrder</code> to do the same.</p>`,
  );
}
