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
import { badRequest, conflict, SandboxError, validationError, type Violation } from '../platform/errors.ts';
import { RESERVED_KEYS } from '../platform/safe-object.ts';
import type { SandboxModule, SeedContext } from '../platform/module.ts';
import { matches, sortEntities, type Filter, type SortSpec } from '../query-engine.ts';
import type { OperationContext, SandboxHandlers } from '../platform/types.ts';
import { PRODUCTS } from '../domain/catalog.ts';
import { DEMO_MEMBER, orderId, productId, seededId, seededVisitorId, STORES_APP_ID } from '../seed/ids.ts';
import {
  activity,
  capture,
  collectability,
  COLLECTABILITY_ERRORS,
  derive,
  emitOrder,
  findPayment,
  ORDERS,
  price,
  requireOrder,
  runScheduledActions,
  settle,
  transactionsOf,
  transactionsView,
  voidPayment,
} from '../domain/settlement.ts';
import { minorOf, toMinor } from '../domain/money.ts';
import { catalogLine, catalogLineError, type CatalogLineProblem } from '../domain/line-items.ts';
import { ORDER_NUMBER_BASE, placeOrder, priceOrderLines, type LineToOrder } from '../domain/place-order.ts';
import { computeTotals } from '../domain/totals.ts';
import { restockOrder } from '../domain/stock.ts';

type Json = Record<string, any>;

import { TRANSACTIONS } from '../domain/settlement.ts';
const cents = toMinor;
const amountOf = minorOf;

const DEFAULT_SEARCH_LIMIT = 100;
const DURATION_MS: Record<string, number> = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 };

// ---------------- create ----------------

/** A line of a created order: from the catalog (what the caller left out) or as given. */
function orderLine(ctx: OperationContext, input: Json, index: number, violations: Violation[]): LineToOrder | undefined {
  const field = `order.lineItems[${index}]`;
  if (input.quantity === undefined)
    violations.push({ field: `${field}.quantity`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  const ref = input.catalogReference;
  let fromCatalog: Json = {};
  if (ref) {
    const built = catalogLine(ctx.db, ref, { hidden: true });
    if ('problem' in built) throw catalogLineError(built as CatalogLineProblem, ref);
    fromCatalog = built;
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
  // A price the caller gives is taken as final (a back-office order); otherwise the catalog's.
  const unit = input.price?.amount !== undefined ? cents(input.price.amount) : fromCatalog.unit;
  const { id: _id, price: _price, priceBeforeDiscounts: _before, ...given } = input;
  return {
    itemType: { preset: 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    ...fromCatalog,
    ...given,
    // The catalog's reference names the variant by id (the caller may have named it by options).
    ...(fromCatalog.catalogReference ? { catalogReference: fromCatalog.catalogReference } : {}),
    unit,
    full: fromCatalog.full ?? unit,
    quantity: input.quantity,
  };
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

function createOrder(ctx: OperationContext<'orders.createOrder'>): Json {
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
  const lines = (input.lineItems ?? []).map((l: Json, i: number) => orderLine(ctx, l, i, violations));
  if (violations.length) throw validationError(violations);
  const { order } = placeOrder(ctx, {
    lines,
    currency: input.currency ?? 'USD',
    shipping: input.shippingInfo ? { info: input.shippingInfo, cost: amountOf(input.shippingInfo.cost?.price) } : undefined,
    taxCountry: input.shippingInfo?.logistics?.shippingDestination?.address?.country,
    fields: {
      channelInfo: { type: 'BACKOFFICE_MERCHANT' },
      ...Object.fromEntries(WRITABLE_ON_CREATE.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])),
    },
    approval: ctx.input.settings?.orderApprovalStrategy ?? 'DEFAULT',
    // Paid elsewhere (e.g. at a till): an offline payment of the whole total.
    payment: input.paymentStatus === 'PAID' ? { kind: 'offline' } : { kind: 'none' },
  });
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

const getPath = (o: Json | undefined, path: string[]) =>
  path.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k] : undefined), o);
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
    if (!UPDATABLE.has(segments[0]) || !segments.every((k) => FIELD_NAME.test(k) && !RESERVED_KEYS.has(k)))
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

function cancelOrder(ctx: OperationContext<'orders.cancelOrder'>): Json {
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
  if (ctx.input.restockAllItems) {
    // Only what the order took comes back (an order that took nothing restocks nothing).
    const moved = restockOrder(ctx, order.id);
    order.lineItems = (order.lineItems ?? []).map((l: Json) => (moved[l.id] ? { ...l, restockQuantity: (l.restockQuantity ?? 0) + moved[l.id] } : l));
  }
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
  // What is still authorized is released with the order (what was captured stays captured).
  const tx = transactionsOf(ctx.db, order.id);
  const voids = tx.payments
    .filter((p: Json) => p.regularPaymentDetails?.status === 'AUTHORIZED')
    .map((p: Json) => voidPayment(ctx, p, 'MANUAL', true));
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

function preparePaymentCollection(ctx: OperationContext<'orders.preparePaymentCollection'>): Json {
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
    const unit = settings.delayDuration?.unit;
    const unitMs = unit === undefined ? undefined : DURATION_MS[unit];
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

function capturePayments(ctx: OperationContext<'orders.captureAuthorizedPayments'>): Json {
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

function voidPayments(ctx: OperationContext<'orders.voidAuthorizedPayments'>): Json {
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
  const line = (n: number, quantity: number, variant = 0): LineToOrder => {
    const p = product(n);
    const built = catalogLine(ctx.db, { appId: STORES_APP_ID, catalogItemId: p.id, options: { variantId: p.variants[variant].id } }, { hidden: true });
    if ('problem' in built) throw new Error(`orders seed: ${(built as CatalogLineProblem).problem} for product ${p.id}`);
    return { ...built, quantity } as LineToOrder;
  };
  const clock = (d: Date) => ({ now: () => d, newId: idGen });
  type Spec = {
    n: number;
    daysAgo: number;
    lines: LineToOrder[];
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
      buyer: { memberId: DEMO_MEMBER.id, email: ctx.options.memberEmail },
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
      buyer: { memberId: DEMO_MEMBER.id, email: ctx.options.memberEmail },
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
    // Seeded orders price their lines as placed orders do (no tax collected in the seed).
    const shipping = 500;
    const lines = priceOrderLines(spec.lines, computeTotals({ lines: spec.lines, shipping }), 0, currency, idGen);
    const subtotal = lines.reduce((s, l) => s + amountOf(l.price) * l.quantity, 0);
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
  } satisfies SandboxHandlers<'orders'>,
};
