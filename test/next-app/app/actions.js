'use server';
/** The cart's server actions: add a product to the visitor's cart; leave for the provider's checkout. */
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { productBySlug, STORES_APP_ID, wixClient } from '../lib/wix.js';

export async function addToCart(formData) {
  const product = await productBySlug(String(formData.get('slug')));
  // A product with options is added with the first choice of each, as a shopper's default pick.
  const options = Object.fromEntries((product.productOptions ?? []).map((o) => [o.name, o.choices[0].description]));
  await (
    await wixClient()
  ).currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: product._id, options: { options } },
        quantity: 1,
      },
    ],
  });
  revalidatePath('/', 'layout');
  redirect('/cart');
}

export async function checkout() {
  const client = await wixClient();
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'OTHER_PLATFORM' });
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks: { postFlowUrl: 'http://localhost/' },
  });
  redirect(redirectSession.fullUrl);
}
