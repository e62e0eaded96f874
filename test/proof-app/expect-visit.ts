/** What a shopper's visit to the proof storefront must show, whichever route connects it to the sandbox. */
import { expect } from 'vitest';
import { DEMO_MEMBER, SHOP, type ShopperVisit, type ShoppingVisit } from './scenario.ts';

const CLOTHING_BY_NAME = ['Leather belt', 'Linen shirt', 'Rain jacket', 'Trail socks', 'Wool beanie'];

export function expectShopperVisit(v: ShopperVisit, sandboxOrigins: string[]): void {
  expectShoppingVisit(v, sandboxOrigins);
  expect(sandboxOrigins).toContain(new URL(v.login.authUrl).origin);
  expect(v.login.callbackUrl.startsWith(`${SHOP}/callback?code=`)).toBe(true);
  expect(v.login).toMatchObject({ loggedIn: true, member: { email: DEMO_MEMBER.email, nickname: expect.any(String) } });
  expect(sandboxOrigins).toContain(new URL(v.logout.logoutUrl).origin);
  expect(v.logout).toMatchObject({ status: 302, location: `${SHOP}/` });
}

export function expectShoppingVisit(v: ShoppingVisit, sandboxOrigins: string[]): void {
  expect(v.collections.map((c) => c.slug)).toEqual([
    'all-products',
    'clothing',
    'kitchen',
    'studio',
    'digital-downloads',
    'hidden-homepage-featured-items',
    'hidden-homepage-carousel',
  ]);
  expect(v.clothing.byName.map((p) => p.name)).toEqual(CLOTHING_BY_NAME);
  expect(v.clothing.byNameDesc.map((p) => p.name)).toEqual([...CLOTHING_BY_NAME].reverse());
  expect(v.clothing.searchedW.map((p) => p.name)).toEqual(['Wool beanie']);

  expect(v.page).toMatchObject({
    name: 'Linen shirt',
    price: '$45.00',
    options: [{ name: 'Size', choices: ['S', 'M', 'L', 'XL'] }],
    noSuchVariant: null,
  });
  expect(v.page.sizeM).toMatchObject({ id: expect.any(String), price: 45, inStock: true });

  // Related items: the shirt's own collection first (never the shirt), then the catalog, at least the 3 asked for.
  expect(v.related.slice(0, 4).map((p) => p.name)).toEqual([
    'Wool beanie',
    'Rain jacket',
    'Trail socks',
    'Leather belt',
  ]);
  expect(v.related.length).toBeGreaterThanOrEqual(3);
  expect(v.related.map((p) => p.id)).not.toContain(v.page.id);
  // The seeded Menus collection has no menu with this slug: the query answers no item, so no menu.
  expect(v.menu).toEqual([]);

  const shirt = { productId: v.page.id, variantId: v.page.sizeM!.id, name: 'Linen shirt' };
  expect(v.cart.afterAdd.lines).toEqual([{ ...shirt, id: expect.any(String), quantity: 1, price: '45.00' }]);
  expect(v.cart.withSocks.lines.map((l) => [l.name, l.quantity])).toEqual([
    ['Linen shirt', 1],
    ['Trail socks', 2],
  ]);
  expect(v.cart.afterUpdate.lines.map((l) => [l.name, l.quantity])).toEqual([
    ['Linen shirt', 3],
    ['Trail socks', 2],
  ]);
  expect(v.cart.afterRemove.lines).toEqual([
    { ...shirt, id: v.cart.afterAdd.lines[0].id, quantity: 3, price: '45.00' },
  ]);

  const checkoutUrl = new URL(v.checkout.url);
  expect(sandboxOrigins).toContain(checkoutUrl.origin);
  expect(checkoutUrl.pathname).toBe('/__sandbox/redirect');
}
