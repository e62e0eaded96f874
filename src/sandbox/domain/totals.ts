/**
 * The totals of a cart, a checkout and an order, one rule for all three, in minor units:
 * subtotal of the payable lines, a coupon and merchant discounts on it, shipping, tax at the
 * region's rate on the discounted subtotal (rounded once), a gift card, and the total. The parts
 * always add up: total = subtotal - discount + shipping + tax - gift card.
 */
import { applyRate, rateOfPercent, sum, toMinor, type Minor, type Rate } from './money.ts';

/** Tax rate per region (country), in parts per 100,000. Other countries: no tax collected. */
const TAX_RATES: Record<string, Rate> = { US: 8875, GB: 20000, DE: 19000, FR: 20000, IL: 17000 };

/** The rate of a country (0 where the sandbox collects no tax). */
export const taxRateFor = (country: string | undefined): Rate =>
  country && Object.hasOwn(TAX_RATES, country) ? TAX_RATES[country] : 0;

/** A rate as the provider's text (`"0.08875"`). */
export const rateText = (rate: Rate): string => String(rate / 100_000);

export interface CouponRule {
  kind: 'PERCENT' | 'AMOUNT' | string;
  /** Percent off, or an amount in major units. */
  value: number;
}

export interface TotalsInput {
  lines: { unit: Minor; quantity: number }[];
  coupon?: CouponRule;
  /** Merchant discounts, each an amount in minor units. */
  merchantDiscounts?: Minor[];
  shipping?: Minor;
  taxRate?: Rate;
  /** The gift card's balance, in minor units. */
  giftCardBalance?: Minor;
}

export interface Totals {
  subtotal: Minor;
  coupon: Minor;
  merchantDiscounts: Minor[];
  discount: Minor;
  taxable: Minor;
  shipping: Minor;
  tax: Minor;
  giftCard: Minor;
  total: Minor;
}

export function computeTotals(input: TotalsInput): Totals {
  const subtotal = sum(input.lines.map((l) => l.unit * l.quantity));
  const c = input.coupon;
  const coupon = !c
    ? 0
    : c.kind === 'PERCENT'
      ? applyRate(subtotal, rateOfPercent(c.value))
      : Math.min(subtotal, toMinor(c.value));
  let discount = coupon;
  const merchantDiscounts = (input.merchantDiscounts ?? []).map((m) => {
    const amount = Math.max(0, Math.min(subtotal - discount, m));
    discount += amount;
    return amount;
  });
  const taxable = Math.max(0, subtotal - discount);
  const shipping = input.shipping ?? 0;
  const tax = applyRate(taxable, input.taxRate ?? 0);
  const beforeGift = taxable + shipping + tax;
  const giftCard = Math.max(0, Math.min(input.giftCardBalance ?? 0, beforeGift));
  return {
    subtotal,
    coupon,
    merchantDiscounts,
    discount,
    taxable,
    shipping,
    tax,
    giftCard,
    total: beforeGift - giftCard,
  };
}
