/**
 * Placing an order, stock and settlement on a bare store (no HTTP): the order's numbers add up,
 * its number comes from the store and goes back with a failed transaction, stock is taken and
 * restocked exactly once, and settlement derives payment status from the transactions.
 */
import { describe, expect, it } from 'vitest';
import { bareDomain } from '../../support/domain.ts';
import type { DomainContext } from '../../../src/sandbox/domain/context.ts';
import { placeOrder, type OrderToPlace } from '../../../src/sandbox/domain/orders/place-order.ts';
import { capture, derive, transactionsOf, voidPayment } from '../../../src/sandbox/domain/orders/settlement.ts';
import { ORDER_INVENTORY, restockOrder } from '../../../src/sandbox/domain/orders/stock.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';

function fixture(quantity = 3) {
  const { store, ctx, events } = bareDomain();
  store.db.put('products', 'mug', {
    id: 'mug',
    name: 'Mug',
    stock: { trackInventory: true },
    variants: [
      {
        id: 'v',
        choices: {},
        stock: { trackQuantity: true, quantity, inStock: quantity > 0 },
        variant: { priceData: { price: 16 } },
      },
    ],
  });
  return { store, ctx, events };
}
const mugLine = (quantity: number) => ({
  unit: 1600,
  quantity,
  productName: { original: 'Mug' },
  catalogReference: { appId: STORES_APP_ID, catalogItemId: 'mug', options: { variantId: 'v' } },
});
const order = (lines: OrderToPlace['lines'], extra: Partial<OrderToPlace> = {}): OrderToPlace => ({
  lines,
  currency: 'USD',
  fields: {},
  approval: 'DEFAULT',
  payment: { kind: 'none' },
  ...extra,
});
const stock = (ctx: DomainContext) => (ctx.db.get('products', 'mug') as any).variants[0].stock.quantity;

describe('placing an order', () => {
  it('prices lines and totals in cents, taxes once, and emits created then approved', () => {
    const { ctx, events } = fixture(10);
    const { order: o } = placeOrder(
      ctx,
      order([mugLine(4), { unit: 1200, quantity: 1, productName: { original: 'Wrap' } }], {
        taxCountry: 'US',
        shipping: { info: { code: 'standard' }, cost: 500 },
      }),
    );
    expect(o.priceSummary).toMatchObject({
      subtotal: { amount: '76.00' },
      shipping: { amount: '5.00' },
      tax: { amount: '6.75' },
      total: { amount: '87.75' },
    });
    expect(
      o.lineItems.map((l: any) => [l.lineItemPrice.amount, l.taxDetails.totalTax.amount, l.totalPriceAfterTax.amount]),
    ).toEqual([
      ['64.00', '5.68', '69.68'],
      ['12.00', '1.07', '13.07'],
    ]);
    expect(o).toMatchObject({ number: '10001', status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    expect(events.map((e) => e.slug)).toEqual(['updated', 'created', 'approved']); // the product's stock update, then the order
  });

  it('numbers orders from the store: a failed transaction gives its number back', async () => {
    const { store, ctx } = fixture(10);
    await store.transaction(() => placeOrder(ctx, order([mugLine(1)])));
    await expect(
      store.transaction(() => {
        placeOrder(ctx, order([mugLine(1)]));
        throw new Error('the request failed later');
      }),
    ).rejects.toThrow('the request failed later');
    const { result } = await store.transaction(() => placeOrder(ctx, order([mugLine(1)])));
    expect(result.order.number).toBe('10002');
    expect(stock(ctx)).toBe(8);
  });

  it('refuses more than is in stock, changing nothing', async () => {
    const { store, ctx } = fixture(2);
    const before = JSON.stringify(store.snapshot());
    await expect(store.transaction(() => placeOrder(ctx, order([mugLine(1), mugLine(2)])))).rejects.toMatchObject({
      status: 409,
      body: { message: 'Only 1 of Mug in stock' },
    });
    expect(JSON.stringify(store.snapshot())).toBe(before);
  });

  it('takes stock and restocks exactly what it took, once', () => {
    const { ctx } = fixture(3);
    const { order: o } = placeOrder(ctx, order([mugLine(2)]));
    expect(stock(ctx)).toBe(1);
    expect(restockOrder(ctx, o.id)).toEqual({ [o.lineItems[0].id]: 2 });
    expect(stock(ctx)).toBe(3);
    expect(restockOrder(ctx, o.id)).toEqual({});
    expect(stock(ctx)).toBe(3);
    expect(restockOrder(ctx, 'an order that took nothing')).toEqual({});
    expect((ctx.db.get(ORDER_INVENTORY, o.id) as any).lines[0]).toMatchObject({ taken: 2, restocked: 2 });
  });
});

describe('settlement', () => {
  it('derives payment status and balance from the payments: authorized, captured in part, released', () => {
    const { ctx } = fixture(10);
    const { order: o } = placeOrder(ctx, order([mugLine(1)], { payment: { kind: 'gateway', delayCapture: true } }));
    expect(o.balanceSummary).toMatchObject({ authorized: { amount: '16.00' }, paid: { amount: '0.00' } });
    const tx = transactionsOf(ctx.db, o.id);
    capture(ctx, tx.payments[0], 600, 'MANUAL');
    derive(o, tx);
    expect(o).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      balanceSummary: { paid: { amount: '6.00' }, authorized: { amount: '10.00' }, balance: { amount: '10.00' } },
    });
    expect(() => voidPayment(ctx, tx.payments[0], 'MANUAL')).toThrow(/is captured and cannot be voided/);
    voidPayment(ctx, tx.payments[0], 'MANUAL', true);
    derive(o, tx);
    expect(o.balanceSummary).toMatchObject({ paid: { amount: '6.00' }, authorized: { amount: '0.00' } });
  });

  it('an offline payment pays the order at once; a zero total is paid without a payment', () => {
    const { ctx } = fixture(10);
    expect(placeOrder(ctx, order([mugLine(1)], { payment: { kind: 'offline' } })).order).toMatchObject({
      paymentStatus: 'PAID',
      status: 'APPROVED',
    });
    const free = placeOrder(
      ctx,
      order([{ unit: 0, quantity: 1, productName: { original: 'Sample' } }], { approval: 'PAYMENT_RECEIVED' }),
    ).order;
    expect(free).toMatchObject({ paymentStatus: 'PAID', status: 'APPROVED' });
    const waiting = placeOrder(ctx, order([mugLine(1)], { approval: 'PAYMENT_RECEIVED' })).order;
    expect(waiting.status).toBe('INITIALIZED');
  });
});
