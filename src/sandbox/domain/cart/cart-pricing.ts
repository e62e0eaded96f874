/**
 * A cart's or checkout's prices as the wire shows them: the payable lines' totals
 * (domain/totals.ts, minor units), the coupon and merchant discounts applied, the shipping options
 * and the one chosen, the tax summary and the gift card's part.
 */
import type { components } from '../../../../generated/types/current-cart.ts';
import type { Db } from '../../platform/types.ts';
import { payableLines, payableQuantity, type CartLine } from './cart-lines.ts';
import { couponFor } from './coupons.ts';
import type { GiftCardRecord } from './gift-cards.ts';
import { minorOf, toMinor, wirePrice, type Minor } from '../money.ts';
import { CARRIER, chosenOption, shippingOptions, type Address } from './shipping.ts';
import {
  computeTotals,
  merchantDiscountApplied,
  rateText,
  taxRateFor,
  type MerchantDiscountRule,
  type Totals,
} from '../totals.ts';

type Schemas = components['schemas'];
export type AppliedDiscount = Schemas['AppliedDiscount'];
export type MerchantDiscount = Schemas['MerchantDiscount'];

export interface PricingOptions {
  couponCode?: string;
  merchantDiscounts?: MerchantDiscount[];
  address?: Address;
  /** The buyer's shipping choice (its code). */
  selected?: { code?: string };
  giftCard?: GiftCardRecord;
  /** How much of the gift card to use (minor units; undefined: as much as it pays). */
  giftCardAmount?: Minor;
  calculateTax?: boolean;
  calculateShipping?: boolean;
}

/** The lines a merchant discount names (none named: the whole cart). */
export const namedLines = (m: MerchantDiscount): string[] | undefined =>
  m.lineItemIds?.length ? m.lineItemIds : undefined;

/**
 * Merchant discounts as the totals take them, on these (payable) lines: a named line that is not
 * among them (it cannot be paid for) is not discounted.
 */
export const merchantRules = (discounts: MerchantDiscount[] = [], lines: { id: string }[]): MerchantDiscountRule[] =>
  discounts.map((m) => {
    const ids = namedLines(m);
    return { amount: minorOf(m.amount), lines: ids && lines.flatMap((l, i) => (ids.includes(l.id) ? [i] : [])) };
  });

/** The totals of the payable lines and the discounts applied, as the wire shows them. */
export function discounted(
  db: Db,
  payable: CartLine[],
  opts: PricingOptions,
  shipping = 0,
  taxRate = 0,
): { totals: Totals; applied: AppliedDiscount[] } {
  const coupon = couponFor(db, opts.couponCode);
  const t = computeTotals({
    lines: payable.map((l) => ({ unit: minorOf(l.price), quantity: payableQuantity(l) })),
    coupon,
    merchantDiscounts: merchantRules(opts.merchantDiscounts, payable),
    shipping,
    taxRate,
    giftCardBalance: opts.giftCard ? toMinor(opts.giftCard.balance) : 0,
    giftCardRequested: opts.giftCardAmount,
  });
  const applied: AppliedDiscount[] = [];
  if (coupon) {
    applied.push({
      discountType: 'GLOBAL',
      coupon: {
        id: coupon.id,
        code: coupon.code,
        name: coupon.name,
        amount: wirePrice(t.coupon),
        couponType: coupon.kind,
      },
    });
  }
  (opts.merchantDiscounts ?? []).forEach((m, k) =>
    applied.push(merchantDiscountApplied(t.merchantDiscounts[k], t.merchantBases[k], namedLines(m))),
  );
  return { totals: t, applied };
}

/** Totals of a set of lines for an address: discounts, shipping, tax (domain/totals.ts), in the wire's shapes. */
export function pricedLines(ctx: { db: Db; now(): Date }, lines: CartLine[], opts: PricingOptions) {
  const payable = payableLines(lines);
  const shippable = payable.some((l) => l.physicalProperties?.shippable);
  const options = shippable ? shippingOptions(ctx.now(), opts.address) : [];
  const chosen =
    shippable && opts.calculateShipping !== false && opts.address
      ? chosenOption(options, opts.selected?.code)
      : undefined;
  const rate = opts.calculateTax === false ? 0 : taxRateFor(opts.address?.country);
  const { totals: t, applied } = discounted(ctx.db, payable, opts, chosen ? minorOf(chosen.cost?.price) : 0, rate);
  const calculationErrors: Schemas['CalculationErrors'] = {};
  if (!opts.address && shippable) {
    calculationErrors.generalShippingCalculationError = {
      applicationError: {
        code: 'MISSING_SHIPPING_ADDRESS',
        description: 'Shipping cannot be calculated without a shipping address',
        data: {},
      },
    };
  }
  const country = opts.address?.country;
  const shippingInfo: Schemas['ShippingInfo'] = {
    region: country ? { id: country.toLowerCase(), name: country } : undefined,
    shippingDestination: opts.address ? { address: opts.address } : undefined,
    selectedCarrierServiceOption: chosen ? { ...chosen, carrierId: CARRIER } : undefined,
    carrierServiceOptions: shippable ? [{ carrierId: CARRIER, shippingOptions: options }] : [],
  };
  const taxSummary: Schemas['TaxSummary'] = {
    taxableAmount: wirePrice(t.taxable),
    totalTax: wirePrice(t.tax),
    calculationDetails: rate
      ? { rateType: 'MANUAL_RATE', manualRateReason: 'REGION_SETTING_TO_MANUAL' }
      : { rateType: 'NO_TAX_COLLECTED' },
    taxBreakdown: rate
      ? [
          {
            jurisdictionName: country,
            jurisdictionType: 'COUNTRY',
            rate: rateText(rate),
            taxAmount: wirePrice(t.tax),
            taxableAmount: wirePrice(t.taxable),
          },
        ]
      : [],
  };
  const giftCard: Schemas['GiftCard'] | undefined = opts.giftCard
    ? {
        id: opts.giftCard.id,
        obfuscatedCode: `****${String(opts.giftCard.code).slice(-4)}`,
        amount: wirePrice(t.giftCard),
        ...(opts.giftCardAmount !== undefined ? { requestedAmount: wirePrice(opts.giftCardAmount) } : {}),
      }
    : undefined;
  const priceSummary: Schemas['PriceSummary'] = {
    subtotal: wirePrice(t.subtotal),
    discount: wirePrice(t.discount),
    shipping: wirePrice(t.shipping),
    tax: wirePrice(t.tax),
    total: wirePrice(t.total),
    additionalFees: wirePrice(0),
  };
  return {
    totals: t,
    rate,
    priceSummary,
    appliedDiscounts: applied,
    shippingInfo,
    taxSummary,
    giftCard,
    calculationErrors,
  };
}
