/**
 * One cart, two APIs, through our client: the cart's events under both APIs' names, the
 * visitor's V2 cart following them into their membership, and refusals in V2's words (their
 * exact descriptions pinned) that change nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  authentication,
  cartV2,
  createClient,
  currentCart,
  currentCartV2,
  isApplicationError,
  OAuthStrategy,
  withDirectLogin,
} from '../../../src/index.ts';
import { COUPON, DEMO_MEMBER, GIFT_CARD, PRODUCT, variantId } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { API_KEY, call, CLIENT_ID, nodeFrame, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const modules = { authentication, currentCart, currentCartV2, cartV2 };
function shopper() {
  const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }), { frame: nodeFrame, timeoutMs: 10_000 });
  return { auth, kit: createClient({ modules, auth, host: s.current.url }) };
}
const tote = { catalogItemId: PRODUCT.canvasTote, appId: STORES_APP_ID, options: { variantId: variantId(2, 0) } };
const notebook = { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID };

type Event = { entityFqdn: string; slug: string; entityId: string; createdEvent?: { entity: Record<string, unknown> } };
const events = async (): Promise<Event[]> => (await call(s.current.url, 'GET', '/__sandbox/events', { token: API_KEY })).body.events;
const state = async () => (await call(s.current.url, 'GET', '/__sandbox/state', { token: API_KEY })).body.collections;

describe('one cart, two APIs (our client)', () => {
  it("sends each of the cart's events under both APIs' names, each entity in its own API's shape", async () => {
    const { kit } = shopper();
    const before = (await events()).length;
    const { cart } = await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: tote }] });
    await kit.currentCartV2.addCouponToCurrentCart({ coupon: { code: COUPON.tenPercent } });
    await kit.currentCartV2.calculateCurrentCart({});
    await kit.currentCartV2.deleteCurrentCart();
    const mine = (await events()).slice(before).filter((e) => e.entityId === cart.id);
    expect(mine.map((e) => `${e.entityFqdn} ${e.slug}`)).toEqual([
      'wix.ecom.v1.cart created',
      'wix.ecom.v2.cart created',
      'wix.ecom.v1.cart updated',
      'wix.ecom.v2.cart updated',
      'wix.ecom.v2.cart calculated',
      'wix.ecom.v1.cart deleted',
      'wix.ecom.v2.cart deleted',
    ]);
    const [v1, v2] = mine;
    expect(v1.createdEvent!.entity).toMatchObject({ id: cart.id, lineItems: [{ quantity: 1 }] });
    expect(v1.createdEvent!.entity).not.toHaveProperty('v2');
    expect(v2.createdEvent!.entity).toMatchObject({ id: cart.id, revision: '1', lineItems: [{ quantityInfo: { requestedQuantity: 1 } }] });
  });

  it("a visitor's V2 cart follows them into their membership, merged with the member's cart", async () => {
    const member = shopper();
    const loggedIn = await member.auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    member.auth.setTokens(await member.auth.getMemberTokensForDirectLogin(loggedIn.data!.sessionToken!));
    const had = (await member.kit.currentCartV2.getCurrentCart()).cart;
    const hadNotebooks = had.lineItems.find((l) => l.source?.catalogReference?.catalogItemId === PRODUCT.notebook)?.quantityInfo.requestedQuantity ?? 0;

    const visitor = shopper();
    await visitor.kit.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: notebook, quantity: 2 }] });
    await visitor.kit.currentCartV2.addGiftCardToCurrentCart({ giftCard: { code: GIFT_CARD.code } });
    const visitorCartId = (await visitor.kit.currentCartV2.getCurrentCart()).cart.id;
    const again = await visitor.auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    visitor.auth.setTokens(await visitor.auth.getMemberTokensForDirectLogin(again.data!.sessionToken!));

    const v2 = (await visitor.kit.currentCartV2.getCurrentCart()).cart;
    const v1 = (await visitor.kit.currentCart.getCurrentCart()).cart;
    expect(v2.id).toBe(had.id);
    expect(v2.customerInfo?.memberId).toBe(DEMO_MEMBER.id);
    const notebooks = v2.lineItems.find((l) => l.source?.catalogReference?.catalogItemId === PRODUCT.notebook)!;
    expect(notebooks.quantityInfo.requestedQuantity).toBe(hadNotebooks + 2);
    expect(v1.lineItems!.find((l) => l.id === notebooks.id)!.quantity).toBe(hadNotebooks + 2);
    expect((await state()).carts[visitorCartId]).toBeUndefined();
    // The gift card the visitor added comes along (the member's cart had none).
    expect(v2.paymentInfo?.giftCards?.map((g) => g.obfuscatedCode)).toEqual([`****${GIFT_CARD.code.slice(-4)}`]);
  });

  it('refuses in V2 words, with the exact descriptions, and changes nothing', async () => {
    const { kit } = shopper();
    await kit.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [{ catalogReference: tote, quantity: 1 }] });
    const before = JSON.stringify(await state());
    const refusals: [string, () => Promise<unknown>, string][] = [
      ['INVALID_COUPON_CODE', () => kit.currentCartV2.addCouponToCurrentCart({ coupon: { code: 'NOPE' } }), 'Coupon NOPE does not exist'],
      ['COUPON_NOT_FOUND_IN_CART', () => kit.currentCartV2.removeCouponFromCurrentCart({ couponId: 'SAVE10' }), 'Coupon SAVE10 is not in the cart'],
      ['INVALID_GIFT_CARD_CODE', () => kit.currentCartV2.addGiftCardToCurrentCart({ giftCard: { code: 'NOT-A-CARD' } }), 'Gift card NOT-A-CARD not found'],
      [
        'DELIVERY_METHOD_MISSING_ADDRESS',
        () => kit.currentCartV2.setDeliveryMethodForCurrentCart({ deliveryMethod: { code: 'standard' } }),
        "Set the cart's delivery address (updateCart deliveryInfo.address) first",
      ],
      [
        'LINE_ITEM_NOT_FOUND_IN_CART',
        () => kit.currentCartV2.updateLineItemsInCurrentCart({ lineItems: [{ lineItemId: 'no-such-line', quantity: { newQuantity: 2 } }] }),
        'Line item no-such-line not found in the cart',
      ],
      ['NO_LINE_ITEMS_TO_ADD', () => kit.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [] }), 'Give catalogItems to add (the list is empty)'],
      ['CART_NOT_FOUND', () => kit.cartV2.getCart('no-such-cart'), 'Cart no-such-cart not found'],
    ];
    for (const [code, attempt, description] of refusals) {
      const err = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isApplicationError(err) && { code: err.code, description: err.description }, code).toEqual({ code, description });
    }
    expect(JSON.stringify(await state())).toBe(before);
  });
});
