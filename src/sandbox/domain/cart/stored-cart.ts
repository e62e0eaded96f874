/**
 * The cart as the store keeps it (collection `carts`): Cart V1's shape, which both APIs read, and
 * the few things only Cart V2 names. Its own file so that cart.ts (V1's rules) and cart-v2.ts
 * (V2's view) both build on it without importing each other both ways.
 */
import type { components } from '../../../../generated/types/current-cart.ts';
import type { CartLine } from './cart-lines.ts';

type Schemas = components['schemas'];

export const CURRENCY = 'USD';

/**
 * What only Cart V2 names, kept beside the cart's V1 fields (domain/cart/cart-v2.ts reads it;
 * Cart V1 never answers it).
 */
export interface CartV2State {
  /** Counts the cart's changes (every write, through either API). */
  revision?: number;
  /** The gift card that pays part of the cart (V1's cart has none; a checkout made from the cart takes it). */
  giftCard?: { id: string; code: string; redeemAmount?: string };
  /** Made by `cartV2.createCart`, or ordered: the cart is nobody's current cart. */
  notCurrent?: boolean;
  /** The order the cart made (placeOrder, markCartAsCompleted). */
  orderId?: string;
}

/** A cart as stored: the spec's Cart with its id, lines and dates always there, and Cart V2's own state. */
export type StoredCart = Omit<Schemas['Cart'], 'id' | 'lineItems' | 'createdDate' | 'updatedDate'> & {
  id: string;
  lineItems: CartLine[];
  createdDate: string;
  updatedDate: string;
  v2?: CartV2State;
};

declare module '../../platform/types.ts' {
  interface Collections {
    carts: StoredCart;
  }
}
