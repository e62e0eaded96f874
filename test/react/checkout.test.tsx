// @vitest-environment happy-dom
/** useCheckout() (checkout.ts): after the queued changes, on the visitor's token, on Cart V2 and V1. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ApplicationError } from '../../src/index.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { cartApiV1, StorefrontProvider, useCartActions, useCheckout } from '../../src/react/index.ts';
import { linesOf, mount, visitorKit } from './support.tsx';

describe('useCheckout', () => {
  it('starts a checkout of the cart after the changes still queued, and hands back the hosted checkout URL', async () => {
    const kit = visitorKit();
    const [shirt] = await linesOf(kit, ['linen-shirt']);
    let start!: ReturnType<typeof useCheckout>['start'];
    let actions!: ReturnType<typeof useCartActions>;
    const Grab = () => {
      start = useCheckout().start;
      actions = useCartActions();
      return null;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Grab />
      </StorefrontProvider>,
    );
    const from = kit.requests.length;
    const result = await act(() => {
      void actions.addLines([shirt]);
      return start({ postFlowUrl: 'https://shop.example/thank-you' });
    });
    expect(kit.requests.slice(from).filter((r) => !r.includes('/oauth2/'))).toEqual([
      'POST /ecom/v2/carts/current/add-line-items',
      'POST /_api/redirects-api/v1/redirect-session',
    ]);
    expect(result.error).toBeUndefined();
    // The sandbox's redirect session URL (the provider's is its own host's).
    expect(result.url).toMatch(/^https:\/\/www\.wixapis\.com\/__sandbox\/redirect\?session=[0-9a-f-]{36}$/);
    page.unmount();
  });

  it("checks out the cart itself on Cart V2: the session's checkout is the cart's id; on Cart V1 a checkout is made first", async () => {
    for (const cartApi of ['v2', cartApiV1] as const) {
      const sandbox = createSandbox({
        validateResponses: true,
        settings: { cartV1: cartApi === 'v2' ? 'removed' : 'available' },
      });
      const kit = visitorKit(sandbox);
      const [shirt] = await linesOf(kit, ['linen-shirt']);
      let start!: ReturnType<typeof useCheckout>['start'];
      let actions!: ReturnType<typeof useCartActions>;
      const Grab = () => {
        start = useCheckout().start;
        actions = useCartActions();
        return null;
      };
      const page = await mount(
        <StorefrontProvider client={kit.client} cartApi={cartApi}>
          <Grab />
        </StorefrontProvider>,
      );
      const added = await act(() => actions.addLines([shirt]));
      const from = kit.requests.length;
      const result = await act(() => start({ postFlowUrl: 'https://shop.example/thank-you' }));
      expect(kit.requests.slice(from).filter((r) => !r.includes('/oauth2/'))).toEqual(
        cartApi === 'v2'
          ? ['POST /_api/redirects-api/v1/redirect-session']
          : ['POST /ecom/v1/carts/current/create-checkout', 'POST /_api/redirects-api/v1/redirect-session'],
      );
      // The hosted checkout the session leads to is the cart's (V2: by the cart's own id).
      const redirect = await (
        await sandbox.handle(new Request(result.url!.replace('https://www.wixapis.com', 'http://sandbox.test')))
      ).text();
      if (cartApi === 'v2') expect(redirect).toContain(`/__sandbox/checkout/${added.cart!.id}`);
      else expect(redirect).toContain('/__sandbox/checkout/');
      page.unmount();
    }
  });

  it('resolves the provider error when there is nothing to check out', async () => {
    const kit = visitorKit();
    let start!: ReturnType<typeof useCheckout>['start'];
    const Grab = () => {
      start = useCheckout().start;
      return null;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Grab />
      </StorefrontProvider>,
    );
    const result = await act(() => start({ postFlowUrl: 'https://shop.example/thank-you' }));
    expect(result.error).toBeInstanceOf(ApplicationError);
    expect(result.error!.code).toBe('OWNED_CART_NOT_FOUND');
    page.unmount();
  });
});
