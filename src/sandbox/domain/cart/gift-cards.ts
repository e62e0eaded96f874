/**
 * Gift cards (stored: `giftCards`, keyed by code): a balance that pays part of a checkout's total
 * and is drawn down by the order the checkout makes.
 */
import { appError } from '../../platform/errors.ts';
import type { Db } from '../../platform/types.ts';
import { toMajor, toMinor, type Minor } from '../money.ts';

export type GiftCardRecord = {
  id: string;
  code: string;
  /** What is left on the card, in major units. */
  balance: number;
};

declare module '../../platform/types.ts' {
  interface Collections {
    giftCards: GiftCardRecord;
  }
}

/** The gift card of a code; an unknown code is GIFT_CARD_NOT_FOUND. */
export function requireGiftCard(db: Db, code: string): GiftCardRecord {
  const card = db.get('giftCards', code);
  if (!card) throw appError(400, 'GIFT_CARD_NOT_FOUND', `Gift card ${code} not found`);
  return card;
}

/** Takes an amount off a card's balance. */
export function redeemGiftCard(db: Db, code: string, amount: Minor): void {
  const card = requireGiftCard(db, code);
  db.put('giftCards', card.id, { ...card, balance: toMajor(toMinor(card.balance) - amount) });
}
