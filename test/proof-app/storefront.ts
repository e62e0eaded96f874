/**
 * A headless storefront's data layer, written only against the provider's official SDK
 * (`@wix/sdk`, `@wix/stores`, `@wix/ecom`, `@wix/redirects`, `@wix/members`, `@wix/data`), the
 * way the provider's own storefront templates are: it knows nothing of the sandbox. Its tests
 * run it unchanged against the sandbox through each connection route (the preload, msw).
 */
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import { collections, products } from '@wix/stores';
import { currentCart, recommendations } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { members } from '@wix/members';
import { items } from '@wix/data';

export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** The Stores app's related-items algorithms, in the templates' order of preference. */
const RELATED_ALGORITHMS = [
  { _id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP_ID }, // from the same categories
  { _id: 'd5aac1e1-2e53-4d11-85f7-7172710b4783', appId: STORES_APP_ID }, // frequently bought together
];

export type ProductSort = 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc';

export function createStorefront(clientId: string, tokens?: Tokens) {
  const auth = OAuthStrategy({ clientId, tokens });
  const wix = createClient({
    modules: { collections, products, currentCart, recommendations, redirects, members, items },
    auth,
  });

  return {
    auth,

    async collections() {
      const { items: found } = await wix.collections.queryCollections().find();
      return found.map((c) => ({ id: c._id!, name: c.name!, slug: c.slug! }));
    },

    /** A collection's products, sorted, optionally only those whose name starts with `search`; undefined for an unknown slug. */
    async collectionProducts(
      slug: string,
      { sort = 'name-asc', search }: { sort?: ProductSort; search?: string } = {},
    ) {
      const collection = await wix.collections.getCollectionBySlug(slug).catch((e) => {
        if (e?.details?.applicationError?.code === 404) return undefined;
        throw e;
      });
      if (!collection?.collection) return undefined;
      let query = wix.products.queryProducts().hasSome('collectionIds', [collection.collection._id!]);
      if (search) query = query.startsWith('name', search);
      const [field, direction] = sort.split('-') as ['name' | 'price', 'asc' | 'desc'];
      query = direction === 'asc' ? query.ascending(field) : query.descending(field);
      const { items: found } = await query.limit(100).find();
      return found.map((p) => ({ id: p._id!, name: p.name!, slug: p.slug!, price: p.priceData?.price ?? 0 }));
    },

    /** A product page: its options and their choices, and the variant a choice of options names. */
    async productPage(slug: string) {
      const { items: found } = await wix.products.queryProducts().eq('slug', slug).find();
      const product = found[0];
      if (!product) return undefined;
      return {
        id: product._id!,
        name: product.name!,
        price: product.priceData?.formatted?.price,
        options: (product.productOptions ?? []).map((o) => ({
          name: o.name!,
          choices: (o.choices ?? []).map((c) => c.description!),
        })),
        variantFor(choices: Record<string, string>) {
          const v = (product.variants ?? []).find((variant) =>
            Object.entries(choices).every(([k, val]) => variant.choices?.[k] === val),
          );
          return v && { id: v._id!, price: v.variant?.priceData?.price, inStock: v.stock?.inStock ?? false };
        },
      };
    },

    async addToCart(productId: string, quantity: number, variantId?: string) {
      const { cart } = await wix.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: {
              catalogItemId: productId,
              appId: STORES_APP_ID,
              ...(variantId ? { options: { variantId } } : {}),
            },
            quantity,
          },
        ],
      });
      return summary(cart);
    },

    async cart() {
      const cart = await wix.currentCart.getCurrentCart().catch((e) => {
        if (e?.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return undefined;
        throw e;
      });
      return cart && summary(cart);
    },

    async setQuantity(lineItemId: string, quantity: number) {
      const { cart } = await wix.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineItemId, quantity }]);
      return summary(cart);
    },

    async removeLine(lineItemId: string) {
      const { cart } = await wix.currentCart.removeLineItemsFromCurrentCart([lineItemId]);
      return summary(cart);
    },

    /** The provider's checkout page for the current cart. */
    async checkoutUrl(returnUrl: string) {
      const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({
        channelType: currentCart.ChannelType.WEB,
      });
      const { redirectSession } = await wix.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: checkoutId! },
        callbacks: { postFlowUrl: returnUrl },
      });
      return { checkoutId: checkoutId!, url: redirectSession!.fullUrl! };
    },

    /** "You may also like": the recommended products, no error handling, as the templates have it. */
    async relatedProducts(productId: string) {
      const { recommendation } = await wix.recommendations.getRecommendation(RELATED_ALGORITHMS, {
        items: [{ catalogItemId: productId, appId: STORES_APP_ID }],
        minimumRecommendedItems: 3,
      });
      const ids = (recommendation?.items ?? []).map((i) => i.catalogItemId!);
      if (!ids.length) return [];
      const { items: found } = await wix.products.queryProducts().in('_id', ids).limit(100).find();
      // In the recommendation's order (the query answers in the catalog's).
      return ids.flatMap((id) => found.filter((p) => p._id === id).map((p) => ({ id: p._id!, name: p.name! })));
    },

    /** A CMS menu's pages; a site without the Menus collection has no menu. */
    async menu(handle: string) {
      const { items: menus } = await wix.items
        .query('Menus')
        .include('pages')
        .eq('slug', handle)
        .find()
        .catch((e) => {
          if (e?.details?.applicationError?.code === 'WDE0025') return { items: [] };
          throw e;
        });
      return ((menus[0]?.pages as { title: string; slug: string }[] | undefined) ?? []).map((p) => ({
        title: p.title,
        url: `/${p.slug}`,
      }));
    },

    /** Member login through the provider's hosted page: where to send the browser, and the data to keep for the callback. */
    async loginUrl(callbackUrl: string, returnUrl: string) {
      const oauthData = auth.generateOAuthData(callbackUrl, returnUrl);
      const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query' });
      return { authUrl, oauthData };
    },

    /** On the callback page: the code in its URL becomes the member's tokens. */
    async completeLogin(callbackUrl: string, oauthData: ReturnType<typeof auth.generateOAuthData>) {
      const { code, state, error, errorDescription } = auth.parseFromUrl(callbackUrl, 'query');
      if (error) throw new Error(`login failed: ${error} ${errorDescription ?? ''}`);
      auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
    },

    isLoggedIn: () => auth.loggedIn(),

    async currentMember() {
      const { member } = await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] });
      return { id: member!._id!, email: member!.loginEmail!, nickname: member!.profile?.nickname };
    },

    /** Where to send the browser to end the member's session; the app forgets the tokens. */
    async logout(returnUrl: string) {
      const { logoutUrl } = await auth.logout(returnUrl);
      return logoutUrl;
    },
  };
}

type Cart = currentCart.Cart;

function summary(cart: Cart | undefined) {
  return {
    lines: (cart?.lineItems ?? []).map((l) => ({
      id: l._id!,
      productId: l.catalogReference?.catalogItemId,
      variantId: l.catalogReference?.options?.variantId as string | undefined,
      name: l.productName?.original,
      quantity: l.quantity!,
      price: l.price?.amount,
    })),
  };
}

export type Storefront = ReturnType<typeof createStorefront>;
