// @vitest-environment happy-dom
/**
 * The headless components against the in-process sandbox: their data-* states, asChild, what a
 * click does, how often a line renders, and axe-core's rules over them as rendered.
 */
import axe from 'axe-core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Cart,
  Choice,
  LineItem,
  Option,
  Product,
  useCart,
  useCartActions,
  useProduct,
  useProductContext,
  useStoreVariants,
  selectVariant,
  type CartActions,
  type CartLine,
  type LineItemActions,
} from '../../src/react/index.ts';
import { renderWithSandbox, type RenderWithSandboxResult } from '../../src/react/testing.tsx';
import { PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { renderCounter, untilDom } from './support.tsx';

const renders = renderCounter();

/** axe's violations over the rendered tree (colour contrast left out: the components have no styles). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const line = (catalogItemId: string, quantity: number) => ({
  quantity,
  catalogReference: {
    catalogItemId,
    appId: STORES_APP_ID,
    options: { variantId: '00000000-0000-0000-0000-000000000000' },
  },
});

/** A line's content; a function that keeps its identity, so a line renders only when it changes. */
const lineRow = (l: CartLine, { setQuantity, remove }: LineItemActions) => {
  renders.count(`line:${l.id}`);
  const name = l.name?.original ?? 'Adding…';
  return (
    <>
      <span>{name}</span>
      <button aria-label={`One more ${name}`} onClick={() => void setQuantity(l.quantity + 1)}>
        +
      </button>
      <output aria-label={`Quantity of ${name}`}>{l.quantity}</output>
      <button onClick={() => void remove()}>Remove {name}</button>
    </>
  );
};

let actions!: CartActions;
function CartView() {
  actions = useCartActions();
  const ids = useCart((cart) => cart?.lineItems.map((l) => l.id)) ?? [];
  return (
    <Cart>
      {(cart) => (
        <>
          <h2>Your cart</h2>
          <ul>
            {ids.map((id) => (
              <LineItem key={id} id={id}>
                {lineRow}
              </LineItem>
            ))}
          </ul>
          <p>{cart?.lineItems.length ?? 0} lines</p>
        </>
      )}
    </Cart>
  );
}

const attr = (el: Element | null, name: string) => el?.getAttribute(name) ?? null;
const text = (container: HTMLElement, selector: string) => container.querySelector(selector)?.textContent;

describe('Cart and LineItem', () => {
  it('show the cart’s states as data-*, act on their line, render only the changed line, and pass axe', async () => {
    renders.reset();
    const view = await renderWithSandbox(<CartView />, {
      setup: async (client) =>
        void (await client.currentCartV2.addLineItemsToCurrentCart({
          catalogItems: [line(PRODUCT.trailSocks, 1), line(PRODUCT.notebook, 2)],
        })),
    });
    await untilDom(view.container, () => view.container.querySelectorAll('li').length === 2);
    const region = view.container.querySelector('section')!;
    expect([attr(region, 'aria-label'), attr(region, 'data-state'), attr(region, 'data-count')]).toEqual([
      'Cart',
      'filled',
      '3',
    ]);
    expect(region.hasAttribute('data-pending')).toBe(false);
    expect(await violations(view.container)).toEqual([]);

    const [socks, notebook] = [...view.container.querySelectorAll('li')];
    const socksId = attr(socks, 'data-line-id')!;
    const notebookId = attr(notebook, 'data-line-id')!;
    renders.reset();
    // A tap shows at once, the line pending and busy until the answer.
    act(() => socks.querySelector('button')!.click());
    expect([attr(socks, 'data-quantity'), socks.hasAttribute('data-pending'), attr(socks, 'aria-busy')]).toEqual([
      '2',
      true,
      'true',
    ]);
    expect(region.hasAttribute('data-pending')).toBe(true);
    await view.settled();
    expect([attr(socks, 'data-quantity'), socks.hasAttribute('data-pending')]).toEqual(['2', false]);
    // The changed line rendered twice (the tap, the answer); the other not at all.
    expect(renders.of(`line:${socksId}`)).toBeLessThanOrEqual(2);
    expect(renders.of(`line:${notebookId}`)).toBe(0);
    expect(attr(region, 'data-count')).toBe('4');

    act(() => [...notebook.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Remove'))!.click());
    expect(view.container.querySelectorAll('li')).toHaveLength(1);
    await view.settled();
    const server = (await view.client.currentCartV2.getCurrentCart()).cart;
    expect(server.lineItems.map((l) => [l.id, l.quantityInfo.requestedQuantity])).toEqual([[socksId, 2]]);

    // An add shows at once as an optimistic line.
    act(() => void actions.addLines([line(PRODUCT.coffeeBeans, 1)]));
    const added = view.container.querySelectorAll('li')[1];
    expect([added.hasAttribute('data-optimistic'), added.hasAttribute('data-pending')]).toEqual([true, true]);
    await view.settled();
    expect(view.container.querySelectorAll('li')[1].hasAttribute('data-optimistic')).toBe(false);
    view.unmount();
  });

  it('is loading before the first read, empty without lines', async () => {
    const view = await renderWithSandbox(<Cart aria-label="Basket" />, {
      faults: [{ match: 'GET /ecom/v2/carts/current', answer: 'network', times: 1 }],
    });
    const region = view.container.querySelector('section')!;
    expect([attr(region, 'aria-label'), attr(region, 'data-state'), attr(region, 'aria-busy')]).toEqual([
      'Basket',
      'loading',
      'true',
    ]);
    view.unmount();
    const empty = await renderWithSandbox(<Cart />);
    expect(attr(empty.container.querySelector('section'), 'data-state')).toBe('empty');
    empty.unmount();
  });

  it('puts its props on the app’s own element with asChild', async () => {
    const view = await renderWithSandbox(
      <Cart asChild className="cart">
        <aside className="panel" onClick={() => undefined}>
          <p>mini cart</p>
        </aside>
      </Cart>,
    );
    const aside = view.container.querySelector('aside')!;
    expect(view.container.querySelector('section')).toBeNull();
    expect([attr(aside, 'class'), attr(aside, 'aria-label'), attr(aside, 'data-state')]).toEqual([
      'cart panel',
      'Cart',
      'empty',
    ]);
    view.unmount();
    await expect(renderWithSandbox(<Cart asChild>text</Cart>)).rejects.toThrow(
      'storefront-kit/react: asChild needs one element as its child',
    );
  });
});

function AddButton() {
  const { selection } = useProductContext();
  const { addLines } = useCartActions();
  const item = selection.toLineItem(1);
  return (
    <button disabled={!item || !selection.inStock} onClick={() => item && void addLines([item])}>
      Add to cart
    </button>
  );
}

function JacketPage() {
  const jacket = useProduct('rain-jacket');
  if (!jacket.data) return <p>{jacket.status}</p>;
  return (
    <Product product={jacket.data}>
      <h1>{jacket.data.name}</h1>
      <Option name="Size" />
      <AddButton />
    </Product>
  );
}

describe('Product, Option and Choice', () => {
  it('a picker of toggle buttons in a named group: the states as data-*, sold-out choices refuse, and axe passes', async () => {
    const view = await renderWithSandbox(<JacketPage />);
    await untilDom(view.container, () => view.container.querySelector('article') !== null);
    const article = view.container.querySelector('article')!;
    expect(attr(article, 'aria-label')).toBe('Rain jacket');
    expect(article.hasAttribute('data-complete')).toBe(false);
    const fieldset = view.container.querySelector('fieldset')!;
    expect([fieldset.querySelector('legend')!.textContent, attr(fieldset, 'data-option')]).toEqual(['Size', 'Size']);
    const choice = (name: string) =>
      [...view.container.querySelectorAll('fieldset button')].find((b) => b.textContent === name) as HTMLButtonElement;
    expect(
      ['S', 'M'].map((n) => [
        attr(choice(n), 'data-state'),
        attr(choice(n), 'aria-pressed'),
        attr(choice(n), 'aria-disabled'),
      ]),
    ).toEqual([
      ['unavailable', 'false', 'true'],
      ['unselected', 'false', null],
    ]);
    expect(choice('S').hasAttribute('data-in-stock')).toBe(false);
    expect(choice('S').hasAttribute('data-exists')).toBe(true);
    expect(await violations(view.container)).toEqual([]);

    // A sold-out size cannot be chosen; an in-stock one can.
    act(() => choice('S').click());
    expect(attr(choice('S'), 'aria-pressed')).toBe('false');
    act(() => choice('L').click());
    expect([attr(choice('L'), 'aria-pressed'), attr(choice('L'), 'data-state')]).toEqual(['true', 'selected']);
    expect(choice('L').hasAttribute('data-selected')).toBe(true);
    expect([article.hasAttribute('data-complete'), article.hasAttribute('data-in-stock')]).toEqual([true, true]);
    expect(fieldset.hasAttribute('data-selected')).toBe(true);

    // The chosen variant goes into the cart.
    act(() => (view.container.querySelector('article > button') as HTMLButtonElement).click());
    await view.settled();
    const { cart } = await view.client.currentCartV2.getCurrentCart();
    const jacket = (await view.client.products.queryProducts({ query: { filter: { slug: 'rain-jacket' } } }))
      .products[0];
    const large = jacket.variants!.find((v) => v.choices?.Size === 'L')!;
    expect(
      cart.lineItems.map((l) => [
        l.source?.catalogReference?.catalogItemId,
        l.source?.catalogReference?.options,
        l.quantityInfo.requestedQuantity,
      ]),
    ).toEqual([[jacket.id, { variantId: large.id }, 1]]);
    expect(await violations(view.container)).toEqual([]);
    view.unmount();
  });

  it('Choice asChild: a link to the choice (the server can render it), with the states', async () => {
    function Links() {
      const jacket = useProduct('rain-jacket');
      if (!jacket.data) return null;
      return (
        <Product product={jacket.data} initial={{ Size: 'M' }}>
          <Option name="Size">
            {(option) => (
              <>
                <legend>Size</legend>
                {option.choices.map((c) => (
                  <Choice key={c.name} value={c.name} asChild>
                    <a href={`?${c.search}`}>{c.name}</a>
                  </Choice>
                ))}
              </>
            )}
          </Option>
        </Product>
      );
    }
    const view = await renderWithSandbox(<Links />);
    await untilDom(view.container, () => view.container.querySelectorAll('a').length === 4);
    const m = [...view.container.querySelectorAll('a')].find((a) => a.textContent === 'M')!;
    expect([attr(m, 'href'), attr(m, 'aria-pressed'), attr(m, 'data-state'), attr(m, 'type')]).toEqual([
      '?Size=M',
      'true',
      'selected',
      null,
    ]);
    view.unmount();
  });

  it('preorder: from the store variants (the product answer does not carry it), per choice and for the variant', async () => {
    function PreorderPage() {
      const jacket = useProduct('rain-jacket');
      const variants = useStoreVariants(PRODUCT.rainJacket);
      if (!jacket.data || !variants.data) return null;
      return (
        <Product product={jacket.data} storeVariants={variants.data}>
          {(selection) => (
            <>
              <Option name="Size" />
              <p data-message>{selection.preorder?.message ?? 'none'}</p>
            </>
          )}
        </Product>
      );
    }
    const view = await renderWithSandbox(<PreorderPage />);
    await untilDom(view.container, () => view.container.querySelector('article') !== null);
    const choice = (name: string) =>
      [...view.container.querySelectorAll('fieldset button')].find((b) => b.textContent === name) as HTMLButtonElement;
    // The sold-out S can be preordered: chosen, not in stock, no longer refused.
    expect([choice('S').hasAttribute('data-preorder'), choice('S').hasAttribute('data-in-stock')]).toEqual([
      true,
      false,
    ]);
    expect([attr(choice('S'), 'aria-disabled'), attr(choice('S'), 'data-state')]).toEqual([null, 'unselected']);
    expect(choice('M').hasAttribute('data-preorder')).toBe(false);
    act(() => choice('S').click());
    const article = view.container.querySelector('article')!;
    expect([article.hasAttribute('data-preorder'), article.hasAttribute('data-in-stock')]).toEqual([true, false]);
    expect(text(view.container, '[data-message]')).toBe('Ships in 3 weeks');
    act(() => choice('M').click());
    expect(article.hasAttribute('data-preorder')).toBe(false);
    expect(await violations(view.container)).toEqual([]);

    // The same rule on the server, from the same answers; without the store variants nothing is a preorder.
    const jacket = (await view.client.products.queryProducts({ query: { filter: { slug: 'rain-jacket' } } }))
      .products[0];
    const variants = (
      await view.client.products.queryStoreVariants({ query: { filter: { productId: PRODUCT.rainJacket } } })
    ).variants!;
    expect(selectVariant(jacket, { Size: 'S' }, variants).preorder).toEqual({ message: 'Ships in 3 weeks', limit: 50 });
    expect(selectVariant(jacket, { Size: 'S' }).preorder).toBeUndefined();
    expect(selectVariant(jacket, {}).options[0].choices.map((c) => c.preorder)).toEqual([false, false, false, false]);
    view.unmount();
  });

  it('needs a Product above an Option, naming it', async () => {
    await expect(renderWithSandbox(<Option name="Size" />)).rejects.toThrow(
      'storefront-kit/react: <Option>, <Choice> and useProductContext() need a <Product> above them',
    );
  });
});

export type { RenderWithSandboxResult };
