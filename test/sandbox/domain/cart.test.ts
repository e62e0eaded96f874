/**
 * The cart's and checkout's rules on a bare store (no HTTP): lines are priced from the catalog and
 * merge by item, only what is in stock is payable, totals add up with coupon, shipping and tax,
 * a visitor's cart becomes the member's on sign-in, and a checkout orders what it can pay for.
 */
import { describe, expect, it } from 'vitest';
import { bareDomain } from '../../support/domain.ts';
import type { DomainContext } from '../../../src/sandbox/domain/context.ts';
import { currentCart, mergeVisitorCartIntoMember, newCart, saveCart } from '../../../src/sandbox/domain/cart/cart.ts';
import { addLines, payableQuantity, removeLines, setQuantities } from '../../../src/sandbox/domain/cart/cart-lines.ts';
import { pricedLines } from '../../../src/sandbox/domain/cart/cart-pricing.ts';
import { newCheckout, priceCheckout } from '../../../src/sandbox/domain/cart/checkout.ts';
import { orderFromCheckout } from '../../../src/sandbox/domain/cart/checkout-order.ts';
import { seedCarts } from '../../../src/sandbox/seed/carts.ts';
import { COUPON, GIFT_CARD } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';

function fixture(mugs = 2) {
  const { store, ctx, events } = bareDomain();
  const product = (id: string, price: number, stock: { trackQuantity: boolean; quantity?: number }) =>
    store.db.put('products', id, {
      id,
      name: id,
      productType: 'physical',
      priceData: { price },
      variants: [
        {
          id: `${id}-v`,
          choices: {},
          stock: { ...stock, inStock: stock.quantity !== 0 },
          variant: { priceData: { price } },
        },
      ],
    });
  product('mug', 16, { trackQuantity: true, quantity: mugs });
  product('shirt', 49.5, { trackQuantity: false });
  // The coupons and the gift card of the seed (it reads no sandbox option).
  seedCarts({ db: store.db, now: new Date(), options: {} as never, newId: ctx.newId });
  return { store, ctx, events };
}
const line = (item: string, quantity: number) => ({
  quantity,
  catalogReference: { appId: STORES_APP_ID, catalogItemId: item, options: { variantId: `${item}-v` } },
});
const visitor = { kind: 'visitor', visitorId: 'v1', clientId: 'c', token: 't' } as const;

describe('cart lines', () => {
  it('prices from the catalog, merges a second add of the same item, and pays only for what is in stock', () => {
    const { ctx } = fixture(2);
    const lines = addLines(ctx, [], [line('mug', 3), line('shirt', 1), line('mug', 2)]);
    expect(lines.map((l) => [l.catalogReference?.catalogItemId, l.quantity, l.price?.amount])).toEqual([
      ['mug', 5, '16.00'],
      ['shirt', 1, '49.50'],
    ]);
    expect(lines[0].availability).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 2 });
    expect(lines.map(payableQuantity)).toEqual([2, 1]);
  });

  it('refuses an unknown line id, and a quantity of 0 removes the line', () => {
    const { ctx } = fixture();
    const lines = addLines(ctx, [], [line('mug', 1), line('shirt', 1)]);
    expect(() => setQuantities(ctx.db, lines, [{ id: 'nope', quantity: 2 }])).toThrow('Line item nope not found');
    expect(() => removeLines(lines, ['nope'])).toThrow('Line item nope not found');
    expect(setQuantities(ctx.db, lines, [{ id: lines[0].id, quantity: 0 }]).map((l) => l.id)).toEqual([lines[1].id]);
  });
});

describe('cart pricing', () => {
  it('adds up in cents: coupon on the subtotal, shipping by destination, tax on the discounted subtotal', () => {
    const { ctx } = fixture(10);
    const lines = addLines(ctx, [], [line('mug', 2), line('shirt', 1)]);
    const us = pricedLines(ctx, lines, { couponCode: COUPON.tenPercent, address: { country: 'US' } });
    expect(us.priceSummary).toMatchObject({
      subtotal: { amount: '81.50' },
      discount: { amount: '8.15' },
      shipping: { amount: '5.00' },
      tax: { amount: '6.51' },
      total: { amount: '84.86' },
    });
    const { subtotal, discount, shipping, tax, total } = us.totals;
    expect(subtotal - discount + shipping + tax).toBe(total);
    expect(pricedLines(ctx, lines, { address: { country: 'BR' } }).priceSummary.shipping?.amount).toBe('15.00');
    const pickup = pricedLines(ctx, lines, { address: { country: 'US' }, selected: { code: 'pickup' } });
    expect(pickup.shippingInfo.selectedCarrierServiceOption?.code).toBe('pickup');
    expect(pickup.priceSummary.shipping?.amount).toBe('0.00');
    const nowhere = pricedLines(ctx, lines, {});
    expect(nowhere.calculationErrors.generalShippingCalculationError?.applicationError?.code).toBe(
      'MISSING_SHIPPING_ADDRESS',
    );
  });
});

describe('sign-in', () => {
  it("makes the visitor's cart the member's, or merges its lines into the member's cart", () => {
    const { ctx } = fixture(10);
    const save = (buyerInfo: { visitorId: string; memberId?: string }, lines: ReturnType<typeof line>[]) => {
      const cart = newCart(ctx, buyerInfo);
      cart.lineItems = addLines(ctx, [], lines);
      return saveCart(ctx, cart, true);
    };
    const first = save({ visitorId: 'v1' }, [line('mug', 1)]);
    mergeVisitorCartIntoMember(ctx, { visitorId: 'v1', memberId: 'm1' });
    expect(currentCart(ctx.db, { ...visitor, kind: 'member', memberId: 'm1' })?.id).toBe(first.id);
    expect(currentCart(ctx.db, visitor)).toBeUndefined();

    save({ visitorId: 'v2' }, [line('mug', 2), line('shirt', 1)]);
    mergeVisitorCartIntoMember(ctx, { visitorId: 'v2', memberId: 'm1' });
    const merged = ctx.db.get('carts', first.id)!;
    expect(merged.lineItems.map((l) => [l.catalogReference?.catalogItemId, l.quantity])).toEqual([
      ['mug', 3],
      ['shirt', 1],
    ]);
    expect(ctx.db.count('carts')).toBe(1);
  });
  it('changes nothing when the sign-in that merged fails', async () => {
    const { store, ctx } = fixture(10);
    const member = newCart(ctx, { visitorId: 'v1', memberId: 'm1' });
    member.lineItems = addLines(ctx, [], [line('mug', 1)]);
    saveCart(ctx, member, true);
    const guest = newCart(ctx, { visitorId: 'v2' });
    guest.lineItems = addLines(ctx, [], [line('mug', 2)]);
    saveCart(ctx, guest, true);
    const before = structuredClone(store.db.list('carts'));
    const signIn = store.transaction((db) => {
      mergeVisitorCartIntoMember({ ...ctx, db }, { visitorId: 'v2', memberId: 'm1' });
      throw new Error('the sign-in failed after the merge');
    });
    await expect(signIn).rejects.toThrow('the sign-in failed after the merge');
    expect(store.db.list('carts')).toEqual(before);
  });
});

describe('checkout to order', () => {
  it('orders what can be paid for, with its coupon, gift card, shipping and tax country', () => {
    const { ctx } = fixture(2);
    const lines = addLines(ctx, [], [line('mug', 5)]);
    const ck = newCheckout(ctx, { visitorId: 'v1' }, lines, {
      couponCode: COUPON.fiveOff,
      shippingAddress: { country: 'US' },
    });
    ck.giftCardCode = GIFT_CARD.code;
    priceCheckout(ctx, ck);
    const order = orderFromCheckout(ctx.db, ck, false);
    expect(order.lines.map((l) => [l.quantity, l.unit])).toEqual([[2, 1600]]);
    expect(order.coupon?.code).toBe(COUPON.fiveOff);
    expect(order.giftCard).toEqual({ id: GIFT_CARD.code, code: GIFT_CARD.code, balance: 5000 });
    expect(order.shipping?.cost).toBe(500);
    expect(order.taxCountry).toBe('US');
    expect(order.fields).toMatchObject({ checkoutId: ck.id, buyerInfo: { visitorId: 'v1' } });
  });

  it('refuses a checkout of which nothing is available', () => {
    const { ctx } = fixture(0);
    const ck = newCheckout(ctx, { visitorId: 'v1' }, addLines(ctx, [], [line('mug', 1)]), {});
    expect(() => orderFromCheckout(ctx.db, priceCheckout(ctx, ck), false)).toThrow(
      'None of the checkout line items is available',
    );
  });
});
