import { redirect, type ActionFunctionArgs } from 'react-router';

/**
 * Checkout without JavaScript: a checkout from the visitor's cart and a redirect session to the
 * provider's hosted checkout, then there. (With JavaScript the cart's button does the same in
 * the browser, after the cart's queued changes.)
 */
export async function action({ context }: ActionFunctionArgs) {
  const { client, origin } = context.visitor;
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks: { postFlowUrl: `${origin}/` },
  });
  if (!redirectSession?.fullUrl) throw new Error('The redirect session answered no fullUrl');
  return redirect(redirectSession.fullUrl);
}

export function loader() {
  return redirect('/cart');
}
