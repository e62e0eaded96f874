/**
 * The totals of a cart, a checkout and an order, one rule for all three, in minor units:
 * subtotal of the payable lines, a coupon and merchant discounts on it, shipping, tax at the
 * region's rate on the discounted subtotal (rounded once), a gift card, and the total. The parts
 * always add up: total = subtotal - discount + shipping + tax - gift card.
 *
 * Each discount is spread over the lines it applies to (in proportion to what is left of them),
 * so a line's share of the discounts is known and never more than the line: the coupon over every
 * line, then each merchant discount in turn over the lines it names (none named: every line). A
 * discount takes at most what is left of its lines.
 */
import { allocate, applyRate, rateOfPercent, sum, toMinor, wirePrice, type Minor, type Rate } from './money.ts';

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

export interface MerchantDiscountRule {
  amount: Minor;
  /** The indexes of the lines it applies to; undefined: the whole cart (an empty list: none of it). */
  lines?: number[];
}

export interface TotalsInput {
  lines: { unit: Minor; quantity: number }[];
  coupon?: CouponRule;
  /** Merchant discounts: each an amount in minor units, on the lines named (indexes in `lines`; none: all). */
  merchantDiscounts?: MerchantDiscountRule[];
  shipping?: Minor;
  taxRate?: Rate;
  /** The gift card's balance, in minor units. */
  giftCardBalance?: Minor;
  /** How much of the gift card the buyer asked to use (undefined: as much as it pays). */
  giftCardRequested?: Minor;
}

export interface Totals {
  subtotal: Minor;
  coupon: Minor;
  /** What each merchant discount took, in input order. */
  merchantDiscounts: Minor[];
  /** What each merchant discount's percentage is of: its lines before any discount. */
  merchantBases: Minor[];
  discount: Minor;
  /** Each line's share of the discount (coupon and merchant discounts), in input order. */
  lineDiscounts: Minor[];
  taxable: Minor;
  shipping: Minor;
  tax: Minor;
  giftCard: Minor;
  total: Minor;
}

export function computeTotals(input: TotalsInput): Totals {
  const lineTotals = input.lines.map((l) => l.unit * l.quantity);
  const subtotal = sum(lineTotals);
  /** What is left of each line once the discounts so far took their share. */
  const left = [...lineTotals];
  const every = lineTotals.map((_, i) => i);
  /** Takes `amount` (at most what is left of the lines) off the lines, in proportion; answers what it took. */
  const take = (amount: Minor, lines: number[]): Minor => {
    const taken = Math.max(0, Math.min(amount, sum(lines.map((i) => left[i]))));
    const parts = allocate(
      taken,
      lines.map((i) => left[i]),
    );
    lines.forEach((i, k) => (left[i] -= parts[k]));
    return taken;
  };
  const c = input.coupon;
  const coupon = take(
    !c ? 0 : c.kind === 'PERCENT' ? applyRate(subtotal, rateOfPercent(c.value)) : toMinor(c.value),
    every,
  );
  const merchantDiscounts = (input.merchantDiscounts ?? []).map((m) =>
    take(
      m.amount,
      (m.lines ?? every).filter((i) => i >= 0 && i < left.length),
    ),
  );
  const merchantBases = (input.merchantDiscounts ?? []).map((m) =>
    sum((m.lines ?? every).filter((i) => i >= 0 && i < left.length).map((i) => lineTotals[i])),
  );
  const discount = coupon + sum(merchantDiscounts);
  const taxable = Math.max(0, subtotal - discount);
  const shipping = input.shipping ?? 0;
  const tax = applyRate(taxable, input.taxRate ?? 0);
  const beforeGift = taxable + shipping + tax;
  const giftCard = Math.max(
    0,
    Math.min(input.giftCardBalance ?? 0, input.giftCardRequested ?? Number.POSITIVE_INFINITY, beforeGift),
  );
  return {
    subtotal,
    coupon,
    merchantDiscounts,
    merchantBases,
    discount,
    lineDiscounts: lineTotals.map((total, i) => total - left[i]),
    taxable,
    shipping,
    tax,
    giftCard,
    total: beforeGift - giftCard,
  };
}

/**
 * A merchant discount as a cart, checkout or order shows it: GLOBAL, or SPECIFIC_ITEMS with the
 * ids of its lines (the official SDK's AppliedDiscount `discountType` and `lineItemIds`; its
 * MerchantDiscount `percentage` is of the lines' price before other discounts).
 */
export function merchantDiscountApplied(
  amount: Minor,
  of: Minor,
  lineItemIds: string[] | undefined,
  currency?: string,
) {
  const percentage = of ? Math.round((amount * 10000) / of) / 100 : 0;
  return {
    discountType: lineItemIds ? ('SPECIFIC_ITEMS' as const) : ('GLOBAL' as const),
    merchantDiscount: { amount: wirePrice(amount, currency), percentage },
    ...(lineItemIds ? { lineItemIds } : {}),
  };
}
