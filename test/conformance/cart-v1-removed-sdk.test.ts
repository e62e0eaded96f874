/**
 * An app on the provider's official SDK (`@wix/sdk` with `@wix/ecom`'s Cart V1 `currentCart`),
 * unchanged, against a sandbox where Cart V1 is removed (setting `cartV1: 'removed'`): its V1
 * call fails with the provider's 404 and the sandbox's words naming the Cart V2 call to use, the
 * app's Cart V2 calls are not refused, and the sandbox lists the V1 calls the app made.
 */
import { currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { call, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';

const s = useSandboxServer({ settings: { cartV1: 'removed' } });
useProviderFetch(() => s.current.url);

describe('an official-SDK app still on Cart V1, after the removal', () => {
  it('gets a 404 naming the V2 call, and the sandbox lists the V1 call with its successor', async () => {
    const app = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
    const err = (await app.currentCart
      .addToCurrentCart({
        lineItems: [{ quantity: 1, catalogReference: { catalogItemId: PRODUCT.canvasTote, appId: STORES_APP_ID } }],
      })
      .catch((e: unknown) => e)) as {
      message?: string;
      details?: { applicationError?: { code?: unknown; data?: unknown } };
    };
    expect(err.message).toContain(
      'currentCart.addToCurrentCart (POST /ecom/v1/carts/current/add-to-cart) was removed on 2027-02-01: use currentCartV2.addLineItemsToCurrentCart.',
    );
    expect(err.details?.applicationError).toMatchObject({
      code: 'NOT_FOUND',
      data: { operation: 'currentCart.addToCurrentCart', replacedBy: 'currentCartV2.addLineItemsToCurrentCart' },
    });
    const { body } = await call(s.current.url, 'GET', '/__sandbox/cart-v1-calls');
    expect(body.operations).toEqual([
      expect.objectContaining({ operation: 'currentCart.addToCurrentCart', calls: 1, answeredRemoved: 1 }),
    ]);
  });

  it('is not refused on Cart V2', async () => {
    const visitor = (
      await call(s.current.url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } })
    ).body.access_token as string;
    const v2 = await call(s.current.url, 'GET', '/ecom/v2/carts/current', { token: visitor });
    expect(JSON.stringify(v2.body)).not.toContain('was removed');
    expect(v2.body?.details?.applicationError?.data?.replacedBy).toBeUndefined();
  });
});
