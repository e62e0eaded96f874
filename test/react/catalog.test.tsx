// @vitest-environment happy-dom
/** The catalog hooks and the variant picker's rules against the sandbox's seeded catalog. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  selectVariant,
  StorefrontProvider,
  useCartActions,
  useProduct,
  useProducts,
  useStorefront,
  useVariantSelection,
  type CartResult,
  type StorefrontStore,
  type Product,
} from '../../src/react/index.ts';
import { mount, untilDom, visitorKit, type Kit } from './support.tsx';

const productOf = async (kit: Kit, slug: string): Promise<Product> =>
  (await kit.client.products.queryProducts({ query: { filter: { slug } } })).products![0];

/** A choice's state as the test reads it. */
const states = (selection: ReturnType<typeof selectVariant>, option: string) =>
  Object.fromEntries(
    selection.options
      .find((o) => o.name === option)!
      .choices.map((c) => [
        c.name,
        { exists: c.exists, available: c.available, inStock: c.inStock, selected: c.selected },
      ]),
  );

describe('selectVariant (the picker rules, server and browser alike)', () => {
  it('knows which sizes are in stock and prices the chosen variant in decimal text', async () => {
    const kit = visitorKit();
    const jacket = await productOf(kit, 'rain-jacket');
    const none = selectVariant(jacket);
    expect(none.complete).toBe(false);
    expect(none.toLineItem(1)).toBeUndefined();
    expect(states(none, 'Size')).toEqual({
      S: { exists: true, available: true, inStock: false, selected: false },
      M: { exists: true, available: true, inStock: true, selected: false },
      L: { exists: true, available: true, inStock: true, selected: false },
      XL: { exists: true, available: true, inStock: true, selected: false },
    });
    const large = selectVariant(jacket, { Size: 'L' });
    expect(large.complete).toBe(true);
    expect(large.price).toEqual({ amount: '134.00', discountedAmount: '134.00', currency: 'USD' });
    expect(large.inStock).toBe(true);
    expect(large.options[0].choices.find((c) => c.name === 'M')!.search).toBe('Size=M');
    expect(selectVariant(jacket, { Size: 'S' }).inStock).toBe(false);
    // A choice the product does not have is dropped.
    expect(selectVariant(jacket, { Size: 'XXL', Fit: 'Slim' }).selected).toEqual({});
  });

  it('names colours as the variants do, and builds the line item the server accepts', async () => {
    const kit = visitorKit();
    const mug = await productOf(kit, 'ceramic-mug');
    const red = selectVariant(mug, { Color: 'Red' });
    expect(red.options[0].choices.map((c) => [c.name, c.value])).toEqual([
      ['Green', '#1B4D3E'],
      ['Red', '#C0392B'],
    ]);
    const bandana = await productOf(kit, 'cotton-bandana');
    const greenBandana = selectVariant(bandana, { Color: 'Green' });
    const { cart } = await kit.client.currentCartV2.addLineItemsToCurrentCart({
      catalogItems: [red.toLineItem(1)!, greenBandana.toLineItem(2)!],
    });
    expect(
      cart.lineItems.map((l) => [
        l.name.original,
        l.quantityInfo.requestedQuantity,
        l.attributes?.descriptionLines?.[0]?.colorInfo?.original,
      ]),
    ).toEqual([
      ['Ceramic mug', 1, 'Red'],
      ['Cotton bandana', 2, 'Green'],
    ]);
  });
});

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
});
