/**
 * What the sandbox stores of an order and of the money moved for it: the spec's Order (written by
 * placeOrder, whichever path placed it) and one transactions record per order id, typed from the
 * spec (generated/types/orders.ts), plus the few fields the sandbox keeps beyond it: why a capture
 * happened, and which payment an activity is about.
 */
import type { components } from '../../../../generated/types/orders.ts';
import type { WirePrice } from '../money.ts';

type Schemas = components['schemas'];
/** `T` with its read-only fields writable: the sandbox is who sets `number`, `createdDate`, ... */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

export type Order = Schemas['Order'];
export type OrderLineItem = Schemas['OrderLineItem'];
export type Price = Schemas['Price'];
export type Payment = Schemas['Payment'];
export type Refund = Schemas['Refund'];
export type Refundability = Schemas['Refundability'];
export type Tags = Schemas['Tags'];
export type ActivityType = Schemas['ActivityType'];
export type OrderStatus = Schemas['OrderStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type PaymentCollectability = Schemas['PaymentCollectability'];
export type ScheduledActionType = Schemas['ScheduledActionType'];
export type OrderApprovalStrategy = Schemas['OrderApprovalStrategy'];

export const ORDERS = 'orders';
export const TRANSACTIONS = 'transactions';

/** Why a capture or a void happened: a merchant's call or the scheduled action. */
export type Reason = 'MANUAL' | 'SCHEDULED';

/** An order's activity; a payment's (AUTHORIZED_PAYMENT_*) names the payment, its amount and why. */
export type StoredActivity = Writable<Schemas['Activity']> & {
  id: string;
  createdDate: string;
  type: ActivityType;
  paymentId?: string;
  amount?: Price;
  reason?: Reason;
};

/** A placed order's line: its id, quantity and prices are always set. */
export type StoredLineItem = OrderLineItem & {
  id: string;
  quantity: number;
  price: WirePrice;
};

/** An order as stored: the spec's Order with what placing it always sets. */
export type StoredOrder = Omit<Writable<Order>, 'lineItems' | 'activities' | 'priceSummary'> & {
  id: string;
  number: string;
  createdDate: string;
  updatedDate: string;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  lineItems: StoredLineItem[];
  activities: StoredActivity[];
  priceSummary: Record<'subtotal' | 'shipping' | 'tax' | 'discount' | 'total' | 'additionalFees', WirePrice>;
};

type AuthorizationDetails = Schemas['AuthorizationDetails'];
/** One capture of an authorized payment, with why it happened. */
export type Capture = NonNullable<AuthorizationDetails['captures']>[number] & { reason?: Reason };
export type Authorization = Omit<AuthorizationDetails, 'captures'> & { captures?: Capture[] };
export type PaymentDetails = Omit<NonNullable<Payment['regularPaymentDetails']>, 'authorizationDetails'> & {
  authorizationDetails?: Authorization;
};
/** A payment of an order: through the gateway (`regularPaymentDetails`) or a gift card. */
export type StoredPayment = Omit<Payment, 'regularPaymentDetails'> & {
  id: string;
  amount: Price;
  regularPaymentDetails?: PaymentDetails;
};

/** The money moved for one order (its id is the order's). */
export type OrderTransactionsRecord = {
  id: string;
  orderId: string;
  payments: StoredPayment[];
  refunds: Refund[];
};

declare module '../../platform/types.ts' {
  interface Collections {
    orders: StoredOrder;
    transactions: OrderTransactionsRecord;
  }
}
