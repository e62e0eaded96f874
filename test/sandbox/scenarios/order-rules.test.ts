/**
 * The rules random shoppers broke (issue 15), each as the scenario that showed it, over HTTP
 * through the project's client: an oversold line, stock taken and given back, variant discounts
 * and surcharges through price changes, totals that add up in cents, nothing captured from a
 * canceled order, and a buyer's pickup choice kept while nothing can ship.
 */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../../src/sandbox/domain/money.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { adminClient, API_KEY, call, useSandboxServer, visitorClient } from '../../support/sandbox.ts';

const s = useSandboxServer();
const admin = () => adminClient(s.current.url);
const visitor = () => visitorClient(s.current.url);
const NEW_YORK = { country: 'US', subdivision: 'US-NY', city: 'New York' };
const ref = (catalogItemId: string, variantId?: string) => ({
  catalogItemId,
  appId: STORES_APP_ID,
  ...(variantId ? { options: { variantId } } : {}),
});
const state = async () => {
  const st = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
  return st;
};
const advanceDays = (days: number) =>
  call(s.current.url, 'POST', '/__sandbox/clock/advance', { token: API_KEY, body: { seconds: days * 86_400 } });
const variantOf = async (productId: string, choice: Record<string, string>) => {
  const p = (await admin().products.getProduct(productId)).product!;
  return p.variants!.find((v) => Object.entries(choice).every(([k, c]) => v.choices![k] === c))!;
};
const stockOf = async (productId: string, choice: Record<string, string>) =>
  (await variantOf(productId, choice)).stock!.quantity;
/** Checks that the parts of a price summary add up to its total, in cents. */
const addsUp = (p: {
  subtotal?: { amount?: string };
  discount?: { amount?: string };
  shipping?: { amount?: string };
  tax?: { amount?: string };
  total?: { amount?: string };
}) =>
  expect(toMinor(p.total!.amount)).toBe(
    toMinor(p.subtotal!.amount) - toMinor(p.discount!.amount) + toMinor(p.shipping!.amount) + toMinor(p.tax!.amount),
  );

describe('an oversold line', () => {
  it('charges and orders what is in stock, takes it, and a restock gives back only that', async () => {
    const kit = visitor();
    const green = await variantOf(PRODUCT.ceramicMug, { Color: 'Green' });
    expect(green.stock!.quantity).toBe(2);
    const added = await kit.currentCart.addToCurrentCart({
      lineItems: [{ quantity: 5, catalogReference: ref(PRODUCT.ceramicMug, green.id!) }],
    });
    expect(added.cart!.lineItems![0].availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 });
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({ shippingAddress: NEW_YORK });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(ck.priceSummary!.subtotal!.amount).toBe('32.00');
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.lineItems!.map((l) => [l.quantity, l.price!.amount, l.lineItemPrice!.amount])).toEqual([
      [2, '16.00', '32.00'],
    ]);
    expect(order.priceSummary).toEqual(ck.priceSummary);
    expect(await stockOf(PRODUCT.ceramicMug, { Color: 'Green' })).toBe(0);
    const { order: canceled } = await admin().orders.cancelOrder(orderId!, { restockAllItems: true });
    expect(canceled!.lineItems![0].restockQuantity).toBe(2);
    expect(await stockOf(PRODUCT.ceramicMug, { Color: 'Green' })).toBe(2);
  });

  it('orders.createOrder takes stock, refuses more than is in stock (changing nothing), and its restock gives back what it took', async () => {
    const kit = admin();
    const red = await variantOf(PRODUCT.ceramicMug, { Color: 'Red' });
    const before = await state();
    const err = await kit.orders
      .createOrder({ order: { lineItems: [{ quantity: 3, catalogReference: ref(PRODUCT.ceramicMug, red.id!) }] } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'INSUFFICIENT_INVENTORY',
      status: 409,
      message: 'Only 2 of Ceramic mug in stock',
    });
    expect(await state()).toEqual(before);
    const { order } = await kit.orders.createOrder({
      order: { lineItems: [{ quantity: 2, catalogReference: ref(PRODUCT.ceramicMug, red.id!) }] },
    });
    expect(await stockOf(PRODUCT.ceramicMug, { Color: 'Red' })).toBe(0);
    await kit.orders.cancelOrder(order!.id!, { restockAllItems: true });
    expect(await stockOf(PRODUCT.ceramicMug, { Color: 'Red' })).toBe(2);
  });
});

describe('lines of one stock unit add up', () => {
  it('two colours of a product without managed variants draw on its one stock: more than it holds is refused, changing nothing', async () => {
    const kit = admin();
    const bandana = (await kit.products.getProduct(PRODUCT.cottonBandana)).product!;
    expect(bandana.manageVariants).toBe(false);
    const inStock = bandana.variants![0].stock!.quantity!;
    expect(inStock).toBeGreaterThan(1);
    const colours = bandana.productOptions![0].choices!.map((c) => c.description!);
    const line = (colour: string, quantity: number) => ({
      quantity,
      catalogReference: {
        ...ref(PRODUCT.cottonBandana),
        options: { options: { [bandana.productOptions![0].name!]: colour } },
      },
    });
    const before = await state();
    const err = await kit.orders
      .createOrder({ order: { lineItems: [line(colours[0], inStock), line(colours[1], 1)] } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', status: 409 });
    expect(await state()).toEqual(before);
    await kit.orders.createOrder({ order: { lineItems: [line(colours[0], inStock - 1), line(colours[1], 1)] } });
    expect((await kit.products.getProduct(PRODUCT.cottonBandana)).product!.variants![0].stock!.quantity).toBe(0);
  });
});

describe('a cart whose lines share one stock', () => {
  it('shows the later line short by what the earlier one takes, and its order charges and takes only what is there', async () => {
    // The seeded stock: the test above sold every bandana.
    await call(s.current.url, 'POST', '/__sandbox/reset', { token: API_KEY });
    const bandana = (await admin().products.getProduct(PRODUCT.cottonBandana)).product!;
    const inStock = bandana.variants![0].stock!.quantity!;
    const option = bandana.productOptions![0];
    const [first, second] = option.choices!.map((c) => c.description!);
    const line = (colour: string, quantity: number) => ({
      quantity,
      catalogReference: { ...ref(PRODUCT.cottonBandana), options: { options: { [option.name!]: colour } } },
    });
    const kit = visitor();
    await kit.currentCart.addToCurrentCart({ lineItems: [line(first, inStock - 1)] });
    const { cart } = await kit.currentCart.addToCurrentCart({ lineItems: [line(second, 3)] });
    expect(cart!.lineItems!.map((l) => [l.quantity, l.availability])).toEqual([
      [inStock - 1, { status: 'AVAILABLE', quantityAvailable: inStock }],
      [3, { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 }],
    ]);
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({ shippingAddress: NEW_YORK });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(toMinor(ck.priceSummary!.subtotal!.amount)).toBe(inStock * toMinor(cart!.lineItems![0].price!.amount));
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.lineItems!.map((l) => l.quantity)).toEqual([inStock - 1, 1]);
    expect((await admin().products.getProduct(PRODUCT.cottonBandana)).product!.variants![0].stock!.quantity).toBe(0);
  });
});

describe('price changes keep variant surcharges and the product discount', () => {
  it('bulk adjust: an L still costs 5 more, and 20 % off still applies to every variant', async () => {
    await admin().products.bulkAdjustProductProperty({
      ids: [PRODUCT.linenShirt, PRODUCT.woolBeanie],
      adjust: { price: { percentage: -1 } },
    });
    const shirt = (await admin().products.getProduct(PRODUCT.linenShirt)).product!;
    expect(shirt.priceData!.price).toBe(44.55);
    expect(shirt.variants!.map((v) => [v.choices!.Size, v.variant!.priceData!.price])).toEqual([
      ['S', 44.55],
      ['M', 44.55],
      ['L', 49.55],
      ['XL', 49.55],
    ]);
    const beanie = (await admin().products.getProduct(PRODUCT.woolBeanie)).product!;
    expect([beanie.priceData!.price, beanie.priceData!.discountedPrice]).toEqual([18.81, 15.05]);
    const small = beanie.variants!.find((v) => v.choices!.Size === 'S')!;
    expect(small.variant!.priceData!.discountedPrice).toBe(15.05);
    const cart = await visitor().currentCart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(PRODUCT.woolBeanie, small.id!) }],
    });
    expect(cart.cart!.lineItems![0].price!.amount).toBe('15.05');
  });

  it('bulk update and updateProduct: the cart charges the price shown, and its line follows a change', async () => {
    const kit = visitor();
    const added = await kit.currentCart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(PRODUCT.scentedCandle) }],
    });
    expect(added.cart!.lineItems![0]).toMatchObject({
      price: { amount: '18.00' },
      fullPrice: { amount: '22.00' },
      priceBeforeDiscounts: { amount: '18.00' },
    });
    await admin().products.bulkUpdateProductsProperty({ ids: [PRODUCT.scentedCandle], set: { price: 19.8 } });
    expect((await kit.products.getProduct(PRODUCT.scentedCandle)).product!.priceData!.discountedPrice).toBe(15.8);
    const line = (await kit.currentCart.getCurrentCart()).cart!.lineItems![0];
    expect([line.price!.amount, line.fullPrice!.amount, line.priceBeforeDiscounts!.amount]).toEqual([
      '15.80',
      '19.80',
      '15.80',
    ]);
    await admin().products.updateProduct(PRODUCT.linenShirt, { product: { priceData: { price: 30 } } });
    expect((await variantOf(PRODUCT.linenShirt, { Size: 'XL' })).variant!.priceData!.price).toBe(35);
  });
});

describe('totals', () => {
  it('add up in cents: 76.00 + tax at 8.875 % is 82.75, the tax rounded once', async () => {
    const kit = visitor();
    const yoga = await variantOf(PRODUCT.yogaMat, { Color: 'Green' });
    await kit.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 1, catalogReference: ref(PRODUCT.yogaMat, yoga.id!) },
        { quantity: 2, catalogReference: ref(PRODUCT.oliveOil) },
      ],
    });
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: 'pickup' },
    });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(ck.priceSummary).toMatchObject({
      subtotal: { amount: '76.00' },
      shipping: { amount: '0.00' },
      tax: { amount: '6.75' },
      total: { amount: '82.75' },
    });
    addsUp(ck.priceSummary!);
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    addsUp(order.priceSummary!);
    expect(order.lineItems!.reduce((t, l) => t + toMinor(l.totalPriceAfterTax!.amount), 0)).toBe(toMinor('82.75'));
  });
});

describe('a canceled order', () => {
  it('releases what is still authorized: a scheduled capture takes nothing after the cancel', async () => {
    const kit = admin();
    const { order } = await kit.orders.createOrder({
      order: { lineItems: [{ quantity: 1, productName: { original: 'Print' }, price: { amount: '40.00' } }] },
    });
    await kit.orders.preparePaymentCollection(order!.id!, {
      amount: { amount: '40.00' },
      delayedCapture: true,
      delayedCaptureSettings: { scheduledAction: 'CAPTURE', delayDuration: { unit: 'DAYS', count: 2 } },
    });
    const paymentId = (
      (await kit.orders.getOrder(order!.id!)).order!.activities!.find(
        (a) => a.type === 'AUTHORIZED_PAYMENT_CREATED',
      ) as { paymentId: string }
    ).paymentId;
    await kit.orders.captureAuthorizedPayments(order!.id!, { payments: [{ paymentId, amount: { amount: '10.00' } }] });
    const { order: canceled } = await kit.orders.cancelOrder(order!.id!, {});
    expect(canceled!.balanceSummary).toMatchObject({ paid: { amount: '10.00' }, authorized: { amount: '0.00' } });
    await advanceDays(3);
    const later = (await kit.orders.getOrder(order!.id!)).order!;
    expect(later).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'PARTIALLY_PAID',
      balanceSummary: { paid: { amount: '10.00' } },
    });
  });
});

describe('shipping choice', () => {
  it("keeps the buyer's pickup choice while nothing can ship, and the order uses it", async () => {
    const buyer = visitor();
    const red = await variantOf(PRODUCT.ceramicMug, { Color: 'Red' });
    await buyer.currentCart.addToCurrentCart({
      lineItems: [{ quantity: 1, catalogReference: ref(PRODUCT.ceramicMug, red.id!) }],
    });
    const { checkoutId } = await buyer.currentCart.createCheckoutFromCurrentCart({ shippingAddress: NEW_YORK });
    // Someone else buys every red mug: nothing of this checkout can ship now.
    const { order: other } = await admin().orders.createOrder({
      order: { lineItems: [{ quantity: 2, catalogReference: ref(PRODUCT.ceramicMug, red.id!) }] },
    });
    const picked = await buyer.checkout.updateCheckout(checkoutId!, {
      checkout: {
        shippingInfo: { shippingDestination: { address: NEW_YORK }, selectedCarrierServiceOption: { code: 'pickup' } },
      },
      fieldMask: ['shippingInfo'],
    });
    expect(picked.checkout!.lineItems![0].availability!.status).toBe('NOT_AVAILABLE');
    expect(picked.checkout!.shippingInfo!.selectedCarrierServiceOption!.code).toBe('pickup');
    await admin().orders.cancelOrder(other!.id!, { restockAllItems: true });
    const { orderId } = await buyer.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.shippingInfo!.code).toBe('pickup');
    expect(order.priceSummary!.shipping!.amount).toBe('0.00');
  });
});
