/**
 * Money from the provider's decimal text, never through a float: sums and line totals in exact
 * decimals (BigInt), formatting by Intl.NumberFormat, which takes decimal text as it is.
 */
import { useMemo } from 'react';
import { useLocale } from './locale.ts';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Decimal text as an integer and its number of decimals ("12.50" -> 1250n, 2). */
function parseDecimal(text: string): { units: bigint; scale: number } {
  const m = DECIMAL.exec(text.trim());
  if (!m)
    throw new RangeError(
      `storefront-kit/react: "${text}" is not a decimal amount (digits, an optional point and digits)`,
    );
  const fraction = m[3] ?? '';
  const units = BigInt(m[2] + fraction);
  return { units: m[1] ? -units : units, scale: fraction.length };
}

function formatDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}

/** The exact sum of decimal amounts, at the largest scale among them ("1.10" + "2.5" = "3.60"). */
export function addDecimals(...amounts: string[]): string {
  const parsed = amounts.map(parseDecimal);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const sum = parsed.reduce((total, p) => total + p.units * 10n ** BigInt(scale - p.scale), 0n);
  return formatDecimal(sum, scale);
}

/** The exact product of a decimal amount and a whole quantity ("19.99" x 3 = "59.97"). */
export function multiplyDecimal(amount: string, quantity: number): string {
  if (!Number.isSafeInteger(quantity))
    throw new RangeError(`storefront-kit/react: quantity ${quantity} is not a whole number`);
  const { units, scale } = parseDecimal(amount);
  return formatDecimal(units * BigInt(quantity), scale);
}

export interface MoneyFormat {
  /** "12.50", "USD" -> "$12.50" in the provider's locale. */
  format(amount: string, currency: string): string;
  add: typeof addDecimals;
  multiply: typeof multiplyDecimal;
}

/** Intl.NumberFormat by locale and currency, made once (plain formatters, no storefront state). */
const formats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>();

function formatMoney(locale: string, amount: string, currency: string): string {
  parseDecimal(amount);
  const key = `${locale} ${currency}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  // Intl.NumberFormat reads decimal text exactly (no float on the way).
  return f.format(amount.trim() as `${number}`);
}

/** Formats decimal text in the provider's locale (`<StorefrontProvider locale>`). */
export function useMoney(): MoneyFormat {
  const locale = useLocale();
  return useMemo(
    () => ({
      format: (amount, currency) => formatMoney(locale, amount, currency),
      add: addDecimals,
      multiply: multiplyDecimal,
    }),
    [locale],
  );
}

export interface MoneyProps {
  /** Decimal text, as the provider sends prices: "12.50". */
  amount: string;
  /** ISO 4217 code: "USD". */
  currency: string;
  /** Times a whole quantity (a line's total). */
  quantity?: number;
}

/** A formatted amount in a `<data>` element whose value is the exact decimal. */
export function Money({ amount, currency, quantity }: MoneyProps) {
  // Not through useMoney: a page that only shows prices does not bundle the sums.
  const locale = useLocale();
  const value = quantity === undefined ? amount : multiplyDecimal(amount, quantity);
  return <data value={value}>{formatMoney(locale, value, currency)}</data>;
}
