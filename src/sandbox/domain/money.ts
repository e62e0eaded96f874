/**
 * Money as the sandbox computes it: integer minor units (cents) inside, the provider's decimal
 * text on the wire (`{amount: "82.74", formattedAmount: "$82.74", ...}`). Every rate or percentage
 * is applied to an integer and rounded once, half away from zero, so parts always add up.
 */
import type { Violation } from '../platform/errors.ts';

/** An amount in minor units (cents for USD and EUR). Always an integer. */
export type Minor = number;

/** The provider's price object: decimal text plus its formatted forms. */
export interface WirePrice {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

/** Decimal text or a number in major units (`"16.00"`, `15.8`) to minor units, exactly for text. */
export function toMinor(value: unknown): Minor {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : 0;
  const text = String(value ?? '0').trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return 0;
  const [, sign, whole, fraction = ''] = m;
  const digits = (fraction + '000').slice(0, 3);
  // The third decimal rounds half up (the provider's amounts carry two).
  const thousandths = Number(whole || '0') * 1000 + Number(digits);
  const minor = Math.floor((thousandths + 5) / 10);
  return sign ? -minor : minor;
}

/** Minor units as the provider's decimal text (`1234` -> `"12.34"`). */
export function decimalText(minor: Minor): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units as a number in major units (the catalog's prices are JSON numbers). */
export const toMajor = (minor: Minor): number => Number(decimalText(minor));

const symbol = (currency: string) => (currency === 'USD' ? '$' : `${currency} `);

/** The wire price object for an amount in minor units. */
export function wirePrice(minor: Minor, currency = 'USD'): WirePrice {
  const text = decimalText(minor);
  return {
    amount: text,
    convertedAmount: text,
    formattedAmount: `${symbol(currency)}${text}`,
    formattedConvertedAmount: `${symbol(currency)}${text}`,
  };
}

/** The minor units of a wire price object (absent: 0). */
export const minorOf = (price: { amount?: unknown } | undefined | null): Minor => toMinor(price?.amount ?? 0);

/** Integer division rounded half away from zero. */
function divideRounded(numerator: number, denominator: number): number {
  const q = Math.floor(Math.abs(numerator) / denominator);
  const r = Math.abs(numerator) - q * denominator;
  const rounded = 2 * r >= denominator ? q + 1 : q;
  return numerator < 0 ? -rounded : rounded;
}

/** A rate as an exact fraction: parts per 100,000 (8.875 % = 8875). */
export type Rate = number;
const RATE_SCALE = 100_000;

/** A fraction (0.08875) or percentage as a Rate, exact to five decimals. */
export const rateOfFraction = (fraction: number): Rate => Math.round(fraction * RATE_SCALE);
export const rateOfPercent = (percent: number): Rate => Math.round(percent * (RATE_SCALE / 100));

/** `minor x rate`, rounded once, half up. */
export const applyRate = (minor: Minor, rate: Rate): Minor => divideRounded(minor * rate, RATE_SCALE);

export const sum = (amounts: Minor[]): Minor => amounts.reduce((a, b) => a + b, 0);

/**
 * Splits `total` over parts in proportion to `weights` (largest remainder), so the parts are
 * integers that add up to `total` exactly (a discount or tax spread over an order's lines).
 */
export function allocate(total: Minor, weights: number[]): Minor[] {
  const whole = sum(weights);
  if (whole <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / whole);
  const parts = exact.map(Math.floor);
  let left = total - sum(parts);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

/**
 * Why decimal text a caller gives as an amount is refused, in the provider's validation terms
 * (the SDK's `@decimalValue options { gte:0, maxScale }`), or undefined when it is good.
 */
export function amountViolation(field: string, text: string | undefined, maxScale = 2): Violation | undefined {
  if (text === undefined) return { field, description: 'is required', violatedRule: 'REQUIRED_FIELD' };
  const m = /^(-?)\d+(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return { field, description: 'must be a decimal number', violatedRule: 'FORMAT' };
  if (m[1] && /[1-9]/.test(text))
    return { field, description: 'must be a decimal of 0 or more', violatedRule: 'DECIMAL_GTE' };
  if ((m[2] ?? '').length > maxScale)
    return { field, description: `must have at most ${maxScale} decimal places`, violatedRule: 'DECIMAL_MAX_SCALE' };
  return undefined;
}
