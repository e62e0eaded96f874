// One call both runtimes make: a visitor's token, then the visitor's current cart (or the
// provider's answer that there is none yet), through the client of the installed package.
import { ApplicationError, createClient, currentCart, OAuthStrategy } from 'storefront-kit';

export async function visitorCart(runtime: string): Promise<Response> {
  const kit = createClient({
    modules: { currentCart },
    auth: OAuthStrategy({ clientId: 'sandbox-client' }),
    host: process.env.SFK_SANDBOX_URL,
  });
  try {
    const { cart } = await kit.currentCart.getCurrentCart();
    return Response.json({ runtime, cart: cart?.id ?? null });
  } catch (e) {
    if (!(e instanceof ApplicationError)) throw e;
    return Response.json({ runtime, code: e.code });
  }
}
