/**
 * The orders service (openapi/orders.yaml: `/ecom/v1/orders...`, `/ecom/v1/payments-collector/...`):
 * each operation checks its request, calls the order rules (domain/orders/orders.ts, settlement.ts) and
 * shapes the answer. Search filters, sorts and pages here (cursor paging is request handling).
 */
import { badRequest, SandboxError, validationError, type Violation } from '../platform/errors.ts';
import type { OperationContext, SandboxHandlers } from '../platform/types.ts';
import { queryCursor } from '../platform/query-engine.ts';
import { minorOf, toMinor } from '../domain/money.ts';
import { ORDERS, type Order, type OrderLineItem, type StoredOrder } from '../domain/orders/order-records.ts';
import {
  cancelOrder,
  captureAuthorized,
  catalogPart,
  changeTags,
  collectabilityOf,
  collectPayment,
  createOrder,
  isCatalogProblem,
  orderLine,
  storeUpdate,
  TAG_KINDS,
  updatedOrder,
  voidAuthorized,
  type CatalogPart,
} from '../domain/orders/orders.ts';
import { catalogLineError } from '../domain/line-items.ts';
import type { LineToOrder } from '../domain/orders/place-order.ts';
import { applicationErrorCode, requireOrder, transactionsView } from '../domain/orders/settlement.ts';

const DEFAULT_SEARCH_LIMIT = 100;

// ---------------- create ----------------

/** A created order's line, checked: violations are collected, a catalog reference that prices nothing answers at once. */
function checkedLine(ctx: OperationContext, line: OrderLineItem, index: number, violations: Violation[]) {
  const field = `order.lineItems[${index}]`;
  if (line.quantity === undefined)
    violations.push({ field: `${field}.quantity`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  const ref = line.catalogReference;
  let fromCatalog: CatalogPart | undefined;
  if (ref) {
    const part = catalogPart(ctx.db, ref);
    if (isCatalogProblem(part)) throw catalogLineError(part, ref);
    fromCatalog = part;
  } else {
    if (!line.productName?.original)
      violations.push({
        field: `${field}.productName.original`,
        description: 'is required for a line item without a catalogReference',
        violatedRule: 'REQUIRED_FIELD',
      });
    if (line.price?.amount === undefined)
      violations.push({
        field: `${field}.price.amount`,
        description: 'is required for a line item without a catalogReference',
        violatedRule: 'REQUIRED_FIELD',
      });
  }
  if (line.price?.amount !== undefined && toMinor(line.price.amount) < 0)
    violations.push({
      field: `${field}.price.amount`,
      description: 'must not be negative',
      violatedRule: 'DECIMAL_GTE',
    });
  if (violations.length || line.quantity === undefined) return undefined;
  return orderLine({ ...line, quantity: line.quantity }, fromCatalog);
}

/** The lines of a created order, or a validation error naming every bad field. */
function checkedLines(ctx: OperationContext, order: Order): LineToOrder[] {
  const violations: Violation[] = [];
  if (!order.lineItems?.length)
    violations.push({
      field: 'order.lineItems',
      description: 'must hold at least one line item',
      violatedRule: 'MIN_SIZE',
    });
  if (order.paymentStatus !== undefined && order.paymentStatus !== 'NOT_PAID' && order.paymentStatus !== 'PAID') {
    violations.push({
      field: 'order.paymentStatus',
      description: 'must be NOT_PAID or PAID when an order is created',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  const lines = (order.lineItems ?? []).map((l, i) => checkedLine(ctx, l, i, violations));
  if (violations.length) throw validationError(violations);
  return lines.filter((l) => l !== undefined);
}

// ---------------- bulk answers ----------------

interface BulkResult {
  itemMetadata: {
    id?: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string };
  };
  item?: StoredOrder;
}

/** One bulk item's result: a failed item's error in the provider's bulk shape. */
function bulkItem(index: number, id: string | undefined, run: () => StoredOrder, returnEntity: boolean): BulkResult {
  try {
    const item = run();
    return { itemMetadata: { id: item.id, originalIndex: index, success: true }, ...(returnEntity ? { item } : {}) };
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    return {
      itemMetadata: {
        ...(id ? { id } : {}),
        originalIndex: index,
        success: false,
        error: { code: applicationErrorCode(err) ?? 'INVALID_ARGUMENT', description: err.body.message },
      },
    };
  }
}

function bulkResponse(results: BulkResult[]) {
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
  };
}

// ---------------- search ----------------

/** Filter, sort (default: newest first) and cursor paging; a cursor carries its filter, sort and position. */
function searchOrders(ctx: OperationContext<'orders.searchOrders'>) {
  const page = queryCursor(ctx.db.list(ORDERS), ctx.input.search ?? {}, {
    defaultLimit: DEFAULT_SEARCH_LIMIT,
    defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
    tieBreak: { fieldName: 'id', order: 'ASC' },
    sortPath: 'search.sort',
  });
  return { orders: page.items, metadata: page.metadata };
}

// ---------------- the operations ----------------

export const ordersOperations = {
  'orders.getOrder': (ctx) => ({ order: requireOrder(ctx, ctx.input.id) }),
  'orders.searchOrders': searchOrders,
  'orders.createOrder': (ctx) => {
    const input = ctx.input.order ?? {};
    return { order: createOrder(ctx, input, checkedLines(ctx, input), ctx.input.settings) };
  },
  'orders.updateOrder': (ctx) => ({
    order: storeUpdate(ctx, updatedOrder(ctx, ctx.input.order ?? {}, ctx.input.fieldMask)),
  }),
  'orders.bulkUpdateOrders': (ctx) =>
    bulkResponse(
      ctx.input.orders.map((item, i) =>
        bulkItem(
          i,
          item.order?.id,
          () => storeUpdate(ctx, updatedOrder(ctx, item.order ?? {}, item.fieldMask)),
          Boolean(ctx.input.returnEntity),
        ),
      ),
    ),
  'orders.cancelOrder': (ctx) => ({ order: cancelOrder(ctx, ctx.input.id, ctx.input) }),
  'orders.bulkUpdateOrderTags': (ctx) => {
    const assign = ctx.input.assignTags ?? {};
    const unassign = ctx.input.unassignTags ?? {};
    const both = TAG_KINDS.flatMap((kind) =>
      (assign[kind]?.tagIds ?? []).filter((t) => (unassign[kind]?.tagIds ?? []).includes(t)),
    );
    if (both.length)
      throw badRequest('TAG_ASSIGNED_AND_UNASSIGNED', `Tags ${both.join(', ')} are both assigned and unassigned`, {
        tagIds: both,
      });
    if (!TAG_KINDS.some((kind) => assign[kind]?.tagIds?.length || unassign[kind]?.tagIds?.length)) {
      throw badRequest('NO_TAGS', 'Give assignTags or unassignTags with at least one tag id');
    }
    return bulkResponse(
      ctx.input.orderIds.map((id, i) => bulkItem(i, id, () => changeTags(ctx, id, assign, unassign), true)),
    );
  },
  'orders.preparePaymentCollection': (ctx) => ({
    paymentGatewayOrderId: collectPayment(ctx, ctx.input.ecomOrderId, {
      amount: minorOf(ctx.input.amount),
      paymentGatewayOrderId: ctx.input.paymentGatewayOrderId,
      delayedCapture: ctx.input.delayedCapture,
      delayedCaptureSettings: ctx.input.delayedCaptureSettings,
    }),
  }),
  'orders.getPaymentCollectabilityStatus': (ctx) => collectabilityOf(ctx, ctx.input.ecomOrderId),
  'orders.voidAuthorizedPayments': (ctx) =>
    transactionsView(voidAuthorized(ctx, ctx.input.ecomOrderId, ctx.input.paymentIds)),
  'orders.captureAuthorizedPayments': (ctx) =>
    transactionsView(
      captureAuthorized(
        ctx,
        ctx.input.ecomOrderId,
        ctx.input.payments.map((item) => ({
          paymentId: item.paymentId,
          amount: item.amount?.amount !== undefined ? minorOf(item.amount) : undefined,
        })),
      ),
    ),
} satisfies SandboxHandlers<'orders'>;
