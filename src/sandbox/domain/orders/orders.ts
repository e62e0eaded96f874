/**
 * The order rules behind `orders.*` (an order's life after it is placed, and a back-office order):
 * a created order's lines (from the catalog, or as the merchant gives them), field-mask updates of
 * the fields a merchant may change (with their activities), tags, cancel (restock, release of what
 * is still authorized, e-mail) and the payments collector (collect, capture, void).
 *
 * Sandbox choices where the provider's behaviour is not observable here:
 * - preparePaymentCollection without delayed capture is approved by the sandbox gateway at once;
 *   with delayed capture the payment is AUTHORIZED (and carries the scheduled action asked for).
 * - The sandbox site has one payment method, in USD: an order in another currency answers
 *   NONCOLLECTABLE_MISSING_PAYMENT_METHOD.
 * - A created order is placed as every order is (taxed by its shipping destination's region); a
 *   line price the caller gives is taken as the unit price, before that tax.
 */
import { badRequest, conflict, validationError } from '../../platform/errors.ts';
import { RESERVED_KEYS } from '../../platform/safe-object.ts';
import type { Db, JsonObject, OperationContext } from '../../platform/types.ts';
import type { components } from '../../../../generated/types/orders.ts';
import type { DomainContext } from '../context.ts';
import { catalogLine, type CatalogLineProblem } from '../line-items.ts';
import { decimalText, minorOf, toMinor, type Minor } from '../money.ts';
import {
  ORDERS,
  TRANSACTIONS,
  type Order,
  type OrderApprovalStrategy,
  type OrderLineItem,
  type OrderTransactionsRecord,
  type StoredOrder,
  type Tags,
} from './order-records.ts';
import { placeOrder, type LineToOrder, type OrderFields } from './place-order.ts';
import {
  activity,
  capture,
  collectability,
  COLLECTABILITY_ERRORS,
  emitOrder,
  findPayment,
  newPayment,
  price,
  requireOrder,
  settle,
  transactionsOf,
  voidPayment,
} from './settlement.ts';
import { restockOrder } from './stock.ts';

type Schemas = components['schemas'];

/** The domain context of an order rule that may e-mail the buyer. */
export type OrderContext = DomainContext & Pick<OperationContext, 'sendMail'>;

// ---------------- create ----------------

/** The catalog's part of an order line: what catalogLine builds from the stored product. */
export type CatalogPart = Omit<LineToOrder, 'quantity'> & { full: Minor };

/** Whether a catalog line could not be built (and why). */
export const isCatalogProblem = (built: object): built is CatalogLineProblem => 'problem' in built;

/** A catalog reference of an order line as the catalog prices it (hidden products too), or why not. */
export function catalogPart(db: Db, ref: Schemas['CatalogReference']): CatalogPart | CatalogLineProblem {
  const built = catalogLine(db, ref, { hidden: true });
  if (isCatalogProblem(built)) return built;
  // catalogLine answers the line's wire fields as plain JSON; they are an order line's fields.
  const part: CatalogPart = built;
  return part;
}

/**
 * A line of a created order: the catalog's (what the caller left out) or as given. A price the
 * caller gives is taken as final (a back-office order); otherwise the catalog's.
 */
export function orderLine(
  given: OrderLineItem & { quantity: number },
  fromCatalog: CatalogPart | undefined,
): LineToOrder {
  const unit = given.price?.amount !== undefined ? toMinor(given.price.amount) : fromCatalog?.unit;
  if (unit === undefined)
    throw new Error('orderLine: a line without a catalogReference needs a price (the operation checks it)');
  const { id: _id, price: _price, priceBeforeDiscounts: _before, ...rest } = given;
  return {
    itemType: { preset: 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    ...fromCatalog,
    ...rest,
    // The catalog's reference names the variant by id (the caller may have named it by options).
    ...(fromCatalog?.catalogReference ? { catalogReference: fromCatalog.catalogReference } : {}),
    unit,
    full: fromCatalog?.full ?? unit,
    quantity: given.quantity,
  };
}

/** The order fields that are the merchant's: given when an order is created, changed by an update. */
const MERCHANT_FIELDS = [
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
] as const satisfies readonly (keyof OrderFields)[];

/** The order fields a created order takes as given. */
const WRITABLE_ON_CREATE = [
  ...MERCHANT_FIELDS,
  'taxIncludedInPrices',
  'weightUnit',
  'currency',
  'channelInfo',
  'tags',
] as const satisfies readonly (keyof OrderFields)[];

/** The fields of `order` that are given, of those named. */
function given<K extends keyof OrderFields>(order: Order, keys: readonly K[]): Partial<Pick<OrderFields, K>> {
  const out: Partial<Pick<OrderFields, K>> = {};
  for (const k of keys) if (order[k] !== undefined) out[k] = order[k];
  return out;
}

export interface CreateSettings {
  orderApprovalStrategy?: OrderApprovalStrategy;
  sendNotifications?: boolean;
}

/** A back-office order from checked lines: placed as every order is, and confirmed by e-mail if asked. */
export function createOrder(
  ctx: OrderContext,
  input: Order,
  lines: LineToOrder[],
  settings: CreateSettings = {},
): StoredOrder {
  const { order } = placeOrder(ctx, {
    lines,
    currency: input.currency ?? 'USD',
    shipping: input.shippingInfo
      ? { info: input.shippingInfo, cost: minorOf(input.shippingInfo.cost?.price) }
      : undefined,
    taxCountry: input.shippingInfo?.logistics?.shippingDestination?.address?.country,
    fields: { channelInfo: { type: 'BACKOFFICE_MERCHANT' }, ...given(input, WRITABLE_ON_CREATE) },
    approval: settings.orderApprovalStrategy ?? 'DEFAULT',
    // Paid elsewhere (e.g. at a till): an offline payment of the whole total.
    payment: input.paymentStatus === 'PAID' ? { kind: 'offline' } : { kind: 'none' },
  });
  const email = order.buyerInfo?.email;
  if (settings.sendNotifications && email) {
    ctx.sendMail({
      to: email,
      kind: 'order-confirmation',
      subject: `Order #${order.number} confirmed`,
      text: `Thank you for your order #${order.number} (total ${order.priceSummary.total.formattedAmount}).`,
      data: { orderId: order.id, orderNumber: order.number },
    });
  }
  return order;
}

// ---------------- update ----------------

/** Fields a field mask may name (and their sub-paths). Everything else is the provider's to set. */
const UPDATABLE: ReadonlySet<string> = new Set([...MERCHANT_FIELDS, 'archived', 'seenByAHuman']);

const FIELD_NAME = /^[A-Za-z_$][\w$]*$/;

const isObject = (v: unknown): v is JsonObject => Boolean(v) && typeof v === 'object';

const getPath = (o: JsonObject, path: string[]): unknown =>
  path.reduce<unknown>((n, k) => (isObject(n) ? n[k] : undefined), o);

function setPath(o: JsonObject, path: string[], value: unknown): void {
  let node = o;
  for (const k of path.slice(0, -1)) {
    const next = node[k];
    node = isObject(next) ? next : (node[k] = {});
  }
  if (value === undefined) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = structuredClone(value);
}

/** An order changed but not stored yet (so a bulk item that fails leaves nothing behind). */
export interface OrderUpdate {
  before: StoredOrder;
  after: StoredOrder;
  changed: boolean;
}

/** The order after a field-mask update. Without a mask, the updatable fields present in `input` are the mask. */
export function updatedOrder(ctx: DomainContext, input: Order, fieldMask: string | undefined): OrderUpdate {
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

/** Stores an update that changed something (and emits `updated`); answers the order. */
export function storeUpdate(ctx: DomainContext, u: OrderUpdate): StoredOrder {
  if (!u.changed) return u.after;
  ctx.db.put(ORDERS, u.after.id, u.after);
  emitOrder(ctx, 'updated', u.after);
  return u.after;
}

// ---------------- tags ----------------

export const TAG_KINDS = ['tags', 'privateTags'] as const;

/** Assigns and unassigns an order's tags; an order whose tags do not change is not stored again. */
export function changeTags(ctx: DomainContext, id: string, assign: Tags, unassign: Tags): StoredOrder {
  const before = requireOrder(ctx, id);
  const after = structuredClone(before);
  const tags = (after.tags ??= {});
  for (const kind of TAG_KINDS) {
    const current = tags[kind]?.tagIds ?? [];
    const add = assign[kind]?.tagIds ?? [];
    const remove = unassign[kind]?.tagIds ?? [];
    tags[kind] = {
      ...tags[kind],
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

export interface CancelRequest {
  sendOrderCanceledEmail?: boolean;
  customMessage?: string;
  restockAllItems?: boolean;
}

/**
 * Cancels an order: restocks what it took (if asked), releases what is still authorized (what
 * was captured stays captured), emits `canceled` and e-mails the buyer (if asked).
 */
export function cancelOrder(ctx: OrderContext, id: string, request: CancelRequest): StoredOrder {
  const before = requireOrder(ctx, id);
  if (before.status === 'CANCELED')
    throw conflict('ORDER_ALREADY_CANCELED', `Order ${before.id} is already canceled`, { orderId: before.id });
  const email = before.buyerInfo?.email;
  if (request.sendOrderCanceledEmail && !email) {
    throw badRequest('BUYER_EMAIL_MISSING', `Order ${before.id} has no buyer e-mail to send the cancellation to`, {
      orderId: before.id,
    });
  }
  const order = structuredClone(before);
  if (request.restockAllItems) {
    // Only what the order took comes back (an order that took nothing restocks nothing).
    const moved = restockOrder(ctx, order.id);
    order.lineItems = order.lineItems.map((l) =>
      moved[l.id] ? { ...l, restockQuantity: (l.restockQuantity ?? 0) + moved[l.id] } : l,
    );
  }
  order.status = 'CANCELED';
  order.activities = [
    ...order.activities,
    activity(
      ctx,
      'ORDER_CANCELED',
      request.customMessage ? { merchantComment: { message: request.customMessage } } : {},
    ),
  ];
  ctx.db.put(ORDERS, order.id, order);
  const tx = transactionsOf(ctx.db, order.id);
  const voids = tx.payments
    .filter((p) => p.regularPaymentDetails?.status === 'AUTHORIZED')
    .map((p) => voidPayment(ctx, p, 'MANUAL', true));
  const canceled = settle(ctx, order, tx, voids);
  emitOrder(ctx, 'canceled', canceled);
  if (request.sendOrderCanceledEmail && email) {
    ctx.sendMail({
      to: email,
      kind: 'order-canceled',
      subject: `Your order #${canceled.number} was canceled`,
      text: [`Your order #${canceled.number} was canceled.`, request.customMessage].filter(Boolean).join('\n\n'),
      data: {
        orderId: canceled.id,
        orderNumber: canceled.number,
        ...(request.customMessage ? { customMessage: request.customMessage } : {}),
      },
    });
  }
  return canceled;
}

// ---------------- payments collector ----------------

const DURATION_MS: Readonly<Partial<Record<Schemas['DurationUnit'], number>>> = {
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

/** A payment the payments collector is asked to take (the amount in minor units). */
export interface PaymentToCollect {
  amount: Minor;
  paymentGatewayOrderId?: string;
  delayedCapture?: boolean;
  delayedCaptureSettings?: Schemas['PreparePaymentCollectionRequest']['delayedCaptureSettings'];
}

/** What is collectable of an order, and how much. */
export function collectabilityOf(ctx: DomainContext, orderId: string) {
  const order = requireOrder(ctx, orderId);
  const c = collectability(order, transactionsOf(ctx.db, order.id));
  return { status: c.status, amount: price(c.amount, order.currency) };
}

/**
 * Opens a payment of an order through the sandbox gateway: approved at once, or AUTHORIZED for a
 * delayed capture (with its scheduled action). Answers the payment's gateway order id.
 */
export function collectPayment(ctx: DomainContext, orderId: string, request: PaymentToCollect): string {
  const order = requireOrder(ctx, orderId);
  const tx = transactionsOf(ctx.db, order.id);
  const c = collectability(order, tx);
  if (c.status !== 'COLLECTABLE')
    throw conflict(c.status, `Order ${order.id} ${COLLECTABILITY_ERRORS[c.status]}: nothing to collect`, {
      orderId: order.id,
    });
  const { amount } = request;
  if (amount <= 0) throw badRequest('INVALID_AMOUNT', 'amount must be greater than 0');
  if (amount > c.amount) {
    throw badRequest(
      'AMOUNT_EXCEEDS_BALANCE',
      `amount ${decimalText(amount)} is more than the ${decimalText(c.amount)} left to collect on order ${order.id}`,
      { orderId: order.id },
    );
  }
  const settings = request.delayedCaptureSettings;
  if (settings && !request.delayedCapture)
    throw badRequest(
      'DELAYED_CAPTURE_SETTINGS_WITHOUT_DELAYED_CAPTURE',
      'delayedCaptureSettings needs delayedCapture: true',
    );
  let scheduledAction: { actionType: 'VOID' | 'CAPTURE'; executionDate: string } | undefined;
  if (settings?.scheduledAction !== undefined) {
    const unit = settings.delayDuration?.unit;
    const unitMs = unit === undefined ? undefined : DURATION_MS[unit];
    const actionType = settings.scheduledAction;
    if (actionType !== 'VOID' && actionType !== 'CAPTURE')
      throw badRequest('INVALID_SCHEDULED_ACTION', 'delayedCaptureSettings.scheduledAction must be VOID or CAPTURE');
    if (!unitMs || !settings.delayDuration?.count)
      throw badRequest(
        'INVALID_DELAY_DURATION',
        'delayedCaptureSettings.delayDuration needs a unit (MINUTES, HOURS or DAYS) and a count',
      );
    scheduledAction = {
      actionType,
      executionDate: new Date(ctx.now().getTime() + unitMs * settings.delayDuration.count).toISOString(),
    };
  }
  const gatewayId = request.paymentGatewayOrderId ?? `pg-${order.number}-${tx.payments.length + 1}`;
  const taken = ctx.db
    .list(TRANSACTIONS)
    .some((t) => t.payments.some((p) => p.regularPaymentDetails?.paymentGatewayOrderId === gatewayId));
  if (taken)
    throw conflict('DUPLICATE_PAYMENT_GATEWAY_ORDER_ID', `Payment gateway order id ${gatewayId} is already in use`, {
      paymentGatewayOrderId: gatewayId,
    });
  const now = ctx.now().toISOString();
  const payment = newPayment(now, ctx.newId(), {
    amount: price(amount, order.currency),
    gatewayOrderId: gatewayId,
    status: request.delayedCapture ? 'AUTHORIZED' : 'APPROVED',
    authorization: request.delayedCapture ? { scheduledAction } : undefined,
  });
  tx.payments.push(payment);
  settle(
    ctx,
    order,
    tx,
    request.delayedCapture
      ? [activity(ctx, 'AUTHORIZED_PAYMENT_CREATED', { paymentId: payment.id, amount: payment.amount })]
      : [],
  );
  return gatewayId;
}

/** Captures authorized payments of an order (each in full, or the amount given in minor units). */
export function captureAuthorized(
  ctx: DomainContext,
  orderId: string,
  captures: { paymentId: string; amount?: Minor }[],
): OrderTransactionsRecord {
  const order = requireOrder(ctx, orderId);
  if (order.status === 'CANCELED')
    throw conflict('ORDER_IS_CANCELED', `Order ${order.id} is canceled: its payments cannot be captured`, {
      orderId: order.id,
    });
  const tx = transactionsOf(ctx.db, order.id);
  const acts = captures.map((item) => capture(ctx, findPayment(tx, item.paymentId), item.amount, 'MANUAL'));
  settle(ctx, order, tx, acts);
  return tx;
}

/** Voids authorized payments of an order. */
export function voidAuthorized(ctx: DomainContext, orderId: string, paymentIds: string[]): OrderTransactionsRecord {
  const order = requireOrder(ctx, orderId);
  const tx = transactionsOf(ctx.db, order.id);
  const acts = paymentIds.map((id) => voidPayment(ctx, findPayment(tx, id), 'MANUAL'));
  settle(ctx, order, tx, acts);
  return tx;
}
