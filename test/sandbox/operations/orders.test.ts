/**
 * Orders and the payments collector over HTTP through the project's client: a visitor orders,
 * an admin captures the authorized payment and later cancels another order (both in the event
 * log and in the order activities); each of the 11 operations checked against the state it
 * leaves; search filters, sorts and cursor pages; scheduled captures and voids run when the
 * sandbox clock passes their date; every invalid transition and bad input answers a
 * provider-format error and leaves the exported state exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiKeyStrategy,
  ApplicationError,
  checkout,
  createClient,
  currentCart,
  OAuthStrategy,
  orders,
  products,
  ValidationError,
} from '../../../src/index.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';
import { loadBundles } from '../../support/spec.ts';
import { ORDER, PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';

const s = useSandboxServer();
const STORES = STORES_APP_ID;
const { paid: PAID, authorized: AUTHORIZED, fulfilled: FULFILLED, canceled: CANCELED, euroPos: EURO_POS } = ORDER;
const { ceramicMug: MUG, notebook: NOTEBOOK } = PRODUCT;

const admin = () =>
  createClient({
    modules: { orders, products },
    auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }),
    host: s.current.url,
  });
const visitor = () =>
  createClient({
    modules: { currentCart, checkout, products, orders },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
    host: s.current.url,
  });

/** The exported state without the tokens (each request may mint or refresh one). */
const state = async () => {
  const st = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
  return st;
};
const transactions = async (orderId: string) => (await state()).collections.transactions[orderId];
const eventLog = async (
  since = 0,
): Promise<{ entityFqdn: string; slug: string; entityId: string; actionEvent?: { body: any } }[]> =>
  (await call(s.current.url, 'GET', `/__sandbox/events?since=${since}&entityFqdn=wix.ecom.v1.order`)).body.events;
const lastSequence = async () => {
  const all = (await call(s.current.url, 'GET', '/__sandbox/events')).body.events as { sequence: number }[];
  return all.length ? all[all.length - 1].sequence : 0;
};
const advanceClock = (seconds: number) =>
  call(s.current.url, 'POST', '/__sandbox/clock/advance', { token: API_KEY, body: { seconds } });
const activityTypes = (order: { activities?: { type?: string }[] }) => (order.activities ?? []).map((a) => a.type);
const stockOf = async (productId: string, variantId: string) =>
  (await admin().products.getProduct(productId)).product!.variants!.find((v) => v.id === variantId)!.stock!.quantity;

/** Asserts a call fails with `expected` and that the exported state did not move. */
async function refusedWithoutChange(
  attempt: () => Promise<unknown>,
  expected: Record<string, unknown>,
  type: typeof ApplicationError | typeof ValidationError = ApplicationError,
) {
  const before = await state();
  const err = await attempt().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  expect(err).toMatchObject(expected);
  expect(await state()).toEqual(before);
}

/** A visitor's order through cart and checkout; answers its id. */
async function visitorOrder(quantity = 1, productId = NOTEBOOK, delayCapture = false): Promise<string> {
  const kit = visitor();
  await kit.currentCart.addToCurrentCart({
    lineItems: [{ quantity, catalogReference: { catalogItemId: productId, appId: STORES } }],
  });
  const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({
    channelType: 'WEB',
    shippingAddress: { country: 'US', city: 'New York' },
  });
  await kit.checkout.updateCheckout(checkoutId!, {
    checkout: { buyerInfo: { email: 'shopper@example.com' } },
    fieldMask: ['buyerInfo'],
  });
  const { orderId } = await kit.checkout.createOrder(checkoutId!, { delayCapture });
  return orderId!;
}

/** An admin-created order of `quantity` notebooks (US$9 each, no shipping). */
async function adminOrder(quantity = 2, extra: Record<string, unknown> = {}) {
  const { order } = await admin().orders.createOrder({
    order: {
      lineItems: [{ quantity, catalogReference: { catalogItemId: NOTEBOOK, appId: STORES } }],
      buyerInfo: { email: 'backoffice@example.com' },
      ...extra,
    },
  });
  return order!;
}

/** Authorizes `amount` of an order with delayed capture; answers the new payment's id (from the order's activity). */
async function authorize(
  orderId: string,
  amount: string,
  delayedCaptureSettings?: Record<string, unknown>,
): Promise<string> {
  const kit = admin();
  await kit.orders.preparePaymentCollection(orderId, {
    amount: { amount },
    delayedCapture: true,
    ...(delayedCaptureSettings ? { delayedCaptureSettings } : {}),
  });
  const { order } = await kit.orders.getOrder(orderId);
  const created = order!.activities!.filter((a) => a.type === 'AUTHORIZED_PAYMENT_CREATED').at(-1) as {
    paymentId: string;
  };
  return created.paymentId;
}

describe('the story: a visitor orders; an admin captures one order and cancels another', () => {
  it('shows both in the event log and in the order activities', async () => {
    const since = await lastSequence();
    const kit = admin();
    const orderId = await visitorOrder(2);
    const placed = (await kit.orders.getOrder(orderId)).order!;
    expect(placed).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      buyerInfo: { email: 'shopper@example.com' },
    });
    expect(activityTypes(placed)).toEqual(['ORDER_PLACED']);
    const total = placed.priceSummary!.total!.amount!;

    // The buyer's card is authorized; the admin captures it later.
    const paymentId = await authorize(orderId, total);
    expect((await kit.orders.getPaymentCollectabilityStatus(orderId)).amount!.amount).toBe('0.00');
    const captured = await kit.orders.captureAuthorizedPayments(orderId, { payments: [{ paymentId }] });
    const payment = captured.orderTransactions!.payments!.find((p) => p.id === paymentId)!;
    expect(payment.regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      authorizationDetails: { delayedCapture: true, captures: [{ status: 'SUCCEEDED', amount: { amount: total } }] },
    });
    expect(payment.regularPaymentDetails!.authorizationDetails!.captures![0].createdDate).toBeInstanceOf(Date);
    expect(captured.orderTransactions!.refundability!.find((r) => r.paymentId === paymentId)).toMatchObject({
      refundabilityStatus: 'REFUNDABLE',
    });
    const paid = (await kit.orders.getOrder(orderId)).order!;
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.balanceSummary).toMatchObject({
      balance: { amount: '0.00' },
      paid: { amount: total },
      authorized: { amount: '0.00' },
    });
    expect(activityTypes(paid)).toEqual([
      'ORDER_PLACED',
      'AUTHORIZED_PAYMENT_CREATED',
      'AUTHORIZED_PAYMENT_CAPTURED',
      'ORDER_PAID',
    ]);
    // The payment the checkout started (never completed by the buyer) is dropped once the order is paid.
    const statuses = (await transactions(orderId)).payments.map(
      (p: { regularPaymentDetails: { status: string } }) => p.regularPaymentDetails.status,
    );
    expect(statuses).toEqual(['CANCELED', 'APPROVED']);

    // Later the admin cancels another order, puts its items back in stock and tells the buyer.
    const first = (await kit.orders.getOrder(orderId)).order!;
    const variantId = first.lineItems![0].catalogReference!.options!.variantId as string;
    const stockBeforeOther = await stockOf(NOTEBOOK, variantId);
    const other = await visitorOrder(3);
    // Placing the order took its three notebooks out of the inventory.
    const stock = await stockOf(NOTEBOOK, variantId);
    expect(stock).toBe(stockBeforeOther! - 3);
    const { order: canceled } = await kit.orders.cancelOrder(other, {
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry, the notebooks were damaged.',
      restockAllItems: true,
    });
    expect(canceled).toMatchObject({ status: 'CANCELED', lineItems: [{ restockQuantity: 3 }] });
    expect(activityTypes(canceled!)).toEqual(['ORDER_PLACED', 'ORDER_CANCELED']);
    expect(canceled!.activities![1].createdDate).toBeInstanceOf(Date);
    expect(await stockOf(NOTEBOOK, variantId)).toBe(stockBeforeOther);
    const productEvents = (
      await call(s.current.url, 'GET', `/__sandbox/events?since=${since}&entityFqdn=wix.stores.catalog.v1.product`)
    ).body.events;
    // Two orders took stock, the cancel put it back: one product update each.
    expect(productEvents.map((e: { slug: string; entityId: string }) => `${e.slug} ${e.entityId}`)).toEqual([
      `updated ${NOTEBOOK}`,
      `updated ${NOTEBOOK}`,
      `updated ${NOTEBOOK}`,
    ]);
    const mail = (await call(s.current.url, 'GET', '/__sandbox/outbox?to=shopper@example.com')).body.mail.filter(
      (m: { kind: string }) => m.kind === 'order-canceled',
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      subject: `Your order #${canceled!.number} was canceled`,
      data: { orderId: other, customMessage: 'Sorry, the notebooks were damaged.' },
    });
    expect(mail[0].text).toContain('Sorry, the notebooks were damaged.');

    const log = (await eventLog(since)).map(
      (e) => `${e.slug} ${e.entityId === orderId ? 'captured' : e.entityId === other ? 'canceled' : '?'}`,
    );
    // An order from a checkout is created and approved, as one from orders.createOrder is.
    expect(log).toEqual([
      'created captured',
      'approved captured',
      'updated captured',
      'updated captured',
      'payment_status_updated captured',
      'created canceled',
      'approved canceled',
      'updated canceled',
      'canceled canceled',
    ]);
    const statusEvent = (await eventLog(since)).find((e) => e.slug === 'payment_status_updated')!;
    expect(statusEvent.actionEvent!.body).toMatchObject({
      previousPaymentStatus: 'NOT_PAID',
      order: { id: orderId, paymentStatus: 'PAID' },
    });
  });

  it('captures an authorization made at checkout (delayCapture) by the payment id in the order activities', async () => {
    const orderId = await visitorOrder(1, MUG, true);
    const kit = admin();
    const placed = (await kit.orders.getOrder(orderId)).order!;
    expect(placed).toMatchObject({
      paymentStatus: 'NOT_PAID',
      balanceSummary: { authorized: placed.priceSummary!.total },
    });
    const created = placed.activities!.find((a) => a.type === 'AUTHORIZED_PAYMENT_CREATED') as { paymentId: string };
    // Left alone, the authorization would be voided after 7 days.
    const scheduled = (await transactions(orderId)).payments[0].regularPaymentDetails.authorizationDetails
      .scheduledAction;
    expect(scheduled.actionType).toBe('VOID');
    expect(Date.parse(scheduled.executionDate) - placed.createdDate!.getTime()).toBe(7 * 86400000);
    const res = await kit.orders.captureAuthorizedPayments(orderId, { payments: [{ paymentId: created.paymentId }] });
    expect(res.orderTransactions!.payments![0]).toMatchObject({
      id: created.paymentId,
      regularPaymentDetails: { status: 'APPROVED' },
    });
    expect(
      res.orderTransactions!.payments![0].regularPaymentDetails!.authorizationDetails!.scheduledAction,
    ).toBeUndefined();
    expect((await kit.orders.getOrder(orderId)).order!.paymentStatus).toBe('PAID');
  });
});

describe('seeded orders', () => {
  it('are there in distinct states, with fixed ids', async () => {
    const kit = admin();
    const get = async (id: string) => (await kit.orders.getOrder(id)).order!;
    expect(await get(PAID)).toMatchObject({
      number: '10001',
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
    });
    expect(await get(AUTHORIZED)).toMatchObject({
      number: '10002',
      paymentStatus: 'NOT_PAID',
      balanceSummary: { authorized: { amount: (await get(AUTHORIZED)).priceSummary!.total!.amount } },
    });
    expect(await get(FULFILLED)).toMatchObject({
      fulfillmentStatus: 'FULFILLED',
      paymentStatus: 'PAID',
      tags: { tags: { tagIds: ['vip'] } },
    });
    expect(await get(CANCELED)).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    expect(activityTypes(await get(CANCELED))).toEqual([
      'ORDER_PLACED',
      'ORDER_PAID',
      'PAYMENT_REFUNDED',
      'ORDER_CANCELED',
    ]);
    expect(await get(EURO_POS)).toMatchObject({
      currency: 'EUR',
      channelInfo: { type: 'POS' },
      paymentStatus: 'NOT_PAID',
      lineItems: [{ quantity: 2, totalPriceBeforeTax: { amount: '28.00', formattedAmount: 'EUR 28.00' } }],
      priceSummary: { total: { amount: '33.00', formattedAmount: 'EUR 33.00' } },
    });
    const scheduled = (await transactions(AUTHORIZED)).payments[0].regularPaymentDetails.authorizationDetails
      .scheduledAction;
    expect(scheduled.actionType).toBe('CAPTURE');
    expect(Date.parse(scheduled.executionDate)).toBeGreaterThan(Date.now());
    expect((await transactions(CANCELED)).refunds[0].transactions[0].refundStatus).toBe('SUCCEEDED');
  });

  it("include the order of the spec's examples, so the console's example calls find it", async () => {
    const orders = loadBundles().orders as any;
    const exampleId = orders.paths['/ecom/v1/orders/{id}'].get.parameters[0].example;
    expect((await admin().orders.getOrder(exampleId)).order).toMatchObject({ id: PAID, paymentStatus: 'PAID' });
  });

  it('answers an unknown order id with ORDER_NOT_FOUND', async () => {
    await refusedWithoutChange(() => admin().orders.getOrder('no-such-order'), {
      code: 'ORDER_NOT_FOUND',
      status: 404,
      message: 'Order no-such-order not found',
    });
  });

  it('are elevated: a visitor token is refused', async () => {
    // The client refuses before sending; the sandbox refuses too when the request is sent by hand.
    await expect(visitor().orders.getOrder(PAID)).rejects.toThrow(/elevated/);
    const res = await call(s.current.url, 'GET', `/ecom/v1/orders/${PAID}`, {
      token: await visitorToken(s.current.url),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'getOrder requires an elevated caller (API key)',
      details: {
        applicationError: {
          code: 'PERMISSION_DENIED',
          description: 'getOrder requires an elevated caller (API key)',
          data: {},
        },
      },
    });
  });
});

describe('searchOrders', () => {
  it('filters on nested fields with the query operators', async () => {
    const kit = admin();
    const search = async (filter: Record<string, unknown>) =>
      (await kit.orders.searchOrders({ search: { filter } })).orders!.map((o) => o.id);
    expect(await search({ paymentStatus: { $in: ['FULLY_REFUNDED'] } })).toEqual([CANCELED]);
    expect(await search({ 'buyerInfo.email': { $startsWith: 'pos-' } })).toEqual([EURO_POS]);
    expect(await search({ 'lineItems.productName.original': 'Fountain pen' })).toEqual([FULFILLED]);
    expect(await search({ 'lineItems.productName.original': { $hasSome: ['Fountain pen'] } })).toEqual([FULFILLED]);
    expect(await search({ 'priceSummary.total.amount': { $gt: '20' } })).toContain(
      FULFILLED,
    );
    expect(
      await search({
        $and: [{ 'buyerInfo.email': { $exists: true } }, { $not: { fulfillmentStatus: 'FULFILLED' } }],
        status: { $ne: 'CANCELED' },
      }),
    ).toContain(PAID);
    expect(
      await search({
        $or: [{ number: '10001' }, { number: { $eq: '10005' } }],
        createdDate: { $lt: new Date(Date.now() + 86400000).toISOString() },
      }),
    ).toContain(PAID);
  });

  it('sorts on several fields (newest first by default)', async () => {
    const kit = admin();
    const all = (await kit.orders.searchOrders({ search: {} })).orders!;
    const created = all.map((o) => o.createdDate!.getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const sorted = (
      await kit.orders.searchOrders({
        search: {
          sort: [
            { fieldName: 'paymentStatus', order: 'ASC' },
            { fieldName: 'number', order: 'DESC' },
          ],
        },
      })
    ).orders!;
    const keys = sorted.map((o) => [o.paymentStatus!, Number(o.number)] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : b[1] - a[1])));
  });

  it('pages with cursors that carry the filter, the sort and the position', async () => {
    const kit = admin();
    const search = { filter: { status: { $ne: 'CANCELED' } }, sort: [{ fieldName: 'number' as const, order: 'ASC' as const }] };
    const everything = (await kit.orders.searchOrders({ search })).orders!.map((o) => o.number);
    expect(everything.length).toBeGreaterThanOrEqual(5);
    const pages: string[][] = [];
    let res = await kit.orders.searchOrders({ search: { ...search, cursorPaging: { limit: 2 } } });
    expect(res.metadata!.cursors!.prev).toBeUndefined();
    pages.push(res.orders!.map((o) => o.number!));
    while (res.metadata!.hasNext) {
      expect(res.metadata!.count).toBe(2);
      // Only the cursor: the filter and sort travel inside it.
      res = await kit.orders.searchOrders({
        search: { cursorPaging: { limit: 2, cursor: res.metadata!.cursors!.next! } },
      });
      pages.push(res.orders!.map((o) => o.number!));
    }
    expect(res.metadata!.cursors!.next).toBeUndefined();
    expect(pages.flat()).toEqual(everything);
    expect(pages.at(-1)!.length).toBe(res.metadata!.count);
    const back = await kit.orders.searchOrders({
      search: { cursorPaging: { limit: 2, cursor: res.metadata!.cursors!.prev! } },
    });
    expect(back.orders!.map((o) => o.number)).toEqual(pages.at(-2));
  });

  it('refuses a bad cursor, a cursor sent with another filter, and an unknown operator', async () => {
    const kit = admin();
    const first = await kit.orders.searchOrders({
      search: { filter: { status: 'APPROVED' }, cursorPaging: { limit: 1 } },
    });
    await refusedWithoutChange(
      () => kit.orders.searchOrders({ search: { cursorPaging: { cursor: 'not-a-cursor' } } }),
      {
        code: 'INVALID_CURSOR',
        status: 400,
        message: 'cursorPaging.cursor is not a cursor this search answered',
      },
    );
    await refusedWithoutChange(
      () =>
        kit.orders.searchOrders({
          search: { filter: { status: 'CANCELED' }, cursorPaging: { cursor: first.metadata!.cursors!.next! } },
        }),
      {
        code: 'CURSOR_QUERY_MISMATCH',
        message: 'A cursor carries its own filter and sort: send the cursor without a different filter or sort',
      },
    );
    // @ts-expect-error a malformed filter does not compile; the sandbox refuses it too
    await refusedWithoutChange(() => kit.orders.searchOrders({ search: { filter: { number: { $like: '1%' } } } }), {
      code: 'INVALID_FILTER',
      message: 'Invalid filter on "number": unknown operator $like',
    });
  });
});

describe('createOrder', () => {
  it('prices catalog lines from the catalog and takes custom lines as given', async () => {
    const since = await lastSequence();
    const { order } = await admin().orders.createOrder({
      order: {
        lineItems: [
          { quantity: 2, catalogReference: { catalogItemId: NOTEBOOK, appId: STORES } },
          {
            quantity: 1,
            productName: { original: 'Gift wrap' },
            price: { amount: '5.00' },
            itemType: { preset: 'PHYSICAL' },
          },
        ],
        buyerInfo: { email: 'buyer@example.com' },
        shippingInfo: { title: 'Courier', cost: { price: { amount: '7.50' } } },
        channelInfo: { type: 'BACKOFFICE_MERCHANT' },
      },
      settings: { sendNotifications: true },
    });
    expect(
      order!.lineItems!.map((l) => [l.productName!.original, l.price!.amount, l.totalPriceBeforeTax!.amount]),
    ).toEqual([
      ['Notebook A5', '9.00', '18.00'],
      ['Gift wrap', '5.00', '5.00'],
    ]);
    expect(order!.lineItems![0].physicalProperties).toMatchObject({ sku: 'SFK-011', shippable: true });
    expect(order!.priceSummary).toMatchObject({
      subtotal: { amount: '23.00' },
      shipping: { amount: '7.50' },
      total: { amount: '30.50' },
    });
    expect(order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      balanceSummary: { balance: { amount: '30.50' } },
    });
    expect(Number(order!.number)).toBeGreaterThan(10005);
    expect((await admin().orders.getOrder(order!.id!)).order).toEqual(order);
    expect((await eventLog(since)).map((e) => e.slug)).toEqual(['created', 'approved']);
    const mail = (await call(s.current.url, 'GET', '/__sandbox/outbox?to=buyer@example.com')).body.mail;
    expect(mail.map((m: { kind: string; subject: string }) => `${m.kind}: ${m.subject}`)).toContain(
      `order-confirmation: Order #${order!.number} confirmed`,
    );
  });

  it('waits for payment before approving under PAYMENT_RECEIVED, and records orders paid elsewhere', async () => {
    const kit = admin();
    const { order } = await kit.orders.createOrder({
      order: { lineItems: [{ quantity: 1, productName: { original: 'Consultation' }, price: { amount: '40.00' } }] },
      settings: { orderApprovalStrategy: 'PAYMENT_RECEIVED' },
    });
    expect(order!.status).toBe('INITIALIZED');
    const since = await lastSequence();
    const { paymentGatewayOrderId } = await kit.orders.preparePaymentCollection(order!.id!, {
      amount: { amount: '40.00' },
    });
    expect(paymentGatewayOrderId).toBe(`pg-${order!.number}-1`);
    const paid = (await kit.orders.getOrder(order!.id!)).order!;
    expect(paid).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect((await eventLog(since)).map((e) => e.slug)).toEqual(['updated', 'payment_status_updated', 'approved']);

    const { order: till } = await kit.orders.createOrder({
      order: {
        lineItems: [{ quantity: 1, productName: { original: 'Poster' }, price: { amount: '12.00' } }],
        paymentStatus: 'PAID',
        channelInfo: { type: 'POS' },
      },
    });
    expect(till).toMatchObject({
      paymentStatus: 'PAID',
      status: 'APPROVED',
      balanceSummary: { paid: { amount: '12.00' } },
    });
    expect(activityTypes(till!)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    expect((await transactions(till!.id!)).payments[0].regularPaymentDetails).toMatchObject({
      offlinePayment: true,
      status: 'APPROVED',
    });
  });

  it('refuses a negative quantity, an unknown product, no lines and a custom line without a price, changing nothing', async () => {
    const kit = admin();
    await refusedWithoutChange(
      () =>
        kit.orders.createOrder({
          order: { lineItems: [{ quantity: -1, catalogReference: { catalogItemId: NOTEBOOK, appId: STORES } }] },
        }),
      { message: 'INVALID_ARGUMENT: "options.order.lineItems[0].quantity" must be >= 1' },
      ValidationError,
    );
    await refusedWithoutChange(
      () =>
        kit.orders.createOrder({
          order: {
            lineItems: [{ quantity: 1, catalogReference: { catalogItemId: 'no-such-product', appId: STORES } }],
          },
        }),
      {
        code: 'ITEM_NOT_FOUND',
        message: 'Product no-such-product not found in the catalog',
      },
    );
    await refusedWithoutChange(
      () => kit.orders.createOrder({ order: { lineItems: [] } }),
      { message: 'INVALID_ARGUMENT: "options.order.lineItems" must hold at least one line item' },
      ValidationError,
    );
    await refusedWithoutChange(
      () => kit.orders.createOrder({ order: { lineItems: [{ quantity: 1, productName: { original: 'Mystery' } }] } }),
      {
        message:
          'INVALID_ARGUMENT: "options.order.lineItems[0].price.amount" is required for a line item without a catalogReference',
      },
      ValidationError,
    );
  });
});

describe('createOrder and cancelOrder with the catalog', () => {
  it('names a variant by its options, and a restock puts that variant back', async () => {
    const kit = admin();
    const shirt = (await kit.products.getProduct(PRODUCT.linenShirt)).product!;
    const medium = shirt.variants!.find((v) => v.choices!.Size === 'M')!;
    const { order } = await kit.orders.createOrder({
      order: {
        lineItems: [
          {
            quantity: 2,
            catalogReference: { catalogItemId: shirt.id!, appId: STORES, options: { options: { Size: 'M' } } },
          },
        ],
        buyerInfo: { email: 'shirts@example.com' },
      },
    });
    expect(order!.lineItems![0]).toMatchObject({
      catalogReference: { options: { variantId: medium.id } },
      price: { amount: medium.variant!.priceData!.discountedPrice!.toFixed(2) },
    });
    // The order took its two shirts; the restock puts back exactly those.
    const stock = await stockOf(shirt.id!, medium.id!);
    await kit.orders.cancelOrder(order!.id!, { restockAllItems: true });
    expect(await stockOf(shirt.id!, medium.id!)).toBe(stock! + 2);
    // Without restockAllItems the inventory stays as it is.
    const { order: second } = await kit.orders.createOrder({
      order: {
        lineItems: [
          {
            quantity: 1,
            catalogReference: { catalogItemId: shirt.id!, appId: STORES, options: { variantId: medium.id } },
          },
        ],
      },
    });
    await kit.orders.cancelOrder(second!.id!, {});
    expect(await stockOf(shirt.id!, medium.id!)).toBe(stock! + 2 - 1);
    expect((await kit.orders.getOrder(second!.id!)).order!.lineItems![0].restockQuantity).toBeUndefined();
  });
});

describe('updateOrder and bulkUpdateOrders', () => {
  it('changes only the masked fields and records address and e-mail edits', async () => {
    const kit = admin();
    const order = await adminOrder();
    const since = await lastSequence();
    const { order: updated } = await kit.orders.updateOrder(order.id!, {
      order: {
        buyerNote: 'Leave at the door',
        archived: true,
        number: '1',
        shippingInfo: { logistics: { shippingDestination: { address: { country: 'GB', city: 'London' } } } },
      },
      fieldMask: ['buyerNote', 'shippingInfo.logistics.shippingDestination'],
    });
    expect(updated).toMatchObject({
      buyerNote: 'Leave at the door',
      archived: false,
      number: order.number,
      shippingInfo: { logistics: { shippingDestination: { address: { city: 'London' } } } },
    });
    expect(activityTypes(updated!)).toEqual(['ORDER_PLACED', 'SHIPPING_ADDRESS_EDITED']);
    const { order: emailed } = await kit.orders.updateOrder(order.id!, {
      order: { buyerInfo: { email: 'new@example.com' } },
      fieldMask: ['buyerInfo.email'],
    });
    expect(emailed!.buyerInfo!.email).toBe('new@example.com');
    expect(activityTypes(emailed!).at(-1)).toBe('EMAIL_EDITED');
    expect((await kit.orders.getOrder(order.id!)).order).toEqual(emailed);
    expect((await eventLog(since)).map((e) => e.slug)).toEqual(['updated', 'updated']);
  });

  it('refuses immutable fields and unknown orders, changing nothing', async () => {
    const kit = admin();
    const order = await adminOrder();
    await refusedWithoutChange(
      () =>
        kit.orders.updateOrder(order.id!, {
          order: { paymentStatus: 'PAID', buyerNote: 'x' },
          fieldMask: ['buyerNote', 'paymentStatus'],
        }),
      {
        code: 'FIELD_NOT_UPDATABLE',
        status: 400,
        message: 'Order field paymentStatus cannot be updated',
      },
    );
    await refusedWithoutChange(
      () => kit.orders.updateOrder('no-such-order', { order: { buyerNote: 'x' }, fieldMask: ['buyerNote'] }),
      { code: 'ORDER_NOT_FOUND', status: 404 },
    );
    // A mask through __proto__ must not reach Object.prototype: a body with such a key is refused
    // before the handler (a reserved key), and the mask alone is not an updatable field.
    const before = await state();
    const patch = (body: string) => call(s.current.url, 'PATCH', `/ecom/v1/orders/${order.id}`, { token: API_KEY, headers: { 'wix-site-id': DEFAULT_SITE_ID }, body });
    const withKey = await patch(`{"order":{"id":"${order.id}","buyerInfo":{"__proto__":{"polluted":"yes"}}},"fieldMask":"buyerInfo.__proto__.polluted"}`);
    expect(withKey.status).toBe(400);
    expect(withKey.body.details.validationError.fieldViolations).toEqual([
      { field: 'order.buyerInfo.__proto__', description: 'is a reserved name and cannot be used as a field', violatedRule: 'FIELD_NOT_ALLOWED' },
    ]);
    const maskOnly = await patch(`{"order":{"id":"${order.id}","buyerNote":"x"},"fieldMask":"buyerInfo.__proto__.polluted"}`);
    expect(maskOnly.status).toBe(400);
    expect(maskOnly.body.details.applicationError).toMatchObject({
      code: 'FIELD_NOT_UPDATABLE',
      description: 'Order field buyerInfo.__proto__.polluted cannot be updated',
    });
    expect(await state()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers one result per order with counts; a failed item changes nothing', async () => {
    const kit = admin();
    const a = await adminOrder();
    const b = await adminOrder();
    const before = (await state()).collections.orders;
    const res = await kit.orders.bulkUpdateOrders({
      orders: [
        { order: { id: a.id, buyerNote: 'first' }, fieldMask: ['buyerNote'] },
        { order: { id: 'no-such-order', buyerNote: 'lost' }, fieldMask: ['buyerNote'] },
        { order: { id: b.id, archived: true, buyerNote: 'ignored' }, fieldMask: ['archived'] },
        { order: { id: b.id, status: 'CANCELED' }, fieldMask: ['status'] },
      ],
      returnEntity: true,
    });
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 2, undetailedFailures: 0 });
    expect(
      res.results!.map((r) => [r.itemMetadata!.originalIndex, r.itemMetadata!.success, r.itemMetadata!.error?.code]),
    ).toEqual([
      [0, true, undefined],
      [1, false, 'ORDER_NOT_FOUND'],
      [2, true, undefined],
      [3, false, 'FIELD_NOT_UPDATABLE'],
    ]);
    expect(res.results![0].item!.buyerNote).toBe('first');
    expect(res.results![2].item).toMatchObject({ archived: true, status: 'APPROVED' });
    expect(res.results![2].item!.buyerNote).toBeUndefined();
    const after = (await state()).collections.orders;
    expect(after['no-such-order']).toBeUndefined();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after[b.id!].status).toBe('APPROVED');
  });
});

describe('bulkUpdateOrderTags', () => {
  it('assigns and unassigns tags per order', async () => {
    const kit = admin();
    const a = await adminOrder();
    const res = await kit.orders.bulkUpdateOrderTags({
      orderIds: [a.id!, FULFILLED, 'no-such-order'],
      assignTags: { tags: { tagIds: ['gift'] }, privateTags: { tagIds: ['check-address'] } },
      unassignTags: { tags: { tagIds: ['vip'] } },
    });
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(res.results![2].itemMetadata).toMatchObject({
      id: 'no-such-order',
      success: false,
      error: { code: 'ORDER_NOT_FOUND' },
    });
    expect((await kit.orders.getOrder(a.id!)).order!.tags).toEqual({
      tags: { tagIds: ['gift'] },
      privateTags: { tagIds: ['check-address'] },
    });
    expect((await kit.orders.getOrder(FULFILLED)).order!.tags).toEqual({
      tags: { tagIds: ['gift'] },
      privateTags: { tagIds: ['check-address'] },
    });
  });

  it('refuses a tag both assigned and unassigned, changing nothing', async () => {
    await refusedWithoutChange(
      () =>
        admin().orders.bulkUpdateOrderTags({
          orderIds: [PAID],
          assignTags: { tags: { tagIds: ['x'] } },
          unassignTags: { tags: { tagIds: ['x'] } },
        }),
      {
        code: 'TAG_ASSIGNED_AND_UNASSIGNED',
        message: 'Tags x are both assigned and unassigned',
      },
    );
  });
});

describe('payments collector', () => {
  it('tells each collectability reason', async () => {
    const kit = admin();
    const status = async (id: string) => kit.orders.getPaymentCollectabilityStatus(id);
    const fresh = await adminOrder(3);
    expect(await status(fresh.id!)).toEqual({
      status: 'COLLECTABLE',
      amount: expect.objectContaining({ amount: '27.00' }),
    });
    expect((await status(PAID)).status).toBe('NONCOLLECTABLE_ORDER_IS_PAID');
    expect((await status(CANCELED)).status).toBe('NONCOLLECTABLE_ORDER_IS_CANCELLED');
    expect((await status(EURO_POS)).status).toBe('NONCOLLECTABLE_MISSING_PAYMENT_METHOD');
    await refusedWithoutChange(() => status('no-such-order'), { code: 'ORDER_NOT_FOUND' });
  });

  it('collects in parts: PARTIALLY_PAID, then PAID', async () => {
    const kit = admin();
    const order = await adminOrder(2); // 18.00
    await kit.orders.preparePaymentCollection(order.id!, { amount: { amount: '8.00' } });
    let now = (await kit.orders.getOrder(order.id!)).order!;
    expect(now).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      balanceSummary: { balance: { amount: '10.00' }, paid: { amount: '8.00' } },
    });
    expect(activityTypes(now).at(-1)).toBe('ORDER_PARTIALLY_PAID');
    expect((await kit.orders.getPaymentCollectabilityStatus(order.id!)).amount!.amount).toBe('10.00');
    await kit.orders.preparePaymentCollection(order.id!, {
      amount: { amount: '10.00' },
      paymentGatewayOrderId: `custom-${order.id}`,
    });
    now = (await kit.orders.getOrder(order.id!)).order!;
    expect(now.paymentStatus).toBe('PAID');
    expect(activityTypes(now).slice(-2)).toEqual(['ORDER_PARTIALLY_PAID', 'ORDER_PAID']);
  });

  it('refuses collecting a paid order, more than the balance, and a reused gateway id, changing nothing', async () => {
    const kit = admin();
    const order = await adminOrder(1); // 9.00
    await refusedWithoutChange(() => kit.orders.preparePaymentCollection(PAID, { amount: { amount: '1.00' } }), {
      code: 'NONCOLLECTABLE_ORDER_IS_PAID',
      status: 409,
      message: `Order ${PAID} is already paid: nothing to collect`,
    });
    await refusedWithoutChange(() => kit.orders.preparePaymentCollection(order.id!, { amount: { amount: '9.01' } }), {
      code: 'AMOUNT_EXCEEDS_BALANCE',
      message: `amount 9.01 is more than the 9.00 left to collect on order ${order.id}`,
    });
    await refusedWithoutChange(
      () =>
        kit.orders.preparePaymentCollection(order.id!, {
          amount: { amount: '1.00' },
          paymentGatewayOrderId: 'pg-10001-1',
        }),
      {
        code: 'DUPLICATE_PAYMENT_GATEWAY_ORDER_ID',
        status: 409,
      },
    );
    await refusedWithoutChange(
      () =>
        kit.orders.preparePaymentCollection(order.id!, {
          amount: { amount: '1.00' },
          delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { unit: 'DAYS', count: 1 } },
        }),
      {
        code: 'DELAYED_CAPTURE_SETTINGS_WITHOUT_DELAYED_CAPTURE',
      },
    );
    await refusedWithoutChange(
      () =>
        kit.orders.preparePaymentCollection(order.id!, {
          amount: { amount: '1.00' },
          delayedCapture: true,
          delayedCaptureSettings: { scheduledAction: 'UNKNOWN_ACTION_TYPE', delayDuration: { unit: 'DAYS', count: 1 } },
        }),
      { code: 'INVALID_SCHEDULED_ACTION', message: 'delayedCaptureSettings.scheduledAction must be VOID or CAPTURE' },
    );
    await refusedWithoutChange(
      () =>
        kit.orders.preparePaymentCollection(order.id!, {
          amount: { amount: '1.00' },
          delayedCapture: true,
          delayedCaptureSettings: {
            scheduledAction: 'VOID',
            delayDuration: { unit: 'UNKNOWN_DURATION_UNIT', count: 1 },
          },
        }),
      {
        code: 'INVALID_DELAY_DURATION',
        message: 'delayedCaptureSettings.delayDuration needs a unit (MINUTES, HOURS or DAYS) and a count',
      },
    );
    await refusedWithoutChange(() => kit.orders.preparePaymentCollection(order.id!, { amount: { amount: '0' } }), {
      code: 'INVALID_AMOUNT',
      message: 'amount must be greater than 0',
    });
  });

  it('captures in part, then the rest; refuses capturing more than authorized or voiding what is captured', async () => {
    const kit = admin();
    const order = await adminOrder(2); // 18.00
    const paymentId = await authorize(order.id!, '18.00');
    expect((await kit.orders.getOrder(order.id!)).order!.balanceSummary!.authorized!.amount).toBe('18.00');
    const part = await kit.orders.captureAuthorizedPayments(order.id!, {
      payments: [{ paymentId, amount: { amount: '5.00' } }],
    });
    expect(part.orderTransactions!.payments![0].regularPaymentDetails!.status).toBe('AUTHORIZED');
    expect((await kit.orders.getOrder(order.id!)).order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      balanceSummary: { paid: { amount: '5.00' }, authorized: { amount: '13.00' } },
    });
    await refusedWithoutChange(
      () => kit.orders.captureAuthorizedPayments(order.id!, { payments: [{ paymentId, amount: { amount: '13.01' } }] }),
      {
        code: 'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
        status: 409,
        message: `Capture amount 13.01 is more than the 13.00 still authorized on payment ${paymentId}`,
      },
    );
    await refusedWithoutChange(() => kit.orders.voidAuthorizedPayments(order.id!, { paymentIds: [paymentId] }), {
      code: 'PAYMENT_ALREADY_CAPTURED',
      message: `Payment ${paymentId} is captured and cannot be voided`,
    });
    await kit.orders.captureAuthorizedPayments(order.id!, { payments: [{ paymentId }] });
    const paid = (await kit.orders.getOrder(order.id!)).order!;
    expect(paid.paymentStatus).toBe('PAID');
    expect(activityTypes(paid)).toEqual([
      'ORDER_PLACED',
      'AUTHORIZED_PAYMENT_CREATED',
      'AUTHORIZED_PAYMENT_CAPTURED',
      'ORDER_PARTIALLY_PAID',
      'AUTHORIZED_PAYMENT_CAPTURED',
      'ORDER_PAID',
    ]);
    await refusedWithoutChange(() => kit.orders.captureAuthorizedPayments(order.id!, { payments: [{ paymentId }] }), {
      code: 'PAYMENT_ALREADY_CAPTURED',
      message: `Payment ${paymentId} is already captured in full`,
    });
  });

  it('voids an authorization; capturing or voiding it again is refused', async () => {
    const kit = admin();
    const order = await adminOrder(1);
    const paymentId = await authorize(order.id!, '9.00');
    const since = await lastSequence();
    const res = await kit.orders.voidAuthorizedPayments(order.id!, { paymentIds: [paymentId] });
    const details = res.orderTransactions!.payments![0].regularPaymentDetails!;
    expect(details).toMatchObject({
      status: 'VOIDED',
      authorizationDetails: { void: { status: 'SUCCEEDED', reason: 'MANUAL' } },
    });
    expect(details.authorizationDetails!.void!.voidedDate).toBeInstanceOf(Date);
    expect(res.orderTransactions!.refundability![0]).toEqual({
      paymentId,
      refundabilityStatus: 'NOT_REFUNDABLE',
      nonRefundableReason: 'NOT_PAID',
    });
    const after = (await kit.orders.getOrder(order.id!)).order!;
    expect(after).toMatchObject({
      paymentStatus: 'NOT_PAID',
      balanceSummary: { authorized: { amount: '0.00' }, balance: { amount: '9.00' } },
    });
    expect(activityTypes(after).at(-1)).toBe('AUTHORIZED_PAYMENT_VOIDED');
    expect((await eventLog(since)).map((e) => e.slug)).toEqual(['updated']);
    await refusedWithoutChange(() => kit.orders.captureAuthorizedPayments(order.id!, { payments: [{ paymentId }] }), {
      code: 'PAYMENT_ALREADY_VOIDED',
      status: 409,
      message: `Payment ${paymentId} is voided and cannot be captured`,
    });
    await refusedWithoutChange(() => kit.orders.voidAuthorizedPayments(order.id!, { paymentIds: [paymentId] }), {
      code: 'PAYMENT_ALREADY_VOIDED',
      message: `Payment ${paymentId} is already voided`,
    });
    await refusedWithoutChange(
      () => kit.orders.voidAuthorizedPayments(order.id!, { paymentIds: ['no-such-payment'] }),
      { code: 'PAYMENT_NOT_FOUND', status: 404, message: 'Payment no-such-payment not found' },
    );
    await refusedWithoutChange(
      () => kit.orders.captureAuthorizedPayments('no-such-order', { payments: [{ paymentId }] }),
      { code: 'ORDER_NOT_FOUND' },
    );
  });
});

describe('cancelOrder', () => {
  it('releases an open authorization with the order', async () => {
    const kit = admin();
    const order = await adminOrder(1);
    const paymentId = await authorize(order.id!, '9.00');
    const { order: canceled } = await kit.orders.cancelOrder(order.id!, {});
    expect(activityTypes(canceled!).slice(-2)).toEqual(['ORDER_CANCELED', 'AUTHORIZED_PAYMENT_VOIDED']);
    expect(
      (await transactions(order.id!)).payments.find((p: { id: string }) => p.id === paymentId).regularPaymentDetails
        .status,
    ).toBe('VOIDED');
    expect((await kit.orders.getPaymentCollectabilityStatus(order.id!)).status).toBe(
      'NONCOLLECTABLE_ORDER_IS_CANCELLED',
    );
  });

  it('refuses canceling a canceled order, an unknown order, and an e-mail with no address, changing nothing', async () => {
    const kit = admin();
    await refusedWithoutChange(
      () => kit.orders.cancelOrder(CANCELED, { restockAllItems: true, sendOrderCanceledEmail: true }),
      {
        code: 'ORDER_ALREADY_CANCELED',
        status: 409,
        message: `Order ${CANCELED} is already canceled`,
      },
    );
    await refusedWithoutChange(() => kit.orders.cancelOrder('no-such-order', {}), {
      code: 'ORDER_NOT_FOUND',
      status: 404,
    });
    const { order } = await kit.orders.createOrder({
      order: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: NOTEBOOK, appId: STORES } }] },
    });
    await refusedWithoutChange(
      () => kit.orders.cancelOrder(order!.id!, { sendOrderCanceledEmail: true, restockAllItems: true }),
      {
        code: 'BUYER_EMAIL_MISSING',
        message: `Order ${order!.id} has no buyer e-mail to send the cancellation to`,
      },
    );
  });
});

// Moves the sandbox clock: keep last in the file.
describe('scheduled actions', () => {
  it('capture and void when the sandbox clock passes their date', async () => {
    const kit = admin();
    const leftAlone = await visitorOrder(1, NOTEBOOK, true);
    const toVoid = await adminOrder(1);
    const voidId = await authorize(toVoid.id!, '9.00', {
      scheduledAction: 'VOID',
      delayDuration: { unit: 'HOURS', count: 2 },
    });
    const toCapture = await adminOrder(2);
    const captureId = await authorize(toCapture.id!, '18.00', {
      scheduledAction: 'CAPTURE',
      delayDuration: { unit: 'DAYS', count: 1 },
    });
    const scheduled = (await transactions(toCapture.id!)).payments[0].regularPaymentDetails.authorizationDetails
      .scheduledAction;
    expect(scheduled.actionType).toBe('CAPTURE');

    await advanceClock(3 * 3600);
    let tx = await transactions(toVoid.id!);
    expect(tx.payments[0].regularPaymentDetails).toMatchObject({
      status: 'VOIDED',
      authorizationDetails: { void: { reason: 'SCHEDULED' } },
    });
    expect(tx.payments[0].regularPaymentDetails.authorizationDetails.scheduledAction).toBeUndefined();
    expect((await kit.orders.getOrder(toCapture.id!)).order!.paymentStatus).toBe('NOT_PAID');

    const since = await lastSequence();
    await advanceClock(24 * 3600);
    tx = await transactions(toCapture.id!);
    expect(tx.payments.find((p: { id: string }) => p.id === captureId).regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      authorizationDetails: { captures: [{ status: 'SUCCEEDED', reason: 'SCHEDULED', amount: { amount: '18.00' } }] },
    });
    const captured = (await kit.orders.getOrder(toCapture.id!)).order!;
    expect(captured.paymentStatus).toBe('PAID');
    expect(activityTypes(captured).slice(-2)).toEqual(['AUTHORIZED_PAYMENT_CAPTURED', 'ORDER_PAID']);
    expect((await eventLog(since)).filter((e) => e.entityId === toCapture.id).map((e) => e.slug)).toEqual([
      'updated',
      'payment_status_updated',
    ]);
    expect(voidId).not.toBe(captureId);

    // The seeded authorization captures itself three days after the seed.
    await advanceClock(2 * 24 * 3600);
    expect((await kit.orders.getOrder(AUTHORIZED)).order!.paymentStatus).toBe('PAID');
    // A scheduled capture that cannot run (here: an imported record whose authorization is
    // already captured in full) is recorded as FAILED and dropped; the clock keeps working.
    const broken = await adminOrder(1);
    const brokenId = await authorize(broken.id!, '9.00', {
      scheduledAction: 'CAPTURE',
      delayDuration: { unit: 'MINUTES', count: 5 },
    });
    const snapshot = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
    const record = snapshot.collections.transactions[broken.id!].payments.find(
      (p: { id: string }) => p.id === brokenId,
    );
    record.regularPaymentDetails.authorizationDetails.captures = [
      { status: 'SUCCEEDED', amount: { amount: '9.00' }, createdDate: new Date().toISOString() },
    ];
    expect((await call(s.current.url, 'PUT', '/__sandbox/state', { token: API_KEY, body: snapshot })).status).toBe(200);
    await advanceClock(600);
    const failed = (await transactions(broken.id!)).payments.find((p: { id: string }) => p.id === brokenId)
      .regularPaymentDetails.authorizationDetails;
    expect(failed.scheduledAction).toBeUndefined();
    expect(failed.captures.at(-1)).toMatchObject({
      status: 'FAILED',
      reason: 'SCHEDULED',
      failureDetails: { failureCode: 'PAYMENT_ALREADY_CAPTURED' },
    });
    expect((await kit.orders.getOrder(broken.id!)).order!.id).toBe(broken.id);

    // A checkout's delayed-capture authorization nobody captured is voided after 7 days.
    await advanceClock(4 * 24 * 3600);
    const expired = (await kit.orders.getOrder(leftAlone)).order!;
    expect(activityTypes(expired).at(-1)).toBe('AUTHORIZED_PAYMENT_VOIDED');
    expect(expired).toMatchObject({ paymentStatus: 'NOT_PAID', balanceSummary: { authorized: { amount: '0.00' } } });
    expect((await transactions(leftAlone)).payments[0].regularPaymentDetails).toMatchObject({
      status: 'VOIDED',
      authorizationDetails: { void: { reason: 'SCHEDULED' } },
    });

    // Nothing more is due: a further request changes nothing.
    const before = await state();
    await kit.orders.getOrder(AUTHORIZED);
    expect(await state()).toEqual(before);
  });
});
