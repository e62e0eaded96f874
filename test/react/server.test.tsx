// @vitest-environment happy-dom
/**
 * storefront-kit/react/server: prefetch on the server, dehydrate to JSON, render, and hydrate in
 * the browser without a warning and without reading again what the server read.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  StorefrontProvider,
  useCart,
  useCartActions,
  useProduct,
  type DehydratedState,
} from '../../src/react/index.ts';
import { createServerStorefront } from '../../src/react/server.ts';
import { linesOf, visitorKit, type Kit } from './support.tsx';

function CartSummary() {
  const cart = useCart();
  if (!cart) return <p>Loading the cart</p>;
  // Dates must be Dates after the trip (toISOString throws on text).
  return (
    <section>
      <p data-created>{cart.createdDate?.toISOString() ?? 'no cart'}</p>
      <ul>
        {cart.lineItems.map((l) => (
          <li key={l.id}>{`${l.name?.original} x ${l.quantity}`}</li>
        ))}
      </ul>
    </section>
  );
}

function ProductTitle({ slug }: { slug: string }) {
  const product = useProduct(slug);
  return (
    <h1 data-expires={product.data?.media?.mainMedia?.image?.urlExpirationDate?.toISOString()}>
      {product.data?.name ?? product.status}
    </h1>
  );
}

let actions: ReturnType<typeof useCartActions>;
function Actions() {
  actions = useCartActions();
  return null;
}

const App = ({ kit, state }: { kit: Kit; state?: DehydratedState }) => (
  <StorefrontProvider client={kit.client} state={state}>
    <ProductTitle slug="linen-shirt" />
    <CartSummary />
    <Actions />
  </StorefrontProvider>
);

/** Renders on the "server", then hydrates the markup in the DOM; returns what hydration logged and sent. */
async function serverThenBrowser(kit: Kit, state: DehydratedState | undefined) {
  // The state travels as JSON (a loader's payload, a script tag).
  const travelled = state && (JSON.parse(JSON.stringify(state)) as DehydratedState);
  const html = renderToString(<App kit={kit} state={travelled} />);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const logged = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  const from = kit.requests.length;
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <App kit={kit} state={travelled} />, {
      onRecoverableError: (e) => recoverable.push(e),
    });
  });
  const firstMarkup = container.innerHTML;
  // What hydration read has arrived and is shown.
  await kit.settled();
  return {
    html,
    container,
    firstMarkup,
    logged: logged.mock.calls,
    recoverable,
    requests: kit.requests.slice(from),
    root,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('server rendering and hydration', () => {
  it('a prefetched cart and product hydrate without a warning and without a read, Dates intact', async () => {
    const kit = visitorKit();
    await kit.addLines(await linesOf(kit, ['linen-shirt', 'canvas-tote']));
    const server = createServerStorefront({ client: kit.client });
    const [cart, product] = await Promise.all([server.prefetchCart(), server.prefetchProduct('linen-shirt')]);
    expect(cart.data!.lineItems).toHaveLength(2);
    expect(product.data!.name).toBe('Linen shirt');

    const r = await serverThenBrowser(kit, server.dehydrate());
    expect(r.html).toContain('Linen shirt x 1');
    expect(r.html).toContain(cart.data!.createdDate!.toISOString());
    expect(r.html).toContain(
      `data-expires="${product.data!.media!.mainMedia!.image!.urlExpirationDate!.toISOString()}"`,
    );
    expect(r.logged, 'no hydration warning').toEqual([]);
    expect(r.recoverable).toEqual([]);
    expect(r.firstMarkup, 'the first browser render is the server markup').toBe(r.html);
    expect(r.requests, 'nothing read again on hydration').toEqual([]);

    // The hydrated page acts as usual.
    const lineId = (await kit.client.currentCartV2.getCurrentCart()).cart.lineItems[0].id;
    const updated = await act(() => actions.updateQuantity(lineId, 3));
    expect(updated.error).toBeUndefined();
    expect(r.container.textContent).toContain('Linen shirt x 3');
    act(() => r.root.unmount());
  });

  it('a visitor without a cart is dehydrated as such: no read in the browser, an empty cart shown', async () => {
    const kit = visitorKit();
    const server = createServerStorefront({ client: kit.client });
    const prefetched = await server.prefetchCart();
    expect(prefetched.data).toMatchObject({ lineItems: [], pending: false });
    const state = server.dehydrate();
    expect(state.cart).toBeNull();
    const r = await serverThenBrowser(kit, state);
    expect(r.logged).toEqual([]);
    expect(r.requests.filter((q) => q.includes('/carts/'))).toEqual([]);
    expect(r.container.querySelector('[data-created]')!.textContent).toBe('no cart');
    act(() => r.root.unmount());
  });

  it('without a prefetch the server renders the loading state, and the browser reads the cart once after hydrating', async () => {
    const kit = visitorKit();
    await kit.addLines(await linesOf(kit, ['trail-socks']));
    const r = await serverThenBrowser(kit, undefined);
    expect(r.html).toContain('Loading the cart');
    expect(r.logged).toEqual([]);
    expect(r.recoverable).toEqual([]);
    expect(r.requests.filter((q) => q.includes('/carts/'))).toEqual(['GET /ecom/v2/carts/current']);
    expect(r.container.textContent).toContain('Trail socks x 1');
    act(() => r.root.unmount());
  });

  it('a prefetch the server could not make is left out of the state, so the browser reads it, and is tried again when asked again', async () => {
    let offline = true;
    const kit = visitorKit(undefined, (request) => offline && request.url.includes('/stores-reader/'));
    const server = createServerStorefront({ client: kit.client });
    const product = await server.prefetchProduct('linen-shirt');
    expect(product.error!.code).toBe('SYSTEM_ERROR');
    expect(server.dehydrate().resources).toEqual({});
    // A failed read is tried again when asked again.
    offline = false;
    expect((await server.prefetchProduct('linen-shirt')).data!.name).toBe('Linen shirt');
    expect(Object.keys(server.dehydrate().resources)).toEqual(['product:linen-shirt']);
  });
});
