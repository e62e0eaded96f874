/**
 * Coupons a buyer enters by code (stored: `coupons`, keyed by the code in capitals): a percent off
 * the subtotal, or an amount off it (domain/totals.ts applies them).
 */
import { appError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';

export type CouponRecord = {
  id: string;
  /** The code a buyer enters (any case). */
  code: string;
  name: string;
  kind: 'PERCENT' | 'AMOUNT';
  /** Percent off, or an amount in major units. */
  value: number;
};

declare module '../../platform/types.ts' {
  interface Collections {
    coupons: CouponRecord;
  }
}

/** The coupon of a code (none given: none); an unknown code is the provider's COUPON_DOES_NOT_EXIST. */
export function couponFor(db: Db, code: string | undefined): CouponRecord | undefined {
  if (!code) return undefined;
  const coupon = db.get('coupons', code.toUpperCase());
  if (!coupon) throw appError(400, 'COUPON_DOES_NOT_EXIST', `Coupon ${code} does not exist`, { couponCode: code });
  return coupon;
}
