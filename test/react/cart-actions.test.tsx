// @vitest-environment happy-dom
/**
 * A kind of cart change is one entry of CART_CHANGES: declared there with how it shows, how it
 * merges with one still queued and its request, the store shows it at once, folds repeated ones
 * into one request and reads its answer, with nothing else written for it.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_CHANGES, changeCart, StorefrontProvider, useStorefront, type StorefrontStore } from '../../src/react/index.ts';
import { linesOf, mount, visitorKit } from './support.tsx';

/** A change the layer has no action for: the cart's own checkout page (V2: customCheckoutUrl). */
type CheckoutPageChange = { kind: 'checkoutPage'; url: string };
const table = CART_CHANGES as unknown as Record<string, unknown>;
afterEach(() => void delete table.checkoutPage);

let store: StorefrontStore;
function Capture() {
  store = useStorefront();
  return null;
}

describe('a new kind of cart change', () => {
  it('is one table entry: shown at once, merged while queued, sent and read (Cart V2, V1 removed)', async () => {
    table.checkoutPage = {
      show: (cart: object, c: CheckoutPageChange) => ({ ...cart, customCheckoutUrl: c.url }),
      merge: (_queued: CheckoutPageChange, next: CheckoutPageChange) => next,
      v2: (cart: { updateCurrentCart: (o: object) => Promise<object> }, c: CheckoutPageChange) =>
        cart.updateCurrentCart({ cart: { customCheckoutUrl: c.url }, fieldMask: ['customCheckoutUrl'] }),
    };
    const kit = visitorKit();
    await kit.addLines(await linesOf(kit, ['linen-shirt']));
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Capture />
      </StorefrontProvider>,
    );
    await act(() => store.cartSettled());
    const from = kit.requests.length;
    // Three in a row: the first is sent at once, the next two fold into one.
    const changes = ['a', 'b', 'c'].map((name) =>
      changeCart(store, { kind: 'checkoutPage', url: `https://shop.example/checkout/${name}` } as never),
    );
    expect(store.getSnapshot().cart!.customCheckoutUrl).toBe('https://shop.example/checkout/c');
    const results = await act(() => Promise.all(changes));
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(kit.cartRequests(from)).toEqual(['PATCH /ecom/v2/carts/current', 'PATCH /ecom/v2/carts/current']);
    expect(results[2].cart!.customCheckoutUrl).toBe('https://shop.example/checkout/c');
    const { cart } = await kit.client.currentCartV2.getCurrentCart();
    expect(cart.customCheckoutUrl).toBe('https://shop.example/checkout/c');
    page.unmount();
  });
});
