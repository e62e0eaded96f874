/**
 * Placing an order: the one pipeline both `checkout.createOrder` and `orders.createOrder` go
 * through. It prices the lines and the order (domain/totals.ts, minor units), numbers the order
 * from a counter in the store (per sandbox, undone with its transaction), takes stock
 * (domain/orders/stock.ts), opens the payments, derives payment status and balance (settlement.ts),
 * approves it by the approval strategy, writes the activities and emits `created` (and
 * `approved`). Whichever path made an order, it has the same fields and events.
 *
 * Sandbox choices where the provider's behaviour is not observable here:
 * - Approval `DEFAULT` approves the order when it is placed (the provider's checkout approves an
 *   order placed with a pending online or offline payment); `PAYMENT_RECEIVED` and
 *   `PAYMENT_METHOD_SAVED` wait for the order to be paid.
 * - Tax is the region's rate of the shipping destination on the discounted subtotal, rounded once.
 */
import { appError } from '../../platform/errors.ts';
import type { DomainContext } from '../context.ts';
import { allocate, type Minor } from '../money.ts';
import {
  ORDERS,
  TRANSACTIONS,
  type Order,
  type OrderApprovalStrategy,
  type OrderLineItem,
  type OrderTransactionsRecord,
  type StoredLineItem,
  type StoredOrder,
} from './order-records.ts';
import { activity, derive, emitOrder, newPayment, price } from './settlement.ts';
import { shortLine, takeStock } from './stock.ts';
import {
  computeTotals,
  merchantDiscountApplied,
  rateText,
  taxRateFor,
  type CouponRule,
  type MerchantDiscountRule,
  type Totals,
} from '../totals.ts';

const COUNTERS = 'counters';

/** A number the sandbox counts up (order numbers), kept in the store so a failed transaction gives it back. */
export interface CounterRecord {
  id: string;
  value: number;
}

declare module '../../platform/types.ts' {
  interface Collections {
    counters: CounterRecord;
  }
}
export const ORDER_NUMBER_BASE = 10000;
/** Days an authorization nobody captures lasts before it is voided (card authorizations expire). */
export const AUTHORIZATION_DAYS = 7;

/** The next order number of this sandbox: a counter in the store, so a failed request gives it back. */
export function nextOrderNumber(ctx: DomainContext): string {
  const counter = ctx.db.get(COUNTERS, 'orderNumber');
  const seeded = counter
    ? counter.value
    : Math.max(
        ORDER_NUMBER_BASE,
        ...ctx.db
          .list(ORDERS)
          .map((o) => Number(o.number))
          .filter(Number.isFinite),
      );
  const value = seeded + 1;
  ctx.db.put(COUNTERS, 'orderNumber', { id: 'orderNumber', value });
  return String(value);
}

/** The fields of an order line that placing the order computes (id, quantity and prices). */
type PricedLineField =
  | 'id'
  | 'quantity'
  | 'price'
  | 'priceBeforeDiscounts'
  | 'fullPrice'
  | 'lineItemPrice'
  | 'totalDiscount'
  | 'totalPriceBeforeTax'
  | 'taxDetails'
  | 'totalPriceAfterTax';

/** A line to order: its wire fields, unit price in minor units, quantity. */
export type LineToOrder = Omit<OrderLineItem, PricedLineField> & {
  unit: Minor;
  /** The list price before the catalog's discount (defaults to `unit`). */
  full?: Minor;
  quantity: number;
};

export type Approval = OrderApprovalStrategy;

/** The fields placing an order sets itself; the others may come from the caller (`fields`). */
type PlacedField =
  | 'id'
  | 'number'
  | 'createdDate'
  | 'updatedDate'
  | 'purchasedDate'
  | 'lineItems'
  | 'priceSummary'
  | 'appliedDiscounts'
  | 'taxSummary'
  | 'status'
  | 'paymentStatus'
  | 'fulfillmentStatus'
  | 'activities'
  | 'balanceSummary';
/** What an order is given as is (buyerInfo, billingInfo, channelInfo, checkoutId, ...); its `currency` is the input's. */
export type OrderFields = Omit<Order, PlacedField>;

export interface OrderToPlace {
  lines: LineToOrder[];
  currency: string;
  coupon?: CouponRule & { id?: string; code?: string; name?: string };
  /** Merchant discounts; `lines` are indexes into `lines` (none: the whole order). */
  merchantDiscounts?: MerchantDiscountRule[];
  /** The order's shippingInfo (carrier, logistics) and its cost. */
  shipping?: { info: NonNullable<Order['shippingInfo']>; cost: Minor };
  /** The country whose rate taxes the order (none: no tax). */
  taxCountry?: string;
  /** A gift card that pays part of the total: its balance and the amount asked for (none: what it can), in minor units. */
  giftCard?: { id: string; code: string; balance: Minor; requested?: Minor };
  /** Fields copied onto the order as given (buyerInfo, billingInfo, channelInfo, checkoutId, ...). */
  fields: OrderFields;
  approval: Approval;
  /** How the order is paid: not yet, offline in full (a till), or online through the gateway. */
  payment: { kind: 'none' } | { kind: 'offline' } | { kind: 'gateway'; delayCapture: boolean };
}

export interface PlacedOrder {
  order: StoredOrder;
  totals: Totals;
  paymentGatewayOrderId?: string;
}

/** Line prices: the line total, its share of the discount and of the tax, in the order's currency. */
export function priceOrderLines(
  lines: LineToOrder[],
  t: Totals,
  rate: number,
  currency: string,
  newId: () => string,
): StoredLineItem[] {
  const totals = lines.map((l) => l.unit * l.quantity);
  const discounts = t.lineDiscounts;
  const taxes = allocate(
    t.tax,
    totals.map((x, i) => x - discounts[i]),
  );
  const money = (m: Minor) => price(m, currency);
  return lines.map(({ unit, full, quantity, ...rest }, i) => ({
    ...rest,
    id: newId(),
    quantity,
    price: money(unit),
    priceBeforeDiscounts: money(unit),
    fullPrice: money(full ?? unit),
    lineItemPrice: money(totals[i]),
    totalDiscount: money(discounts[i]),
    totalPriceBeforeTax: money(totals[i] - discounts[i]),
    taxDetails: { taxRate: rateText(rate), totalTax: money(taxes[i]) },
    totalPriceAfterTax: money(totals[i] - discounts[i] + taxes[i]),
  }));
}

/** Places an order: see the module comment. Throws (changing nothing) when a line is short of stock. */
export function placeOrder(ctx: DomainContext, input: OrderToPlace): PlacedOrder {
  const short = shortLine(
    ctx.db,
    input.lines.map((l, i) => ({ id: String(i), quantity: l.quantity, catalogReference: l.catalogReference })),
  );
  if (short) {
    throw appError(
      409,
      'INSUFFICIENT_INVENTORY',
      `Only ${short.available} of ${input.lines[Number(short.line.id)].productName?.original ?? 'an item'} in stock`,
      {
        catalogReference: short.line.catalogReference,
        quantityAvailable: short.available,
      },
    );
  }
  const rate = taxRateFor(input.taxCountry);
  const t = computeTotals({
    lines: input.lines,
    coupon: input.coupon,
    merchantDiscounts: input.merchantDiscounts,
    shipping: input.shipping?.cost ?? 0,
    taxRate: rate,
    giftCardBalance: input.giftCard?.balance,
    giftCardRequested: input.giftCard?.requested,
  });
  const money = (m: Minor) => price(m, input.currency);
  const now = ctx.now().toISOString();
  const number = nextOrderNumber(ctx);
  const lineItems = priceOrderLines(input.lines, t, rate, input.currency, ctx.newId);
  const order: StoredOrder = {
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    ...input.fields,
    id: ctx.newId(),
    number,
    createdDate: now,
    updatedDate: now,
    purchasedDate: now,
    currency: input.currency,
    lineItems,
    ...(input.shipping ? { shippingInfo: { ...input.shipping.info, cost: { price: money(t.shipping) } } } : {}),
    priceSummary: {
      subtotal: money(t.subtotal),
      shipping: money(t.shipping),
      tax: money(t.tax),
      discount: money(t.discount),
      // A gift card is a payment of the order: the order's total includes what it paid.
      total: money(t.total + t.giftCard),
      additionalFees: money(0),
    },
    appliedDiscounts: [
      ...(input.coupon
        ? [
            {
              discountType: 'GLOBAL' as const,
              coupon: {
                id: input.coupon.id,
                code: input.coupon.code,
                name: input.coupon.name,
                amount: money(t.coupon),
              },
            },
          ]
        : []),
      ...(input.merchantDiscounts ?? []).map((m, k) =>
        merchantDiscountApplied(
          t.merchantDiscounts[k],
          t.merchantBases[k],
          m.lines?.map((i) => lineItems[i].id),
          input.currency,
        ),
      ),
    ],
    taxSummary: { totalTax: money(t.tax) },
    status: 'INITIALIZED',
    paymentStatus: 'NOT_PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    activities: [activity(ctx, 'ORDER_PLACED')],
    archived: false,
  };
  const tx: OrderTransactionsRecord = { id: order.id, orderId: order.id, payments: [], refunds: [] };
  let paymentGatewayOrderId: string | undefined;
  if (t.total > 0 && input.payment.kind !== 'none') {
    paymentGatewayOrderId = `pg-${number}-1`;
    const delayed = input.payment.kind === 'gateway' && input.payment.delayCapture;
    const offline = input.payment.kind === 'offline';
    const payment = newPayment(now, ctx.newId(), {
      amount: money(t.total),
      gatewayOrderId: paymentGatewayOrderId,
      offline,
      status: offline ? 'APPROVED' : delayed ? 'AUTHORIZED' : 'PENDING',
      // A checkout's authorization is voided if nobody captures it in time.
      authorization: delayed
        ? {
            scheduledAction: {
              actionType: 'VOID',
              executionDate: new Date(Date.parse(now) + AUTHORIZATION_DAYS * 86_400_000).toISOString(),
            },
          }
        : undefined,
    });
    tx.payments.push(payment);
    if (delayed)
      order.activities.push(
        activity(ctx, 'AUTHORIZED_PAYMENT_CREATED', { paymentId: payment.id, amount: payment.amount }),
      );
  }
  if (input.giftCard && t.giftCard > 0) {
    tx.payments.push({
      id: ctx.newId(),
      createdDate: now,
      updatedDate: now,
      amount: money(t.giftCard),
      refundDisabled: false,
      giftcardPaymentDetails: { giftCardPaymentId: input.giftCard.id, voided: false },
    });
  }
  derive(order, tx);
  if (order.paymentStatus === 'PAID') order.activities.push(activity(ctx, 'ORDER_PAID'));
  if (input.approval === 'DEFAULT' || order.paymentStatus === 'PAID') order.status = 'APPROVED';
  ctx.db.put(ORDERS, order.id, order);
  ctx.db.put(TRANSACTIONS, order.id, tx);
  takeStock(ctx, order.id, order.lineItems);
  emitOrder(ctx, 'created', order);
  if (order.status === 'APPROVED') emitOrder(ctx, 'approved', order);
  return { order, totals: t, paymentGatewayOrderId };
}
