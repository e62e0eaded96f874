/**
 * Settlement: the one place money rules of an order live. An order's payment status and balance
 * are always derived from its transactions (`settle`), so every path that moves money (an order
 * placed, a payment collected, a capture, a void, a scheduled action, a cancel) ends in the same
 * rules. Stored: `transactions`, one record per order id: `{orderId, payments, refunds}`.
 */
import { badRequest, conflict, notFound, SandboxError } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import type { Db } from '../platform/types.ts';
import type { DomainContext } from './context.ts';
import { minorOf, wirePrice } from './money.ts';
import type { components as OrderSchemas } from '../../../generated/types/orders.ts';

type PaymentCollectability = OrderSchemas['schemas']['PaymentCollectability'];

type Json = Record<string, any>;

export const ORDERS = 'orders';
export const TRANSACTIONS = 'transactions';
export const ORDER_FQDN = 'wix.ecom.v1.order';
/** The currencies the sandbox site's one payment method takes. */
export const PAYMENT_METHOD_CURRENCIES = ['USD'];

const amountOf = (p: Json | undefined) => minorOf(p);
export const price = (minor: number, currency = 'USD'): Json => ({ ...wirePrice(minor, currency) });

// ---------------- lookups ----------------

export function requireOrder(ctx: DomainContext, id: string): Json {
  const order = ctx.db.get<Json>(ORDERS, id);
  if (!order) throw notFound('Order', id, 'ORDER_NOT_FOUND');
  return order;
}

export function transactionsOf(db: Db, orderId: string): Json {
  return structuredClone(db.get<Json>(TRANSACTIONS, orderId) ?? { id: orderId, orderId, payments: [], refunds: [] });
}

export function activity(ctx: { now(): Date; newId(): string }, type: string, extra: Json = {}): Json {
  return { id: ctx.newId(), createdDate: ctx.now().toISOString(), type, ...extra };
}

// ---------------- payments: the one place money rules live ----------------

export const capturedOf = (p: Json) =>
  (p.regularPaymentDetails?.authorizationDetails?.captures ?? [])
    .filter((c: Json) => c.status === 'SUCCEEDED')
    .reduce((s: number, c: Json) => s + amountOf(c.amount), 0);

/** What a payment has actually collected. */
export function settledOf(p: Json): number {
  if (p.giftcardPaymentDetails) return p.giftcardPaymentDetails.voided ? 0 : amountOf(p.amount);
  const d = p.regularPaymentDetails ?? {};
  if (d.authorizationDetails) return capturedOf(p);
  return ['APPROVED', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(d.status) ? amountOf(p.amount) : 0;
}

/** Authorized and neither captured nor voided yet. */
export const outstandingOf = (p: Json) =>
  p.regularPaymentDetails?.status === 'AUTHORIZED' ? amountOf(p.amount) - capturedOf(p) : 0;

export function sums(order: Json, tx: Json) {
  const total = amountOf(order.priceSummary?.total);
  const paid = tx.payments.reduce((s: number, p: Json) => s + settledOf(p), 0);
  const authorized = tx.payments.reduce((s: number, p: Json) => s + outstandingOf(p), 0);
  const refunded = tx.refunds
    .flatMap((r: Json) => r.transactions ?? [])
    .filter((t: Json) => t.refundStatus === 'SUCCEEDED')
    .reduce((s: number, t: Json) => s + amountOf(t.amount), 0);
  return { total, paid, authorized, refunded, balance: Math.max(0, total - paid) };
}

export function paymentStatusFor(order: Json, tx: Json): string {
  const { total, paid, refunded } = sums(order, tx);
  if (refunded > 0) return refunded >= paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (paid >= total) return 'PAID';
  if (paid > 0) return 'PARTIALLY_PAID';
  return order.paymentStatus === 'PENDING' ? 'PENDING' : 'NOT_PAID';
}

/** Sets what an order's transactions decide: balance summary and payment status. Returns the previous status. */
export function derive(order: Json, tx: Json): string {
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
export function settle(ctx: DomainContext, before: Json, tx: Json, activities: Json[]): Json {
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
  order: Json,
  extra: Json = {},
): void {
  ctx.emit(entityEvent(ORDER_FQDN, slug, order, { body: { order, ...extra } }));
}

/** The transactions as the payments collector answers them, with each payment's refundability. */
export function transactionsView(tx: Json): Json {
  const refundedIds = new Set(
    tx.refunds
      .flatMap((r: Json) => r.transactions ?? [])
      .filter((t: Json) => t.refundStatus === 'SUCCEEDED')
      .map((t: Json) => t.paymentId),
  );
  const refundability = tx.payments.map((p: Json) => {
    const d = p.regularPaymentDetails ?? {};
    const base = { paymentId: p.id, refundabilityStatus: 'NOT_REFUNDABLE' };
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

export type Reason = 'MANUAL' | 'SCHEDULED';

export function findPayment(tx: Json, paymentId: string): Json {
  const p = tx.payments.find((x: Json) => x.id === paymentId);
  if (!p) throw notFound('Payment', paymentId, 'PAYMENT_NOT_FOUND');
  return p;
}

/** Captures `amount` cents (default: all still authorized) of an authorized payment, in place. */
export function capture(ctx: DomainContext, p: Json, amount: number | undefined, reason: Reason): Json {
  const d = p.regularPaymentDetails ?? {};
  const auth = d.authorizationDetails;
  if (!auth)
    throw conflict('PAYMENT_NOT_AUTHORIZED', `Payment ${p.id} was not authorized for a later capture`, {
      paymentId: p.id,
    });
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
      `Capture amount ${(take / 100).toFixed(2)} is more than the ${(remaining / 100).toFixed(2)} still authorized on payment ${p.id}`,
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
  p: Json,
  reason: Reason,
  releaseRemaining = reason === 'SCHEDULED',
): Json {
  const d = p.regularPaymentDetails ?? {};
  if (!d.authorizationDetails)
    throw conflict('PAYMENT_NOT_AUTHORIZED', `Payment ${p.id} was not authorized for a later capture`, {
      paymentId: p.id,
    });
  if (d.status === 'VOIDED')
    throw conflict('PAYMENT_ALREADY_VOIDED', `Payment ${p.id} is already voided`, { paymentId: p.id });
  const captured = capturedOf(p) > 0;
  if (captured && !releaseRemaining)
    throw conflict('PAYMENT_ALREADY_CAPTURED', `Payment ${p.id} is captured and cannot be voided`, { paymentId: p.id });
  const now = ctx.now().toISOString();
  d.status = captured ? 'APPROVED' : 'VOIDED';
  d.authorizationDetails.void = { status: 'SUCCEEDED', voidedDate: now, reason };
  delete d.authorizationDetails.scheduledAction;
  p.updatedDate = now;
  return activity(ctx, 'AUTHORIZED_PAYMENT_VOIDED', { paymentId: p.id, reason });
}

export function collectability(order: Json, tx: Json): { status: PaymentCollectability; amount: number } {
  const s = sums(order, tx);
  if (order.status === 'CANCELED') return { status: 'NONCOLLECTABLE_ORDER_IS_CANCELLED', amount: 0 };
  if (s.paid >= s.total) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: 0 };
  if (!PAYMENT_METHOD_CURRENCIES.includes(order.currency ?? 'USD'))
    return { status: 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD', amount: 0 };
  // What an authorization already covers is captured, not collected again.
  return { status: 'COLLECTABLE', amount: Math.max(0, s.total - s.paid - s.authorized) };
}

export const COLLECTABILITY_ERRORS: Record<string, string> = {
  NONCOLLECTABLE_ORDER_IS_CANCELLED: 'is canceled',
  NONCOLLECTABLE_ORDER_IS_PAID: 'is already paid',
  NONCOLLECTABLE_MISSING_PAYMENT_METHOD: 'is in a currency no payment method of the site takes',
};

/**
 * Runs one payment's scheduled action, in place. A scheduled action that cannot run is recorded
 * as FAILED (with the reason) and dropped, so a bad record never blocks the clock.
 */
export function runScheduledAction(ctx: DomainContext, p: Json, orderCanceled = false): Json | undefined {
  const auth = p.regularPaymentDetails.authorizationDetails;
  // Nothing is captured from a canceled order: its scheduled capture releases the authorization.
  const type = orderCanceled ? 'VOID' : auth.scheduledAction.actionType;
  try {
    if (type === 'CAPTURE') return capture(ctx, p, undefined, 'SCHEDULED');
    if (type === 'VOID') return voidPayment(ctx, p, 'SCHEDULED');
    throw badRequest('UNKNOWN_ACTION_TYPE', `Scheduled action ${type} is neither CAPTURE nor VOID`);
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    const code = (err.body.details as Json).applicationError?.code ?? 'INTERNAL';
    const failed = { status: 'FAILED', failureDetails: { failureCode: code }, reason: 'SCHEDULED' };
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
  for (const stored of ctx.db.list<Json>(TRANSACTIONS)) {
    const due = (stored.payments ?? []).filter((p: Json) => {
      const at = p.regularPaymentDetails?.authorizationDetails?.scheduledAction?.executionDate;
      return p.regularPaymentDetails?.status === 'AUTHORIZED' && at && Date.parse(at) <= now;
    });
    const order = due.length ? ctx.db.get<Json>(ORDERS, stored.orderId) : undefined;
    if (!order) continue;
    const tx = transactionsOf(ctx.db, stored.orderId);
    const acts = due
      .map((d: Json) => runScheduledAction(ctx, findPayment(tx, d.id), order.status === 'CANCELED'))
      .filter(Boolean) as Json[];
    settle(ctx, order, tx, acts);
  }
}
