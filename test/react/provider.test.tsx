// @vitest-environment happy-dom
/**
 * The provider (provider.tsx): what a storefront hook says when no `<StorefrontProvider>` is above
 * it, and one store shared by several providers (`createStorefront`, `<StorefrontProvider store>`):
 * islands of one page, or a part loaded after the page, see and change one cart.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  cartActionsOf,
  createStorefront,
  StorefrontProvider,
  useAddLines,
  useCartCount,
  useStorefront,
  type StorefrontStore,
} from '../../src/react/index.ts';
import { CART_API, CART_REQUESTS, mount, socks, visitorKit } from './support.tsx';

function Badge() {
  return <span data-badge>{useCartCount()}</span>;
}

describe('the provider', () => {
  it('a hook outside a provider says what is missing', async () => {
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(document.createElement('div'), { onUncaughtError: () => {} });
    await expect(act(async () => root.render(<Badge />))).rejects.toThrow(
      'storefront-kit/react: useStorefront() and the storefront hooks need a <StorefrontProvider> above them',
    );
  });

  it('two providers given one store show one cart: an add in one moves the badge of the other at once', async () => {
    const kit = visitorKit();
    const store = createStorefront({
      client: kit.client,
      cartApi: CART_API,
      state: { version: 1, cart: null, resources: {} },
    });
    let addLines!: ReturnType<typeof useAddLines>;
    const seen: StorefrontStore[] = [];
    const Adder = () => {
      addLines = useAddLines();
      seen.push(useStorefront());
      return null;
    };
    const page = await mount(
      <>
        <StorefrontProvider store={store}>
          <Badge />
        </StorefrontProvider>
        <StorefrontProvider store={store}>
          <Adder />
        </StorefrontProvider>
      </>,
    );
    expect(seen.at(-1)).toBe(store);
    const badge = () => page.container.querySelector('[data-badge]')!.textContent;
    expect(badge()).toBe('0');
    const from = kit.requests.length;
    let added!: ReturnType<typeof addLines>;
    act(() => void (added = addLines([socks(2)])));
    // Shown in the other island before the answer.
    expect(badge()).toBe('2');
    expect((await act(() => added)).error).toBeUndefined();
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.add]);
    expect(badge()).toBe('2');
    page.unmount();
  });

  it('a store changed by plain code (cartActionsOf) before any provider holds it: the provider mounted later shows the change', async () => {
    const kit = visitorKit();
    const store = createStorefront({
      client: kit.client,
      cartApi: CART_API,
      state: { version: 1, cart: null, resources: {} },
    });
    const result = await cartActionsOf(store).addLines([socks(3)]);
    expect(result.cart!.lineItems.map((l) => l.quantity)).toEqual([3]);
    const page = await mount(
      <StorefrontProvider store={store}>
        <Badge />
      </StorefrontProvider>,
    );
    expect(page.container.querySelector('[data-badge]')!.textContent).toBe('3');
    page.unmount();
  });
});
