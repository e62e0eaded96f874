// @vitest-environment happy-dom
/** The catalog hooks (catalog.ts) against the sandbox's seeded catalog: products, collections, the variant picker's hook. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  cartActionsOf,
  createStorefront,
  rememberProduct,
  selectVariant,
  StorefrontProvider,
  useCartActions,
  useProduct,
  useCollections,
  useProducts,
  useStorefront,
  useVariantSelection,
  type CartResult,
  type StorefrontStore,
  type Product,
} from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { mount, untilDom, visitorKit, type Kit } from './support.tsx';

const text = (container: HTMLElement, selector: string) => container.querySelector(selector)?.textContent;

const productOf = async (kit: Kit, slug: string): Promise<Product> =>
  (await kit.client.products.queryProducts({ query: { filter: { slug } } })).products![0];

describe('useProduct, useProducts, useVariantSelection', () => {
  it('read once per key however many components ask, and the picker adds the chosen variant', async () => {
    const kit = visitorKit();
    let picker!: ReturnType<typeof useVariantSelection>;
    let actions!: ReturnType<typeof useCartActions>;
    let store!: StorefrontStore;
    const Picker = ({ product }: { product: Product }) => {
      picker = useVariantSelection(product, { Size: 'M' });
      actions = useCartActions();
      store = useStorefront();
      return <p data-price>{picker.price?.amount}</p>;
    };
    const Page = () => {
      const product = useProduct('rain-jacket');
      const again = useProduct('rain-jacket');
      const page = useProducts({ query: { paging: { limit: 3 } } });
      return (
        <>
          <h1>{product.data?.name ?? product.status}</h1>
          <ol>
            {page.data?.products?.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ol>
          {again.data && <Picker product={again.data} />}
        </>
      );
    };
    const from = kit.requests.length;
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Page />
      </StorefrontProvider>,
    );
    await untilDom(
      page.container,
      () => !!page.container.querySelector('[data-price]') && page.container.querySelectorAll('li').length === 3,
    );
    expect(kit.requests.slice(from).filter((r) => r.includes('/products/query'))).toHaveLength(2);
    expect(page.container.querySelector('h1')!.textContent).toBe('Rain jacket');
    expect(page.container.querySelector('[data-price]')!.textContent).toBe('129.00');
    act(() => picker.select('Size', 'XL'));
    expect(page.container.querySelector('[data-price]')!.textContent).toBe('134.00');
    let adding!: Promise<CartResult>;
    act(() => void (adding = actions.addLines([picker.toLineItem(1)!])));
    // Before the answer, the line shows what the page knows of the product.
    expect(store.getSnapshot().cart!.lineItems[0]).toMatchObject({
      optimistic: true,
      name: { original: 'Rain jacket' },
      pricing: { unitPrice: { amount: '134.00' } },
      attributes: { image: { url: 'https://static.wixstatic.com/media/sfk_4~mv2.jpg' } },
    });
    const added = await act(() => adding);
    expect(added.cart!.lineItems[0].attributes?.descriptionLines?.[0]?.plainText?.original).toBe('XL');
    page.unmount();
  });

  it("names a line added from a picker before the answer, when the page read the product itself (a router's loader)", async () => {
    const kit = visitorKit();
    const product = await productOf(kit, 'rain-jacket');
    let picker!: ReturnType<typeof useVariantSelection>;
    let actions!: ReturnType<typeof useCartActions>;
    let store!: StorefrontStore;
    const Picker = () => {
      picker = useVariantSelection(product, { Size: 'M' });
      actions = useCartActions();
      store = useStorefront();
      return <p>{product.name}</p>;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Picker />
      </StorefrontProvider>,
    );
    let adding!: Promise<CartResult>;
    act(() => void (adding = actions.addLines([picker.toLineItem(1)!])));
    expect(store.getSnapshot().cart!.lineItems[0]).toMatchObject({
      optimistic: true,
      name: { original: 'Rain jacket' },
      pricing: { unitPrice: { amount: '129.00' } },
    });
    await act(() => adding);
    page.unmount();
  });

  it('rememberProduct(store, product) names a line added without the picker hook (a page whose store comes later)', async () => {
    const kit = visitorKit();
    const product = await productOf(kit, 'rain-jacket');
    const store = createStorefront({ client: kit.client });
    const line = selectVariant(product, { Size: 'M' }).toLineItem(1)!;
    // Not remembered: the line shows at once, but without the product's name.
    let adding = cartActionsOf(store).addLines([line]);
    expect(store.getSnapshot().cart!.lineItems[0]).toMatchObject({ optimistic: true });
    expect(store.getSnapshot().cart!.lineItems[0].name).toBeUndefined();
    await adding;
    const forget = rememberProduct(store, product);
    adding = cartActionsOf(store).addLines([selectVariant(product, { Size: 'L' }).toLineItem(1)!]);
    expect(store.getSnapshot().cart!.lineItems.find((l) => l.optimistic)).toMatchObject({
      name: { original: 'Rain jacket' },
      // The chosen variant's own price (L costs more than M).
      pricing: { unitPrice: { amount: '134.00' } },
    });
    await adding;
    // Forgotten: the next add is not named from it.
    forget();
    adding = cartActionsOf(store).addLines([selectVariant(product, { Size: 'XL' }).toLineItem(1)!]);
    expect(store.getSnapshot().cart!.lineItems.find((l) => l.optimistic)?.name).toBeUndefined();
    await adding;
  });

  it('two providers on one page name their own lines: a picker in one never names a line of the other', async () => {
    const first = visitorKit();
    const second = visitorKit();
    const product = await productOf(first, 'rain-jacket');
    // The same product as the second store shows it (another language, another price).
    const translated: Product = { ...product, name: 'Regenjacke', price: { ...product.price, price: 99 } };
    const seen: {
      actions: ReturnType<typeof useCartActions>;
      picker: ReturnType<typeof useVariantSelection>;
      store: StorefrontStore;
    }[] = [];
    const Picker = ({ shown }: { shown: Product }) => {
      seen.push({
        picker: useVariantSelection(shown, { Size: 'M' }),
        actions: useCartActions(),
        store: useStorefront(),
      });
      return <p>{shown.name}</p>;
    };
    const page = await mount(
      <>
        <StorefrontProvider client={first.client}>
          <Picker shown={product} />
        </StorefrontProvider>
        <StorefrontProvider client={second.client}>
          <Picker shown={translated} />
        </StorefrontProvider>
      </>,
    );
    const [one, two] = [seen.at(-2)!, seen.at(-1)!];
    let adding!: Promise<CartResult>;
    act(() => void (adding = one.actions.addLines([one.picker.toLineItem(1)!])));
    expect(one.store.getSnapshot().cart!.lineItems[0].name).toMatchObject({ original: 'Rain jacket' });
    await act(() => adding);
    act(() => void (adding = two.actions.addLines([two.picker.toLineItem(1)!])));
    expect(two.store.getSnapshot().cart!.lineItems[0].name).toMatchObject({ original: 'Regenjacke' });
    await act(() => adding);
    page.unmount();
  });

  it('a product no one has is data null, not an error', async () => {
    const kit = visitorKit();
    let seen: ReturnType<typeof useProduct> | undefined;
    const Page = () => {
      seen = useProduct('no-such-product');
      return <p>{seen.status}</p>;
    };
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Page />
      </StorefrontProvider>,
    );
    await untilDom(page.container, () => page.container.querySelector('p')!.textContent === 'success');
    expect(seen).toEqual({ status: 'success', data: null, error: undefined });
    page.unmount();
  });

  it('a client without the module a hook reads is its error state, naming the module (the page still renders)', async () => {
    const client = { currentCartV2: visitorKit().client.currentCartV2 };
    const states: Record<string, { status: string; error?: Error }> = {};
    const Page = () => {
      states.product = useProduct('linen-shirt');
      states.products = useProducts({ query: { paging: { limit: 3 } } });
      states.collections = useCollections();
      return (
        <p>
          {Object.values(states)
            .map((s) => s.status)
            .join(',')}
        </p>
      );
    };
    const page = await mount(
      <StorefrontProvider client={client}>
        <Page />
      </StorefrontProvider>,
    );
    await untilDom(page.container, () => page.container.querySelector('p')!.textContent === 'error,error,error');
    expect(Object.values(states).map((s) => (s.error?.cause as Error).message)).toEqual(
      ['products', 'products', 'collections'].map(
        (m) =>
          `storefront-kit/react: this read needs the ${m} module in the client (createClient({ modules: { ${m} } }))`,
      ),
    );
    page.unmount();
  });
});

describe('useCollections', () => {
  function Page({ offset }: { offset: number }) {
    const page = useCollections({
      query: { paging: { limit: 2, offset }, sort: [{ fieldName: 'name', order: 'ASC' }] },
    });
    if (page.status !== 'success') return <p>{page.status}</p>;
    return (
      <p data-page>
        {page.data.collections.map((c) => c.name).join(',')}|{page.data.metadata?.offset}/{page.data.metadata?.total}
      </p>
    );
  }

  it('pages by offset as the spec does: one read per page, each page kept by its query', async () => {
    const view = await renderWithSandbox(
      <>
        <Page offset={0} />
        <Page offset={0} />
      </>,
    );
    await untilDom(view.container, () => view.container.querySelectorAll('[data-page]').length === 2);
    // Two components, one query: one read.
    expect(view.requestCount(/\/collections\/query/)).toBe(1);
    const all = (
      await view.sandbox
        .handle(
          new Request('https://www.wixapis.com/v2/collections/query', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: view.auth.getTokens().accessToken.value },
            body: JSON.stringify({ query: { sort: [{ fieldName: 'name', order: 'ASC' }] } }),
          }),
        )
        .then((r) => r.json() as Promise<{ collections: { name: string }[] }>)
    ).collections;
    const names = all.map((c) => c.name);
    expect(names.length).toBeGreaterThan(3);
    expect(text(view.container, '[data-page]')).toBe(`${names.slice(0, 2).join(',')}|0/${names.length}`);

    await view.rerender(<Page offset={2} />);
    await untilDom(view.container, () => text(view.container, '[data-page]')?.endsWith(`|2/${names.length}`) ?? false);
    expect(text(view.container, '[data-page]')).toBe(`${names.slice(2, 4).join(',')}|2/${names.length}`);
    // The second page is one more read; going back to the first reads nothing.
    expect(view.requestCount(/\/collections\/query/)).toBe(2);
    await view.rerender(<Page offset={0} />);
    expect(text(view.container, '[data-page]')).toBe(`${names.slice(0, 2).join(',')}|0/${names.length}`);
    expect(view.requestCount(/\/collections\/query/)).toBe(2);
    view.unmount();
  });
});
