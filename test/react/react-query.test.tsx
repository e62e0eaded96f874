// @vitest-environment happy-dom
/**
 * storefront-kit/react-query against the in-process sandbox: TanStack Query's hooks with the
 * options, keys and invalidation the entry derives from the operation table.
 */
import { QueryClient, QueryClientProvider, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { storefrontQueries } from '../../src/react/react-query.ts';
import { linesOf, mount, untilDom, visitorKit } from './support.tsx';

const withQueryClient = (ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { queryClient, ui: <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider> };
};

describe('storefrontQueries(client)', () => {
  it('reads the cart once, and an add through mutationOptions marks it stale so it is read again', async () => {
    const kit = visitorKit();
    const [line] = await linesOf(kit, ['linen-shirt'], 2);
    const q = storefrontQueries(kit.client);
    const seen: { created?: Date; count?: number } = {};
    function CartCount() {
      const cart = useQuery(q.currentCartV2.getCurrentCart.queryOptions());
      const add = useMutation(q.currentCartV2.addLineItemsToCurrentCart.mutationOptions());
      // The error narrows by the operation's catalogue codes.
      const code = add.error?.code;
      seen.created = cart.data?.cart?.createdDate;
      seen.count = cart.data?.cart.lineItems.reduce((n, l) => n + l.quantityInfo.requestedQuantity, 0);
      return (
        <>
          <p>items: {cart.status === 'success' ? seen.count : cart.status}</p>
          {code && <p role="alert">{code}</p>}
          <button onClick={() => add.mutate({ catalogItems: [line] })}>Add</button>
        </>
      );
    }
    // A visitor's cart exists once something is added: start with one line.
    await kit.addLines([line]);
    const from = kit.requests.length;
    const { ui } = withQueryClient(<CartCount />);
    const view = await mount(ui);
    await untilDom(view.container, () => view.container.textContent!.includes('items: 2'));
    expect(kit.cartRequests(from)).toEqual(['GET /ecom/v2/carts/current']);
    expect(seen.created).toBeInstanceOf(Date);

    await act(async () => view.container.querySelector('button')!.click());
    await untilDom(view.container, () => view.container.textContent!.includes('items: 4'));
    expect(kit.cartRequests(from)).toEqual([
      'GET /ecom/v2/carts/current',
      'POST /ecom/v2/carts/current/add-line-items',
      'GET /ecom/v2/carts/current',
    ]);
    view.unmount();
  });

  it("a refused mutation's error is the catalogue's, with its code and data", async () => {
    const kit = visitorKit();
    const q = storefrontQueries(kit.client);
    const { queryClient } = withQueryClient(null);
    const add = queryClient
      .getMutationCache()
      .build(queryClient, q.currentCartV2.addLineItemsToCurrentCart.mutationOptions());
    const error = await add
      .execute({
        catalogItems: [
          {
            quantity: 1,
            catalogReference: { catalogItemId: 'no-such-product', appId: STORES_APP_ID },
          },
        ],
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({
      code: 'ITEM_NOT_FOUND_IN_CATALOG',
      data: { invalidItems: [{ catalogReference: { catalogItemId: 'no-such-product' } }] },
    });
  });

  it('pages a query the way its query builder does, offset by offset until the total', async () => {
    const kit = visitorKit();
    const q = storefrontQueries(kit.client);
    const total = (await kit.client.products.queryProducts({ query: { paging: { limit: 1 } } })).metadata!.total!;
    let loadMore: () => void = () => {};
    function Catalog() {
      const pages = useInfiniteQuery(
        q.products.queryProducts.infiniteQueryOptions({ query: { paging: { limit: 4 } } }),
      );
      loadMore = () => void pages.fetchNextPage();
      const names = pages.data?.pages.flatMap((p) => p.products ?? []).map((p) => p.slug) ?? [];
      return (
        <p>
          {names.length} {pages.hasNextPage ? 'more' : 'end'}
        </p>
      );
    }
    const from = kit.requests.length;
    const view = await mount(withQueryClient(<Catalog />).ui);
    await untilDom(view.container, () => view.container.textContent === '4 more');
    for (let shown = 4; shown < total; shown += 4) {
      await act(async () => loadMore());
      const expected = Math.min(total, shown + 4);
      await untilDom(view.container, () => view.container.textContent!.startsWith(`${expected} `));
    }
    expect(view.container.textContent).toBe(`${total} end`);
    expect(kit.requests.slice(from)).toHaveLength(Math.ceil(total / 4));
    view.unmount();
  });

  it('keys and invalidation come from the spec: reads by method or x-sfk-read, other modules by x-sfk-invalidates', () => {
    const q = storefrontQueries(visitorKit().client);
    expect(q.queryKey()).toEqual(['storefront-kit']);
    expect(q.currentCart.queryKey()).toEqual(['storefront-kit', 'currentCart']);
    expect(q.products.queryProducts.queryKey({ query: { filter: { slug: 'linen-shirt' } } })).toEqual([
      'storefront-kit',
      'products',
      'queryProducts',
      { query: { filter: { slug: 'linen-shirt' } } },
    ]);
    // A POST the spec marks as a read has query options; a write has none.
    expect(q.currentCart.estimateCurrentCartTotals.queryOptions().queryKey).toEqual([
      'storefront-kit',
      'currentCart',
      'estimateCurrentCartTotals',
    ]);
    expect(() => q.currentCart.addToCurrentCart.queryOptions({})).toThrow(
      'storefrontQueries: currentCart.addToCurrentCart changes data, so it has no queryOptions; use mutationOptions() (the spec marks reads with a GET or x-sfk-read)',
    );
    expect(() => q.currentCart.getCurrentCart.infiniteQueryOptions()).toThrow(
      'storefrontQueries: currentCart.getCurrentCart does not page (no x-sfk-query-builder), so it has no infiniteQueryOptions; use queryOptions()',
    );
    expect(q.invalidatedBy('currentCart', 'addToCurrentCart')).toEqual([['storefront-kit', 'currentCart']]);
    expect(q.invalidatedBy('currentCart', 'createCheckoutFromCurrentCart')).toEqual([['storefront-kit', 'checkout']]);
  });
});
