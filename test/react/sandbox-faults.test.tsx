// @vitest-environment happy-dom
/**
 * Issue 33's storefront test: the sandbox's own fault makes the next add to cart answer 503; the
 * React layer shows the line at once, rolls it back when the answer comes, and reports the
 * failure to the page; the add after it goes through. A dropped connection reads the same.
 */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SystemError } from '../../src/index.ts';
import { STORES_APP_ID, useCart, useCartActions, type CartResult } from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { untilDom } from './support.tsx';

const mug = {
  quantity: 1,
  catalogReference: {
    catalogItemId: PRODUCT.ceramicMug,
    appId: STORES_APP_ID,
    options: { options: { Color: 'Green' } },
  },
};

let add!: () => Promise<CartResult>;
/** A page's add button as an app writes it: the count in the header, the error in an alert. */
function AddToCart() {
  const actions = useCartActions();
  const count = useCart((cart) => cart?.lineItems.length);
  const [alert, setAlert] = useState('');
  add = async () => {
    const result = await actions.addLines([mug]);
    setAlert(result.error ? `Not added: ${result.error.message}` : '');
    return result;
  };
  return (
    <>
      <p data-count>{count ?? 'loading'}</p>
      <p role="alert">{alert}</p>
    </>
  );
}

const count = (c: HTMLElement) => c.querySelector('[data-count]')!.textContent;
const alert = (c: HTMLElement) => c.querySelector('[role=alert]')!.textContent;

describe('the sandbox’s faults under the React layer', () => {
  it('the next add to cart answers 503: the line is rolled back and the failure reported', async () => {
    const view = await renderWithSandbox(<AddToCart />, {
      faults: [{ operation: 'currentCartV2.addLineItemsToCurrentCart', status: 503, times: 1 }],
    });
    await untilDom(view.container, () => count(view.container) === '0');

    let pending!: Promise<CartResult>;
    act(() => void (pending = add()));
    expect(count(view.container), 'the optimistic line').toBe('1');
    const failed = await act(() => pending);
    expect(failed.error).toBeInstanceOf(SystemError);
    expect(failed.error!.code).toBe('SYSTEM_ERROR');
    expect(count(view.container), 'rolled back').toBe('0');
    expect(alert(view.container)).toBe(`Not added: ${failed.error!.message}`);
    // Nothing reached the store: the visitor has no cart there still.
    const stored = await view.client.currentCartV2.getCurrentCart().then(
      (c) => c.cart.lineItems?.length ?? 0,
      (e: { code?: string }) => e.code,
    );
    expect(stored).toBe('OWNED_CART_NOT_FOUND');

    // The fault was for the next add only.
    const second = await act(() => add());
    expect(second.error).toBeUndefined();
    expect(count(view.container)).toBe('1');
    expect(alert(view.container)).toBe('');
    expect(view.sandbox.faults.list()).toEqual([]);
    view.unmount();
  });

  it('a fault placed after the first render: a dropped connection is rolled back and reported the same way', async () => {
    const view = await renderWithSandbox(<AddToCart />);
    await untilDom(view.container, () => count(view.container) === '0');
    view.sandbox.faults.add({ operation: 'currentCartV2.addLineItemsToCurrentCart', drop: true, times: 1 });
    const failed = await act(() => add());
    expect(failed.error).toBeInstanceOf(SystemError);
    await view.settled();
    expect(count(view.container)).toBe('0');
    expect(alert(view.container)).toMatch(/^Not added: /);
    view.unmount();
  });
});
