/**
 * One shopper's visit to the proof storefront (storefront.ts), as its pages would make it, with
 * the browser's part of the hosted login page played by `submitHostedLogin`. Run in process
 * (msw) or in a child process behind the preload (run.ts); both give the same result.
 */
import { createStorefront, type Storefront } from './storefront.ts';

export const SHOP = 'http://localhost:5173';
export const DEMO_MEMBER = { email: 'demo@storefront.test', password: 'demo-password-1' };

/** What the browser does on the hosted login page: post its form with the member's e-mail and password, and follow the answer back to the app. */
export async function submitHostedLogin(authUrl: string, email: string, password: string): Promise<string> {
  const page = await fetch(authUrl);
  const html = await page.text();
  const form = html.match(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/);
  if (page.status !== 200 || !form) throw new Error(`no login form at ${authUrl} (${page.status})`);
  const body = new URLSearchParams();
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    body.set(m[1], m[2].replaceAll('&amp;', '&'));
  body.set('email', email);
  body.set('password', password);
  body.set('action', 'login');
  const res = await fetch(new URL(form[1].replaceAll('&amp;', '&'), authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`the login page answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return location;
}

/** The pages a visitor browses and shops on: collections, a product page, the cart, checkout. */
export async function shoppingVisit(shop: Storefront) {
  const collections = await shop.collections();
  const clothing = {
    byName: (await shop.collectionProducts('clothing'))!,
    byNameDesc: (await shop.collectionProducts('clothing', { sort: 'name-desc' }))!,
    searchedW: (await shop.collectionProducts('clothing', { search: 'W' }))!,
  };

  const page = (await shop.productPage('linen-shirt'))!;
  const sizeM = page.variantFor({ Size: 'M' });
  const related = await shop.relatedProducts(page.id);
  const menu = await shop.menu('main');

  const cartAfterAdd = await shop.addToCart(page.id, 1, sizeM?.id);
  const socks = clothing.byName.find((p) => p.slug === 'trail-socks')!;
  const cartWithSocks = await shop.addToCart(socks.id, 2);
  const shirtLine = cartWithSocks.lines.find((l) => l.productId === page.id)!;
  const cartAfterUpdate = await shop.setQuantity(shirtLine.id, 3);
  const socksLine = cartAfterUpdate.lines.find((l) => l.productId === socks.id)!;
  const cartAfterRemove = await shop.removeLine(socksLine.id);
  const checkout = await shop.checkoutUrl(`${SHOP}/thank-you`);

  return {
    collections,
    clothing,
    page: {
      id: page.id,
      name: page.name,
      price: page.price,
      options: page.options,
      sizeM: sizeM ?? null,
      noSuchVariant: page.variantFor({ Size: 'XXL' }) ?? null,
    },
    related,
    menu,
    cart: {
      afterAdd: cartAfterAdd,
      withSocks: cartWithSocks,
      afterUpdate: cartAfterUpdate,
      afterRemove: cartAfterRemove,
    },
    checkout,
  };
}

/** A member signs in through the hosted page (the browser's part played by submitHostedLogin), then out. */
export async function memberVisit(shop: Storefront) {
  const { authUrl, oauthData } = await shop.loginUrl(`${SHOP}/callback`, `${SHOP}/account`);
  const callbackUrl = await submitHostedLogin(authUrl, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await shop.completeLogin(callbackUrl, oauthData);
  const member = await shop.currentMember();
  const loggedIn = shop.isLoggedIn();
  const logoutUrl = await shop.logout(`${SHOP}/`);
  const afterLogout = await fetch(logoutUrl, { redirect: 'manual' });
  return {
    login: { authUrl, callbackUrl, member, loggedIn },
    logout: { logoutUrl, status: afterLogout.status, location: afterLogout.headers.get('location') },
  };
}

export async function shopperVisit(clientId: string) {
  const shop = createStorefront(clientId);
  return { ...(await shoppingVisit(shop)), ...(await memberVisit(shop)) };
}

export type ShoppingVisit = Awaited<ReturnType<typeof shoppingVisit>>;
export type ShopperVisit = Awaited<ReturnType<typeof shopperVisit>>;
