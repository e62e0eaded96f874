/**
 * Settlement: the one place money rules of an order live. An order's payment status and balance
 * are always derived from its transactions (`settle`), so every path that moves money (an order
 * placed, a payment collected, a capture, a void, a scheduled action, a cancel) ends in the same
 * rules. Stored: `transactions`, one record per order id: `{orderId, payments, refunds}`.
 */
import { badRequest, conflict, notFound, SandboxError } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Db, JsonObject } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';
import { decimalText, minorOf, wirePrice, type Minor, type WirePrice } from '../money.ts';
import {
  ORDERS,
  TRANSACTIONS,
  type ActivityType,
  type OrderTransactionsRecord,
  type PaymentCollectability,
  type Authorization,
  type PaymentDetails,
  type PaymentStatus,
  type Reason,
  type Refundability,
  type StoredActivity,
  type StoredOrder,
  type StoredPayment,
} from './order-records.ts';

export type { Reason } from './order-records.ts';

export const ORDER_FQDN = 'wix.ecom.v1.order';
/** The currencies the sandbox site's one payment method takes. */
export const PAYMENT_METHOD_CURRENCIES = ['USD'];

const amountOf = minorOf;
export const price = (minor: Minor, currency = 'USD'): WirePrice => wirePrice(minor, currency);

// ---------------- lookups ----------------

export function requireOrder(ctx: DomainContext, id: string): StoredOrder {
  const order = ctx.db.get(ORDERS, id);
  if (!order) throw notFound('Order', id, 'ORDER_NOT_FOUND');
  return order;
}

export function transactionsOf(db: Db, orderId: string): OrderTransactionsRecord {
  return structuredClone(db.get(TRANSACTIONS, orderId) ?? { id: orderId, orderId, payments: [], refunds: [] });
}

/** What an activity says beyond its id, date and type. */
export type ActivityDetails = Omit<StoredActivity, 'id' | 'createdDate' | 'type'>;

export function activity(
  ctx: { now(): Date; newId(): string },
  type: ActivityType,
  extra: ActivityDetails = {},
): StoredActivity {
  return { id: ctx.newId(), createdDate: ctx.now().toISOString(), type, ...extra };
}

// ---------------- payments: the one place money rules live ----------------

export const capturedOf = (p: StoredPayment): Minor =>
  (p.regularPaymentDetails?.authorizationDetails?.captures ?? [])
    .filter((c) => c.status === 'SUCCEEDED')
    .reduce((s, c) => s + amountOf(c.amount), 0);

/** Gateway statuses of a payment that has collected its amount. */
const COLLECTED: ReadonlySet<string> = new Set(['APPROVED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

/** What a payment has actually collected. */
export function settledOf(p: StoredPayment): Minor {
  if (p.giftcardPaymentDetails) return p.giftcardPaymentDetails.voided ? 0 : amountOf(p.amount);
  const d: PaymentDetails = p.regularPaymentDetails ?? {};
  if (d.authorizationDetails) return capturedOf(p);
  return d.status && COLLECTED.has(d.status) ? amountOf(p.amount) : 0;
}

/** Authorized and neither captured nor voided yet. */
export const outstandingOf = (p: StoredPayment): Minor =>
  p.regularPaymentDetails?.status === 'AUTHORIZED' ? amountOf(p.amount) - capturedOf(p) : 0;

/** An order's money in minor units: what it costs, what its payments collected, hold and gave back. */
export interface OrderSums {
  total: Minor;
  paid: Minor;
  authorized: Minor;
  refunded: Minor;
  balance: Minor;
}

export function sums(order: StoredOrder, tx: OrderTransactionsRecord): OrderSums {
  const total = amountOf(order.priceSummary?.total);
  const paid = tx.payments.reduce((s, p) => s + settledOf(p), 0);
  const authorized = tx.payments.reduce((s, p) => s + outstandingOf(p), 0);
  const refunded = tx.refunds
    .flatMap((r) => r.transactions ?? [])
    .filter((t) => t.refundStatus === 'SUCCEEDED')
    .reduce((s, t) => s + amountOf(t.amount), 0);
  return { total, paid, authorized, refunded, balance: Math.max(0, total - paid) };
}

export function paymentStatusFor(order: StoredOrder, tx: OrderTransactionsRecord): PaymentStatus {
  const { total, paid, refunded } = sums(order, tx);
  if (refunded > 0) return refunded >= paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (paid >= total) return 'PAID';
  if (paid > 0) return 'PARTIALLY_PAID';
  return order.paymentStatus === 'PENDING' ? 'PENDING' : 'NOT_PAID';
}

/** Sets what an order's transactions decide: balance summary and payment status. Returns the previous status. */
export function derive(order: StoredOrder, tx: OrderTransactionsRecord): PaymentStatus {
  const s = sums(order, tx);
  const c = order.currency;
  order.balanceSummary = {
    balance: price(s.balance, c),
    paid: price(s.paid, c),
    refunded: price(s.refunded, c),
    authorized: price(s.authorized, c),
  };
  const previous = order.paymentStatus;
  order.paymentStatus = paymentStatusFor(order, tx);
  return previous;
}

/**
 * Stores an order's transactions and derives the order from them: balance, payment status (with
 * ORDER_PAID / ORDER_PARTIALLY_PAID), approval of an order waiting for payment, and the events.
 * `activities` are what happened to the payments (captured, voided, created) in this change.
 */
export function settle(
  ctx: DomainContext,
  before: StoredOrder,
  tx: OrderTransactionsRecord,
  activities: StoredActivity[],
): StoredOrder {
  const order = structuredClone(before);
  order.activities = [...(order.activities ?? []), ...activities];
  const previousPaymentStatus = derive(order, tx);
  const status = order.paymentStatus;
  if (status !== previousPaymentStatus) {
    if (status === 'PAID') order.activities.push(activity(ctx, 'ORDER_PAID'));
    if (status === 'PARTIALLY_PAID') order.activities.push(activity(ctx, 'ORDER_PARTIALLY_PAID'));
  }
  if (status === 'PAID') {
    // Payments the buyer started but never completed are dropped once the order is paid.
    for (const p of tx.payments)
      if (p.regularPaymentDetails?.status === 'PENDING') p.regularPaymentDetails.status = 'CANCELED';
  }
  const approvedNow = order.status === 'INITIALIZED' && status === 'PAID';
  if (approvedNow) order.status = 'APPROVED';
  order.updatedDate = ctx.now().toISOString();
  ctx.db.put(TRANSACTIONS, order.id, tx);
  ctx.db.put(ORDERS, order.id, order);
  emitOrder(ctx, 'updated', order);
  if (status !== previousPaymentStatus) emitOrder(ctx, 'payment_status_updated', order, { previousPaymentStatus });
  if (approvedNow) emitOrder(ctx, 'approved', order);
  return order;
}

export function emitOrder(
  ctx: DomainContext,
  slug: 'created' | 'updated' | 'approved' | 'canceled' | 'payment_status_updated',
  order: StoredOrder,
  extra: JsonObject = {},
): void {
  ctx.emit(entityEvent(ORDER_FQDN, slug, order, { body: { order, ...extra } }));
}

/** The transactions as the payments collector answers them, with each payment's refundability. */
export function transactionsView(tx: OrderTransactionsRecord) {
  const refundedIds = new Set(
    tx.refunds
      .flatMap((r) => r.transactions ?? [])
      .filter((t) => t.refundStatus === 'SUCCEEDED')
      .map((t) => t.paymentId),
  );
  const refundability = tx.payments.map((p): Refundability => {
    const d: PaymentDetails = p.regularPaymentDetails ?? {};
    const base = { paymentId: p.id, refundabilityStatus: 'NOT_REFUNDABLE' } as const;
    if (refundedIds.has(p.id)) return { ...base, nonRefundableReason: 'ALREADY_REFUNDED' };
    if (settledOf(p) === 0)
      return { ...base, nonRefundableReason: amountOf(p.amount) === 0 ? 'ZERO_PRICE' : 'NOT_PAID' };
    if (p.refundDisabled) return { ...base, nonRefundableReason: 'DISABLED_BY_PROVIDER' };
    if (d.offlinePayment)
      return { paymentId: p.id, refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' };
    return { paymentId: p.id, refundabilityStatus: 'REFUNDABLE', nonRefundableReason: 'NONE' };
  });
  return { orderTransactions: { orderId: tx.orderId, payments: tx.payments, refunds: tx.refunds, refundability } };
}

export function findPayment(tx: OrderTransactionsRecord, paymentId: string): StoredPayment {
  const p = tx.payments.find((x) => x.id === paymentId);
  if (!p) throw notFound('Payment', paymentId, 'PAYMENT_NOT_FOUND');
  return p;
}

/**
 * A new gateway (or offline) payment of an order. With `authorization` it is authorized for a
 * later capture (no captures yet), with the scheduled action given, if any.
 */
export function newPayment(
  now: string,
  id: string,
  p: {
    amount: WirePrice;
    gatewayOrderId: string;
    offline?: boolean;
    status: PaymentDetails['status'];
    authorization?: { scheduledAction?: Authorization['scheduledAction'] };
  },
): StoredPayment {
  const { scheduledAction } = p.authorization ?? {};
  return {
    id,
    createdDate: now,
    updatedDate: now,
    amount: p.amount,
    refundDisabled: false,
    regularPaymentDetails: {
      paymentGatewayOrderId: p.gatewayOrderId,
      paymentMethod: p.offline ? 'offline' : 'creditCard',
      offlinePayment: p.offline ?? false,
      status: p.status,
      ...(p.authorization
        ? {
            authorizationDetails: {
              delayedCapture: true,
              authorizedDate: now,
              captures: [],
              ...(scheduledAction ? { scheduledAction } : {}),
            },
          }
        : {}),
    },
  };
}

/** A payment's details and its authorization, or the refusal for a payment that was not authorized for a later capture. */
function authorized(p: StoredPayment): { d: PaymentDetails; auth: Authorization } {
  const d: PaymentDetails = p.regularPaymentDetails ?? {};
  const auth = d.authorizationDetails;
  if (!auth)
    throw conflict('PAYMENT_NOT_AUTHORIZED', `Payment ${p.id} was not authorized for a later capture`, {
      paymentId: p.id,
    });
  return { d, auth };
}

/** Captures `amount` cents (default: all still authorized) of an authorized payment, in place. */
export function capture(
  ctx: DomainContext,
  p: StoredPayment,
  amount: Minor | undefined,
  reason: Reason,
): StoredActivity {
  const { d, auth } = authorized(p);
  if (d.status === 'VOIDED')
    throw conflict('PAYMENT_ALREADY_VOIDED', `Payment ${p.id} is voided and cannot be captured`, { paymentId: p.id });
  const remaining = outstandingOf(p);
  if (remaining <= 0)
    throw conflict('PAYMENT_ALREADY_CAPTURED', `Payment ${p.id} is already captured in full`, { paymentId: p.id });
  const take = amount ?? remaining;
  if (take <= 0)
    throw badRequest('INVALID_AMOUNT', `Capture amount for payment ${p.id} must be greater than 0`, {
      paymentId: p.id,
    });
  if (take > remaining) {
    throw conflict(
      'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
      `Capture amount ${decimalText(take)} is more than the ${decimalText(remaining)} still authorized on payment ${p.id}`,
      { paymentId: p.id },
    );
  }
  const now = ctx.now().toISOString();
  auth.captures = [...(auth.captures ?? []), { status: 'SUCCEEDED', amount: price(take), createdDate: now, reason }];
  if (take === remaining) {
    d.status = 'APPROVED';
    delete auth.scheduledAction;
  }
  p.updatedDate = now;
  return activity(ctx, 'AUTHORIZED_PAYMENT_CAPTURED', { paymentId: p.id, amount: price(take), reason });
}

/**
 * Voids an authorized payment, in place. A manual void of a payment with captures is refused; a
 * scheduled one releases what is left and keeps what was captured (the payment is then APPROVED).
 */
export function voidPayment(
  ctx: DomainContext,
  p: StoredPayment,
  reason: Reason,
  releaseRemaining = reason === 'SCHEDULED',
): StoredActivity {
  const { d, auth } = authorized(p);
  if (d.status === 'VOIDED')
    throw conflict('PAYMENT_ALREADY_VOIDED', `Payment ${p.id} is already voided`, { paymentId: p.id });
  const captured = capturedOf(p) > 0;
  if (captured && !releaseRemaining)
    throw conflict('PAYMENT_ALREADY_CAPTURED', `Payment ${p.id} is captured and cannot be voided`, { paymentId: p.id });
  const now = ctx.now().toISOString();
  d.status = captured ? 'APPROVED' : 'VOIDED';
  auth.void = { status: 'SUCCEEDED', voidedDate: now, reason };
  delete auth.scheduledAction;
  p.updatedDate = now;
  return activity(ctx, 'AUTHORIZED_PAYMENT_VOIDED', { paymentId: p.id, reason });
}

export function collectability(
  order: StoredOrder,
  tx: OrderTransactionsRecord,
): { status: PaymentCollectability; amount: Minor } {
  const s = sums(order, tx);
  if (order.status === 'CANCELED') return { status: 'NONCOLLECTABLE_ORDER_IS_CANCELLED', amount: 0 };
  if (s.paid >= s.total) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: 0 };
  if (!PAYMENT_METHOD_CURRENCIES.includes(order.currency ?? 'USD'))
    return { status: 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD', amount: 0 };
  // What an authorization already covers is captured, not collected again.
  return { status: 'COLLECTABLE', amount: Math.max(0, s.total - s.paid - s.authorized) };
}

/** Why an order cannot be collected, as an error's words. */
export const COLLECTABILITY_ERRORS: Partial<Record<PaymentCollectability, string>> = {
  NONCOLLECTABLE_ORDER_IS_CANCELLED: 'is canceled',
  NONCOLLECTABLE_ORDER_IS_PAID: 'is already paid',
  NONCOLLECTABLE_MISSING_PAYMENT_METHOD: 'is in a currency no payment method of the site takes',
};

/**
 * Runs one payment's scheduled action, in place. A scheduled action that cannot run is recorded
 * as FAILED (with the reason) and dropped, so a bad record never blocks the clock.
 */
export function runScheduledAction(
  ctx: DomainContext,
  p: StoredPayment,
  orderCanceled = false,
): StoredActivity | undefined {
  const auth = p.regularPaymentDetails?.authorizationDetails;
  if (!auth?.scheduledAction) return undefined;
  // Nothing is captured from a canceled order: its scheduled capture releases the authorization.
  const type = orderCanceled ? 'VOID' : auth.scheduledAction.actionType;
  try {
    if (type === 'CAPTURE') return capture(ctx, p, undefined, 'SCHEDULED');
    if (type === 'VOID') return voidPayment(ctx, p, 'SCHEDULED');
    throw badRequest('UNKNOWN_ACTION_TYPE', `Scheduled action ${type} is neither CAPTURE nor VOID`);
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    const code = applicationErrorCode(err) ?? 'INTERNAL';
    const failed = { status: 'FAILED', failureDetails: { failureCode: code }, reason: 'SCHEDULED' } as const;
    if (type === 'CAPTURE')
      auth.captures = [...(auth.captures ?? []), { ...failed, createdDate: ctx.now().toISOString() }];
    else auth.void = failed;
    delete auth.scheduledAction;
    return undefined;
  }
}

/** Runs the scheduled capture or void of every authorized payment whose date has come. */
export function runScheduledActions(ctx: DomainContext): void {
  const now = ctx.now().getTime();
  for (const stored of ctx.db.list(TRANSACTIONS)) {
    const due = (stored.payments ?? []).filter((p) => {
      const at = p.regularPaymentDetails?.authorizationDetails?.scheduledAction?.executionDate;
      return p.regularPaymentDetails?.status === 'AUTHORIZED' && at && Date.parse(at) <= now;
    });
    const order = due.length ? ctx.db.get(ORDERS, stored.orderId) : undefined;
    if (!order) continue;
    const tx = transactionsOf(ctx.db, stored.orderId);
    const acts = due
      .map((d) => runScheduledAction(ctx, findPayment(tx, d.id), order.status === 'CANCELED'))
      .filter((a) => a !== undefined);
    settle(ctx, order, tx, acts);
  }
}

/** The provider's code of an application error (`details.applicationError.code`), if it has one. */
export function applicationErrorCode(err: SandboxError): string | undefined {
  const app = err.body.details.applicationError;
  if (app && typeof app === 'object' && 'code' in app && typeof app.code === 'string') return app.code;
  return undefined;
}
