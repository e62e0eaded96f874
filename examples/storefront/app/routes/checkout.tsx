import { redirect } from 'react-router';
import type { Route } from './+types/checkout';

/**
 * Checkout without JavaScript: a redirect session to the provider's hosted checkout of the
 * visitor's cart (on Cart V2 the cart's id is its checkout's id), then there. (With JavaScript
 * the cart's button does the same in the browser, after the cart's queued changes.)
 */
export async function action({ context }: Route.ActionArgs) {
  const { client, origin } = context.visitor;
  const { cart } = await client.currentCartV2.getCurrentCart();
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId: cart.id },
    callbacks: { postFlowUrl: `${origin}/` },
  });
  if (!redirectSession?.fullUrl) throw new Error('The redirect session answered no fullUrl');
  return redirect(redirectSession.fullUrl);
}

export function loader() {
  return redirect('/cart');
}
