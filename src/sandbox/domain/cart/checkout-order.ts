/**
 * A checkout becomes an order: its payable lines (a short line: what is left), the chosen
 * shipping, the destination's tax, its coupon and gift card go through the one order pipeline
 * (domain/orders/place-order.ts); the gift card pays its part and the checkout is completed.
 */
import { appError, conflict } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Db } from '../../platform/types.ts';
import { payableLines, payableQuantity, type LineItem } from './cart-lines.ts';
import { CURRENCY } from './cart.ts';
import { CHECKOUT_FQDN, priceCheckout, type StoredCheckout } from './checkout.ts';
import type { DomainContext } from '../context.ts';
import { couponFor } from './coupons.ts';
import { merchantRules } from './cart-pricing.ts';
import { copyField } from '../fields.ts';
import { redeemGiftCard } from './gift-cards.ts';
import { minorOf, toMinor } from '../money.ts';
import { placeOrder, type OrderToPlace } from '../orders/place-order.ts';
import { CARRIER } from './shipping.ts';

/** The wire fields of a checkout line an order keeps (prices and totals are the order's to set). */
const ORDER_LINE_FIELDS = [
  'productName',
  'catalogReference',
  'url',
  'image',
  'physicalProperties',
  'itemType',
  'descriptionLines',
  'paymentOption',
  'catalogOverrideFields',
  'serviceProperties',
] as const satisfies readonly (keyof LineItem)[];
type OrderLineFields = Pick<LineItem, (typeof ORDER_LINE_FIELDS)[number]>;

/** The fields of a line an order keeps, those it has, in the order above. */
function orderLineFields(line: LineItem): OrderLineFields {
  const fields: OrderLineFields = {};
  for (const key of ORDER_LINE_FIELDS)
    if (line[key] !== undefined) copyField<OrderLineFields, typeof key>(fields, line, key);
  return fields;
}

/** What a checkout orders: its payable lines (a short line: what is left), shipping, tax country, coupon, merchant discounts and gift card. */
export function orderFromCheckout(db: Db, ck: StoredCheckout, delayCapture: boolean): OrderToPlace {
  const orderable = payableLines(ck.lineItems);
  if (!orderable.length) throw appError(400, 'NO_AVAILABLE_ITEMS', 'None of the checkout line items is available');
  const giftCard = ck.giftCardCode ? db.get('giftCards', ck.giftCardCode) : undefined;
  const selected = ck.shippingInfo?.selectedCarrierServiceOption;
  const destination = ck.shippingInfo?.shippingDestination;
  const shippable = orderable.some((l) => l.physicalProperties?.shippable);
  return {
    lines: orderable.map((l) => ({
      ...orderLineFields(l),
      unit: minorOf(l.price),
      full: minorOf(l.fullPrice ?? l.price),
      quantity: payableQuantity(l),
    })),
    currency: ck.currency ?? CURRENCY,
    coupon: couponFor(db, ck.couponCode),
    merchantDiscounts: merchantRules(ck.merchantDiscounts, orderable),
    shipping:
      shippable && selected
        ? {
            info: {
              carrierId: CARRIER,
              code: selected.code,
              title: selected.title,
              logistics: { ...selected.logistics, shippingDestination: destination },
              cost: selected.cost,
            },
            cost: minorOf(selected.cost?.price),
          }
        : undefined,
    taxCountry: destination?.address?.country,
    giftCard: giftCard
      ? {
          id: giftCard.id,
          code: giftCard.code,
          balance: toMinor(giftCard.balance),
          ...(ck.giftCard?.requestedAmount ? { requested: minorOf(ck.giftCard.requestedAmount) } : {}),
        }
      : undefined,
    fields: {
      checkoutId: ck.id,
      ...(ck.cartId ? { cartId: ck.cartId } : {}),
      buyerInfo: ck.buyerInfo,
      ...(ck.billingInfo ? { billingInfo: ck.billingInfo } : {}),
      ...(ck.buyerNote ? { buyerNote: ck.buyerNote } : {}),
      channelInfo: { type: ck.channelType ?? 'WEB' },
      weightUnit: ck.weightUnit ?? 'KG',
    },
    approval: 'DEFAULT',
    payment: { kind: 'gateway', delayCapture },
  };
}

/**
 * Places the order of an open checkout (priced afresh), draws its gift card down by what it paid
 * and completes the checkout. A checkout makes one order.
 */
export function placeCheckoutOrder(
  ctx: DomainContext,
  stored: StoredCheckout,
  delayCapture: boolean,
): { orderId: string; paymentGatewayOrderId?: string } {
  const ck = structuredClone(stored);
  if (ck.completed) throw conflict('CHECKOUT_ALREADY_COMPLETED', `Checkout ${ck.id} already made an order`);
  priceCheckout(ctx, ck);
  const placed = placeOrder(ctx, orderFromCheckout(ctx.db, ck, delayCapture));
  if (ck.giftCardCode && placed.totals.giftCard > 0) redeemGiftCard(ctx.db, ck.giftCardCode, placed.totals.giftCard);
  ctx.db.put('checkouts', ck.id, { ...ck, completed: true });
  ctx.emit({ ...entityEvent(CHECKOUT_FQDN, 'completed', ck), retired: true });
  return {
    orderId: placed.order.id,
    ...(placed.paymentGatewayOrderId ? { paymentGatewayOrderId: placed.paymentGatewayOrderId } : {}),
  };
}
