/** The page of a redirect session whose provider page the sandbox only describes (`/__sandbox/redirect`). */
import { esc, htmlPage } from './html.ts';

export function redirectSessionPage(d: {
  purpose: string;
  /** What the provider's page would do, in a sentence's words. */
  providerPage: string;
  /** The checkout of an `ecomCheckout` session: the page links the sandbox's checkout page. */
  checkoutId?: string;
  request: unknown;
  callbacks: Record<string, unknown>;
}): Response {
  const checkoutLink = d.checkoutId
    ? `<p><a href="/__sandbox/checkout/${esc(encodeURIComponent(d.checkoutId))}">The sandbox's checkout page</a></p>`
    : '';
  const callbacks = Object.entries(d.callbacks)
    .map(([k, v]) => `<li>${esc(k)}: ${esc(v)}</li>`)
    .join('');
  return htmlPage(
    `Sandbox: ${d.purpose}`,
    `<h1>Redirect session: ${esc(d.purpose)}</h1><p>On the provider this URL opens ${esc(d.providerPage)}.</p><p>The sandbox does not emulate this page.</p>${checkoutLink}<h2>Request</h2><pre>${esc(JSON.stringify(d.request, null, 2))}</pre>${callbacks ? `<h2>Callbacks</h2><ul>${callbacks}</ul>` : ''}`,
  );
}
