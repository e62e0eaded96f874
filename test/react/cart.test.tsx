// @vitest-environment happy-dom
/** The cart hooks (cart.ts) against the in-process sandbox (renderWithSandbox, no mocks): the Suspense cart, each action alone. */
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  useAddLines,
  useApplyCoupon,
  useCart,
  useCartActions,
  useCartCount,
  useClearCart,
  useRefreshCart,
  useRemoveCoupon,
  useRemoveLines,
  useSetCartNote,
  useSuspenseCart,
  useUpdateQuantity,
  type CartActions,
} from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { renderCounter, socks, untilDom } from './support.tsx';

const renders = renderCounter();
const text = (container: HTMLElement, selector: string) => container.querySelector(selector)?.textContent;

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  override render() {
    return this.state.error ? <p data-error>{(this.state.error as { code?: string }).code}</p> : this.props.children;
  }
}

describe('useSuspenseCart', () => {
  function Count() {
    const lines = useSuspenseCart((cart) => cart.lineItems.length);
    renders.count('suspense');
    return <p data-count>{lines}</p>;
  }
  function Badge() {
    const count = useCart((cart) => cart?.lineItems.length);
    return <p data-badge>{count ?? '…'}</p>;
  }

  it('suspends until the one cart read of the page answers, then never again', async () => {
    renders.reset();
    const view = await renderWithSandbox(
      <Suspense fallback={<p data-fallback>loading</p>}>
        <Count />
        <Badge />
      </Suspense>,
      { setup: (client) => client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [socks(2)] }) },
    );
    await untilDom(view.container, () => text(view.container, '[data-count]') === '1');
    expect(view.requestCount('GET /ecom/v2/carts/current')).toBe(1);
    expect(text(view.container, '[data-badge]')).toBe('1');
    view.unmount();
  });

  it('throws a failed read to the error boundary, with its code', async () => {
    // React reports the error the boundary caught on console.error.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await renderWithSandbox(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Count />
        </Suspense>
      </Boundary>,
      { faults: [{ match: 'GET /ecom/v2/carts/current', answer: { status: 503 } }] },
    );
    await untilDom(view.container, () => view.container.querySelector('[data-error]') !== null);
    expect(text(view.container, '[data-error]')).toBe('SYSTEM_ERROR');
    // The boundary is not a loop of reads: the failed read is read once.
    expect(view.requestCount('GET /ecom/v2/carts/current')).toBe(1);
    view.unmount();
    reported.mockRestore();
  });
});

describe('each action alone', () => {
  it("is useCartActions()'s own function, the same on every render", async () => {
    const seen: { all: CartActions; alone: CartActions }[] = [];
    function Actions() {
      const alone: CartActions = {
        addLines: useAddLines(),
        updateQuantity: useUpdateQuantity(),
        removeLines: useRemoveLines(),
        applyCoupon: useApplyCoupon(),
        removeCoupon: useRemoveCoupon(),
        setNote: useSetCartNote(),
        clear: useClearCart(),
        refresh: useRefreshCart(),
      };
      seen.push({ all: useCartActions(), alone });
      return <p data-count>{useCartCount()}</p>;
    }
    const view = await renderWithSandbox(<Actions />);
    // A change renders the component again.
    await seen[0].alone.addLines([socks(1)]);
    await untilDom(view.container, () => text(view.container, '[data-count]') === '1');
    expect(seen.length).toBeGreaterThan(1);
    for (const { all, alone } of seen) {
      expect(Object.keys(alone).sort()).toEqual(Object.keys(all).sort());
      for (const name of Object.keys(all) as (keyof CartActions)[]) expect(alone[name]).toBe(seen[0].all[name]);
    }
    view.unmount();
  });

  it('useAddLines() adds as addLines does: shown at once, one request', async () => {
    let add: CartActions['addLines'] | undefined;
    function AddButton() {
      add = useAddLines();
      return <p data-count>{useCartCount()}</p>;
    }
    const view = await renderWithSandbox(<AddButton />);
    await untilDom(view.container, () => text(view.container, '[data-count]') === '0');
    const added = add!([socks(2)]);
    await untilDom(view.container, () => text(view.container, '[data-count]') === '2');
    expect((await added).error).toBeUndefined();
    expect(view.requestCount('POST /ecom/v2/carts/current/add-line-items')).toBe(1);
    view.unmount();
  });
});
