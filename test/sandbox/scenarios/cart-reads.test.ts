/**
 * A cart read again answers what reading it afresh would: the sandbox keeps a cart's priced
 * answer until the state changes (domain/cart/cart.ts), so every change the answer depends on
 * (a price in the catalog, a coupon, a restore, a reset, an import, a write that failed and was
 * undone) shows in the next read, through Cart V1 and Cart V2 alike.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index.ts';
import { COUPON, PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { API_KEY, CLIENT_ID, sendTo } from '../../support/sandbox.ts';


const send = sendTo;

/** A visitor with one linen shirt in the cart, and reads of that cart through both APIs. */
async function shopper(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const token = (await send(sandbox, 'POST', '/oauth2/token', { clientId: CLIENT_ID, grantType: 'anonymous' })).body
    .access_token as string;
  const shirt = (await send(sandbox, 'GET', `/stores-reader/v1/products/${PRODUCT.linenShirt}`, undefined, token)).body
    .product;
  const add = (quantity: number) =>
    send(
      sandbox,
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        lineItems: [
          {
            quantity,
            catalogReference: {
              catalogItemId: shirt.id,
              appId: STORES_APP_ID,
              options: { variantId: shirt.variants[0].id },
            },
          },
        ],
      },
      token,
    );
  expect((await add(1)).status).toBe(200);
  const v1 = async () => {
    const read = await send(sandbox, 'GET', '/ecom/v1/carts/current', undefined, token);
    expect(read.status).toBe(200);
    return read.body.cart;
  };
  const v2 = async () => {
    const read = await send(sandbox, 'GET', '/ecom/v2/carts/current', undefined, token);
    expect(read.status).toBe(200);
    return read.body.cart;
  };
  const setPrice = async (price: number) => {
    const product = { priceData: { price } };
    const res = await send(sandbox, 'PATCH', `/stores/v1/products/${PRODUCT.linenShirt}`, { product }, API_KEY);
    expect(res.status).toBe(200);
  };
  return { sandbox, token, add, v1, v2, setPrice };
}

const prices = (cart: any) => ({ line: cart.lineItems[0].price.amount, subtotal: cart.subtotal.amount });

describe('a cart read again', () => {
  it('shows a price changed in the catalog since the last read', async () => {
    const { v1, v2, setPrice } = await shopper();
    await setPrice(40);
    // Read twice: the second read answers what the first kept.
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    expect((await v2()).subtotal.amount).toBe('40.00');
    await setPrice(30);
    expect(prices(await v1())).toEqual({ line: '30.00', subtotal: '30.00' });
    expect((await v2()).subtotal.amount).toBe('30.00');
  });

  it('shows a coupon applied and removed since the last read', async () => {
    const { sandbox, token, v1, v2, setPrice } = await shopper();
    await setPrice(40);
    expect((await v1()).appliedDiscounts).toEqual([]);
    expect((await v2()).coupons).toEqual([]);
    const applied = await send(sandbox, 'PATCH', '/ecom/v1/carts/current', { couponCode: COUPON.tenPercent }, token);
    expect(applied.status).toBe(200);
    expect((await v1()).appliedDiscounts.map((d: any) => [d.coupon.code, d.coupon.amount.amount])).toEqual([
      [COUPON.tenPercent, '4.00'],
    ]);
    expect((await v2()).coupons.map((c: any) => c.code)).toEqual([COUPON.tenPercent]);
    const removed = await send(sandbox, 'POST', '/ecom/v1/carts/current/remove-coupon', {}, token);
    expect(removed.status).toBe(200);
    expect((await v1()).appliedDiscounts).toEqual([]);
    expect((await v2()).coupons).toEqual([]);
  });

  it('shows the state restore(name) put back, the cart itself unchanged in between', async () => {
    const { sandbox, add, v1, v2, setPrice } = await shopper();
    await setPrice(40);
    sandbox.snapshot('one shirt at 40');
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    // Only the catalog changes: the stored cart stays the one the snapshot holds.
    await setPrice(25);
    expect(prices(await v1())).toEqual({ line: '25.00', subtotal: '25.00' });
    await sandbox.restore('one shirt at 40');
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    expect((await v2()).subtotal.amount).toBe('40.00');
    expect((await add(2)).status).toBe(200);
    expect((await v1()).lineItems[0].quantity).toBe(3);
    await sandbox.restore('one shirt at 40');
    expect((await v1()).lineItems[0].quantity).toBe(1);
    expect((await v2()).lineItems[0].quantityInfo.requestedQuantity).toBe(1);
  });

  it('shows a coupon whose terms an imported state changed, and no cart after a reset', async () => {
    const { sandbox, token, v1 } = await shopper();
    await send(sandbox, 'PATCH', '/ecom/v1/carts/current', { couponCode: COUPON.tenPercent }, token);
    const before = (await v1()).appliedDiscounts[0].coupon.amount.amount;
    const state = (await send(sandbox, 'GET', '/__sandbox/state', undefined, API_KEY)).body;
    state.collections.coupons[COUPON.tenPercent] = { ...state.collections.coupons[COUPON.tenPercent], value: 50 };
    expect((await send(sandbox, 'PUT', '/__sandbox/state', state, API_KEY)).status).toBe(200);
    const after = (await v1()).appliedDiscounts[0].coupon.amount.amount;
    expect(Number(after)).toBeCloseTo(Number(before) * 5, 2);
    await sandbox.reset();
    const gone = await send(sandbox, 'GET', '/ecom/v1/carts/current', undefined, token);
    expect(gone.status).toBe(404);
    expect(gone.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
  });

  it('shows the price as it was after a change that could not be saved (undone)', async () => {
    let failSaves = false;
    const { v1, v2, setPrice, sandbox } = await shopper({
      persist: () => {
        if (failSaves) throw new Error('disk full');
      },
    });
    await setPrice(40);
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    failSaves = true;
    const res = await send(
      sandbox,
      'PATCH',
      `/stores/v1/products/${PRODUCT.linenShirt}`,
      { product: { priceData: { price: 10 } } },
      API_KEY,
    );
    expect(res.status).toBe(500);
    expect(res.body.details.applicationError.code).toBe('STATE_NOT_SAVED');
    failSaves = false;
    expect(prices(await v1())).toEqual({ line: '40.00', subtotal: '40.00' });
    expect((await v2()).subtotal.amount).toBe('40.00');
  });
});
