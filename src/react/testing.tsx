/**
 * storefront-kit/react/testing: render a storefront against the in-process sandbox (no server,
 * no network) with failure injection, and count its requests and renders, as an app's tests
 * would. Needs a DOM (jsdom or happy-dom in the test runner).
 */
import { act, Profiler, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  collections,
  createClient,
  currentCart,
  currentCartV2,
  members,
  OAuthStrategy,
  products,
  redirects,
  wishlist,
  withDirectLogin,
  type Client,
  type FrameDriver,
  type FrameMessage,
} from '../index.ts';
import {
  createSandbox,
  DEFAULT_CLIENT_ID,
  type FaultRule,
  type Sandbox,
  type SandboxOptions,
} from '../sandbox/index.ts';
import type { CartApi } from './cart-actions.ts';
import type { StorefrontAuth } from './client-types.ts';
import { StorefrontProvider } from './provider.tsx';
import { requestsInFlight } from './requests-in-flight.ts';
import type { DehydratedState } from './store.ts';

/** A request as the log keeps it. */
export interface LoggedRequest {
  method: string;
  /** The URL's path, e.g. `/ecom/v1/carts/current/add-to-cart`. */
  path: string;
  /** `METHOD /path`, what faults and counts match. */
  line: string;
}

/** Which requests a fault hits: `METHOD /path` exactly, a pattern over it, or a test of the request. */
export type RequestMatch = string | RegExp | ((request: LoggedRequest) => boolean);

export interface SandboxFault {
  match: RequestMatch;
  /** 'network': the request never arrives (fetch rejects); or this answer instead of the sandbox's. */
  answer: 'network' | { status: number; body?: unknown };
  /** How many matching requests it hits, the first ones. @default every one */
  times?: number;
}

export interface RenderWithSandboxOptions {
  /** Load the sandbox's seed data (catalog, coupons, members). @default true */
  seed?: boolean;
  /**
   * Failures: a `SandboxFault` (with `match`) is answered here, before the sandbox; a `FaultRule`
   * (`{ operation: 'addToCurrentCart', status: 503, times: 1 }`) is the sandbox's own fault, as
   * the control API and `sandbox.faults.add` place it (docs/testing.md). Either kind can also be
   * placed later, after the first render: `result.sandbox.faults.add(rule)`.
   */
  faults?: (SandboxFault | FaultRule)[];
  /** A server's `dehydrate()` for the provider. */
  state?: DehydratedState;
  locale?: string;
  /**
   * The cart API the provider uses (as `<StorefrontProvider cartApi>`). On 'v2' (the default) the
   * sandbox answers Cart V1 calls as removed, as the provider will from 2027-02-01, unless
   * `sandbox.settings.cartV1` says otherwise. @default 'v2'
   */
  cartApi?: CartApi;
  /** More sandbox options (settings, clock); `seed` above wins. */
  sandbox?: SandboxOptions;
  /**
   * Runs before the first render with the visitor's client (fill the cart), its requests not
   * logged; awaited, its value ignored (so `(client) => client.currentCartV2.addLineItemsToCurrentCart(...)` fits).
   */
  setup?(client: RenderWithSandboxResult['client'], sandbox: Sandbox): unknown;
}

export interface RenderWithSandboxResult {
  container: HTMLElement;
  sandbox: Sandbox;
  /** The visitor's client the provider uses (a new anonymous visitor). */
  client: Client<{
    currentCartV2: typeof currentCartV2;
    currentCart: typeof currentCart;
    products: typeof products;
    redirects: typeof redirects;
    collections: typeof collections;
    members: typeof members;
    wishlist: typeof wishlist;
  }>;
  /** The client's auth, also the provider's (`useAuth()`): direct login's hidden frame is loaded from the sandbox. */
  auth: StorefrontAuth & Pick<ReturnType<typeof OAuthStrategy>, 'getTokens'>;
  /** Every request the client sent, in order (token requests included). */
  requests: LoggedRequest[];
  /** How many requests match (all without a match). */
  requestCount(match?: RequestMatch): number;
  /** How many times React committed the tree (a Profiler around it). */
  commits(): number;
  /**
   * Resolves once every request sent has its answer and React has rendered it (render and
   * rerender resolve so; wait on this after an action that sends requests).
   */
  settled(): Promise<void>;
  rerender(ui: ReactNode): Promise<void>;
  unmount(): void;
}

const matches = (match: RequestMatch, request: LoggedRequest) =>
  typeof match === 'string'
    ? request.line === match
    : match instanceof RegExp
      ? match.test(request.line)
      : match(request);

/**
 * The visitor's auth, with direct login whose hidden frame is the sandbox's web_message page,
 * read through `fetch` (no iframe: the page states what it posts to its parent).
 */
function sandboxAuth(fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const frame: FrameDriver = (url) => ({
    message: fetch(url)
      .then((r) => r.text())
      .then((html) => {
        // Found by position, not a lazy regex (which backtracks polynomially on an unclosed tag).
        const open = '<script type="application/json" id="sfk-auth-result">';
        const start = html.indexOf(open);
        const end = start < 0 ? -1 : html.indexOf('</script>', start + open.length);
        if (end < 0) throw new Error(`storefront-kit/react/testing: the sandbox's login page posted nothing (${url})`);
        return (JSON.parse(html.slice(start + open.length, end)) as { message: FrameMessage }).message;
      }),
    close() {},
  });
  return withDirectLogin(OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }), { frame });
}

export async function renderWithSandbox(
  ui: ReactNode,
  options: RenderWithSandboxOptions = {},
): Promise<RenderWithSandboxResult> {
  if (typeof document === 'undefined')
    throw new Error('storefront-kit/react/testing: renderWithSandbox needs a DOM (run the test in jsdom or happy-dom)');
  // act() is how the tree's updates are awaited here, as Testing Library sets it.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT ??= true;
  const cartApi = options.cartApi ?? 'v2';
  const sandbox = createSandbox({
    validateResponses: true,
    ...options.sandbox,
    settings: { cartV1: cartApi === 'v2' ? 'removed' : 'available', ...options.sandbox?.settings },
    seed: options.seed ?? true,
  });
  const requests: LoggedRequest[] = [];
  const isClientFault = (f: SandboxFault | FaultRule): f is SandboxFault => 'match' in f;
  const faults = (options.faults ?? [])
    .filter(isClientFault)
    .map((fault) => ({ fault, left: fault.times ?? Number.POSITIVE_INFINITY }));
  const inFlight = requestsInFlight();
  const respond = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const logged = { method: request.method, path, line: `${request.method} ${path}` };
    requests.push(logged);
    const hit = faults.find((f) => f.left > 0 && matches(f.fault.match, logged));
    if (!hit) {
      const res = await sandbox.handle(request);
      // The sandbox's dropped connection (a fault): fetch rejects, as it does on a network failure.
      if (res.type === 'error') throw new TypeError('fetch failed (the sandbox dropped the connection: a fault)');
      return res;
    }
    hit.left--;
    const answer = hit.fault.answer;
    if (answer === 'network') throw new TypeError('fetch failed (a fault of renderWithSandbox)');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => inFlight.track(respond(input, init));
  const auth = sandboxAuth(fetch);
  const client = createClient({
    modules: { currentCartV2, currentCart, products, redirects, collections, members, wishlist },
    auth,
    retry: false,
    fetch,
  });

  if (options.setup) {
    await options.setup(client, sandbox);
    requests.length = 0;
  }
  // The sandbox's own faults after setup, which they would otherwise hit.
  for (const rule of options.faults ?? []) if (!isClientFault(rule)) sandbox.faults.add(rule);

  let commits = 0;
  const wrap = (node: ReactNode) => (
    <Profiler id="storefront" onRender={() => void commits++}>
      <StorefrontProvider client={client} auth={auth} state={options.state} locale={options.locale} cartApi={cartApi}>
        {node}
      </StorefrontProvider>
    </Profiler>
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const render = async (node: ReactNode) => {
    await act(async () => root.render(wrap(node)));
    await inFlight.settled();
  };
  await render(ui);

  return {
    container,
    sandbox,
    client,
    auth,
    requests,
    requestCount: (match) => (match === undefined ? requests.length : requests.filter((r) => matches(match, r)).length),
    commits: () => commits,
    settled: inFlight.settled,
    rerender: render,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}
