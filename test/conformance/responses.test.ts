/**
 * Response conformance: the provider's official SDK, unchanged, drives every operation it has
 * against the sandbox over HTTP on 127.0.0.1 (responses validated against the spec), and each
 * answer is checked against what the sandbox's state export says. A visitor shops, the site
 * owner (API key) edits the catalog, orders and members, the demo member manages their own
 * profile, and a new member goes through registration, verification and recovery.
 *
 * An operation the sandbox does not emulate yet is listed in PENDING: its call must answer the
 * sandbox's NOT_EMULATED error, and the list must equal the sandbox's own coverage table, so it
 * shrinks to empty as handlers land.
 */
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';
import { CART_V2_NOT_EMULATED } from '../../src/sandbox/operations/cart-v2.ts';
import { sdkModules, sdkOperations } from './sdk-calls.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

/** Operations the sandbox answers with NOT_EMULATED today (checked against /__sandbox/coverage). */
const PENDING: string[] = [...CART_V2_NOT_EMULATED];

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const SITE_ID = 'sandbox-site';
const DEMO = { id: '6a8c2f6e-0000-4000-8000-000000000001', email: 'demo@storefront.test', password: 'demo-password-1' };

type Sdk = Record<string, Record<string, (...args: any[]) => Promise<any>>>;
type Json = Record<string, any>;

const newSdk = (auth: unknown): Sdk => createClient({ modules: sdkModules, auth: auth as never }) as unknown as Sdk;
const owner = () => newSdk(ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }));
const visitor = () => newSdk(OAuthStrategy({ clientId: CLIENT_ID }));

/** An SDK client acting as a member, through the SDK's own authorized_client login with the API key. */
async function memberSdk(memberId: string): Promise<Sdk> {
  const auth = OAuthStrategy({ clientId: CLIENT_ID });
  auth.setTokens(await auth.generateVisitorTokens());
  auth.setTokens(await auth.getMemberTokensForExternalLogin(memberId, API_KEY));
  return newSdk(auth);
}

/** The sandbox's state export: collection -> id -> record. */
async function state(): Promise<Record<string, Record<string, Json>>> {
  return (await call(s.current.url, 'GET', '/__sandbox/state')).body.collections;
}

async function outbox(to: string): Promise<Json[]> {
  return (await call(s.current.url, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(to)}`)).body.mail;
}

async function settings(patch: Json): Promise<void> {
  const r = await call(s.current.url, 'PATCH', '/__sandbox/settings', { body: patch, token: API_KEY });
  expect(r.status).toBe(200);
}

const called = new Set<string>();
let notEmulated = new Set<string>();

/**
 * Calls `module.fn` of an SDK client and records it. A pending operation must fail with the
 * sandbox's NOT_EMULATED error; the caller's checks then do not run (`undefined` comes back).
 */
async function sdk(client: Sdk, key: string, ...args: unknown[]): Promise<any> {
  const [module, fn] = key.split('.');
  called.add(key);
  const f = client[module][fn];
  if (PENDING.includes(key)) {
    await expect(f(...args)).rejects.toMatchObject({ details: { applicationError: { code: 'NOT_EMULATED' } } });
    return undefined;
  }
  return f(...args);
}

/** Runs the checks only when the call ran (not a pending operation). */
function when<T>(value: T | undefined, check: (v: T) => void | Promise<void>): void | Promise<void> {
  if (value !== undefined) return check(value);
}

beforeAll(async () => {
  const coverage = (await call(s.current.url, 'GET', '/__sandbox/coverage')).body.operations as { operation: string; emulated: boolean }[];
  notEmulated = new Set(coverage.filter((c) => !c.emulated).map((c) => c.operation));
});

describe('the pending list follows the sandbox coverage', () => {
  it('lists exactly the operations of the official SDK the sandbox does not emulate', () => {
    const sdkKeys = new Set(sdkOperations.map((d) => d.key));
    expect([...notEmulated].filter((k) => sdkKeys.has(k)).sort()).toEqual([...PENDING].sort());
  });
});

describe('a visitor through the official SDK', () => {
  const shop = visitor();
  const ctx: Json = {};

  it('reads the catalog: products, variants, collections', async () => {
    const st = await state();
    const { products } = await sdk(shop, 'products.queryProducts', { filter: { slug: 'linen-shirt' } });
    ctx.shirt = products[0];
    expect(ctx.shirt._id).toEqual(expect.any(String));
    expect(ctx.shirt.name).toBe(st.products[ctx.shirt._id].name);

    const { product } = await sdk(shop, 'products.getProduct', ctx.shirt._id);
    expect(product.priceData.price).toBe(st.products[ctx.shirt._id].priceData.price);

    const variants = await sdk(shop, 'products.queryProductVariants', ctx.shirt._id, { paging: { limit: 50 } });
    expect(variants.variants.map((v: Json) => v._id)).toEqual(st.products[ctx.shirt._id].variants.map((v: Json) => v.id));
    [ctx.variant, ctx.variant2] = variants.variants.filter((v: Json) => v.stock.inStock);

    // Every option chosen: the answer names that variant as the state has it.
    const availability = await sdk(shop, 'products.getProductOptionsAvailability', ctx.shirt._id, ctx.variant.choices);
    const stored = st.products[ctx.shirt._id].variants.find((v: Json) => v.id === ctx.variant._id);
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant.sku).toBe(stored.variant.sku);

    const storeVariants = await sdk(shop, 'products.queryStoreVariants', { filter: { productId: ctx.shirt._id }, paging: { limit: 100 } });
    expect(storeVariants.variants.length).toBe(st.products[ctx.shirt._id].variants.length);
    const { variant } = await sdk(shop, 'products.getStoreVariant', storeVariants.variants[0]._id);
    expect(variant.productId).toBe(ctx.shirt._id);

    const v1 = await sdk(shop, 'products.getCollectionBySlug', 'all-products');
    expect(v1.collection._id).toBe(Object.values(st.collections).find((c) => c.slug === 'all-products')!.id);

    const v2 = await sdk(shop, 'collections.getCollectionBySlug', 'all-products');
    const byId = await sdk(shop, 'collections.getCollection', v2.collection._id);
    expect(byId.name).toBe(st.collections[v1.collection._id].name);
    const { collections } = await sdk(shop, 'collections.queryCollections', { paging: { limit: 50 } });
    expect(collections.length).toBe(Object.values(st.collections).filter((c) => c.visible !== false).length);
  });

  it('fills the current cart and estimates it', async () => {
    await expect(sdk(shop, 'currentCart.getCurrentCart')).rejects.toMatchObject({ details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } });
    const ref = (variantId: string) => ({ catalogItemId: ctx.shirt._id, appId: STORES_APP_ID, options: { variantId } });
    const added = await sdk(shop, 'currentCart.addToCurrentCart', { lineItems: [{ quantity: 2, catalogReference: ref(ctx.variant._id) }] });
    ctx.cartId = added.cart._id;
    let st = await state();
    const cartRecord = () => Object.values(st.carts ?? {}).find((c) => c.id === ctx.cartId)!;
    expect(cartRecord().lineItems.map((l: Json) => l.quantity)).toEqual([2]);

    const got = await sdk(shop, 'currentCart.getCurrentCart');
    expect(got._id).toBe(ctx.cartId);
    const lineId = got.lineItems[0]._id;

    const quantity = await sdk(shop, 'currentCart.updateCurrentCartLineItemQuantity', [{ _id: lineId, quantity: 3 }]);
    expect(quantity.cart.lineItems[0].quantity).toBe(3);
    st = await state();
    expect(cartRecord().lineItems[0].quantity).toBe(3);
    const updated = await sdk(shop, 'currentCart.updateCurrentCart', { couponCode: 'SAVE10', cartInfo: { buyerNote: 'gift' } });
    st = await state();
    expect(cartRecord().buyerNote).toBe('gift');
    expect(cartRecord().couponCode).toBe('SAVE10');
    expect(updated.appliedDiscounts[0].coupon.code).toBe('SAVE10');

    const estimate = await sdk(shop, 'currentCart.estimateCurrentCartTotals', { shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York' } });
    const line = cartRecord().lineItems[0];
    expect(Number(estimate.priceSummary.subtotal.amount)).toBeCloseTo(Number(line.price.amount) * line.quantity, 2);
    expect(Number(estimate.priceSummary.discount.amount)).toBeCloseTo(Number(estimate.priceSummary.subtotal.amount) * 0.1, 2);
    const noCoupon = await sdk(shop, 'currentCart.removeCouponFromCurrentCart');
    expect(noCoupon.cart.appliedDiscounts ?? []).toEqual([]);
    st = await state();
    expect(cartRecord().couponCode).toBeUndefined();

    const removed = await sdk(shop, 'currentCart.removeLineItemsFromCurrentCart', [lineId]);
    expect(removed.cart.lineItems).toEqual([]);
    st = await state();
    expect(cartRecord().lineItems).toEqual([]);
    await sdk(shop, 'currentCart.addToCurrentCart', { lineItems: [{ quantity: 1, catalogReference: ref(ctx.variant._id) }] });
    const { checkoutId } = await sdk(shop, 'currentCart.createCheckoutFromCurrentCart', { channelType: 'WEB', shippingAddress: { country: 'US', city: 'New York' } });
    st = await state();
    expect(st.checkouts[checkoutId].lineItems).toHaveLength(1);
    ctx.cartCheckoutId = checkoutId;

    await sdk(shop, 'currentCart.deleteCurrentCart');
    st = await state();
    expect(st.carts?.[ctx.cartId]).toBeUndefined();
  });

  it('checks out: checkout calls, then an order', async () => {
    const ref = { catalogItemId: ctx.shirt._id, appId: STORES_APP_ID, options: { variantId: ctx.variant._id } };
    const created = await sdk(shop, 'checkout.createCheckout', { channelType: 'WEB', lineItems: [{ quantity: 1, catalogReference: ref }] });
    const id = created._id;
    let st = await state();
    expect(st.checkouts[id].lineItems).toHaveLength(1);

    const got = await sdk(shop, 'checkout.getCheckout', id);
    expect(got._id).toBe(id);
    expect(got.lineItems.map((l: Json) => l._id)).toEqual(st.checkouts[id].lineItems.map((l: Json) => l.id));
    const byCart = await sdk(shop, 'checkout.getCheckoutByCartId', st.checkouts[ctx.cartCheckoutId].cartId);
    expect(byCart.checkout._id).toBe(ctx.cartCheckoutId);
    const url = await sdk(shop, 'checkout.getCheckoutUrl', id);
    expect(url.checkoutUrl).toContain(id);

    const ref2 = { ...ref, options: { variantId: ctx.variant2._id } };
    const more = await sdk(shop, 'checkout.addToCheckout', id, { lineItems: [{ quantity: 2, catalogReference: ref2 }] });
    expect(more.checkout.lineItems).toHaveLength(2);
    st = await state();
    const lines = st.checkouts[id].lineItems as Json[];
    expect(more.checkout.lineItems.map((l: Json) => l.quantity)).toEqual(lines.map((l) => l.quantity));

    const quantities = await sdk(shop, 'checkout.updateLineItemsQuantity', id, [{ _id: lines[0].id, quantity: 4 }]);
    expect(quantities.checkout.lineItems[0].quantity).toBe(4);
    st = await state();
    expect(st.checkouts[id].lineItems[0].quantity).toBe(4);
    const override = 'https://example.store/my-checkout';
    const updated = await sdk(shop, 'checkout.updateCheckout', id, { buyerNote: 'ring twice' }, { couponCode: 'SAVE10', giftCardCode: 'GIFT-0001-DEMO', overrideCheckoutUrl: override });
    st = await state();
    expect(st.checkouts[id]).toMatchObject({ buyerNote: 'ring twice', couponCode: 'SAVE10', giftCardCode: 'GIFT-0001-DEMO', overrideCheckoutUrl: override });
    expect(updated.appliedDiscounts[0].coupon.code).toBe('SAVE10');
    const noCoupon = await sdk(shop, 'checkout.removeCoupon', id);
    expect(noCoupon.checkout.appliedDiscounts ?? []).toEqual([]);
    const noGift = await sdk(shop, 'checkout.removeGiftCard', id);
    expect(noGift.checkout.giftCard).toBeUndefined();
    const noOverride = await sdk(shop, 'checkout.removeOverrideCheckoutUrl', id);
    expect(noOverride.checkout._id).toBe(id);
    st = await state();
    expect([st.checkouts[id].couponCode, st.checkouts[id].giftCardCode, st.checkouts[id].overrideCheckoutUrl]).toEqual([undefined, undefined, undefined]);

    const fewer = await sdk(shop, 'checkout.removeLineItems', id, [lines[1].id]);
    st = await state();
    expect(fewer.checkout.lineItems.map((l: Json) => l._id)).toEqual(st.checkouts[id].lineItems.map((l: Json) => l.id));
    expect(st.checkouts[id].lineItems).toHaveLength(1);

    const { orderId } = await sdk(shop, 'checkout.createOrder', id, {});
    st = await state();
    expect(st.orders[orderId].checkoutId).toBe(id);
    expect(st.checkouts[id].completed).toBe(true);

    const other = await sdk(shop, 'checkout.getCheckout', ctx.cartCheckoutId);
    // The SDK's markCheckoutAsCompleted resolves to nothing; the state shows the change.
    await expect(sdk(shop, 'checkout.markCheckoutAsCompleted', other._id, {})).resolves.toBeUndefined();
    st = await state();
    expect(st.checkouts[ctx.cartCheckoutId].completed).toBe(true);
  });

  it('reads members and the wishlist as a visitor and the demo member', async () => {
    const st = await state();
    const member = await sdk(shop, 'members.getMember', DEMO.id, { fieldsets: ['PUBLIC'] });
    expect(member.profile.nickname).toBe(st.members[DEMO.id].profile.nickname);
    const { members } = await sdk(shop, 'members.listMembers', { paging: { limit: 100 } });
    // A visitor sees the members who are public, and no one else.
    const publicIds = Object.values(st.members).filter((m) => m.privacyStatus === 'PUBLIC').map((m) => m.id);
    expect(members.map((m: Json) => m._id).sort()).toEqual(publicIds.sort());
    const { members: found } = await sdk(shop, 'members.queryMembers', { filter: { _id: DEMO.id } });
    expect(found.map((m: Json) => m._id)).toEqual([DEMO.id]);

    const wishlist = Object.values(st.wishlists)[0];
    const demo = await memberSdk(DEMO.id);
    const got = await sdk(demo, 'wishlist.getWishlistById', wishlist.id, { limit: 50, offset: 0 });
    expect(got._id).toBe(wishlist.id);
    expect(got.items.length).toBe(wishlist.items.length);
  });
});

describe('the site owner through the official SDK (API key)', () => {
  const admin = owner();
  const ctx: Json = {};

  it('edits the catalog', async () => {
    const { product } = await sdk(admin, 'products.createProduct', { name: 'Conformance mug', productType: 'physical', priceData: { price: 12 }, manageVariants: true, productOptions: [{ name: 'Color', choices: [{ value: 'Red', description: 'Red' }, { value: 'Blue', description: 'Blue' }] }] });
    ctx.product = product._id;
    let st = await state();
    expect(st.products[ctx.product].name).toBe('Conformance mug');

    const renamed = await sdk(admin, 'products.updateProduct', ctx.product, { name: 'Conformance mug II', brand: 'Acme', ribbon: 'New' });
    st = await state();
    expect(st.products[ctx.product].name).toBe(renamed.product.name);

    const variants = await sdk(admin, 'products.updateProductVariants', ctx.product, [{ choices: { Color: 'Red' }, price: 15, sku: 'MUG-RED' }]);
    st = await state();
    const red = st.products[ctx.product].variants.find((v: Json) => v.choices.Color === 'Red');
    expect(red.variant.priceData.price).toBe(15);
    expect(variants.variants.some((v: Json) => v.variant.sku === 'MUG-RED')).toBe(true);
    await sdk(admin, 'products.resetAllProductVariantData', ctx.product);
    st = await state();
    expect(st.products[ctx.product].variants.find((v: Json) => v.choices.Color === 'Red').variant.sku ?? '').not.toBe('MUG-RED');

    await sdk(admin, 'products.addProductMedia', ctx.product, [{ url: 'https://static.wixstatic.com/media/11062b_abc~mv2.jpg' }]);
    st = await state();
    const items = st.products[ctx.product].media.items as Json[];
    expect(items).toHaveLength(1);
    await sdk(admin, 'products.addProductMediaToChoices', ctx.product, [{ option: 'Color', choice: 'Red', mediaIds: [items[0].id] }]);
    st = await state();
    const redChoice = () => st.products[ctx.product].productOptions[0].choices.find((c: Json) => c.value === 'Red');
    expect(redChoice().media.items.map((m: Json) => m.id)).toEqual([items[0].id]);
    await sdk(admin, 'products.removeProductMediaFromChoices', ctx.product, [{ option: 'Color', choice: 'Red', mediaIds: [items[0].id] }]);
    st = await state();
    expect(redChoice().media?.items ?? []).toEqual([]);
    await sdk(admin, 'products.removeProductMedia', ctx.product, [items[0].id]);
    st = await state();
    expect(st.products[ctx.product].media.items ?? []).toEqual([]);

    await sdk(admin, 'products.removeBrand', ctx.product);
    await sdk(admin, 'products.removeRibbon', ctx.product);
    st = await state();
    expect(st.products[ctx.product].brand).toBeUndefined();
    expect(st.products[ctx.product].ribbon).toBeUndefined();

    const { collection } = await sdk(admin, 'products.createCollection', { name: 'Conformance', slug: 'conformance' });
    ctx.collection = collection._id;
    await sdk(admin, 'products.updateCollection', ctx.collection, { name: 'Conformance II' });
    await sdk(admin, 'products.addProductsToCollection', ctx.collection, [ctx.product]);
    st = await state();
    expect(st.collections[ctx.collection].name).toBe('Conformance II');
    expect(st.products[ctx.product].collectionIds).toContain(ctx.collection);
    await sdk(admin, 'products.removeProductsFromCollection', ctx.collection, [ctx.product]);
    st = await state();
    expect(st.products[ctx.product].collectionIds).not.toContain(ctx.collection);

    const set = await sdk(admin, 'products.bulkUpdateProductsProperty', [ctx.product], { price: 20 });
    expect(set.bulkActionMetadata.totalSuccesses).toBe(1);
    const adjusted = await sdk(admin, 'products.bulkAdjustProductProperty', { price: { percentage: 10 } }, [ctx.product]);
    expect(adjusted.bulkActionMetadata.totalSuccesses).toBe(1);
    st = await state();
    expect(st.products[ctx.product].priceData.price).toBe(22);

    await sdk(admin, 'products.deleteProductOptions', ctx.product);
    st = await state();
    expect(st.products[ctx.product].productOptions ?? []).toEqual([]);
    await sdk(admin, 'products.deleteCollection', ctx.collection);
    await sdk(admin, 'products.deleteProduct', ctx.product);
    st = await state();
    expect(st.collections[ctx.collection]).toBeUndefined();
    expect(st.products[ctx.product]).toBeUndefined();
  });

  it('manages orders and their payments', async () => {
    let st = await state();
    const seeded = Object.values(st.orders);
    const { orders, metadata } = await sdk(admin, 'orders.searchOrders', { filter: { status: { $eq: 'APPROVED' } }, cursorPaging: { limit: 100 } });
    await when(orders, () => {
      expect(orders.map((o: Json) => o._id).sort()).toEqual(seeded.filter((o) => o.status === 'APPROVED').map((o) => o.id).sort());
      expect(metadata.count).toBe(orders.length);
    });
    const first = seeded.find((o) => o.paymentStatus === 'PAID')!;
    const got = await sdk(admin, 'orders.getOrder', first.id);
    await when(got, () => expect(got.number).toBe(first.number));

    const created = await sdk(admin, 'orders.createOrder', {
      lineItems: [{ productName: { original: 'Gift wrap' }, quantity: 1, price: { amount: '5.00' }, itemType: { preset: 'PHYSICAL' } }],
      buyerInfo: { email: 'buyer@example.com' },
      priceSummary: { subtotal: { amount: '5.00' }, total: { amount: '5.00' } },
      currency: 'USD',
      channelInfo: { type: 'WEB' },
      status: 'APPROVED',
    });
    await when(created, async () => {
      ctx.order = created._id;
      st = await state();
      expect(st.orders[ctx.order].lineItems[0].productName.original).toBe('Gift wrap');
    });

    const updated = await sdk(admin, 'orders.updateOrder', ctx.order ?? first.id, { buyerNote: 'Ring twice' });
    await when(updated, async () => {
      st = await state();
      expect(st.orders[ctx.order].buyerNote).toBe('Ring twice');
    });
    const bulk = await sdk(admin, 'orders.bulkUpdateOrders', [{ order: { _id: ctx.order ?? first.id, archived: true }, fieldMask: ['archived'] }], { returnEntity: true });
    await when(bulk, async () => {
      st = await state();
      expect(st.orders[ctx.order].archived).toBe(true);
      expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    });
    const tags = await sdk(admin, 'orders.bulkUpdateOrderTags', [ctx.order ?? first.id], { assignTags: { tags: { tagIds: ['vip'] } } });
    await when(tags, async () => {
      st = await state();
      expect(st.orders[ctx.order].tags.tags.tagIds).toContain('vip');
    });

    const status = await sdk(admin, 'orders.getPaymentCollectabilityStatus', ctx.order ?? first.id);
    await when(status, async () => {
      st = await state();
      expect(status.status).toBe('COLLECTABLE');
      expect(Number(status.amount.amount)).toBe(Number(st.orders[ctx.order].priceSummary.total.amount));
    });
    const prepared = await sdk(admin, 'orders.preparePaymentCollection', ctx.order ?? first.id, { amount: '5.00' }, { delayedCapture: true });
    await when(prepared, async () => {
      expect(prepared.paymentGatewayOrderId).toEqual(expect.any(String));
      st = await state();
      ctx.authorized = (st.transactions[ctx.order].payments as Json[]).filter((p) => p.regularPaymentDetails?.status === 'AUTHORIZED');
      expect(ctx.authorized.map((p: Json) => p.regularPaymentDetails.paymentGatewayOrderId)).toEqual([prepared.paymentGatewayOrderId]);
    });

    // The seeded order with a delayed capture: capture it; then void another authorization.
    const authorizedOrder = seeded.find((o) => (st.transactions[o.id].payments as Json[]).some((p) => p.regularPaymentDetails?.status === 'AUTHORIZED'))!;
    const payment = (st.transactions[authorizedOrder.id].payments as Json[]).find((p) => p.regularPaymentDetails?.status === 'AUTHORIZED')!;
    const captured = await sdk(admin, 'orders.captureAuthorizedPayments', authorizedOrder.id, [{ paymentId: payment.id, amount: { amount: payment.amount.amount } }]);
    await when(captured, async () => {
      st = await state();
      const after = (st.transactions[authorizedOrder.id].payments as Json[]).find((p) => p.id === payment.id)!;
      expect(after.regularPaymentDetails.status).toBe('APPROVED');
      expect(captured.orderTransactions.orderId).toBe(authorizedOrder.id);
    });
    const toVoid = ctx.authorized?.map((p: Json) => p.id) ?? ['00000000-0000-4000-8000-00000000dead'];
    const voided = await sdk(admin, 'orders.voidAuthorizedPayments', ctx.order ?? first.id, toVoid);
    await when(voided, async () => {
      st = await state();
      const after = (st.transactions[ctx.order].payments as Json[]).find((p) => p.id === toVoid[0])!;
      expect(after.regularPaymentDetails.status).toBe('VOIDED');
    });

    const canceled = await sdk(admin, 'orders.cancelOrder', ctx.order ?? first.id, { sendOrderCanceledEmail: false });
    await when(canceled, async () => {
      st = await state();
      expect(st.orders[ctx.order].status).toBe('CANCELED');
      expect(canceled.order.status).toBe('CANCELED');
    });
  });

  it('manages members', async () => {
    const created = await sdk(admin, 'members.createMember', { member: { loginEmail: 'conformance.new@example.com', profile: { nickname: 'Conf' } } });
    const id = created._id;
    let st = await state();
    expect(st.members[id].loginEmail).toBe('conformance.new@example.com');

    const updated = await sdk(admin, 'members.updateMember', id, { profile: { nickname: 'Conf II' }, contact: { firstName: 'Con', phones: ['+1-555-0199'], emails: ['other@example.com'], addresses: [{ country: 'US', city: 'Boston' }] } });
    st = await state();
    expect(st.members[id].profile.nickname).toBe(updated.profile.nickname);
    const slug = await sdk(admin, 'members.updateMemberSlug', id, 'conf-two');
    st = await state();
    expect(st.members[id].profile.slug).toBe(slug.member.profile.slug);

    for (const [key, field] of [['members.deleteMemberPhones', 'phones'], ['members.deleteMemberEmails', 'emails'], ['members.deleteMemberAddresses', 'addresses']] as const) {
      await sdk(admin, key, id);
      st = await state();
      expect(st.members[id].contact[field] ?? [], key).toEqual([]);
    }

    await sdk(admin, 'members.muteMember', id);
    st = await state();
    expect(st.members[id].activityStatus).toBe('MUTED');
    await sdk(admin, 'members.unmuteMember', id);
    st = await state();
    expect(st.members[id].activityStatus).toBe('ACTIVE');
    await sdk(admin, 'members.blockMember', id);
    st = await state();
    expect(st.members[id].status).toBe('BLOCKED');
    await sdk(admin, 'members.approveMember', id);
    st = await state();
    expect(st.members[id].status).toBe('APPROVED');
    await sdk(admin, 'members.disconnectMember', id);
    st = await state();
    expect(st.members[id].status).toBe('OFFLINE');

    const pending = Object.values(st.members).filter((m) => m.status === 'PENDING').map((m) => m.id);
    const approved = await sdk(admin, 'members.bulkApproveMembers', { status: { $eq: 'PENDING' } });
    expect(approved.jobId).toEqual(expect.any(String));
    st = await state();
    for (const p of pending) expect(st.members[p].status).toBe('APPROVED');
    const blocked = await sdk(admin, 'members.bulkBlockMembers', { _id: { $in: pending } });
    expect(blocked.jobId).toEqual(expect.any(String));
    st = await state();
    for (const p of pending) expect(st.members[p].status).toBe('BLOCKED');
    const byFilter = await sdk(admin, 'members.bulkDeleteMembersByFilter', { _id: { $in: pending } });
    expect(byFilter.jobId).toEqual(expect.any(String));
    st = await state();
    for (const p of pending) expect(st.members[p]).toBeUndefined();

    const other = await sdk(admin, 'members.createMember', { member: { loginEmail: 'conformance.bulk@example.com' } });
    const bulk = await sdk(admin, 'members.bulkDeleteMembers', [other._id]);
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    await sdk(admin, 'members.deleteMember', id);
    st = await state();
    expect(st.members[id]).toBeUndefined();
    expect(st.members[other._id]).toBeUndefined();
  });
});

describe('members and identity through the official SDK', () => {
  const anon = visitor();
  const admin = owner();
  const ctx: Json = {};

  it('the demo member manages their own profile', async () => {
    const demo = await memberSdk(DEMO.id);
    const { member } = await sdk(demo, 'members.getCurrentMember', { fieldsets: ['FULL'] });
    let st = await state();
    expect(member._id).toBe(DEMO.id);
    expect(member.loginEmail).toBe(st.members[DEMO.id].loginEmail);

    const slug = await sdk(demo, 'members.updateCurrentMemberSlug', 'dana-conformance');
    st = await state();
    expect(st.members[DEMO.id].profile.slug).toBe(slug.member.profile.slug);
    await sdk(demo, 'members.leaveCommunity');
    st = await state();
    expect(st.members[DEMO.id].privacyStatus).toBe('PRIVATE');
    await sdk(demo, 'members.joinCommunity');
    st = await state();
    expect(st.members[DEMO.id].privacyStatus).toBe('PUBLIC');
  });

  it('registers, logs in, changes the password and deletes a new member', async () => {
    const email = 'conformance.self@example.com';
    const registered = await sdk(anon, 'authentication.registerV2', { email }, { password: 'first-pass-1', profile: { nickname: 'Self' } });
    expect(registered.state).toBe('SUCCESS');
    ctx.selfId = registered.identity._id;
    let st = await state();
    expect(st.members[ctx.selfId].loginEmail).toBe(email);
    expect(JSON.stringify(st)).not.toContain('first-pass-1');

    const login = await sdk(anon, 'authentication.loginV2', { email }, { password: 'first-pass-1' });
    expect(login.state).toBe('SUCCESS');
    expect(login.sessionToken).toEqual(expect.any(String));
    await expect(sdk(anon, 'authentication.loginV2', { email }, { password: 'wrong-pass-1' })).rejects.toMatchObject({ details: { applicationError: { code: '-19976' } } });

    const self = await memberSdk(ctx.selfId);
    await sdk(self, 'authentication.changePassword', 'second-pass-2');
    expect((await sdk(anon, 'authentication.loginV2', { email }, { password: 'second-pass-2' })).state).toBe('SUCCESS');

    // Logout ends that member login: its token is refused afterwards.
    const leaving = await memberSdk(ctx.selfId);
    const logout = await sdk(leaving, 'authentication.logout', { clientId: CLIENT_ID, postLogoutRedirectUri: 'http://localhost:5173/' });
    expect(logout.redirectUrl).toBe('http://localhost:5173/');
    await expect(leaving.members.getCurrentMember({})).rejects.toMatchObject({ details: { applicationError: { code: 'UNAUTHENTICATED' } } });

    await sdk(self, 'members.deleteMyMember', {});
    st = await state();
    expect(st.members[ctx.selfId]).toBeUndefined();
  });

  it('signs a member on with the API key and sends activation and recovery e-mails', async () => {
    const signed = await sdk(admin, 'authentication.signOn', { email: 'conformance.sso@example.com' }, { profile: { nickname: 'Sso' } });
    expect(signed.sessionToken).toEqual(expect.any(String));
    const st = await state();
    const member = Object.values(st.members).find((m) => m.loginEmail === 'conformance.sso@example.com')!;
    expect(signed.identity._id).toBe(member.id);

    await sdk(admin, 'recovery.sendActivationEmail', member.id, {});
    const activation = (await outbox(member.loginEmail)).find((m) => m.kind === 'activation')!;
    expect(activation.data.recoveryToken).toEqual(expect.any(String));
    await sdk(anon, 'recovery.sendRecoveryEmail', member.loginEmail, {});
    const recovery = (await outbox(member.loginEmail)).find((m) => m.kind === 'recovery')!;
    await sdk(anon, 'recovery.recover', recovery.data.recoveryToken, { password: 'recovered-pass-3' });
    expect((await sdk(anon, 'authentication.loginV2', { email: member.loginEmail }, { password: 'recovered-pass-3' })).state).toBe('SUCCESS');
  });

  it('verifies an e-mail during registration when the site asks for it', async () => {
    await settings({ requireEmailVerification: true });
    try {
      const email = 'conformance.verify@example.com';
      const registered = await sdk(anon, 'authentication.registerV2', { email }, { password: 'verify-pass-1' });
      expect(registered.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const mail = (await outbox(email)).filter((m) => m.kind === 'verification');
      const verified = await sdk(anon, 'verification.verifyDuringAuthentication', mail[mail.length - 1].data.code, { stateToken: registered.stateToken });
      expect(verified.state).toBe('SUCCESS');
      const st = await state();
      expect(st.members[registered.identity._id].loginEmailVerified).toBe(true);

      const started = await sdk(admin, 'verification.start', { identityId: registered.identity._id, target: 'EMAIL' });
      expect(started.verificationId).toEqual(expect.any(String));
      expect((await outbox(email)).filter((m) => m.kind === 'verification')).toHaveLength(mail.length + 1);
    } finally {
      await settings({ requireEmailVerification: false });
    }
  });

  it('creates a redirect session for login, and answers the raw oauth.token envelope in the provider format', async () => {
    const session = await sdk(anon, 'redirects.createRedirectSession', {
      auth: { authRequest: { clientId: CLIENT_ID, redirectUri: 'http://localhost:5173/callback', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', codeChallengeMethod: 'S256', responseMode: 'fragment', responseType: 'code', scope: 'offline_access', state: 'xyz' } },
    });
    const st = await state();
    expect(st.redirectSessions[session.redirectSession._id].request.authRequest.state).toBe('xyz');
    expect(new URL(session.redirectSession.fullUrl).origin).toBe(s.current.url);

    // The SDK's generated oauth.token wraps the grant as base64 bytes; the token endpoint reads
    // the JSON grant (as the SDK's own OAuthStrategy sends it), so it answers a validation error.
    const grant = new TextEncoder().encode(JSON.stringify({ clientId: CLIENT_ID, grantType: 'anonymous' }));
    const before = await state();
    await expect(sdk(anon, 'oauth.token', { body: grant })).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: '(body)', description: 'must match exactly one schema in oneOf', violatedRule: 'ONE_OF_ALIGNMENT' }] } },
    });
    expect(await state()).toEqual(before);
  });
});

describe('Catalog V3 through the official SDK', () => {
  it('a visitor reads the store through productsV3 as the state says', async () => {
    const shop = visitor();
    const st = await state();
    const shownIds = Object.values(st.products).filter((p) => p.visible !== false).map((p) => p.id).sort();
    // Flat enough for plain query parameters (`fields=CURRENCY`): the SDK sends no `.r`.
    const listed = await sdk(shop, 'productsV3.queryProducts', {}, { fields: ['CURRENCY'] });
    expect(listed.products.map((p: Json) => p._id).sort()).toEqual(shownIds);
    const { products } = await sdk(shop, 'productsV3.searchProducts', { search: { expression: 'linen shirt' } });
    expect(products.map((p: Json) => p.name)).toEqual(['Linen shirt']);
    const { count } = await sdk(shop, 'productsV3.countProducts', {});
    expect(count).toBe(shownIds.length);
    const shirt = products[0];
    const byId = await sdk(shop, 'productsV3.getProduct', shirt._id, { fields: ['VARIANT_OPTION_CHOICE_NAMES'] });
    expect(byId.variantsInfo.variants.map((v: Json) => v._id)).toEqual(st.products[shirt._id].variants.map((v: Json) => v.id));
    const bySlug = await sdk(shop, 'productsV3.getProductBySlug', st.products[shirt._id].slug);
    expect(bySlug.product._id).toBe(shirt._id);
  });

  it('the site owner creates, updates and deletes through productsV3, into the one store', async () => {
    const admin = owner();
    const variant = { price: { actualPrice: { amount: '12' } } };
    const plain = await sdk(admin, 'productsV3.createProduct', { name: 'V3 mug', variantsInfo: { variants: [variant] } });
    const stocked = await sdk(admin, 'productsV3.createProductWithInventory', {
      name: 'V3 jar',
      variantsInfo: { variants: [{ ...variant, inventoryItem: { quantity: 4 } }] },
    });
    let st = await state();
    expect(st.products[plain._id].variants[0].stock.trackQuantity).toBe(false);
    expect(st.products[stocked.product._id].variants[0].stock).toEqual({ trackQuantity: true, quantity: 4, inStock: true });
    const updated = await sdk(admin, 'productsV3.updateProduct', plain._id, { revision: plain.revision, name: 'V3 mug (blue)' });
    st = await state();
    expect([updated.name, st.products[plain._id].name, st.productRevisions[plain._id].revision]).toEqual(['V3 mug (blue)', 'V3 mug (blue)', 2]);
    await sdk(admin, 'productsV3.deleteProduct', plain._id);
    expect((await state()).products[plain._id]).toBeUndefined();
  });
});

describe('Catalog V3 beside V1, and the site\'s assets, through the official SDK', () => {
  const tree = { appNamespace: '@wix/stores' };

  it('reads categories as the stored collections and their items as the products in them', async () => {
    const shop = visitor();
    const st = await state();
    const clothing = Object.values(st.collections).find((c) => c.slug === 'clothing')!;
    const category = await sdk(shop, 'categories.getCategory', clothing.id, tree, { fields: ['DESCRIPTION'] });
    expect({ id: category._id, name: category.name, itemCounter: category.itemCounter, description: category.description }).toEqual({
      id: clothing.id,
      name: clothing.name,
      itemCounter: clothing.numberOfProducts,
      description: clothing.description,
    });
    const { categories } = await sdk(shop, 'categories.queryCategories', { cursorPaging: { limit: 100 } }, { treeReference: tree });
    expect(categories.map((c: Json) => c._id).sort()).toEqual(Object.values(st.collections).filter((c) => c.visible !== false).map((c) => c.id).sort());
    const { items } = await sdk(shop, 'categories.listItemsInCategory', clothing.id, tree, { cursorPaging: { limit: 100 } });
    expect(items.map((i: Json) => i.catalogItemId).sort()).toEqual(Object.values(st.products).filter((p) => p.collectionIds.includes(clothing.id)).map((p) => p.id).sort());
  });

  it('reads and updates inventory items as the stored variants\' stock', async () => {
    const st = await state();
    const tracked = Object.values(st.products).find((p) => p.variants.length === 1 && p.variants[0].stock.trackQuantity)!;
    const { inventoryItems } = await sdk(visitor(), 'inventoryItemsV3.queryInventoryItems', { filter: { productId: tracked.id } });
    expect(inventoryItems).toHaveLength(1);
    expect(inventoryItems[0]).toMatchObject({ productId: tracked.id, variantId: tracked.variants[0].id, quantity: tracked.variants[0].stock.quantity });
    const updated = await sdk(owner(), 'inventoryItemsV3.updateInventoryItem', inventoryItems[0]._id, { revision: inventoryItems[0].revision, quantity: 3 });
    expect(updated.quantity).toBe(3);
    expect((await state()).products[tracked.id].variants[0].stock).toMatchObject({ trackQuantity: true, quantity: 3 });
  });

  it('answers the catalog version, the site scripts and a visitor\'s current member', async () => {
    const shop = visitor();
    expect(await sdk(shop, 'catalogVersioning.getCatalogVersion')).toEqual({ catalogVersion: 'V3_CATALOG' });
    expect(await sdk(shop, 'scripts.listSiteScripts', { pageUrl: 'https://shop.example/' })).toEqual({ siteScripts: [] });
  });
});

describe('Cart V2 through the official SDK, on the one stored cart', () => {
  const NY = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10011', addressLine1: '235 W 23rd St' };
  /** The stored cart of an id, as the state export has it. */
  const stored = async (id: string) => (await state()).carts?.[id];

  it('the current cart: every call changes (or reads) the stored cart V1 reads', async () => {
    const shop = visitor();
    const st = await state();
    const product = Object.values(st.products).find((p) => p.slug === 'linen-shirt')!;
    const ref = { catalogItemId: product.id, appId: STORES_APP_ID, options: { variantId: product.variants[1].id } };
    const created = await sdk(shop, 'currentCartV2.createCurrentCart', { catalogItems: [{ catalogReference: ref, quantity: 1 }] });
    const id = created.cart._id;
    expect((await stored(id)).lineItems.map((l: Json) => l.quantity)).toEqual([1]);
    expect((await sdk(shop, 'currentCartV2.getCurrentCart')).cart._id).toBe(id);
    const added = await sdk(shop, 'currentCartV2.addLineItemsToCurrentCart', { catalogItems: [{ catalogReference: ref, quantity: 2 }] });
    expect(added.cart.lineItems[0].quantityInfo.requestedQuantity).toBe(3);
    const lineId = added.cart.lineItems[0]._id;
    await sdk(shop, 'currentCartV2.updateLineItemsInCurrentCart', { lineItems: [{ lineItemId: lineId, quantity: { newQuantity: 2 } }] });
    expect((await stored(id)).lineItems[0].quantity).toBe(2);
    await sdk(shop, 'currentCartV2.updateCurrentCart', { note: 'gift', deliveryInfo: { address: NY } });
    expect((await stored(id)).buyerNote).toBe('gift');
    expect((await stored(id)).contactInfo.address.addressLine).toBe('235 W 23rd St');
    await sdk(shop, 'currentCartV2.setDeliveryMethodForCurrentCart', { code: 'pickup' });
    expect((await stored(id)).selectedShippingOption).toEqual({ code: 'pickup' });
    await sdk(shop, 'currentCartV2.removeDeliveryMethodFromCurrentCart');
    expect((await stored(id)).selectedShippingOption).toBeUndefined();
    const coupon = await sdk(shop, 'currentCartV2.addCouponToCurrentCart', { code: 'SAVE10' });
    expect((await stored(id)).couponCode).toBe('SAVE10');
    await sdk(shop, 'currentCartV2.removeCouponFromCurrentCart', coupon.cart.coupons[0]._id);
    expect((await stored(id)).couponCode).toBeUndefined();
    const card = await sdk(shop, 'currentCartV2.addGiftCardToCurrentCart', { code: 'GIFT-0001-DEMO' });
    expect((await stored(id)).v2.giftCard.code).toBe('GIFT-0001-DEMO');
    await sdk(shop, 'currentCartV2.removeGiftCardFromCurrentCart', card.cart.paymentInfo.giftCards[0]._id);
    expect((await stored(id)).v2.giftCard).toBeUndefined();
    const revision = (await stored(id)).v2.revision;
    await sdk(shop, 'currentCartV2.refreshCurrentCart');
    expect((await stored(id)).v2.revision).toBe(revision + 1);
    const estimate = await sdk(shop, 'currentCartV2.estimateCurrentCart', { calculateTax: false });
    const calculated = await sdk(shop, 'currentCartV2.calculateCurrentCart', {});
    const line = (await stored(id)).lineItems[0];
    expect(Number(estimate.summary.priceSummary.subtotal.amount)).toBeCloseTo(Number(line.price.amount) * 2, 2);
    expect(calculated.summary.cartId).toBe(id);
    await sdk(shop, 'currentCartV2.updateFormSubmissionsInCurrentCart', { formSubmissions: [{ formSubmissionId: 'x' }] });
    await sdk(shop, 'currentCartV2.removeLineItemsFromCurrentCart', [lineId]);
    expect((await stored(id)).lineItems).toEqual([]);
    await sdk(shop, 'currentCartV2.deleteCurrentCart');
    expect(await stored(id)).toBeUndefined();
  });

  it('carts by id: every call on a cart the visitor made, to its order', async () => {
    const shop = visitor();
    const st = await state();
    const product = Object.values(st.products).find((p) => p.slug === 'linen-shirt')!;
    const ref = { catalogItemId: product.id, appId: STORES_APP_ID, options: { variantId: product.variants[0].id } };
    const cart = await sdk(shop, 'cartV2.createCart', { catalogItems: [{ catalogReference: ref, quantity: 1 }] });
    const id = cart._id;
    expect((await stored(id)).v2.notCurrent).toBe(true);
    expect((await sdk(shop, 'cartV2.getCart', id))._id).toBe(id);
    const added = await sdk(shop, 'cartV2.addLineItems', id, { catalogItems: [{ catalogReference: ref, quantity: 1 }] });
    const lineId = added.cart.lineItems[0]._id;
    await sdk(shop, 'cartV2.updateLineItems', id, { lineItems: [{ lineItemId: lineId, quantity: { newQuantity: 3 } }] });
    expect((await stored(id)).lineItems[0].quantity).toBe(3);
    await sdk(shop, 'cartV2.updateCart', id, { note: 'by id', deliveryInfo: { address: NY } });
    expect((await stored(id)).buyerNote).toBe('by id');
    await sdk(shop, 'cartV2.setDeliveryMethod', id, { code: 'standard' });
    await sdk(shop, 'cartV2.removeDeliveryMethod', id);
    await sdk(shop, 'cartV2.setDeliveryMethod', id, { code: 'standard' });
    const coupon = await sdk(shop, 'cartV2.addCoupon', id, { code: 'FIVEOFF' });
    await sdk(shop, 'cartV2.removeCoupon', id, coupon.cart.coupons[0]._id);
    const card = await sdk(shop, 'cartV2.addGiftCard', id, { code: 'GIFT-0001-DEMO' });
    await sdk(shop, 'cartV2.removeGiftCard', id, card.cart.paymentInfo.giftCards[0]._id);
    await sdk(shop, 'cartV2.refreshCart', id);
    expect((await sdk(shop, 'cartV2.getUpsellOptions', id)).itemsUpsells).toEqual([]);
    const { summary } = await sdk(shop, 'cartV2.calculateCart', id, {});
    const estimate = await sdk(shop, 'cartV2.estimateCart', id, {});
    expect(estimate.summary.priceSummary.total.amount).toBe(summary.priceSummary.total.amount);
    const { checkoutUrl } = await sdk(shop, 'cartV2.getCheckoutUrl', id, {});
    expect(checkoutUrl).toContain(id);
    // Pending (not emulated): sdk() checks they answer NOT_EMULATED.
    await sdk(shop, 'cartV2.updateFormSubmissions', id, { formSubmissions: [{ formSubmissionId: 'x' }] });
    await sdk(shop, 'cartV2.handleAsyncCheckoutCompletion', 'token');
    const placed = await sdk(shop, 'cartV2.placeOrder', id, { priceVerificationToken: summary.priceVerificationToken });
    const after = await state();
    expect(after.orders[placed.orderId].lineItems.map((l: Json) => l.quantity)).toEqual([3]);
    expect(after.carts[id].v2.orderId).toBe(placed.orderId);
    // An ordered cart changes no more.
    await expect(sdk(shop, 'cartV2.removeLineItems', id, [lineId])).rejects.toMatchObject({
      details: { applicationError: { code: 'CART_ALREADY_ORDERED', data: { cartId: id, orderId: placed.orderId } } },
    });
    const other = await sdk(shop, 'cartV2.createCart', { catalogItems: [{ catalogReference: ref, quantity: 1 }] });
    const completed = await sdk(shop, 'cartV2.markCartAsCompleted', other._id, { orderId: placed.orderId });
    expect(completed.cart).toMatchObject({ orderPlaced: true, orderId: placed.orderId });
    await sdk(shop, 'cartV2.deleteCart', other._id);
    expect(await stored(other._id)).toBeUndefined();
  });
});

describe('coverage of the official SDK', () => {
  it('called every operation the official SDK has', () => {
    const missing = sdkOperations.map((d) => d.key).filter((k) => !called.has(k));
    expect(missing).toEqual([]);
    expect(called.size).toBe(sdkOperations.length);
    expect(operationList.length).toBe(161);
  });
});

afterAll(() => {
  // A line for the suite's log: how much of the official SDK ran against the sandbox.
  console.log(`[conformance] official SDK operations called against the sandbox: ${called.size}/${sdkOperations.length}, pending: ${PENDING.length}`);
});
