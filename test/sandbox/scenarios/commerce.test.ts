/**
 * The visitor's story through the project's client over real HTTP: browse a collection, add two
 * variants, apply a coupon, estimate totals with shipping, create a checkout and an order; and
 * the rules: isolation between visitors, bad inputs that change nothing, the 404 before the
 * first add.
 */
import { describe, expect, it } from 'vitest';
import { ApplicationError, checkout, collections, createClient, currentCart, OAuthStrategy, products, ValidationError } from '../../../src/index.ts';
import { call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';

const s = useSandboxServer();
const STORES = STORES_APP_ID;
const visitor = () => createClient({ modules: { currentCart, checkout, products, collections }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: s.current.url });
const state = async () => {
  const st = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
  return st;
};

describe('a visitor buys', () => {
  it('browses a collection, adds two variants, applies a coupon, estimates, checks out, orders', async () => {
    const kit = visitor();
    await expect(kit.currentCart.getCurrentCart()).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND', status: 404 });

    const clothing = (await kit.collections.getCollectionBySlug('clothing')).collection!;
    const list = await kit.products.queryProducts({ query: { filter: { collectionIds: { $hasSome: [clothing.id] }, slug: 'linen-shirt' } } });
    const shirt = list.products![0];
    const [s1, s2] = shirt.variants!.filter((v) => v.stock!.inStock);
    const added = await kit.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: { catalogItemId: shirt.id!, appId: STORES, options: { variantId: s1.id } } },
        { quantity: 2, catalogReference: { catalogItemId: shirt.id!, appId: STORES, options: { variantId: s2.id } } },
      ],
    });
    expect(added.cart!.lineItems).toHaveLength(2);
    expect(added.cart!.createdDate).toBeInstanceOf(Date);
    // Prices come from the catalog, not from the caller.
    expect(added.cart!.lineItems!.map((l) => Number(l.price!.amount))).toEqual([s1.variant!.priceData!.discountedPrice, s2.variant!.priceData!.discountedPrice]);
    expect(added.cart!.lineItems!.every((l) => l.availability!.status === 'AVAILABLE')).toBe(true);

    await kit.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    const est = await kit.currentCart.estimateCurrentCartTotals({ shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York' } });
    const subtotal = Number(est.priceSummary!.subtotal!.amount);
    expect(Number(est.priceSummary!.discount!.amount)).toBeCloseTo(subtotal * 0.1, 2);
    expect(Number(est.priceSummary!.shipping!.amount)).toBe(5);
    expect(Number(est.priceSummary!.tax!.amount)).toBeGreaterThan(0);
    const options = est.shippingInfo!.carrierServiceOptions![0].shippingOptions!;
    expect(options.map((o) => o.code)).toEqual(['standard', 'pickup']);
    expect(options[0].logistics!.deliveryTimeSlot!.from).toBeInstanceOf(Date);
    expect(options[1].logistics!.pickupDetails!.address!.city).toBe('New York');

    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB', shippingAddress: { country: 'US' } });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(ck.lineItems).toHaveLength(2);
    expect(ck.appliedDiscounts![0].coupon!.code).toBe('SAVE10');
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    expect(orderId).toEqual(expect.any(String));
    expect((await kit.checkout.getCheckout(checkoutId!)).checkout!.completed).toBe(true);
    await expect(kit.checkout.createOrder(checkoutId!, {})).rejects.toMatchObject({ code: 'CHECKOUT_ALREADY_COMPLETED', status: 409 });
    const events = (await call(s.current.url, 'GET', '/__sandbox/events')).body.events.map((e: { entityFqdn: string; slug: string }) => `${e.entityFqdn} ${e.slug}`);
    expect(events).toEqual(expect.arrayContaining(['wix.ecom.v1.cart created', 'wix.ecom.v1.checkout completed', 'wix.ecom.v1.order created']));
  });

  it('reports short and sold-out stock per line item', async () => {
    const kit = visitor();
    const mug = (await kit.products.queryProducts({ query: { filter: { slug: 'ceramic-mug' } } })).products![0];
    const res = await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 5, catalogReference: { catalogItemId: mug.id!, appId: STORES } }] });
    expect(res.cart!.lineItems![0].availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 });
  });

  it('moves the cart updatedDate on a change, not on a read', async () => {
    const kit = visitor();
    const mug = (await kit.products.queryProducts({ query: { filter: { slug: 'ceramic-mug' } } })).products![0];
    const added = (await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: mug.id!, appId: STORES } }] })).cart!;
    await call(s.current.url, 'POST', '/__sandbox/clock/advance', { body: { seconds: 60 }, token: 'sandbox-api-key' });
    const before = (await state()).collections;
    const read = (await kit.currentCart.getCurrentCart()).cart!;
    await kit.currentCart.estimateCurrentCartTotals({ shippingAddress: { country: 'US' } });
    expect((await state()).collections).toEqual(before); // reads re-price a copy, never the stored cart
    expect(read.updatedDate).toEqual(added.updatedDate);
    const changed = (await kit.currentCart.updateCurrentCart({ couponCode: 'SAVE10' })).cart!;
    expect(changed.updatedDate!.getTime() - added.updatedDate!.getTime()).toBeGreaterThanOrEqual(60_000);
  });

  it('keeps visitors apart', async () => {
    const a = visitor();
    const b = visitor();
    const p = (await a.products.queryProducts({ query: { paging: { limit: 1 } } })).products![0];
    await a.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: p.id!, appId: STORES } }] });
    const { checkoutId } = await a.currentCart.createCheckoutFromCurrentCart({});
    await expect(b.currentCart.getCurrentCart()).rejects.toMatchObject({ status: 404 });
    await expect(b.checkout.getCheckout(checkoutId!)).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
  });

  it("lets cartInfo set the buyer's fields only, never the cart's id, owner, lines or prices", async () => {
    const url = s.current.url;
    const [a, b] = [await visitorToken(url), await visitorToken(url)];
    const mug = (await visitor().products.queryProducts({ query: { filter: { slug: 'ceramic-mug' } } })).products![0];
    const line = { quantity: 1, catalogReference: { catalogItemId: mug.id, appId: STORES } };
    const add = (token: string) => call(url, 'POST', '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems: [line] } });
    const own = (await add(a)).body.cart;
    const other = (await add(b)).body.cart;
    // The official SDK's cartInfo is a whole Cart: a storefront may send back what it read, or more.
    const sent = {
      id: other.id,
      buyerInfo: { visitorId: other.buyerInfo.visitorId },
      lineItems: [{ ...own.lineItems[0], quantity: 7, price: { amount: '0.01' } }],
      subtotal: { amount: '0.01' },
      createdDate: '2000-01-01T00:00:00.000Z',
      buyerNote: 'Ring twice',
    };
    const res = await call(url, 'PATCH', '/ecom/v1/carts/current', { token: a, body: { cartInfo: sent } });
    expect(res.status).toBe(200);
    const { id, buyerInfo, createdDate, subtotal, lineItems } = own;
    expect(res.body.cart).toMatchObject({ id, buyerInfo, createdDate, subtotal, lineItems, buyerNote: 'Ring twice' });
    expect((await call(url, 'GET', '/ecom/v1/carts/current', { token: b })).body.cart).toEqual(other);
  });

  it('charges shipping at its own price, never at a cost the buyer names', async () => {
    const url = s.current.url;
    const token = await visitorToken(url);
    const mug = (await visitor().products.queryProducts({ query: { filter: { slug: 'ceramic-mug' } } })).products![0];
    const lineItems = [{ quantity: 1, catalogReference: { catalogItemId: mug.id, appId: STORES } }];
    const named = { code: 'standard', title: 'Mine', cost: { price: { amount: '-10.00' } } };
    const made = await call(url, 'POST', '/ecom/v1/checkouts', { token, body: { lineItems, checkoutInfo: { shippingInfo: { selectedCarrierServiceOption: named } } } });
    expect(made.status).toBe(200);
    expect(made.body.checkout.shippingInfo.selectedCarrierServiceOption).toEqual({ code: 'standard' });
    const placed = await call(url, 'POST', `/ecom/v1/checkouts/${made.body.checkout.id}/create-order`, { token, body: {} });
    const order = (await call(url, 'GET', `/ecom/v1/orders/${placed.body.orderId}`, { token: 'sandbox-api-key' })).body.order;
    const { subtotal, shipping, total } = order.priceSummary;
    expect(['0.00', '5.00']).toContain(shipping.amount);
    expect(Number(total.amount)).toBe(Number(subtotal.amount) + Number(shipping.amount));
  });

  it('refuses unknown products, negative quantities and unknown coupons, changing nothing', async () => {
    const kit = visitor();
    const p = (await kit.products.queryProducts({ query: { paging: { limit: 1 } } })).products![0];
    await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: p.id!, appId: STORES } }] });
    const before = await state();
    await expect(kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: 'nope', appId: STORES } }] })).rejects.toMatchObject({ code: 'ITEM_NOT_FOUND' });
    const negative = await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: -1, catalogReference: { catalogItemId: p.id!, appId: STORES } }] }).catch((e) => e);
    expect(negative).toBeInstanceOf(ValidationError);
    expect(negative.message).toMatch(/^INVALID_ARGUMENT: "options\.lineItems\[0\]\.quantity"/);
    await expect(kit.currentCart.updateCurrentCart({ couponCode: 'NOPE' })).rejects.toBeInstanceOf(ApplicationError);
    expect(await state()).toEqual(before);
  });
});
