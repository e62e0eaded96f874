/**
 * The sandbox as msw request handlers: the same handlers in Node tests (`setupServer`) and in
 * the browser's service worker (`setupWorker`).
 *
 * - `sandboxHandlers(createSandbox())`: an in-process sandbox answers every request to the
 *   provider's hosts (`www.wixapis.com`, `edge.wixapis.com`: all the official SDK calls), so an
 *   app built on the official SDK, or on this package's client, runs against it unchanged.
 *   Given an `origin`, only that origin is answered (the client's `host` option pointed elsewhere).
 * - `connect(url)`: the same hosts forwarded to a sandbox already running at `url`.
 *
 * Everything else passes through.
 */
import { bypass, http, type RequestHandler } from 'msw';
import type { Sandbox } from './platform/sandbox.ts';
import { PROVIDER_ORIGINS, sandboxOrigin, toSandboxUrl, withProviderUrlsHeader } from './platform/provider-hosts.ts';
import { trimChar } from '../normalise/text.ts';

export { PROVIDER_HOSTS } from './platform/provider-hosts.ts';

const everyPath = (origin: string) => `${trimChar(origin, '/')}/*`;

export function sandboxHandlers(sandbox: Sandbox, origin?: string): RequestHandler[] {
  return (origin === undefined ? PROVIDER_ORIGINS : [origin]).map((o) =>
    http.all(everyPath(o), ({ request }) => sandbox.handle(request)),
  );
}

/** Handlers that forward every request to the provider's hosts to the sandbox running at `url` (e.g. `http://127.0.0.1:4010`). */
export function connect(url: string): RequestHandler[] {
  const origin = sandboxOrigin(url, 'The sandbox URL given to connect()');
  return PROVIDER_ORIGINS.map((o) =>
    http.all(everyPath(o), async ({ request }) => {
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const forwarded = new Request(toSandboxUrl(request.url, origin)!, {
        method: request.method,
        headers: withProviderUrlsHeader(request.headers),
        body,
        redirect: request.redirect,
      });
      return fetch(bypass(forwarded));
    }),
  );
}
