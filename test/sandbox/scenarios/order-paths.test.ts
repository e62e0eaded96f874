/**
 * One order pipeline: an order made from a checkout and one made through orders.createOrder
 * from the same lines and the same shipping have the same fields, prices, totals, activities and
 * events (only where they came from differs: checkout and cart ids, channel, buyer).
 */
import { expect, it } from 'vitest';
import { PRODUCT, variantId } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { adminClient, call, useSandboxServer, visitorClient } from '../../support/sandbox.ts';

const s = useSandboxServer();
const admin = () => adminClient(s.current.url);
const visitor = () => visitorClient(s.current.url);
const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10011',
  addressLine: '235 W 23rd St',
};
const LINES = [
  {
    quantity: 1,
    catalogReference: {
      catalogItemId: PRODUCT.linenShirt,
      appId: STORES_APP_ID,
      options: { variantId: variantId(1, 2) },
    },
  },
  { quantity: 2, catalogReference: { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID } },
];

type Json = Record<string, any>;
const eventsOf = async (orderId: string) =>
  ((await call(s.current.url, 'GET', '/__sandbox/events?entityFqdn=wix.ecom.v1.order')).body.events as Json[])
    .filter((e) => e.entityId === orderId)
    .map((e) => e.slug);
/** The order's parts that do not depend on where it came from or when. */
const comparable = (o: Json) => {
  const {
    id,
    number,
    createdDate,
    updatedDate,
    purchasedDate,
    checkoutId,
    cartId,
    channelInfo,
    buyerInfo,
    activities,
    ...rest
  } = o;
  return {
    ...rest,
    lineItems: o.lineItems.map(({ id: _id, ...line }: Json) => line),
    shippingInfo: {
      code: o.shippingInfo.code,
      cost: o.shippingInfo.cost,
      destination: o.shippingInfo.logistics.shippingDestination,
    },
    activities: activities.map((a: Json) => a.type),
  };
};

it('makes the same order from a checkout and from orders.createOrder', async () => {
  const shopper = visitor();
  await shopper.currentCart.addToCurrentCart({ lineItems: LINES });
  const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({ shippingAddress: ADDRESS });
  const { orderId } = await shopper.checkout.createOrder(checkoutId!, {});
  const fromCheckout = (await admin().orders.getOrder(orderId!)).order! as Json;

  const { order } = await admin().orders.createOrder({
    order: {
      lineItems: LINES,
      buyerInfo: { email: 'till@example.com' },
      shippingInfo: {
        carrierId: 'sandbox-carrier',
        code: 'standard',
        title: 'Standard delivery',
        logistics: { shippingDestination: { address: ADDRESS } },
        cost: { price: { amount: '5.00' } },
      },
    },
  });
  const fromAdmin = order! as Json;

  expect(Object.keys(fromAdmin).sort()).toEqual(
    Object.keys(fromCheckout)
      .filter((k) => !['checkoutId', 'cartId'].includes(k))
      .sort(),
  );
  expect(fromAdmin.lineItems.map((l: Json) => Object.keys(l).sort())).toEqual(
    fromCheckout.lineItems.map((l: Json) => Object.keys(l).sort()),
  );
  expect(JSON.parse(JSON.stringify(comparable(fromAdmin)))).toEqual(
    JSON.parse(JSON.stringify(comparable(fromCheckout))),
  );
  expect(fromCheckout.priceSummary).toMatchObject({
    subtotal: { amount: '68.00' },
    shipping: { amount: '5.00' },
    tax: { amount: '6.04' },
    total: { amount: '79.04' },
  });
  expect(fromCheckout.lineItems[0].lineItemPrice.amount).toBe('50.00');
  expect(Number(fromAdmin.number)).toBe(Number(fromCheckout.number) + 1);
  expect(await eventsOf(fromCheckout.id)).toEqual(['created', 'approved']);
  expect(await eventsOf(fromAdmin.id)).toEqual(['created', 'approved']);
});
