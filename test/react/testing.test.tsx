// @vitest-environment happy-dom
/** storefront-kit/react/testing: an app's storefront tested offline, with faults and counts. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { SystemError } from '../../src/index.ts';
import { useCart, useCartActions, useProducts, type CartResult } from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { socks, untilDom } from './support.tsx';

let actions!: ReturnType<typeof useCartActions>;
function MiniCart() {
  actions = useCartActions();
  const count = useCart((cart) => cart?.lineItems.length);
  return <p data-lines>{count ?? 'loading'}</p>;
}

describe('renderWithSandbox', () => {
  it('renders over the in-process sandbox, injects a fault, and counts the requests', async () => {
    const view = await renderWithSandbox(<MiniCart />, {
      faults: [{ match: 'POST /ecom/v2/carts/current/add-line-items', answer: { status: 503 }, times: 1 }],
    });
    await untilDom(view.container, () => view.container.textContent === '0');
    expect(view.requestCount('GET /ecom/v2/carts/current')).toBe(1);

    let first!: Promise<CartResult>;
    act(() => void (first = actions.addLines([socks()])));
    expect(view.container.textContent).toBe('1');
    const failed = await act(() => first);
    expect(failed.error).toBeInstanceOf(SystemError);
    expect(view.container.textContent).toBe('0');

    const second = await act(() => actions.addLines([socks()]));
    expect(second.error).toBeUndefined();
    expect(view.container.textContent).toBe('1');
    expect(view.requestCount(/^POST \/ecom\/v2\/carts\/current\/add-line-items$/)).toBe(2);
    expect(view.commits()).toBeGreaterThan(0);
    view.unmount();
  });

  it('starts without seed data when asked, and a network fault is a SystemError', async () => {
    let state!: ReturnType<typeof useProducts>;
    const List = () => {
      state = useProducts({ query: { paging: { limit: 5 } } });
      return <p>{state.status}</p>;
    };
    const empty = await renderWithSandbox(<List />, { seed: false });
    await untilDom(empty.container, () => empty.container.textContent === 'success');
    expect(state.data!.products).toEqual([]);
    empty.unmount();

    const offline = await renderWithSandbox(<List />, {
      faults: [{ match: (r) => r.path.startsWith('/stores-reader/'), answer: 'network' }],
    });
    await untilDom(offline.container, () => offline.container.textContent === 'error');
    expect(state.error).toBeInstanceOf(SystemError);
    offline.unmount();
  });
});
