/**
 * The official SDK, the way a storefront on the provider uses it: one client per request,
 * signed in as the visitor whose tokens the middleware keeps in the session cookie.
 */
import { currentCart } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { cookies } from 'next/headers';

export const SESSION_COOKIE = 'sfk-next-session';
/** The provider's stores app: a cart line's catalog reference names it. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export async function wixClient() {
  const session = (await cookies()).get(SESSION_COOKIE);
  return createClient({
    modules: { products, collections, currentCart, redirects },
    auth: OAuthStrategy({
      clientId: process.env.WIX_CLIENT_ID,
      tokens: session ? JSON.parse(session.value) : undefined,
    }),
  });
}

/** The visitor's cart, or none before the first add (the provider answers 404 OWNED_CART_NOT_FOUND). */
export async function visitorCart() {
  try {
    return await (await wixClient()).currentCart.getCurrentCart();
  } catch (e) {
    if (e?.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return undefined;
    throw e;
  }
}

export async function productBySlug(slug) {
  const { items } = await (await wixClient()).products.queryProducts().eq('slug', slug).find();
  return items[0];
}

export async function collectionProducts(slug) {
  const client = await wixClient();
  const { collection } = await client.collections.getCollectionBySlug(slug);
  const { items } = await client.products.queryProducts().hasSome('collectionIds', [collection._id]).limit(12).find();
  return { collection, items };
}
