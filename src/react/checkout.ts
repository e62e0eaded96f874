/**
 * Checkout: after every queued cart change has been answered, a redirect session to the
 * provider's hosted checkout of the visitor's cart (on the visitor's token); the app navigates to
 * the URL. On Cart V2 the cart's id is its checkout's id (as the provider's own templates pass it
 * to `ecomCheckout.checkoutId`); on V1 a checkout is created from the cart first.
 */
import { useMemo } from 'react';
import { ClientError } from '../index.ts';
import type { ActionError, StorefrontClient } from './client-types.ts';
import { useStorefront } from './provider.tsx';
import { storefrontError, type StorefrontStore } from './store.ts';
import { sameOriginPath } from './destinations.ts';

/** What may refuse a checkout: creating it from the cart, or the redirect session to it. */
export type CheckoutError = ActionError<
  | NonNullable<StorefrontClient['currentCartV2']>['getCurrentCart']
  | NonNullable<StorefrontClient['currentCart']>['createCheckoutFromCurrentCart']
  | NonNullable<StorefrontClient['redirects']>['createRedirectSession']
>;

export type CheckoutResult = { url: string; error?: undefined } | { error: CheckoutError; url?: undefined };

export interface CheckoutStart {
  /**
   * Where the hosted checkout sends the buyer when it is done (the thank-you page): an absolute
   * URL, or a path of this site (`/thank-you`, resolved against the page's origin; a path a
   * browser reads as another host, `//evil.example` or `/\evil.example`, is refused).
   */
  postFlowUrl: string;
}

/** An absolute URL as given; a path only when it is a same-origin path, on the page's origin. */
function destination(postFlowUrl: string): string {
  if (!postFlowUrl.startsWith('/') && !postFlowUrl.startsWith('\\')) return postFlowUrl;
  const path = sameOriginPath(postFlowUrl, '');
  if (!path)
    throw new ClientError(
      `storefront-kit/react: postFlowUrl ${JSON.stringify(postFlowUrl)} is not a path of this site (one leading /, no //, no backslash, no control character)`,
    );
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin)
    throw new ClientError('storefront-kit/react: a postFlowUrl path needs a page; on a server give an absolute URL');
  return origin + path;
}

export async function startCheckout(store: StorefrontStore, { postFlowUrl }: CheckoutStart): Promise<CheckoutResult> {
  const redirects = store.client.redirects;
  try {
    if (!redirects)
      throw new ClientError(
        'storefront-kit/react: checkout needs the redirects module in the client (createClient({ modules: { currentCart, redirects } }))',
      );
    const postFlow = destination(postFlowUrl);
    await store.cartSettled();
    // V2: the cart the store knows (null: none, so the read below answers OWNED_CART_NOT_FOUND), or read.
    const checkoutId =
      store.cartApi !== 'v2'
        ? await store.cartApi.checkoutId(store.client)
        : (store.known().cart?.id ?? (await store.client.currentCartV2!.getCurrentCart()).cart.id);
    const { redirectSession } = await redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: postFlow },
    });
    if (!redirectSession?.fullUrl)
      throw new ClientError('storefront-kit/react: the redirect session answered no fullUrl');
    return { url: redirectSession.fullUrl };
  } catch (e) {
    return { error: storefrontError<CheckoutError>(e) };
  }
}

/** `start({ postFlowUrl })` resolves `{ url }` or `{ error }`, never rejects; stable for the provider's life. */
export function useCheckout(): { start(options: CheckoutStart): Promise<CheckoutResult> } {
  const store = useStorefront();
  return useMemo(() => ({ start: (options: CheckoutStart) => startCheckout(store, options) }), [store]);
}
