/**
 * `routeToSandbox(context, url)`: browser tests of an unchanged app. A page that calls the
 * provider from the browser (its cart, its redirects, its images) sends those requests to the
 * provider's hosts, which neither the Node preload nor an app-less msw worker can reach. This
 * routes them, in a Playwright BrowserContext, to the sandbox: every request of the context to
 * a provider host (PROVIDER_HOSTS: the API hosts and the media host, the same list the preload
 * routes) is sent to the sandbox, path and query kept, and its answer given to the page with
 * the CORS answers the provider's host gives any origin (preflights included). Every other
 * request goes on as the page made it.
 *
 * Playwright is not a dependency: the context is typed by the few methods this calls, which a
 * `BrowserContext` (or a `Page`) of playwright or playwright-core has.
 */
import { Buffer } from 'node:buffer';
import { PROVIDER_URLS_HEADER, sandboxOrigin, toSandboxUrl } from './provider-hosts.ts';
import { STRICT_HEADER } from './calls.ts';

/** The request of a routed call, as Playwright's `Request` gives it. */
export interface RoutedRequest {
  url(): string;
  method(): string;
  headers(): Record<string, string>;
  postDataBuffer(): Uint8Array | null;
}

/** What this calls of Playwright's `Route`. */
export interface RoutedCall {
  request(): RoutedRequest;
  fulfill(answer: { status: number; headers: Record<string, string>; body?: string | Buffer }): Promise<void>;
}

type UrlMatch = (url: URL) => boolean;
type RouteHandler = (route: RoutedCall) => Promise<void>;

/** What this calls of Playwright's `BrowserContext` (or `Page`). */
export interface RoutableContext {
  route(url: UrlMatch, handler: RouteHandler): Promise<unknown>;
  unroute(url: UrlMatch, handler?: RouteHandler): Promise<unknown>;
}

/** The methods a preflight is told the provider's host takes. */
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** Hop-by-hop headers and those the sandbox's answer no longer matches once read (fetch decompresses). */
const DROPPED_ANSWER_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
/** Request headers the sandbox must not see: its own Host is written by fetch; the page's origin is the helper's business. */
const DROPPED_REQUEST_HEADERS = new Set(['host', 'origin', 'content-length', 'connection']);

/** The CORS answer the provider's host gives a page on any origin. */
function corsHeaders(request: RoutedRequest): Record<string, string> {
  const origin = request.headers()['origin'];
  return origin
    ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
    : { 'access-control-allow-origin': '*' };
}

/**
 * Routes the context's requests to the provider's hosts to the sandbox at `sandboxUrl` (see the
 * file's comment). Resolves once the route is in place, with a function that removes it.
 */
export async function routeToSandbox(
  context: RoutableContext,
  sandboxUrl: string,
  {
    strict = false,
  }: {
    /**
     * A call the sandbox does not emulate fails loudly: the page gets the sandbox's 501 naming it,
     * the sandbox prints it and lists it in its call report (`GET /__sandbox/calls`). @default false
     */
    strict?: boolean;
  } = {},
): Promise<() => Promise<void>> {
  const origin = sandboxOrigin(sandboxUrl, 'routeToSandbox: the sandbox URL');
  const matches: UrlMatch = (url) => toSandboxUrl(url.href, origin) !== undefined;
  const handler: RouteHandler = async (route) => {
    const request = route.request();
    const target = toSandboxUrl(request.url(), origin);
    const cors = corsHeaders(request);
    const headers = request.headers();
    if (request.method() === 'OPTIONS' && headers['access-control-request-method']) {
      await route.fulfill({
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': CORS_METHODS,
          'access-control-allow-headers': headers['access-control-request-headers'] ?? '',
          'access-control-max-age': '600',
        },
      });
      return;
    }
    if (target === undefined) throw new Error(`routeToSandbox: ${request.url()} is not a provider URL`);
    const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name)));
    // Answers keep naming images on the provider's media host, which this routes too.
    sent[PROVIDER_URLS_HEADER] = '1';
    if (strict) sent[STRICT_HEADER] = '1';
    const body = request.postDataBuffer();
    let answer: Response;
    try {
      answer = await fetch(target, {
        method: request.method(),
        headers: sent,
        body: body && body.length && !['GET', 'HEAD'].includes(request.method()) ? Buffer.from(body) : undefined,
        redirect: 'manual',
      });
    } catch (err) {
      // The page sees what it would see of an unreachable host: a 502 naming the sandbox.
      await route.fulfill({
        status: 502,
        headers: { ...cors, 'content-type': 'text/plain' },
        body: `routeToSandbox: the sandbox at ${origin} did not answer (${(err as Error).message})`,
      });
      return;
    }
    const answerHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!DROPPED_ANSWER_HEADERS.has(name) && !name.startsWith('access-control-')) answerHeaders[name] = value;
    });
    await route.fulfill({
      status: answer.status,
      headers: { ...answerHeaders, ...cors, 'access-control-expose-headers': '*' },
      // A Buffer: Playwright base64-encodes a body with Buffer's toString, which a bare Uint8Array lacks.
      body: Buffer.from(await answer.arrayBuffer()),
    });
  };
  await context.route(matches, handler);
  return async () => {
    await context.unroute(matches, handler);
  };
}
