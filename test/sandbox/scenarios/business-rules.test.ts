/**
 * The six rules random shoppers and an admin broke (issue 20), each as the scenario that showed
 * it, over HTTP through the project's client: merchant discounts reach the checkout and the order,
 * a gift card pays the amount asked for, a merchant discount on named lines takes off at most
 * those lines, a restock gives back what the order took even after the catalog changed, a
 * negative merchant discount is refused, and a checkout is re-priced when it is read.
 */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../../src/sandbox/domain/money.ts';
import { GIFT_CARD, PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { adminClient, call, useSandboxServer, visitorClient } from '../../support/sandbox.ts';

const s = useSandboxServer();
const admin = () => adminClient(s.current.url);
const visitor = () => visitorClient(s.current.url);
const NEW_YORK = { country: 'US', subdivision: 'US-NY', city: 'New York' };
const ref = (catalogItemId: string, options?: Record<string, unknown>) => ({
  catalogItemId,
  appId: STORES_APP_ID,
  ...(options ? { options } : {}),
});
const line = (catalogItemId: string, quantity = 1, options?: Record<string, unknown>) => ({
  quantity,
  catalogReference: ref(catalogItemId, options),
});
const state = async () => {
  const st = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
  return st;
};
const amounts = (p: Record<string, { amount?: string } | undefined>, keys: string[]) => keys.map((k) => p[k]?.amount);

describe('merchant discounts set on the cart', () => {
  it('reach the checkout made from the cart and the order it makes', async () => {
    const kit = visitor();
    await kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.trailSocks, 2)] });
    const { cart } = await kit.currentCart.updateCurrentCart({ merchantDiscounts: [{ amount: '3.00' }] });
    expect(cart!.appliedDiscounts).toEqual([
      {
        discountType: 'GLOBAL',
        merchantDiscount: { amount: expect.objectContaining({ amount: '3.00' }), percentage: 12.5 },
      },
    ]);
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({ shippingAddress: NEW_YORK });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    // 24.00 - 3.00 = 21.00, US tax 8.875 % of it = 1.86, shipping 5.00.
    expect(amounts(ck.priceSummary!, ['subtotal', 'discount', 'tax', 'shipping', 'total'])).toEqual([
      '24.00',
      '3.00',
      '1.86',
      '5.00',
      '27.86',
    ]);
    expect(ck.appliedDiscounts?.map((d) => d.merchantDiscount?.amount?.amount)).toEqual(['3.00']);
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.priceSummary).toEqual(ck.priceSummary);
    expect(order.lineItems!.map((l) => l.totalDiscount!.amount)).toEqual(['3.00']);
    expect(order.appliedDiscounts).toEqual([
      {
        discountType: 'GLOBAL',
        merchantDiscount: { amount: expect.objectContaining({ amount: '3.00' }), percentage: 12.5 },
      },
    ]);
  });
});

describe('a merchant discount naming line items', () => {
  it('takes off at most those lines, on the cart, the checkout and the order', async () => {
    const kit = visitor();
    const added = await kit.currentCart.addToCurrentCart({
      lineItems: [line(PRODUCT.notebook), line(PRODUCT.trailSocks)],
    });
    const [notebook, socks] = added.cart!.lineItems!;
    const { cart } = await kit.currentCart.updateCurrentCart({
      merchantDiscounts: [{ amount: '10.00', lineItemIds: [notebook.id!] }],
    });
    // The notebook is 9.00: 10.00 off it is 9.00 off, nothing off the socks.
    expect(cart!.appliedDiscounts).toEqual([
      {
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: { amount: expect.objectContaining({ amount: '9.00' }), percentage: 100 },
        lineItemIds: [notebook.id],
      },
    ]);
    const estimate = await kit.currentCart.estimateCurrentCartTotals({});
    expect(estimate.priceSummary!.discount!.amount).toBe('9.00');
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({ shippingAddress: NEW_YORK });
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(amounts(ck.priceSummary!, ['subtotal', 'discount'])).toEqual(['21.00', '9.00']);
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.lineItems!.map((l) => [l.productName?.original, l.totalDiscount!.amount])).toEqual([
      ['Notebook A5', '9.00'],
      ['Trail socks', '0.00'],
    ]);
    expect(order.appliedDiscounts![0]).toMatchObject({
      discountType: 'SPECIFIC_ITEMS',
      lineItemIds: [order.lineItems![0].id],
    });
    expect(socks.id).not.toBe(notebook.id);
  });

  it('naming a line the cart does not have is refused and changes nothing', async () => {
    const kit = visitor();
    await kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.notebook)] });
    const before = await state();
    const err = await kit.currentCart
      .updateCurrentCart({ merchantDiscounts: [{ amount: '1.00', lineItemIds: ['no-such-line'] }] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      code: 'LINE_ITEM_NOT_FOUND',
      message: 'Line item no-such-line not found',
    });
    expect(await state()).toEqual(before);
  });
});

describe('a negative merchant discount', () => {
  it('is refused in the provider validation format and changes nothing', async () => {
    const kit = visitor();
    await kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.notebook)] });
    const before = await state();
    const res = await kit.currentCart
      .updateCurrentCart({ merchantDiscounts: [{ amount: '1.00' }, { amount: '-1.00' }] })
      .catch((e: unknown) => e);
    expect(res).toMatchObject({
      status: 400,
      message: 'INVALID_ARGUMENT: "options.merchantDiscounts[1].amount" must be a decimal of 0 or more',
      violations: [
        {
          field: 'options.merchantDiscounts[1].amount',
          description: 'must be a decimal of 0 or more',
          violatedRule: 'DECIMAL_GTE',
        },
      ],
    });
    expect(await state()).toEqual(before);
  });
});

describe('giftCardRedeemAmount', () => {
  it('makes the gift card pay the amount asked for, on createCheckout, updateCheckout and the order', async () => {
    const kit = visitor();
    const { checkout } = await kit.checkout.createCheckout({
      lineItems: [line(PRODUCT.leatherBelt)],
      channelType: 'WEB',
      giftCardCode: GIFT_CARD.code,
      giftCardRedeemAmount: '10.00',
    });
    // 39.00, no address: no shipping, no tax; the card pays 10.00 of it.
    expect(checkout!.giftCard).toMatchObject({
      amount: expect.objectContaining({ amount: '10.00' }),
      requestedAmount: expect.objectContaining({ amount: '10.00' }),
    });
    expect(checkout!.priceSummary!.total!.amount).toBe('29.00');
    const updated = (await kit.checkout.updateCheckout(checkout!.id!, { checkout: {}, giftCardRedeemAmount: '4.50' }))
      .checkout!;
    expect(updated.giftCard!.amount!.amount).toBe('4.50');
    expect(updated.priceSummary!.total!.amount).toBe('34.50');
    const { orderId } = await kit.checkout.createOrder(checkout!.id!, {});
    const order = (await admin().orders.getOrder(orderId!)).order!;
    expect(order.balanceSummary!.paid!.amount).toBe('4.50');
    const card = (await state()).collections.giftCards[GIFT_CARD.code];
    expect(toMinor(card.balance)).toBe(toMinor(GIFT_CARD.balance) - 450);
  });

  it('without it the card pays what it can; more than the balance pays the balance', async () => {
    const kit = visitor();
    const { checkout } = await kit.checkout.createCheckout({
      lineItems: [line(PRODUCT.notebook)],
      channelType: 'WEB',
      giftCardCode: GIFT_CARD.code,
    });
    expect(checkout!.giftCard!.amount!.amount).toBe('9.00');
    expect(checkout!.priceSummary!.total!.amount).toBe('0.00');
    const more = (
      await kit.checkout.updateCheckout(checkout!.id!, {
        checkout: {},
        giftCardRedeemAmount: '1000.00',
      })
    ).checkout!;
    expect(more.giftCard).toMatchObject({
      amount: expect.objectContaining({ amount: '9.00' }),
      requestedAmount: expect.objectContaining({ amount: '1000.00' }),
    });
  });

  it('a bad amount, or an amount without a gift card, is refused and changes nothing', async () => {
    const kit = visitor();
    const { checkout } = await kit.checkout.createCheckout({ lineItems: [line(PRODUCT.notebook)], channelType: 'WEB' });
    const before = await state();
    const negative = await kit.checkout
      .updateCheckout(checkout!.id!, { checkout: {}, giftCardCode: GIFT_CARD.code, giftCardRedeemAmount: '-2' })
      .catch((e: unknown) => e);
    expect(negative).toMatchObject({
      status: 400,
      message: 'INVALID_ARGUMENT: "options.giftCardRedeemAmount" must be a decimal of 0 or more',
      violations: [
        {
          field: 'options.giftCardRedeemAmount',
          description: 'must be a decimal of 0 or more',
          violatedRule: 'DECIMAL_GTE',
        },
      ],
    });
    const noCard = await kit.checkout
      .updateCheckout(checkout!.id!, { checkout: {}, giftCardRedeemAmount: '2.00' })
      .catch((e: unknown) => e);
    expect(noCard).toMatchObject({
      status: 400,
      code: 'GIFT_CARD_CODE_MISSING',
      message: 'giftCardRedeemAmount needs a gift card: give giftCardCode too, or add one first',
    });
    expect(await state()).toEqual(before);
  });
});

describe('cancel with restock', () => {
  it('gives back what placing the order took, even after the admin removed the product options', async () => {
    const kit = admin();
    const stock = async () =>
      (await kit.products.getProduct(PRODUCT.cottonBandana)).product!.variants![0].stock!.quantity;
    const before = await stock();
    const { order } = await kit.orders.createOrder({
      order: { lineItems: [line(PRODUCT.cottonBandana, 3, { options: { Color: 'Red' } })] },
    });
    expect(await stock()).toBe(before! - 3);
    await kit.products.deleteProductOptions(PRODUCT.cottonBandana);
    const { order: canceled } = await kit.orders.cancelOrder(order!.id!, { restockAllItems: true });
    expect(canceled!.lineItems![0].restockQuantity).toBe(3);
    expect(await stock()).toBe(before);
  });
});

describe('getCheckout', () => {
  it('answers the prices of now, as the cart does, and the order charges them', async () => {
    const kit = visitor();
    await kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.fountainPen)] });
    const { checkoutId } = await kit.currentCart.createCheckoutFromCurrentCart({});
    expect((await kit.checkout.getCheckout(checkoutId!)).checkout!.priceSummary!.subtotal!.amount).toBe('58.00');
    await admin().products.bulkAdjustProductProperty({
      ids: [PRODUCT.fountainPen],
      adjust: { price: { percentage: 10 } },
    });
    const cart = (await kit.currentCart.getCurrentCart()).cart!;
    expect(cart.subtotal!.amount).toBe('63.80');
    const ck = (await kit.checkout.getCheckout(checkoutId!)).checkout!;
    expect(ck.priceSummary!.subtotal!.amount).toBe('63.80');
    expect(ck.lineItems![0].price!.amount).toBe('63.80');
    expect((await kit.checkout.getCheckoutByCartId(cart.id!)).checkout!.priceSummary!.subtotal!.amount).toBe('63.80');
    const { orderId } = await kit.checkout.createOrder(checkoutId!, {});
    expect((await admin().orders.getOrder(orderId!)).order!.priceSummary!.subtotal!.amount).toBe('63.80');
  });
});
