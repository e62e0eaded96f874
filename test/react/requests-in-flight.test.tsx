// @vitest-environment happy-dom
/**
 * requestsInFlight (requests-in-flight.ts), the count behind the tests' `settled()` (testing.tsx's
 * renderWithSandbox, support.tsx's visitorKit): a fetch's requests counted on their way, and a
 * wait, inside act, until each has its answer and React has rendered what it brought, requests
 * the rendering sent included.
 */
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy, products } from '../../src/index.ts';
import { requestsInFlight } from '../../src/react/requests-in-flight.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { mount } from './support.tsx';

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('requestsInFlight', () => {
  it('hands each answer on as it is, its value or its error', async () => {
    const flight = requestsInFlight();
    expect(await flight.track(Promise.resolve(42))).toBe(42);
    const error = new Error('fetch failed');
    await expect(flight.track(Promise.reject(error))).rejects.toBe(error);
  });

  it('settles at once with nothing on its way, and after every answer, a failed one included', async () => {
    const flight = requestsInFlight();
    await flight.settled();
    const order: string[] = [];
    const a = deferred<string>();
    const b = deferred<string>();
    void flight.track(a.promise).then((v) => order.push(v));
    void flight.track(b.promise).catch((e: Error) => order.push(e.message));
    const settled = flight.settled().then(() => order.push('settled'));
    a.resolve('a');
    await Promise.resolve();
    b.reject(new Error('b failed'));
    await settled;
    expect(order).toEqual(['a', 'b failed', 'settled']);
    // Once settled, it counts again from nothing.
    const c = deferred<string>();
    void flight.track(c.promise);
    const again = flight.settled();
    c.resolve('c');
    await again;
  });

  it('counts each flight apart: a request of another one does not hold it', async () => {
    const one = requestsInFlight();
    const other = requestsInFlight();
    const held = deferred<void>();
    void other.track(held.promise);
    await one.settled();
    held.resolve();
    await other.settled();
  });

  it('waits, through act, for the answers and the requests their rendering sends, and React has rendered the last', async () => {
    const sandbox = createSandbox({ validateResponses: true });
    const flight = requestsInFlight();
    const sent: string[] = [];
    const client = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }),
      retry: false,
      fetch: (input, init) => {
        const request = new Request(input, init);
        sent.push(new URL(request.url).pathname);
        return flight.track(sandbox.handle(request));
      },
    });
    /** Reads a product, then, with its answer rendered, the product's variants. */
    function Chain() {
      const [product, setProduct] = useState<{ id: string; name: string }>();
      const [variants, setVariants] = useState<number>();
      useEffect(() => {
        void client.products
          .queryProducts({ query: { filter: { slug: 'rain-jacket' } } })
          .then((page) => setProduct({ id: page.products![0].id!, name: page.products![0].name! }));
      }, []);
      useEffect(() => {
        if (!product) return;
        void client.products
          .queryStoreVariants({ query: { filter: { productId: product.id }, paging: { limit: 100 } } })
          .then((page) => setVariants(page.variants?.length ?? 0));
      }, [product]);
      return <p>{product ? `${product.name}: ${variants ?? 'reading variants'}` : 'reading the product'}</p>;
    }
    const view = await mount(<Chain />);
    await flight.settled();
    const shown = view.container.textContent;
    const read = sent.filter((path) => !path.startsWith('/oauth2/')).length;
    const variants = (
      await client.products.queryStoreVariants({
        query: {
          filter: {
            productId: (await client.products.queryProducts({ query: { filter: { slug: 'rain-jacket' } } }))
              .products![0].id,
          },
          paging: { limit: 100 },
        },
      })
    ).variants!.length;
    expect(variants).toBeGreaterThan(0);
    expect(shown).toBe(`Rain jacket: ${variants}`);
    expect(read).toBe(2);
    view.unmount();
  });
});
