/**
 * Orders and the payments collector (`/ecom/v1/orders...`, `/ecom/v1/payments-collector/...`):
 * status transitions with activities, authorized payments with capture/void (scheduled ones run
 * by the sandbox clock through `runJobs`), tags, bulk updates, cancel with restock and e-mail.
 *
 * Stored: `orders` (the spec's Order, also written by checkout.createOrder in commerce.ts) and
 * `transactions` (one record per order id: `{orderId, payments, refunds}`). An order's payment
 * status and balance are always derived from its transactions (`settle`), so every path that
 * moves money (prepare, capture, void, a scheduled action, cancel) ends in the same rules.
 *
 * Sandbox choices where the provider's behaviour is not observable here:
 * - preparePaymentCollection without delayed capture is approved by the sandbox gateway at once;
 *   with delayed capture the payment is AUTHORIZED (and carries the scheduled action asked for).
 * - The sandbox site has one payment method, in USD: an order in another currency answers
 *   NONCOLLECTABLE_MISSING_PAYMENT_METHOD.
 * - createOrder computes subtotal + shipping; no tax (the given prices are taken as final).
 */
import { encodeBase64Url, decodeBase64Url } from '../../normalise/base64url.ts';
import { appError, badRequest, conflict, notFound, SandboxError, validationError, type Violation } from '../errors.ts';
import { entityEvent } from '../events.ts';
import type { SandboxModule, SeedContext } from '../module.ts';
import { matches, sortEntities, type Filter, type SortSpec } from '../query-engine.ts';
import type { Db, OperationContext } from '../types.ts';
import { changeStock, findProduct, PRODUCTS, priceForVariant, recompute, seededId, DEMO_MEMBER_ID } from './catalog.ts';
import { orderId, productId, seededVisitorId } from '../seed/ids.ts';
import { ORDERS, STORES_APP_ID } from './commerce.ts';

type Json = Record<string, any>;

export const TRANSACTIONS = 'transactions';
const ORDER_FQDN = 'wix.ecom.v1.order';
/** The currencies the sandbox site's one payment method takes. */
const PAYMENT_METHOD_CURRENCIES = ['USD'];
const DEFAULT_SEARCH_LIMIT = 100;
const DURATION_MS: Record<string, number> = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 };

// ---------------- money ----------------

const cents = (amount: unknown) => Math.round(Number(amount ?? 0) * 100);
const amountOf = (p: Json | undefined) => cents(p?.amount);
function price(c: number, currency = 'USD'): Json {
  const t = (c / 100).toFixed(2);
  const sign = currency === 'USD' ? '$' : `${currency} `;
  return { amount: t, convertedAmount: t, formattedAmount: `${sign}${t}`, formattedConvertedAmount: `${sign}${t}` };
}

// ---------------- lookups ----------------

function requireOrder(ctx: OperationContext, id: string): Json {
  const order = ctx.db.get<Json>(ORDERS, id);
  if (!order) throw notFound('Order', id, 'ORDER_NOT_FOUND');
  return order;
}

function transactionsOf(db: Db, orderId: string): Json {
  return structuredClone(db.get<Json>(TRANSACTIONS, orderId) ?? { id: orderId, orderId, payments: [], refunds: [] });
}

function activity(ctx: { now(): Date; newId(): string }, type: string, extra: Json = {}): Json {
  return { id: ctx.newId(), createdDate: ctx.now().toISOString(), type, ...extra };
}

// ---------------- payments: the one place money rules live ----------------

const capturedOf = (p: Json) =>
  (p.regularPaymentDetails?.authorizationDetails?.captures ?? [])
    .filter((c: Json) => c.status === 'SUCCEEDED')
    .reduce((s: number, c: Json) => s + amountOf(c.amount), 0);

/** What a payment has actually collected. */
function settledOf(p: Json): number {
  if (p.giftcardPaymentDetails) return p.giftcardPaymentDetails.voided ? 0 : amountOf(p.amount);
  const d = p.regularPaymentDetails ?? {};
  if (d.authorizationDetails) return capturedOf(p);
  return ['APPROVED', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(d.status) ? amountOf(p.amount) : 0;
}

/** Authorized and neither captured nor voided yet. */
const outstandingOf = (p: Json) =>
  p.regularPaymentDetails?.status === 'AUTHORIZED' ? amountOf(p.amount) - capturedOf(p) : 0;

function sums(order: Json, tx: Json) {
  const total = amountOf(order.priceSummary?.total);
  const paid = tx.payments.reduce((s: number, p: Json) => s + settledOf(p), 0);
  const authorized = tx.payments.reduce((s: number, p: Json) => s + outstandingOf(p), 0);
  const refunded = tx.refunds
    .flatMap((r: Json) => r.transactions ?? [])
    .filter((t: Json) => t.refundStatus === 'SUCCEEDED')
    .reduce((s: number, t: Json) => s + amountOf(t.amount), 0);
  return { total, paid, authorized, refunded, balance: Math.max(0, total - paid) };
}

function paymentStatusFor(order: Json, tx: Json): string {
  const { total, paid, refunded } = sums(order, tx);
  if (refunded > 0) return refunded >= paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (paid >= total) return 'PAID';
  if (paid > 0) return 'PARTIALLY_PAID';
  return order.paymentStatus === 'PENDING' ? 'PENDING' : 'NOT_PAID';
}

/** Sets what an order's transactions decide: balance summary and payment status. Returns the previous status. */
function derive(order: Json, tx: Json): string {
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
function settle(ctx: OperationContext, before: Json, tx: Json, activities: Json[]): Json {
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

function emitOrder(
  ctx: OperationContext,
  slug: 'created' | 'updated' | 'approved' | 'canceled' | 'payment_status_updated',
  order: Json,
  extra: Json = {},
): void {
  ctx.emit(entityEvent(ORDER_FQDN, slug, order, { body: { order, ...extra } }));
}

/** The transactions as the payments collector answers them, with each payment's refundability. */
function transactionsView(tx: Json): Json {
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

type Reason = 'MANUAL' | 'SCHEDULED';

function findPayment(tx: Json, paymentId: string): Json {
  const p = tx.payments.find((x: Json) => x.id === paymentId);
  if (!p) throw notFound('Payment', paymentId, 'PAYMENT_NOT_FOUND');
  return p;
}

/** Captures `amount` cents (default: all still authorized) of an authorized payment, in place. */
function capture(ctx: OperationContext, p: Json, amount: number | undefined, reason: Reason): Json {
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
function voidPayment(ctx: OperationContext, p: Json, reason: Reason): Json {
  const d = p.regularPaymentDetails ?? {};
  if (!d.authorizationDetails)
    throw conflict('PAYMENT_NOT_AUTHORIZED', `Payment ${p.id} was not authorized for a later capture`, {
      paymentId: p.id,
    });
  if (d.status === 'VOIDED')
    throw conflict('PAYMENT_ALREADY_VOIDED', `Payment ${p.id} is already voided`, { paymentId: p.id });
  const captured = capturedOf(p) > 0;
  if (captured && reason === 'MANUAL')
    throw conflict('PAYMENT_ALREADY_CAPTURED', `Payment ${p.id} is captured and cannot be voided`, { paymentId: p.id });
  const now = ctx.now().toISOString();
  d.status = captured ? 'APPROVED' : 'VOIDED';
  d.authorizationDetails.void = { status: 'SUCCEEDED', voidedDate: now, reason };
  delete d.authorizationDetails.scheduledAction;
  p.updatedDate = now;
  return activity(ctx, 'AUTHORIZED_PAYMENT_VOIDED', { paymentId: p.id, reason });
}

function collectability(order: Json, tx: Json): { status: string; amount: number } {
  const s = sums(order, tx);
  if (order.status === 'CANCELED') return { status: 'NONCOLLECTABLE_ORDER_IS_CANCELLED', amount: 0 };
  if (s.paid >= s.total) return { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: 0 };
  if (!PAYMENT_METHOD_CURRENCIES.includes(order.currency ?? 'USD'))
    return { status: 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD', amount: 0 };
  // What an authorization already covers is captured, not collected again.
  return { status: 'COLLECTABLE', amount: Math.max(0, s.total - s.paid - s.authorized) };
}

const COLLECTABILITY_ERRORS: Record<string, string> = {
  NONCOLLECTABLE_ORDER_IS_CANCELLED: 'is canceled',
  NONCOLLECTABLE_ORDER_IS_PAID: 'is already paid',
  NONCOLLECTABLE_MISSING_PAYMENT_METHOD: 'is in a currency no payment method of the site takes',
};

/**
 * Runs one payment's scheduled action, in place. A scheduled action that cannot run is recorded
 * as FAILED (with the reason) and dropped, so a bad record never blocks the clock.
 */
function runScheduledAction(ctx: OperationContext, p: Json): Json | undefined {
  const auth = p.regularPaymentDetails.authorizationDetails;
  const type = auth.scheduledAction.actionType;
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
function runScheduledActions(ctx: OperationContext): void {
  const now = ctx.now().getTime();
  for (const stored of ctx.db.list<Json>(TRANSACTIONS)) {
    const due = (stored.payments ?? []).filter((p: Json) => {
      const at = p.regularPaymentDetails?.authorizationDetails?.scheduledAction?.executionDate;
      return p.regularPaymentDetails?.status === 'AUTHORIZED' && at && Date.parse(at) <= now;
    });
    const order = due.length ? ctx.db.get<Json>(ORDERS, stored.orderId) : undefined;
    if (!order) continue;
    const tx = transactionsOf(ctx.db, stored.orderId);
    const acts = due.map((d: Json) => runScheduledAction(ctx, findPayment(tx, d.id))).filter(Boolean) as Json[];
    settle(ctx, order, tx, acts);
  }
}

// ---------------- create ----------------

const ORDER_NUMBER_BASE = 10000;
function nextOrderNumber(db: Db): string {
  const numbers = db
    .list<Json>(ORDERS)
    .map((o) => Number(o.number))
    .filter(Number.isFinite);
  return String(Math.max(ORDER_NUMBER_BASE, ...numbers) + 1);
}

/** Sets a line's prices (unit and totals) in the order's currency. */
function priceLine(line: Json, currency: string): Json {
  const unit = amountOf(line.price);
  const total = unit * line.quantity;
  return {
    ...line,
    price: price(unit, currency),
    priceBeforeDiscounts: price(amountOf(line.priceBeforeDiscounts ?? line.price), currency),
    totalPriceBeforeTax: price(total, currency),
    totalPriceAfterTax: price(total, currency),
    lineItemPrice: price(total, currency),
  };
}

/** A line of a created order: from the catalog (what the caller left out) or as given. */
function orderLine(
  ctx: OperationContext,
  input: Json,
  index: number,
  currency: string,
  violations: Violation[],
): Json | undefined {
  const field = `order.lineItems[${index}]`;
  if (input.quantity === undefined)
    violations.push({ field: `${field}.quantity`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  const ref = input.catalogReference;
  let fromCatalog: Json = {};
  if (ref) {
    if (ref.appId !== STORES_APP_ID)
      throw appError(
        400,
        'UNSUPPORTED_CATALOG',
        `Catalog app ${ref.appId} is not emulated (only the stores app ${STORES_APP_ID})`,
      );
    const product = findProduct(ctx.db, ref.catalogItemId);
    if (!product)
      throw appError(400, 'ITEM_NOT_FOUND', `Product ${ref.catalogItemId} not found in the catalog`, {
        catalogItemId: ref.catalogItemId,
      });
    const pricing = priceForVariant(product, ref.options ?? {});
    if (!pricing)
      throw appError(
        400,
        'VARIANT_NOT_FOUND',
        `No variant of product ${product.id} matches ${JSON.stringify(ref.options)}`,
      );
    const main = product.media?.mainMedia;
    fromCatalog = {
      catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID, options: { variantId: pricing.variantId } },
      productName: { original: product.name, translated: product.name },
      price: price(cents(pricing.price)),
      priceBeforeDiscounts: price(cents(pricing.fullPrice)),
      physicalProperties: { weight: pricing.weight, sku: pricing.sku, shippable: product.productType !== 'digital' },
      itemType: { preset: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
      ...(main?.image?.url
        ? { image: { id: main.id, url: main.image.url, width: main.image.width, height: main.image.height } }
        : {}),
    };
  } else {
    if (!input.productName?.original)
      violations.push({
        field: `${field}.productName.original`,
        description: 'is required for a line item without a catalogReference',
        violatedRule: 'REQUIRED_FIELD',
      });
    if (input.price?.amount === undefined)
      violations.push({
        field: `${field}.price.amount`,
        description: 'is required for a line item without a catalogReference',
        violatedRule: 'REQUIRED_FIELD',
      });
  }
  if (input.price?.amount !== undefined && cents(input.price.amount) < 0)
    violations.push({
      field: `${field}.price.amount`,
      description: 'must not be negative',
      violatedRule: 'DECIMAL_GTE',
    });
  if (violations.length) return undefined;
  return priceLine(
    {
      itemType: { preset: 'PHYSICAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      ...fromCatalog,
      ...input,
      // The catalog's reference names the variant by id (the caller may have named it by options).
      ...(fromCatalog.catalogReference ? { catalogReference: fromCatalog.catalogReference } : {}),
      id: ctx.newId(),
    },
    currency,
  );
}

const WRITABLE_ON_CREATE = [
  'buyerInfo',
  'billingInfo',
  'shippingInfo',
  'recipientInfo',
  'buyerNote',
  'buyerLanguage',
  'siteLanguage',
  'customFields',
  'extendedFields',
  'attributionSource',
  'purchaseFlowId',
  'taxIncludedInPrices',
  'weightUnit',
  'currency',
  'channelInfo',
  'tags',
];

function createOrder(ctx: OperationContext): Json {
  const input: Json = ctx.input.order ?? {};
  const violations: Violation[] = [];
  if (!input.lineItems?.length)
    violations.push({
      field: 'order.lineItems',
      description: 'must hold at least one line item',
      violatedRule: 'MIN_SIZE',
    });
  if (input.paymentStatus !== undefined && !['NOT_PAID', 'PAID'].includes(input.paymentStatus)) {
    violations.push({
      field: 'order.paymentStatus',
      description: 'must be NOT_PAID or PAID when an order is created',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  const currency = input.currency ?? 'USD';
  const lines = (input.lineItems ?? []).map((l: Json, i: number) => orderLine(ctx, l, i, currency, violations));
  if (violations.length) throw validationError(violations);

  const now = ctx.now().toISOString();
  const subtotal = lines.reduce((s: number, l: Json) => s + amountOf(l.price) * l.quantity, 0);
  const shipping = amountOf(input.shippingInfo?.cost?.price);
  const strategy = ctx.input.settings?.orderApprovalStrategy ?? 'DEFAULT';
  const order: Json = {
    currency,
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    channelInfo: { type: 'BACKOFFICE_MERCHANT' },
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    ...Object.fromEntries(WRITABLE_ON_CREATE.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])),
    id: ctx.newId(),
    number: nextOrderNumber(ctx.db),
    createdDate: now,
    updatedDate: now,
    purchasedDate: now,
    lineItems: lines,
    priceSummary: {
      subtotal: price(subtotal, currency),
      shipping: price(shipping, currency),
      tax: price(0, currency),
      discount: price(0, currency),
      total: price(subtotal + shipping, currency),
      additionalFees: price(0, currency),
    },
    status: strategy === 'DEFAULT' ? 'APPROVED' : 'INITIALIZED',
    paymentStatus: 'NOT_PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    activities: [activity(ctx, 'ORDER_PLACED')],
    archived: false,
  };
  const tx: Json = { id: order.id, orderId: order.id, payments: [], refunds: [] };
  if (input.paymentStatus === 'PAID') {
    // Paid elsewhere (e.g. at a till): an offline payment of the whole total.
    tx.payments.push({
      id: ctx.newId(),
      createdDate: now,
      amount: price(subtotal + shipping, currency),
      refundDisabled: false,
      regularPaymentDetails: {
        paymentGatewayOrderId: `pg-${order.number}-1`,
        offlinePayment: true,
        status: 'APPROVED',
      },
    });
  }
  derive(order, tx);
  if (order.paymentStatus === 'PAID') {
    order.activities.push(activity(ctx, 'ORDER_PAID'));
    if (order.status === 'INITIALIZED') order.status = 'APPROVED';
  }
  ctx.db.put(ORDERS, order.id, order);
  ctx.db.put(TRANSACTIONS, order.id, tx);
  emitOrder(ctx, 'created', order);
  if (order.status === 'APPROVED') emitOrder(ctx, 'approved', order);
  const settled = order;
  if (ctx.input.settings?.sendNotifications && settled.buyerInfo?.email) {
    ctx.sendMail({
      to: settled.buyerInfo.email,
      kind: 'order-confirmation',
      subject: `Order #${settled.number} confirmed`,
      text: `Thank you for your order #${settled.number} (total ${settled.priceSummary.total.formattedAmount}).`,
      data: { orderId: settled.id, orderNumber: settled.number },
    });
  }
  return settled;
}

// ---------------- update ----------------

/** Fields a field mask may name (and their sub-paths). Everything else is the provider's to set. */
const UPDATABLE = new Set([
  'buyerInfo',
  'billingInfo',
  'shippingInfo',
  'recipientInfo',
  'buyerNote',
  'buyerLanguage',
  'siteLanguage',
  'archived',
  'seenByAHuman',
  'customFields',
  'extendedFields',
  'attributionSource',
  'purchaseFlowId',
]);

const FIELD_NAME = /^[A-Za-z_$][\w$]*$/;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const getPath = (o: Json | undefined, path: string[]) =>
  path.reduce<any>((n, k) => (n && typeof n === 'object' ? n[k] : undefined), o);
function setPath(o: Json, path: string[], value: unknown): void {
  let node = o;
  for (const k of path.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k];
  }
  if (value === undefined) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = structuredClone(value);
}

/**
 * The order after a field-mask update, not yet stored (so a bulk item that fails leaves nothing
 * behind). Without a mask, the updatable fields present in `input` are the mask.
 */
function updatedOrder(
  ctx: OperationContext,
  input: Json,
  fieldMask: string | undefined,
): { before: Json; after: Json; changed: boolean } {
  if (!input.id)
    throw validationError([{ field: 'order.id', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  const before = requireOrder(ctx, input.id);
  const mask = fieldMask
    ? fieldMask
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : Object.keys(input).filter((k) => UPDATABLE.has(k));
  for (const path of mask) {
    const segments = path.split('.');
    // Plain names only: a mask is a path into the order, never into its prototype.
    if (!UPDATABLE.has(segments[0]) || !segments.every((k) => FIELD_NAME.test(k) && !UNSAFE_KEYS.has(k)))
      throw badRequest('FIELD_NOT_UPDATABLE', `Order field ${path} cannot be updated`, { field: path });
  }
  const after = structuredClone(before);
  for (const path of mask) setPath(after, path.split('.'), getPath(input, path.split('.')));
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed) {
    if (
      JSON.stringify(after.shippingInfo?.logistics?.shippingDestination) !==
      JSON.stringify(before.shippingInfo?.logistics?.shippingDestination)
    )
      (after.activities ??= []).push(activity(ctx, 'SHIPPING_ADDRESS_EDITED'));
    if (after.buyerInfo?.email !== before.buyerInfo?.email)
      (after.activities ??= []).push(activity(ctx, 'EMAIL_EDITED'));
    after.updatedDate = ctx.now().toISOString();
  }
  return { before, after, changed };
}

function storeUpdate(ctx: OperationContext, u: { after: Json; changed: boolean }): Json {
  if (!u.changed) return u.after;
  ctx.db.put(ORDERS, u.after.id, u.after);
  emitOrder(ctx, 'updated', u.after);
  return u.after;
}

/** One bulk item's result: the error of a failed item in the provider's bulk shape. */
function bulkItem(index: number, id: string | undefined, run: () => Json, returnEntity: boolean): Json {
  try {
    const item = run();
    return { itemMetadata: { id: item.id, originalIndex: index, success: true }, ...(returnEntity ? { item } : {}) };
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    const e = err.body.details as Json;
    const code = e.applicationError?.code ?? 'INVALID_ARGUMENT';
    return {
      itemMetadata: {
        ...(id ? { id } : {}),
        originalIndex: index,
        success: false,
        error: { code, description: err.body.message },
      },
    };
  }
}

function bulkResponse(results: Json[]): Json {
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}

// ---------------- tags ----------------

const TAG_KINDS = ['tags', 'privateTags'] as const;

function tagChange(ctx: OperationContext, id: string, assign: Json, unassign: Json): Json {
  const before = requireOrder(ctx, id);
  const after = structuredClone(before);
  after.tags ??= {};
  for (const kind of TAG_KINDS) {
    const current: string[] = after.tags[kind]?.tagIds ?? [];
    const add: string[] = assign[kind]?.tagIds ?? [];
    const remove: string[] = unassign[kind]?.tagIds ?? [];
    after.tags[kind] = {
      ...after.tags[kind],
      tagIds: [...new Set([...current, ...add])].filter((t) => !remove.includes(t)),
    };
  }
  if (JSON.stringify(after.tags) === JSON.stringify(before.tags)) return before;
  after.updatedDate = ctx.now().toISOString();
  ctx.db.put(ORDERS, id, after);
  emitOrder(ctx, 'updated', after);
  return after;
}

// ---------------- cancel ----------------

/** Puts an order's store items back in the catalog's inventory; answers the lines with restockQuantity. */
function restock(ctx: OperationContext, lines: Json[]): Json[] {
  return lines.map((line) => {
    const moved = changeStock(ctx, line.catalogReference, line.quantity);
    return moved > 0 ? { ...line, restockQuantity: (line.restockQuantity ?? 0) + moved } : line;
  });
}

function cancelOrder(ctx: OperationContext): Json {
  const before = requireOrder(ctx, ctx.input.id);
  if (before.status === 'CANCELED')
    throw conflict('ORDER_ALREADY_CANCELED', `Order ${before.id} is already canceled`, { orderId: before.id });
  const email = before.buyerInfo?.email;
  if (ctx.input.sendOrderCanceledEmail && !email) {
    throw badRequest('BUYER_EMAIL_MISSING', `Order ${before.id} has no buyer e-mail to send the cancellation to`, {
      orderId: before.id,
    });
  }
  const order = structuredClone(before);
  if (ctx.input.restockAllItems) order.lineItems = restock(ctx, order.lineItems ?? []);
  order.status = 'CANCELED';
  order.activities = [
    ...(order.activities ?? []),
    activity(
      ctx,
      'ORDER_CANCELED',
      ctx.input.customMessage ? { merchantComment: { message: ctx.input.customMessage } } : {},
    ),
  ];
  ctx.db.put(ORDERS, order.id, order);
  // An authorization nothing was captured from is released with the order.
  const tx = transactionsOf(ctx.db, order.id);
  const voids = tx.payments
    .filter((p: Json) => p.regularPaymentDetails?.status === 'AUTHORIZED' && capturedOf(p) === 0)
    .map((p: Json) => voidPayment(ctx, p, 'MANUAL'));
  const canceled = settle(ctx, order, tx, voids);
  emitOrder(ctx, 'canceled', canceled);
  if (ctx.input.sendOrderCanceledEmail) {
    ctx.sendMail({
      to: email,
      kind: 'order-canceled',
      subject: `Your order #${canceled.number} was canceled`,
      text: [`Your order #${canceled.number} was canceled.`, ctx.input.customMessage].filter(Boolean).join('\n\n'),
      data: {
        orderId: canceled.id,
        orderNumber: canceled.number,
        ...(ctx.input.customMessage ? { customMessage: ctx.input.customMessage } : {}),
      },
    });
  }
  return { order: canceled };
}

// ---------------- payments collector ----------------

function preparePaymentCollection(ctx: OperationContext): Json {
  const order = requireOrder(ctx, ctx.input.ecomOrderId);
  const tx = transactionsOf(ctx.db, order.id);
  const c = collectability(order, tx);
  if (c.status !== 'COLLECTABLE')
    throw conflict(c.status, `Order ${order.id} ${COLLECTABILITY_ERRORS[c.status]}: nothing to collect`, {
      orderId: order.id,
    });
  const amount = amountOf(ctx.input.amount);
  if (amount <= 0) throw badRequest('INVALID_AMOUNT', 'amount must be greater than 0');
  if (amount > c.amount) {
    throw badRequest(
      'AMOUNT_EXCEEDS_BALANCE',
      `amount ${(amount / 100).toFixed(2)} is more than the ${(c.amount / 100).toFixed(2)} left to collect on order ${order.id}`,
      { orderId: order.id },
    );
  }
  const settings = ctx.input.delayedCaptureSettings;
  if (settings && !ctx.input.delayedCapture)
    throw badRequest(
      'DELAYED_CAPTURE_SETTINGS_WITHOUT_DELAYED_CAPTURE',
      'delayedCaptureSettings needs delayedCapture: true',
    );
  let scheduledAction: Json | undefined;
  if (settings?.scheduledAction !== undefined) {
    const unitMs = DURATION_MS[settings.delayDuration?.unit];
    if (!['VOID', 'CAPTURE'].includes(settings.scheduledAction))
      throw badRequest('INVALID_SCHEDULED_ACTION', 'delayedCaptureSettings.scheduledAction must be VOID or CAPTURE');
    if (!unitMs || !settings.delayDuration?.count)
      throw badRequest(
        'INVALID_DELAY_DURATION',
        'delayedCaptureSettings.delayDuration needs a unit (MINUTES, HOURS or DAYS) and a count',
      );
    scheduledAction = {
      actionType: settings.scheduledAction,
      executionDate: new Date(ctx.now().getTime() + unitMs * settings.delayDuration.count).toISOString(),
    };
  }
  const gatewayId = ctx.input.paymentGatewayOrderId ?? `pg-${order.number}-${tx.payments.length + 1}`;
  const taken = ctx.db
    .list<Json>(TRANSACTIONS)
    .some((t) => t.payments.some((p: Json) => p.regularPaymentDetails?.paymentGatewayOrderId === gatewayId));
  if (taken)
    throw conflict('DUPLICATE_PAYMENT_GATEWAY_ORDER_ID', `Payment gateway order id ${gatewayId} is already in use`, {
      paymentGatewayOrderId: gatewayId,
    });
  const now = ctx.now().toISOString();
  const payment: Json = {
    id: ctx.newId(),
    createdDate: now,
    updatedDate: now,
    amount: price(amount, order.currency),
    refundDisabled: false,
    regularPaymentDetails: {
      paymentGatewayOrderId: gatewayId,
      paymentMethod: 'creditCard',
      offlinePayment: false,
      status: ctx.input.delayedCapture ? 'AUTHORIZED' : 'APPROVED',
      ...(ctx.input.delayedCapture
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
  tx.payments.push(payment);
  settle(
    ctx,
    order,
    tx,
    ctx.input.delayedCapture
      ? [activity(ctx, 'AUTHORIZED_PAYMENT_CREATED', { paymentId: payment.id, amount: payment.amount })]
      : [],
  );
  return { paymentGatewayOrderId: gatewayId };
}

function capturePayments(ctx: OperationContext): Json {
  const order = requireOrder(ctx, ctx.input.ecomOrderId);
  if (order.status === 'CANCELED')
    throw conflict('ORDER_IS_CANCELED', `Order ${order.id} is canceled: its payments cannot be captured`, {
      orderId: order.id,
    });
  const tx = transactionsOf(ctx.db, order.id);
  const acts = (ctx.input.payments as Json[]).map((item) => {
    const amount = item.amount?.amount !== undefined ? amountOf(item.amount) : undefined;
    return capture(ctx, findPayment(tx, item.paymentId), amount, 'MANUAL');
  });
  settle(ctx, order, tx, acts);
  return transactionsView(tx);
}

function voidPayments(ctx: OperationContext): Json {
  const order = requireOrder(ctx, ctx.input.ecomOrderId);
  const tx = transactionsOf(ctx.db, order.id);
  const acts = (ctx.input.paymentIds as string[]).map((id) => voidPayment(ctx, findPayment(tx, id), 'MANUAL'));
  settle(ctx, order, tx, acts);
  return transactionsView(tx);
}

// ---------------- search ----------------

interface CursorState {
  filter?: Filter | null;
  sort?: SortSpec[];
  offset: number;
}

const encodeCursor = (c: CursorState) =>
  encodeBase64Url(JSON.stringify({ f: c.filter ?? null, s: c.sort ?? [], o: c.offset }));

function decodeCursor(text: string): CursorState {
  try {
    const c = JSON.parse(decodeBase64Url(text));
    if (c && typeof c === 'object' && Number.isInteger(c.o) && c.o >= 0 && Array.isArray(c.s))
      return { filter: c.f, sort: c.s, offset: c.o };
  } catch {
    // answered below
  }
  throw badRequest('INVALID_CURSOR', 'cursorPaging.cursor is not a cursor this search answered');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Filter, sort (default: newest first) and cursor paging; a cursor carries its filter, sort and position. */
function searchOrders(ctx: OperationContext): Json {
  const search: Json = ctx.input.search ?? {};
  // A limit of 0 would never move the cursor: it means the default, as no limit does.
  const limit = search.cursorPaging?.limit || DEFAULT_SEARCH_LIMIT;
  let state: CursorState = { filter: search.filter, sort: search.sort, offset: 0 };
  if (search.cursorPaging?.cursor) {
    const fromCursor = decodeCursor(search.cursorPaging.cursor);
    if (
      (search.filter !== undefined && !same(search.filter, fromCursor.filter)) ||
      (search.sort !== undefined && !same(search.sort, fromCursor.sort))
    ) {
      throw badRequest(
        'CURSOR_QUERY_MISMATCH',
        'A cursor carries its own filter and sort: send the cursor without a different filter or sort',
      );
    }
    state = fromCursor;
  }
  const sort: SortSpec[] = [
    ...(state.sort?.length ? state.sort : [{ fieldName: 'createdDate', order: 'DESC' as const }]),
    { fieldName: 'id', order: 'ASC' },
  ];
  const all = sortEntities(
    ctx.db.list<Json>(ORDERS).filter((o) => matches(o, state.filter)),
    sort,
    undefined,
    'search.sort',
  );
  const page = all.slice(state.offset, state.offset + limit);
  const hasNext = state.offset + limit < all.length;
  const cursors: Json = {};
  if (hasNext) cursors.next = encodeCursor({ ...state, offset: state.offset + limit });
  if (state.offset > 0) cursors.prev = encodeCursor({ ...state, offset: Math.max(0, state.offset - limit) });
  return { orders: page, metadata: { count: page.length, cursors, hasNext } };
}

// ---------------- seed ----------------

/** Seeded order ids; the first is the id of the spec's examples, so the console's example calls find it. */
const SEED_ORDER = orderId;

/**
 * Orders in distinct states for the console and the back office: paid, authorized with a
 * scheduled capture, fulfilled, canceled and refunded, and one in a currency the site cannot
 * collect. Ids are fixed; dates are relative to the seed time.
 */
function seed(ctx: SeedContext): void {
  let k = 0;
  const idGen = () => seededId('0e0f0000', ++k);
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * 86_400_000);
  const address = {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    postalCode: '10011',
    addressLine: '235 W 23rd St',
  };
  const contact = { firstName: 'Dana', lastName: 'Demo' };
  const product = (n: number): Json => {
    const p = ctx.db.get<Json>(PRODUCTS, productId(n));
    if (!p)
      throw new Error(`orders seed: catalog product ${productId(n)} is missing (the catalog seeds first)`);
    return p;
  };
  const line = (n: number, quantity: number, variant = 0): Json => {
    const p = product(n);
    const v = p.variants[variant];
    const unit = cents(v.variant.priceData.discountedPrice ?? v.variant.priceData.price);
    const main = p.media?.mainMedia;
    return {
      id: idGen(),
      productName: { original: p.name, translated: p.name },
      catalogReference: { catalogItemId: p.id, appId: STORES_APP_ID, options: { variantId: v.id } },
      quantity,
      price: price(unit),
      priceBeforeDiscounts: price(cents(v.variant.priceData.price)),
      image: { id: main.id, url: main.image.url, width: main.image.width, height: main.image.height },
      physicalProperties: {
        weight: v.variant.weight ?? p.weight,
        sku: v.variant.sku,
        shippable: p.productType !== 'digital',
      },
      itemType: { preset: p.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL' },
      paymentOption: 'FULL_PAYMENT_ONLINE',
    };
  };
  const clock = (d: Date) => ({ now: () => d, newId: idGen });
  type Spec = {
    n: number;
    daysAgo: number;
    lines: Json[];
    buyer: Json;
    currency?: string;
    channel?: string;
    build(order: Json, tx: Json, t: (days: number) => string): void;
  };
  const specs: Spec[] = [
    {
      n: 1,
      daysAgo: 6,
      lines: [line(1, 1, 1), line(7, 2)],
      buyer: { memberId: DEMO_MEMBER_ID, email: ctx.options.memberEmail },
      build(o, tx, t) {
        tx.payments.push(payment(o, 'APPROVED', t(6)));
        o.activities.push(activity(clock(at(6)), 'ORDER_PAID'));
      },
    },
    {
      n: 2,
      daysAgo: 1,
      lines: [line(4, 1, 1)],
      buyer: { visitorId: seededVisitorId(1), email: 'buyer@example.com' },
      build(o, tx, t) {
        const p = payment(o, 'AUTHORIZED', t(1));
        p.regularPaymentDetails.authorizationDetails = {
          delayedCapture: true,
          authorizedDate: t(1),
          captures: [],
          scheduledAction: {
            actionType: 'CAPTURE',
            executionDate: new Date(ctx.now.getTime() + 3 * 86_400_000).toISOString(),
          },
        };
        tx.payments.push(p);
        o.activities.push(activity(clock(at(1)), 'AUTHORIZED_PAYMENT_CREATED', { paymentId: p.id, amount: p.amount }));
      },
    },
    {
      n: 3,
      daysAgo: 14,
      lines: [line(11, 3), line(12, 1)],
      buyer: { memberId: DEMO_MEMBER_ID, email: ctx.options.memberEmail },
      build(o, tx, t) {
        tx.payments.push(payment(o, 'APPROVED', t(14)));
        o.activities.push(
          activity(clock(at(14)), 'ORDER_PAID'),
          activity(clock(at(12)), 'TRACKING_NUMBER_ADDED'),
          activity(clock(at(12)), 'ORDER_FULFILLED'),
        );
        o.fulfillmentStatus = 'FULFILLED';
        o.tags.tags.tagIds = ['vip'];
      },
    },
    {
      n: 4,
      daysAgo: 9,
      lines: [line(13, 1)],
      buyer: { visitorId: seededVisitorId(2), email: 'changed-mind@example.com' },
      build(o, tx, t) {
        const p = payment(o, 'REFUNDED', t(9));
        tx.payments.push(p);
        tx.refunds.push({
          id: idGen(),
          createdDate: t(8),
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
          activity(clock(at(9)), 'ORDER_PAID'),
          activity(clock(at(8)), 'PAYMENT_REFUNDED', {
            orderRefunded: { manual: false, amount: p.amount, reason: 'Changed my mind' },
          }),
          activity(clock(at(8)), 'ORDER_CANCELED'),
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
      build() {},
    },
  ];
  const payment = (o: Json, status: string, date: string): Json => ({
    id: idGen(),
    createdDate: date,
    updatedDate: date,
    amount: o.priceSummary.total,
    refundDisabled: false,
    regularPaymentDetails: {
      paymentGatewayOrderId: `pg-${o.number}-1`,
      paymentMethod: 'creditCard',
      offlinePayment: false,
      status,
    },
  });
  for (const spec of specs) {
    const created = at(spec.daysAgo).toISOString();
    const currency = spec.currency ?? 'USD';
    const lines = spec.lines.map((l) => priceLine(l, currency));
    const subtotal = lines.reduce((s, l) => s + amountOf(l.price) * l.quantity, 0);
    const shipping = 500;
    const o: Json = {
      id: SEED_ORDER(spec.n),
      number: String(ORDER_NUMBER_BASE + spec.n),
      createdDate: created,
      updatedDate: created,
      purchasedDate: created,
      lineItems: lines,
      buyerInfo: spec.buyer,
      billingInfo: { address, contactDetails: contact },
      shippingInfo: {
        carrierId: 'sandbox-carrier',
        code: 'standard',
        title: 'Standard delivery',
        logistics: {
          deliveryTime: '3-5 business days',
          deliverByDate: new Date(Date.parse(created) + 5 * 86_400_000).toISOString(),
          shippingDestination: { address, contactDetails: contact },
        },
        cost: { price: price(shipping, currency) },
      },
      recipientInfo: { address, contactDetails: contact },
      priceSummary: {
        subtotal: price(subtotal, currency),
        shipping: price(shipping, currency),
        tax: price(0, currency),
        discount: price(0, currency),
        total: price(subtotal + shipping, currency),
        additionalFees: price(0, currency),
      },
      currency,
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      channelInfo: { type: spec.channel ?? 'WEB' },
      activities: [activity(clock(at(spec.daysAgo)), 'ORDER_PLACED')],
      tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
      archived: false,
    };
    const tx: Json = { id: o.id, orderId: o.id, payments: [], refunds: [] };
    spec.build(o, tx, (days) => at(days).toISOString());
    derive(o, tx);
    ctx.db.put(ORDERS, o.id, o);
    ctx.db.put(TRANSACTIONS, o.id, tx);
  }
}

export const ordersModule: SandboxModule = {
  name: 'orders',
  seed,
  runJobs: runScheduledActions,
  handlers: {
    'orders.getOrder': (ctx) => ({ order: requireOrder(ctx, ctx.input.id) }),
    'orders.searchOrders': searchOrders,
    'orders.createOrder': (ctx) => ({ order: createOrder(ctx) }),
    'orders.updateOrder': (ctx) => ({
      order: storeUpdate(ctx, updatedOrder(ctx, ctx.input.order ?? {}, ctx.input.fieldMask)),
    }),
    'orders.bulkUpdateOrders': (ctx) =>
      bulkResponse(
        (ctx.input.orders as Json[]).map((item, i) =>
          bulkItem(
            i,
            item.order?.id,
            () => storeUpdate(ctx, updatedOrder(ctx, item.order ?? {}, item.fieldMask)),
            Boolean(ctx.input.returnEntity),
          ),
        ),
      ),
    'orders.cancelOrder': cancelOrder,
    'orders.bulkUpdateOrderTags': (ctx) => {
      const assign: Json = ctx.input.assignTags ?? {};
      const unassign: Json = ctx.input.unassignTags ?? {};
      const both = TAG_KINDS.flatMap((kind) =>
        (assign[kind]?.tagIds ?? []).filter((t: string) => (unassign[kind]?.tagIds ?? []).includes(t)),
      );
      if (both.length)
        throw badRequest('TAG_ASSIGNED_AND_UNASSIGNED', `Tags ${both.join(', ')} are both assigned and unassigned`, {
          tagIds: both,
        });
      if (!TAG_KINDS.some((kind) => assign[kind]?.tagIds?.length || unassign[kind]?.tagIds?.length)) {
        throw badRequest('NO_TAGS', 'Give assignTags or unassignTags with at least one tag id');
      }
      return bulkResponse(
        (ctx.input.orderIds as string[]).map((id, i) =>
          bulkItem(i, id, () => tagChange(ctx, id, assign, unassign), true),
        ),
      );
    },
    'orders.preparePaymentCollection': preparePaymentCollection,
    'orders.getPaymentCollectabilityStatus': (ctx) => {
      const order = requireOrder(ctx, ctx.input.ecomOrderId);
      const c = collectability(order, transactionsOf(ctx.db, order.id));
      return { status: c.status, amount: price(c.amount, order.currency) };
    },
    'orders.voidAuthorizedPayments': voidPayments,
    'orders.captureAuthorizedPayments': capturePayments,
  },
};
