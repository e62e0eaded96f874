// @vitest-environment happy-dom
/**
 * docs/react.md's complete cart page is code that compiles and runs: cart-page.example.tsx is the
 * block under its marker (only its import of 'storefront-kit/react' pointed at the source), tsc
 * checks it, and this test drives it against the sandbox with the testing entry, as a shopper
 * would use it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { CartPage } from './cart-page.example.tsx';
import { linesOf, untilDom, visitorKit } from './support.tsx';

const root = resolve(import.meta.dirname, '..', '..');

/** The tsx block under the marker of docs/react.md. */
function docsBlock(): string {
  const after = readFileSync(join(root, 'docs', 'react.md'), 'utf8').split('<!-- cart-page-example')[1];
  const code = /```tsx\n([\s\S]*?)```/.exec(after ?? '')?.[1];
  if (!code) throw new Error('docs/react.md has no tsx block under its cart-page-example marker');
  return code;
}

const click = (el: Element | null) => act(() => void (el as HTMLElement).click());

describe('docs/react.md, the complete cart page', () => {
  it('is the example file, word for word', () => {
    const file = readFileSync(join(import.meta.dirname, 'cart-page.example.tsx'), 'utf8');
    expect(
      file.split('\n').slice(1).join('\n').replace("from '../../src/react/index.ts'", "from 'storefront-kit/react'"),
    ).toBe(docsBlock());
  });

  it('shows, changes and checks out a cart the way the page says', async () => {
    // The lines a shopper put in earlier (product ids from the seeded catalog).
    const lines = await linesOf(visitorKit(), ['linen-shirt', 'ceramic-mug']);
    lines[1].quantity = 5; // 2 mugs in stock: a warning
    const view = await renderWithSandbox(<CartPage />, {
      setup: async (client) => {
        await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: lines });
      },
    });
    const page = view.container;
    const text = () => page.textContent ?? '';
    await untilDom(page, () => text().includes('Your cart'));
    expect(text()).toContain('Only 2 left of one of your items.');
    expect(page.querySelector('[aria-label="Quantity of Linen shirt"]')!.textContent).toBe('1');
    // The server prices what can be paid: 1 shirt at 45 and the 2 mugs left at 16.
    expect(text()).toContain('Subtotal $77.00');

    // Three quick taps: shown at once, at most two requests, the last tap wins.
    for (let i = 0; i < 3; i++) click(page.querySelector('[aria-label="One more Linen shirt"]'));
    expect(page.querySelector('[aria-label="Quantity of Linen shirt"]')!.textContent).toBe('4');
    await untilDom(page, () => !page.querySelector('[data-pending]') && text().includes('Subtotal $212.00'));
    expect(view.requestCount('POST /ecom/v2/carts/current/update-line-items')).toBeLessThanOrEqual(2);
    expect((await view.client.currentCartV2.getCurrentCart()).cart.lineItems[0].quantityInfo.requestedQuantity).toBe(4);

    // A wrong coupon: the page's own words for the catalogue's code.
    const input = page.querySelector<HTMLInputElement>('[aria-label="Coupon code"]')!;
    input.value = 'NOPE';
    await act(async () => void input.form!.requestSubmit());
    await untilDom(page, () => !!page.querySelector('[role="alert"]'));
    expect(page.querySelector('[role="alert"]')!.textContent).toBe('No coupon NOPE.');

    // Check out: the page navigates to the hosted checkout.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const navigated = new Promise<string>((resolve) => assign.mockImplementation((url) => resolve(String(url))));
    click([...page.querySelectorAll('button')].find((b) => b.textContent === 'Check out')!);
    const url = await act(() => navigated);
    expect(url).toMatch(/\/__sandbox\/redirect\?session=/);
    view.unmount();
    // The worker's next files share this window (vite.config.ts: no isolation).
    assign.mockRestore();
  });
});
