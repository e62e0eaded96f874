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
 *
 * `strict: true` (either form): a call the sandbox does not emulate fails loudly. The handler
 * throws an Error naming its method and path (msw answers the app 500 and prints it), and the
 * sandbox's call report (`sandbox.calls.report()`, `GET /__sandbox/calls`) lists it.
 */
import { bypass, http, type RequestHandler } from 'msw';
import type { Sandbox } from './platform/sandbox.ts';
import { PROVIDER_ORIGINS, sandboxOrigin, toSandboxUrl, withProviderUrlsHeader } from './platform/provider-hosts.ts';
import { trimChar } from '../normalise/text.ts';
import { NOT_EMULATED_HEADER, STRICT_HEADER } from './platform/calls.ts';

export { PROVIDER_HOSTS } from './platform/provider-hosts.ts';

const everyPath = (origin: string) => `${trimChar(origin, '/')}/*`;

export interface SandboxHandlerOptions {
  /** Answer only this origin (the client's `host` option pointed elsewhere). @default the provider's hosts */
  origin?: string;
  /** A call the sandbox does not emulate throws, naming it (see the file's comment). @default false */
  strict?: boolean;
}

/** The strict failure: the sandbox's refusal names the call; thrown, msw reports it and answers 500. */
async function failIfNotEmulated(answer: Response): Promise<Response> {
  const call = answer.headers.get(NOT_EMULATED_HEADER);
  if (call === null) return answer;
  const body = (await answer.clone().json()) as { message?: string };
  throw new Error(body.message ?? `storefront-kit sandbox (strict): ${call} is not emulated`);
}

export function sandboxHandlers(sandbox: Sandbox, given?: string | SandboxHandlerOptions): RequestHandler[] {
  const { origin, strict = false } = typeof given === 'string' ? { origin: given } : (given ?? {});
  return (origin === undefined ? PROVIDER_ORIGINS : [origin]).map((o) =>
    http.all(everyPath(o), async ({ request }) => {
      if (!strict) return sandbox.handle(request);
      const headers = new Headers(request.headers);
      headers.set(STRICT_HEADER, '1');
      return failIfNotEmulated(await sandbox.handle(new Request(request, { headers })));
    }),
  );
}

/**
 * Handlers that forward every request to the provider's hosts to the sandbox running at `url`
 * (e.g. `http://127.0.0.1:4010`); `strict` as sandboxHandlers'.
 */
export function connect(url: string, { strict = false }: { strict?: boolean } = {}): RequestHandler[] {
  const origin = sandboxOrigin(url, 'The sandbox URL given to connect()');
  return PROVIDER_ORIGINS.map((o) =>
    http.all(everyPath(o), async ({ request }) => {
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const headers = withProviderUrlsHeader(request.headers);
      if (strict) headers.set(STRICT_HEADER, '1');
      const forwarded = new Request(toSandboxUrl(request.url, origin)!, {
        method: request.method,
        headers,
        body,
        redirect: request.redirect,
      });
      const answer = await fetch(bypass(forwarded));
      return strict ? failIfNotEmulated(answer) : answer;
    }),
  );
}
