/**
 * React tests over the in-process sandbox (no mocks): a visitor's client whose every request is
 * logged, a DOM root to mount into (happy-dom), and render counters.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createClient, currentCart, currentCartV2, OAuthStrategy, products, redirects } from '../../src/index.ts';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { cartApiV1, type CartApi, type LineItemInput } from '../../src/react/index.ts';
import { requestsInFlight } from '../../src/react/requests-in-flight.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Kit = ReturnType<typeof visitorKit>;

/**
 * The cart API the React tests run on: Cart V2 (with Cart V1 removed in the sandbox, as the
 * provider will from 2027-02-01), and Cart V1 while it is an option. `SFK_CART_API=v1` runs
 * the cart tests on V1 (test/react/cart-v1.test.tsx does, in a process of its own).
 */
export const CART_API: CartApi = process.env.SFK_CART_API === 'v1' ? cartApiV1 : 'v2';

/** The requests each cart change sends, by API. */
export const CART_REQUESTS = {
  v2: {
    read: 'GET /ecom/v2/carts/current',
    add: 'POST /ecom/v2/carts/current/add-line-items',
    quantity: 'POST /ecom/v2/carts/current/update-line-items',
    remove: 'POST /ecom/v2/carts/current/remove-line-items',
  },
  v1: {
    read: 'GET /ecom/v1/carts/current',
    add: 'POST /ecom/v1/carts/current/add-to-cart',
    quantity: 'POST /ecom/v1/carts/current/update-line-items-quantity',
    remove: 'POST /ecom/v1/carts/current/remove-line-items',
  },
}[CART_API === 'v2' ? 'v2' : 'v1'];

/** A sandbox for the cart API under test: on V2, Cart V1 is removed. */
export const cartSandbox = (options: Parameters<typeof createSandbox>[0] = {}) =>
  createSandbox({
    validateResponses: true,
    ...options,
    settings: { cartV1: CART_API === 'v2' ? 'removed' : 'available', ...options.settings },
  });

/** Rejects as fetch does when `signal` aborts. */
const abortOf = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );

/**
 * A client as a new visitor on `sandbox`; `requests` logs `METHOD /path` of each request it sends.
 * `fail` makes a request fail on the way (fetch rejects); `hold` keeps one from the sandbox until
 * the promise it returns resolves (an abort still ends it, as fetch does).
 */
export function visitorKit(
  sandbox: Sandbox = cartSandbox(),
  fail?: (request: Request) => boolean,
  hold?: (request: Request) => Promise<void> | undefined,
) {
  const requests: string[] = [];
  const inFlight = requestsInFlight();
  const respond = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    if (fail?.(request)) throw new TypeError('fetch failed');
    const held = hold?.(request);
    if (held) await Promise.race([held, abortOf(request.signal)]);
    return sandbox.handle(request);
  };
  const client = createClient({
    modules: { currentCart, currentCartV2, products, redirects },
    auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }),
    retry: false,
    fetch: (input, init) => inFlight.track(respond(input, init)),
  });
  return {
    sandbox,
    client,
    requests,
    /** Resolves once every request sent has its answer and React has rendered it. */
    settled: inFlight.settled,
    /** The cart requests sent since `from` (an index into `requests`). */
    cartRequests: (from = 0) => requests.slice(from).filter((r) => /\/ecom\/v[12]\/carts\//.test(r)),
    /** The visitor's cart as the server has it, through the API under test: its lines' ids and quantities, its note. */
    async serverCart() {
      if (CART_API !== 'v2') {
        const { cart } = await client.currentCart.getCurrentCart();
        return {
          lineItems: (cart?.lineItems ?? []).map((l) => ({ id: l.id, quantity: l.quantity ?? 0 })),
          note: cart?.buyerNote,
        };
      }
      const { cart } = await client.currentCartV2.getCurrentCart();
      return {
        lineItems: cart.lineItems.map((l) => ({ id: l.id, quantity: l.quantityInfo.requestedQuantity })),
        note: cart.note,
      };
    },
    /** Adds lines to the visitor's cart through the API under test (a test's setup). */
    addLines: (lines: LineItemInput[]) =>
      CART_API === 'v2'
        ? client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: lines })
        : client.currentCart.addToCurrentCart({ lineItems: lines.map((l) => ({ ...l, quantity: l.quantity ?? 1 })) }),
  };
}

/** One line item per product slug: the product's first variant (as a storefront would add it). */
export async function linesOf(kit: Kit, slugs: string[], quantity = 1): Promise<LineItemInput[]> {
  const page = await kit.client.products.queryProducts({ query: { paging: { limit: 100 } } });
  return slugs.map((slug) => {
    const product = page.products!.find((p) => p.slug === slug);
    if (!product) throw new Error(`no seeded product ${slug}`);
    return {
      quantity,
      catalogReference: {
        catalogItemId: product.id!,
        appId: STORES_APP_ID,
        options: { variantId: product.variants![0].id },
      },
    };
  });
}

/** A line of the seeded trail socks (their one variant, the nil id): a cart's setup without reading the catalog. */
export const socks = (quantity = 1): LineItemInput => ({
  quantity,
  catalogReference: {
    catalogItemId: PRODUCT.trailSocks,
    appId: STORES_APP_ID,
    options: { variantId: '00000000-0000-0000-0000-000000000000' },
  },
});

/** Ten seeded products in stock, each a line of its own. */
export const TEN_SLUGS = [
  'linen-shirt',
  'canvas-tote',
  'wool-beanie',
  'trail-socks',
  'leather-belt',
  'espresso-cups-set-of-2',
  'olive-oil-500-ml',
  'coffee-beans-1-kg',
  'notebook-a5',
  'fountain-pen',
];

export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export async function mount(ui: ReactNode): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Render counts by name: a component calls `renders.count(name)` as it renders. */
export function renderCounter() {
  const counts = new Map<string, number>();
  return {
    count: (name: string) => void counts.set(name, (counts.get(name) ?? 0) + 1),
    of: (name: string) => counts.get(name) ?? 0,
    reset: () => counts.clear(),
    all: () => Object.fromEntries(counts),
  };
}

/**
 * Resolves once `check` holds of the mounted DOM, checked on each DOM change: no timers. It waits
 * outside act, as Testing Library's waitFor does: inside an act scope React only queues the
 * renders the answers bring, so the DOM would not change until the wait ended.
 */
export async function untilDom(container: HTMLElement, check: () => boolean): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (check()) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });
      if (check()) {
        observer.disconnect();
        resolve();
      }
    });
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
  // Whatever else React has scheduled is rendered before the test goes on.
  await act(async () => {});
}
