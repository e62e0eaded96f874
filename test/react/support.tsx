/**
 * React tests over the in-process sandbox (no mocks): a visitor's client whose every request is
 * logged, a DOM root to mount into (happy-dom), and render counters.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createClient, currentCart, OAuthStrategy, products, redirects } from '../../src/index.ts';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID, STORES_APP_ID } from '../../src/sandbox/seed/ids.ts';
import type { LineItemInput } from '../../src/react/index.ts';
import { requestsInFlight } from '../../src/react/requests-in-flight.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Kit = ReturnType<typeof visitorKit>;

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
  sandbox: Sandbox = createSandbox({ validateResponses: true }),
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
    modules: { currentCart, products, redirects },
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
    cartRequests: (from = 0) => requests.slice(from).filter((r) => r.includes('/ecom/v1/carts/')),
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
