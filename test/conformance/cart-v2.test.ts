/**
 * The provider's Cart V2 through the official SDK (`@wix/auto_sdk_ecom_current-cart-v-2`,
 * `@wix/auto_sdk_ecom_cart-v-2`), unchanged, against the sandbox: one cart seen through Cart V1
 * (`@wix/ecom` currentCart) and V2, for a visitor and a member, in both directions; errors in the
 * provider's shape; a V2 cart checked out (its id is its checkout's id) and ordered.
 */
import * as cartV2 from '@wix/auto_sdk_ecom_cart-v-2';
import * as currentCartV2 from '@wix/auto_sdk_ecom_current-cart-v-2';
import { checkout, currentCart, orders } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { COUPON, DEMO_MEMBER, GIFT_CARD, PRODUCT, variantId } from '../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

const modules = { currentCartV2, cartV2, currentCart, checkout, orders, redirects };
const visitor = () => createClient({ modules, auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }) });
const owner = () => createClient({ modules, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }) });

/** The demo member, signed in with the sandbox's member token (as a server holding the member's tokens would). */
async function member() {
  const anon = await call(s.current.url, 'POST', '/oauth2/token', { body: { clientId: DEFAULT_CLIENT_ID, grantType: 'anonymous' } });
  const res = await fetch(`${s.current.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `${anon.body.access_token},${API_KEY}` },
    body: JSON.stringify({ grant_type: 'authorized_client', scope: 'offline_access', member_id: DEMO_MEMBER.id }),
  });
  const t = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  const auth = OAuthStrategy({ clientId: DEFAULT_CLIENT_ID });
  auth.setTokens({
    accessToken: { value: t.access_token, expiresAt: Math.floor(Date.now() / 1000) + t.expires_in },
    refreshToken: { value: t.refresh_token, role: 'member' as never },
  });
  return createClient({ modules, auth });
}

const reset = () => call(s.current.url, 'POST', '/__sandbox/reset', { token: API_KEY });
afterEach(async () => {
  await reset();
});

const shirtM = { catalogItemId: PRODUCT.linenShirt, appId: STORES_APP_ID, options: { variantId: variantId(1, 1) } };
const tote = { catalogItemId: PRODUCT.canvasTote, appId: STORES_APP_ID, options: { variantId: variantId(2, 0) } };
const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine: '235 W 23rd St' };

/** The provider's error as the official SDK throws it. */
async function failure(p: Promise<unknown>) {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as { details?: { applicationError?: { code?: unknown } }; message?: string } | undefined;
  if (!err) throw new Error('expected the call to fail');
  return { code: err.details?.applicationError?.code, message: err.message };
}

/** Line quantities by catalog item, as each API names them. */
const v1Lines = (c: { lineItems?: { quantity?: number | null; catalogReference?: { catalogItemId?: string } | null }[] }) =>
  Object.fromEntries((c.lineItems ?? []).map((l) => [l.catalogReference!.catalogItemId!, l.quantity]));
const v2Lines = (c: {
  lineItems?: { quantityInfo?: { requestedQuantity?: number }; source?: { catalogReference?: { catalogItemId?: string } } }[];
}) => Object.fromEntries((c.lineItems ?? []).map((l) => [l.source!.catalogReference!.catalogItemId!, l.quantityInfo!.requestedQuantity]));

describe('the current cart V2 (official SDK)', () => {
  it('answers every operation on one cart: add, update lines, coupon, delivery, gift card, refresh, estimate, calculate, delete', async () => {
    const shop = visitor();
    const missing = await failure(shop.currentCartV2.getCurrentCart());
    expect(missing.code).toBe('OWNED_CART_NOT_FOUND');

    const { cart: added } = await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: shirtM, quantity: 2 }] });
    expect(added!._id).toBeTruthy();
    expect(added!.lineItems).toHaveLength(1);
    const line = added!.lineItems![0]!;
    expect(line.name!.original).toBe('Linen shirt');
    expect(line.quantityInfo).toMatchObject({ requestedQuantity: 2, confirmedQuantity: 2 });
    expect(Number(line.pricing!.unitPrice!.amount)).toBe(45);
    expect(Number(added!.subtotal!.amount)).toBe(90);
    expect(added!.currentCart).toBe(true);
    expect(added!._createdDate).toBeInstanceOf(Date);

    const { cart: got } = await shop.currentCartV2.getCurrentCart();
    expect(got!._id).toBe(added!._id);

    const { cart: three } = await shop.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: line._id!, quantity: { newQuantity: 3 } }],
    });
    expect(three!.lineItems![0]!.quantityInfo!.requestedQuantity).toBe(3);

    const { cart: coupon } = await shop.currentCartV2.addCouponToCurrentCart({ code: COUPON.tenPercent });
    expect(coupon!.coupons).toEqual([{ _id: expect.any(String), code: COUPON.tenPercent }]);
    const { summary } = await shop.currentCartV2.estimateCurrentCart({ calculateTax: false });
    const p = summary!.priceSummary!;
    expect([p.subtotal, p.discount, p.total].map((m) => Number(m!.amount))).toEqual([135, 13.5, 121.5]);
    const again = await failure(shop.currentCartV2.addCouponToCurrentCart({ code: COUPON.tenPercent }));
    expect(again.code).toBe('COUPON_ALREADY_EXISTS');
    const { cart: noCoupon } = await shop.currentCartV2.removeCouponFromCurrentCart(coupon!.coupons![0]!._id!);
    expect(noCoupon!.coupons).toEqual([]);
    expect((await failure(shop.currentCartV2.addCouponToCurrentCart({ code: 'NOPE' }))).code).toBe('INVALID_COUPON_CODE');

    expect((await failure(shop.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'standard' }))).code).toBe(
      'DELIVERY_METHOD_MISSING_ADDRESS',
    );
    await shop.currentCartV2.updateCurrentCart({ deliveryInfo: { address: NY }, note: 'Gift-wrap, please' });
    const { cart: delivered } = await shop.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'standard' });
    expect(delivered!.deliveryInfo!.method!.code).toBe('standard');
    expect(delivered!.note).toBe('Gift-wrap, please');
    const { cart: noMethod } = await shop.currentCartV2.removeDeliveryMethodFromCurrentCart();
    expect(noMethod!.deliveryInfo!.method).toBeUndefined();

    const { cart: carded } = await shop.currentCartV2.addGiftCardToCurrentCart({ code: GIFT_CARD.code });
    const card = carded!.paymentInfo!.giftCards![0]!;
    expect(card.obfuscatedCode).toBe('****DEMO');
    const { summary: paid } = await shop.currentCartV2.calculateCurrentCart();
    expect(Number(paid!.paymentSummary!.giftCards![0]!.redeemAmount!.amount)).toBe(50);
    await shop.currentCartV2.removeGiftCardFromCurrentCart(card._id!);
    expect((await failure(shop.currentCartV2.removeGiftCardFromCurrentCart(card._id!))).code).toBe('GIFT_CARD_NOT_FOUND_IN_CART');

    const { cart: refreshed } = await shop.currentCartV2.refreshCurrentCart();
    expect(Number(refreshed!.revision)).toBeGreaterThan(Number(added!.revision));

    const { cart: empty } = await shop.currentCartV2.removeLineItemsFromCurrentCart([line._id!]);
    expect(empty!.lineItems).toEqual([]);
    expect((await failure(shop.currentCartV2.removeLineItemsFromCurrentCart([line._id!]))).code).toBe('LINE_ITEM_NOT_FOUND_IN_CART');

    await shop.currentCartV2.deleteCurrentCart();
    expect((await failure(shop.currentCartV2.getCurrentCart())).code).toBe('OWNED_CART_NOT_FOUND');

    const { cart: created } = await shop.currentCartV2.createCurrentCart({
      catalogItems: [{ catalogReference: tote, quantity: 1 }],
      coupons: [{ code: COUPON.fiveOff }],
    });
    expect(v2Lines(created!)).toEqual({ [PRODUCT.canvasTote]: 1 });
    expect(created!.coupons!.map((c) => c.code)).toEqual([COUPON.fiveOff]);
  });

  it('refuses what the sandbox does not emulate loudly (forms, custom items), changing nothing', async () => {
    const shop = visitor();
    await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: tote, quantity: 1 }] });
    expect((await failure(shop.currentCartV2.updateFormSubmissionsInCurrentCart({ formSubmissions: [{ _id: 'f', formSubmissionId: 'g' }] }))).code).toBe(
      'NOT_EMULATED',
    );
    const custom = await failure(
      shop.currentCartV2.addLineItemsToCurrentCart({ customItems: [{ name: { original: 'Engraving' }, quantityInfo: { requestedQuantity: 1 } }] }),
    );
    expect(custom.code).toBe('NOT_EMULATED');
    expect(v2Lines((await shop.currentCartV2.getCurrentCart()).cart!)).toEqual({ [PRODUCT.canvasTote]: 1 });
  });
});

describe('one cart, two APIs', () => {
  for (const [who, make] of [
    ['a visitor', async () => visitor()],
    ['a member', member],
  ] as const) {
    it(`${who}: a line added through V1 is read through V2, and one added through V2 through V1`, async () => {
      const shop = await make();
      await shop.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: tote, quantity: 2 }] });
      const v2 = (await shop.currentCartV2.getCurrentCart()).cart!;
      expect(v2Lines(v2)[PRODUCT.canvasTote]).toBe(2);

      await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: shirtM, quantity: 1 }] });
      const v1 = await shop.currentCart.getCurrentCart();
      expect(v1._id).toBe(v2._id);
      expect(v1Lines(v1)).toEqual(v2Lines((await shop.currentCartV2.getCurrentCart()).cart!));
      expect(v1Lines(v1)[PRODUCT.linenShirt]).toBe(1);
      // Same prices through both: V1's subtotal is V2's.
      expect(Number((v1 as { subtotal?: { amount?: string } }).subtotal!.amount)).toBe(Number((await shop.currentCartV2.getCurrentCart()).cart!.subtotal!.amount));
      // A coupon set through V1 shows in V2.
      await shop.currentCart.updateCurrentCart({ couponCode: COUPON.tenPercent });
      expect((await shop.currentCartV2.getCurrentCart()).cart!.coupons!.map((c) => c.code)).toEqual([COUPON.tenPercent]);
    });
  }
});

describe('a V2 cart checked out and ordered', () => {
  it('its id is the checkout id: the hosted checkout page and a redirect session take it', async () => {
    const shop = visitor();
    const { cart } = await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: tote, quantity: 1 }] });
    const { checkoutUrl } = await shop.cartV2.getCheckoutUrl(cart!._id!);
    const page = await fetch(checkoutUrl!);
    expect(page.status).toBe(200);
    // Checkout V1's getCheckoutUrl takes the cart's id too.
    expect(await shop.checkout.getCheckoutUrl(cart!._id!)).toMatchObject({ checkoutUrl });
    expect(await page.text()).toContain(cart!._id!);
    const { redirectSession } = await shop.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: cart!._id! },
      callbacks: { thankYouPageUrl: 'http://localhost:3000/thanks' },
    });
    const redirect = await (await fetch(redirectSession!.fullUrl!)).text();
    expect(redirect).toContain(`/__sandbox/checkout/${cart!._id}`);
  });

  it('the hosted checkout page places the cart\'s order, which the orders API reads', async () => {
    const shop = visitor();
    const { cart } = await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: tote, quantity: 2 }] });
    const { checkoutUrl } = await shop.cartV2.getCheckoutUrl(cart!._id!);
    const page = await fetch(checkoutUrl!, { method: 'POST' });
    expect(page.status).toBe(200);
    const orderId = /Order <code>([^<]+)<\/code>/.exec(await page.text())![1]!;
    const order = await owner().orders.getOrder(orderId);
    expect(order.lineItems!.map((l) => l.quantity)).toEqual([2]);
    expect((await shop.cartV2.getCart(cart!._id!)).orderId).toBe(orderId);
    // A second visit to the page cannot order the same cart again.
    const again = await fetch(checkoutUrl!, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already made order');
  });

  it('placeOrder makes an order the orders API reads, and the cart is no longer the current cart', async () => {
    const shop = visitor();
    const { cart } = await shop.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: shirtM, quantity: 2 }] });
    await shop.currentCartV2.updateCurrentCart({ deliveryInfo: { address: NY } });
    await shop.currentCartV2.setDeliveryMethodForCurrentCart({ code: 'standard' });
    const { summary } = await shop.cartV2.calculateCart(cart!._id!);
    const stale = await failure(shop.cartV2.placeOrder(cart!._id!, { priceVerificationToken: 'stale' }));
    expect(stale.code).toBe('INVALID_PRICE_VERIFICATION_TOKEN');
    const placed = await shop.cartV2.placeOrder(cart!._id!, { priceVerificationToken: summary!.priceVerificationToken! });
    expect(placed.orderId).toBeTruthy();

    const order = await owner().orders.getOrder(placed.orderId!);
    expect(order._id).toBe(placed.orderId);
    expect(order.lineItems!.map((l) => l.quantity)).toEqual([2]);
    expect(Number(order.priceSummary!.total!.amount)).toBe(Number(summary!.priceSummary!.total!.amount));
    const ordered = await shop.cartV2.getCart(cart!._id!);
    expect(ordered).toMatchObject({ orderPlaced: true, orderId: placed.orderId, currentCart: false });
    expect((await failure(shop.cartV2.placeOrder(cart!._id!))).code).toBe('CART_ALREADY_ORDERED');
    expect((await failure(shop.currentCartV2.getCurrentCart())).code).toBe('OWNED_CART_NOT_FOUND');
    expect((await failure(shop.currentCart.getCurrentCart())).code).toBe('OWNED_CART_NOT_FOUND');
  });

  it("carts by id: another buyer's cart answers as a missing one; create, update, delete", async () => {
    const mine = visitor();
    const theirs = visitor();
    const cart = await mine.cartV2.createCart({ catalogItems: [{ catalogReference: tote, quantity: 1 }] });
    expect(cart!.currentCart).toBe(false);
    expect((await failure(theirs.cartV2.getCart(cart!._id!))).code).toBe('CART_NOT_FOUND');
    const noted = await mine.cartV2.updateCart(cart!._id!, { note: 'by id' });
    expect(noted!.note).toBe('by id');
    await mine.cartV2.addLineItems(cart!._id!, { catalogItems: [{ catalogReference: shirtM, quantity: 1 }] });
    expect(Object.keys(v2Lines(await mine.cartV2.getCart(cart!._id!)))).toHaveLength(2);
    // A cart made by id is nobody's current cart.
    expect((await failure(mine.currentCartV2.getCurrentCart())).code).toBe('OWNED_CART_NOT_FOUND');
    await mine.cartV2.deleteCart(cart!._id!);
    expect((await failure(mine.cartV2.getCart(cart!._id!))).code).toBe('CART_NOT_FOUND');
  });
});
