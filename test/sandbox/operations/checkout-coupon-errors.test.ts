/**
 * An unknown coupon on a Checkout V1 call answers Checkout V1's own code,
 * ERROR_COUPON_DOES_NOT_EXIST (its catalogue's), and changes nothing; Cart V1 answers the same
 * refusal as COUPON_DOES_NOT_EXIST. Before, createCheckout and updateCheckout answered Cart V1's
 * code, which their catalogue does not name (a 500 with response validation on).
 */
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
const lineItems = [{ quantity: 1, catalogReference: { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID } }];
const refusal = {
  status: 400,
  body: {
    message: 'Coupon NOPE does not exist',
    details: {
      applicationError: { description: 'Coupon NOPE does not exist', code: 'ERROR_COUPON_DOES_NOT_EXIST', data: {} },
    },
  },
};

describe('an unknown coupon on Checkout V1', () => {
  it('createCheckout: ERROR_COUPON_DOES_NOT_EXIST, and no checkout is made', async () => {
    const token = await visitorToken(s.current.url);
    const r = await call(s.current.url, 'POST', '/ecom/v1/checkouts', {
      token,
      body: { lineItems, channelType: 'WEB', couponCode: 'NOPE' },
    });
    expect({ status: r.status, body: r.body }).toEqual(refusal);
  });

  it('updateCheckout: ERROR_COUPON_DOES_NOT_EXIST, and the checkout keeps its coupon', async () => {
    const token = await visitorToken(s.current.url);
    const made = await call(s.current.url, 'POST', '/ecom/v1/checkouts', {
      token,
      body: { lineItems, channelType: 'WEB', couponCode: 'SAVE10' },
    });
    expect(made.status).toBe(200);
    const id = made.body.checkout.id;
    const r = await call(s.current.url, 'PATCH', `/ecom/v1/checkouts/${id}`, {
      token,
      body: { checkout: {}, couponCode: 'NOPE' },
    });
    expect({ status: r.status, body: r.body }).toEqual(refusal);
    const after = await call(s.current.url, 'GET', `/ecom/v1/checkouts/${id}`, { token });
    expect(after.body.checkout.appliedDiscounts).toEqual(made.body.checkout.appliedDiscounts);
  });
});
