/**
 * Seeded orders in distinct states for the console and the back office: paid, authorized with a
 * scheduled capture, fulfilled, canceled and refunded, and one in a currency the site cannot
 * collect. Ids are fixed (seed/ids.ts: ORDER, AUTHORIZED_PAYMENT_ID); dates are relative to the
 * seed time. Their lines are priced from the seeded catalog as placed orders' are (no tax).
 */
import type { SeedContext } from '../platform/module.ts';
import { findProduct } from '../domain/catalog/catalog.ts';
import { isCatalogProblem } from '../domain/orders/orders.ts';
import { catalogLine } from '../domain/line-items.ts';
import {
  ORDERS,
  TRANSACTIONS,
  type OrderTransactionsRecord,
  type PaymentDetails,
  type StoredOrder,
  type StoredPayment,
} from '../domain/orders/order-records.ts';
import { ORDER_NUMBER_BASE, priceOrderLines, type LineToOrder } from '../domain/orders/place-order.ts';
import { activity, derive, price } from '../domain/orders/settlement.ts';
import { computeTotals } from '../domain/totals.ts';
import { STORES_APP_ID } from '../../provider-ids.ts';
import { DEMO_MEMBER, orderId, productId, seededId, seededVisitorId } from './ids.ts';

const DAY_MS = 86_400_000;
/** Every seeded order ships by standard delivery, 5.00. */
const SHIPPING = 500;
const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10011',
  addressLine: '235 W 23rd St',
};
const CONTACT = { firstName: 'Dana', lastName: 'Demo' };

/** One seeded order: when, what, who, and what happened to it after it was placed. */
interface SeededOrder {
  n: number;
  daysAgo: number;
  lines: LineToOrder[];
  buyer: NonNullable<StoredOrder['buyerInfo']>;
  currency?: string;
  channel?: 'WEB' | 'POS';
  then(order: StoredOrder, tx: OrderTransactionsRecord): void;
}

export function seedOrders(ctx: SeedContext): void {
  let k = 0;
  const idGen = () => seededId('0e0f0000', ++k);
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY_MS);
  const iso = (daysAgo: number) => at(daysAgo).toISOString();
  const clock = (daysAgo: number) => ({ now: () => at(daysAgo), newId: idGen });
  const line = (n: number, quantity: number, variant = 0): LineToOrder => {
    const p = findProduct(ctx.db, productId(n));
    const variantId = p?.variants?.[variant]?.id;
    if (!p || typeof variantId !== 'string')
      throw new Error(`orders seed: catalog product ${productId(n)} is missing (the catalog seeds first)`);
    const built = catalogLine(
      ctx.db,
      { appId: STORES_APP_ID, catalogItemId: p.id, options: { variantId } },
      { hidden: true },
    );
    if (isCatalogProblem(built)) throw new Error(`orders seed: ${built.problem} for product ${p.id}`);
    const priced: LineToOrder = { ...built, quantity };
    return priced;
  };
  const payment = (o: StoredOrder, status: PaymentDetails['status'], daysAgo: number): StoredPayment => ({
    id: idGen(),
    createdDate: iso(daysAgo),
    updatedDate: iso(daysAgo),
    amount: o.priceSummary.total,
    refundDisabled: false,
    regularPaymentDetails: {
      paymentGatewayOrderId: `pg-${o.number}-1`,
      paymentMethod: 'creditCard',
      offlinePayment: false,
      status,
    },
  });
  const member = { memberId: DEMO_MEMBER.id, email: ctx.options.memberEmail };
  const seeded: SeededOrder[] = [
    {
      n: 1,
      daysAgo: 6,
      lines: [line(1, 1, 1), line(7, 2)],
      buyer: member,
      then(o, tx) {
        tx.payments.push(payment(o, 'APPROVED', 6));
        o.activities.push(activity(clock(6), 'ORDER_PAID'));
      },
    },
    {
      n: 2,
      daysAgo: 1,
      lines: [line(4, 1, 1)],
      buyer: { visitorId: seededVisitorId(1), email: 'buyer@example.com' },
      then(o, tx) {
        const p = payment(o, 'AUTHORIZED', 1);
        p.regularPaymentDetails = {
          ...p.regularPaymentDetails,
          authorizationDetails: {
            delayedCapture: true,
            authorizedDate: iso(1),
            captures: [],
            scheduledAction: { actionType: 'CAPTURE', executionDate: iso(-3) },
          },
        };
        tx.payments.push(p);
        o.activities.push(activity(clock(1), 'AUTHORIZED_PAYMENT_CREATED', { paymentId: p.id, amount: p.amount }));
      },
    },
    {
      n: 3,
      daysAgo: 14,
      lines: [line(11, 3), line(12, 1)],
      buyer: member,
      then(o, tx) {
        tx.payments.push(payment(o, 'APPROVED', 14));
        o.activities.push(
          activity(clock(14), 'ORDER_PAID'),
          activity(clock(12), 'TRACKING_NUMBER_ADDED'),
          activity(clock(12), 'ORDER_FULFILLED'),
        );
        o.fulfillmentStatus = 'FULFILLED';
        o.tags = { ...o.tags, tags: { tagIds: ['vip'] } };
      },
    },
    {
      n: 4,
      daysAgo: 9,
      lines: [line(13, 1)],
      buyer: { visitorId: seededVisitorId(2), email: 'changed-mind@example.com' },
      then(o, tx) {
        const p = payment(o, 'REFUNDED', 9);
        tx.payments.push(p);
        tx.refunds.push({
          id: idGen(),
          createdDate: iso(8),
          transactions: [
            {
              paymentId: p.id,
              amount: p.amount,
              refundStatus: 'SUCCEEDED',
              externalRefund: false,
              gatewayRefundId: 'gr-10004',
            },
          ],
          details: {
            items: [{ lineItemId: o.lineItems[0].id, quantity: 1 }],
            shippingIncluded: true,
            reason: 'Changed my mind',
          },
          summary: { pending: false, refunded: p.amount },
        });
        o.activities.push(
          activity(clock(9), 'ORDER_PAID'),
          activity(clock(8), 'PAYMENT_REFUNDED', {
            orderRefunded: { manual: false, amount: p.amount, reason: 'Changed my mind' },
          }),
          activity(clock(8), 'ORDER_CANCELED'),
        );
        o.status = 'CANCELED';
      },
    },
    {
      n: 5,
      daysAgo: 2,
      lines: [line(9, 2)],
      buyer: { email: 'pos-buyer@example.com' },
      currency: 'EUR',
      channel: 'POS',
      then() {},
    },
  ];
  for (const spec of seeded) {
    const created = iso(spec.daysAgo);
    const currency = spec.currency ?? 'USD';
    const money = (minor: number) => price(minor, currency);
    const totals = computeTotals({ lines: spec.lines, shipping: SHIPPING });
    const o: StoredOrder = {
      id: orderId(spec.n),
      number: String(ORDER_NUMBER_BASE + spec.n),
      createdDate: created,
      updatedDate: created,
      purchasedDate: created,
      lineItems: priceOrderLines(spec.lines, totals, 0, currency, idGen),
      buyerInfo: spec.buyer,
      billingInfo: { address: ADDRESS, contactDetails: CONTACT },
      shippingInfo: {
        carrierId: 'sandbox-carrier',
        code: 'standard',
        title: 'Standard delivery',
        logistics: {
          deliveryTime: '3-5 business days',
          deliverByDate: new Date(Date.parse(created) + 5 * DAY_MS).toISOString(),
          shippingDestination: { address: ADDRESS, contactDetails: CONTACT },
        },
        cost: { price: money(totals.shipping) },
      },
      recipientInfo: { address: ADDRESS, contactDetails: CONTACT },
      priceSummary: {
        subtotal: money(totals.subtotal),
        shipping: money(totals.shipping),
        tax: money(totals.tax),
        discount: money(totals.discount),
        total: money(totals.total),
        additionalFees: money(0),
      },
      currency,
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      channelInfo: { type: spec.channel ?? 'WEB' },
      activities: [activity(clock(spec.daysAgo), 'ORDER_PLACED')],
      tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
      archived: false,
    };
    const tx: OrderTransactionsRecord = { id: o.id, orderId: o.id, payments: [], refunds: [] };
    spec.then(o, tx);
    derive(o, tx);
    ctx.db.put(ORDERS, o.id, o);
    ctx.db.put(TRANSACTIONS, o.id, tx);
  }
}
