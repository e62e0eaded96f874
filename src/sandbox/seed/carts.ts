/**
 * The carts area's seed: the coupons and the gift card the examples use, and the demo member's
 * open cart with the checkout made from it (a linen shirt, size S), so the cart and checkout
 * examples work on a fresh sandbox. The cart and checkout are made by the cart rules themselves
 * (domain/cart/cart.ts, domain/cart/checkout.ts), as the member would make them, with the ids of
 * seed/ids.ts, so they are priced and stored exactly as a real cart and checkout; a drift from
 * those ids fails the seed loudly.
 */
import { newCart, saveCart } from '../domain/cart/cart.ts';
import { addLines } from '../domain/cart/cart-lines.ts';
import { checkoutFromCart } from '../domain/cart/checkout.ts';
import type { DomainContext } from '../domain/context.ts';
import type { SeedContext } from '../platform/module.ts';
import {
  CART_ID,
  CART_LINE_ITEM_ID,
  CHECKOUT_ID,
  COUPON,
  DEMO_MEMBER,
  GIFT_CARD,
  PRODUCT,
  seededVisitorId,
  variantId,
} from './ids.ts';
import { STORES_APP_ID } from '../../provider-ids.ts';

/** The coupons and the gift card. */
export function seedCarts(ctx: SeedContext): void {
  const { tenPercent, fiveOff } = COUPON;
  ctx.db.put('coupons', tenPercent, {
    id: tenPercent,
    code: tenPercent,
    name: '10% off everything',
    kind: 'PERCENT',
    value: 10,
  });
  ctx.db.put('coupons', fiveOff, { id: fiveOff, code: fiveOff, name: '$5 off', kind: 'AMOUNT', value: 5 });
  ctx.db.put('giftCards', GIFT_CARD.code, { id: GIFT_CARD.code, code: GIFT_CARD.code, balance: GIFT_CARD.balance });
}

/** The seeded cart's one line: the linen shirt the add-to-cart examples name, size S. */
const SEEDED_CART_LINE = {
  quantity: 1,
  catalogReference: {
    catalogItemId: PRODUCT.linenShirt,
    appId: STORES_APP_ID,
    options: { variantId: variantId(1, 0) },
  },
};

/** The demo member's cart and its checkout (seeded last: made from the catalog, after the orders took their stock). */
export function seedMemberCart(seed: SeedContext): void {
  const ids = [CART_ID, CART_LINE_ITEM_ID, CHECKOUT_ID];
  const ctx: DomainContext = {
    db: seed.db,
    now: () => seed.now,
    // The cart, its line and the checkout take the seeded ids in the order the rules ask.
    newId: () => ids.shift() ?? seed.newId(),
    emit: () => undefined,
  };
  // The demo member, signed in from the third seeded visitor.
  const buyer = { memberId: DEMO_MEMBER.id, visitorId: seededVisitorId(3) };
  const cart = newCart(ctx, buyer);
  cart.lineItems = addLines(ctx, cart.lineItems, [SEEDED_CART_LINE]);
  saveCart(ctx, cart, true);
  const checkout = checkoutFromCart(ctx, buyer, cart, {});
  const got = { cart: cart.id, line: cart.lineItems[0]?.id, checkout: checkout.id };
  const want = { cart: CART_ID, line: CART_LINE_ITEM_ID, checkout: CHECKOUT_ID };
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(
      `member-cart seed: the cart rules now ask for ids in another order (got ${JSON.stringify(got)}, want ${JSON.stringify(want)})`,
    );
  }
}
