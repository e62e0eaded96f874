/**
 * The official-SDK preload: `node --import storefront-kit/sandbox/register app.js` (or
 * `NODE_OPTIONS="--import storefront-kit/sandbox/register"`) with `SFK_SANDBOX_URL` set to a
 * running sandbox. Every request a Node process makes to a provider host (provider-hosts.ts)
 * goes to the sandbox instead, path and query kept; every other request is left alone. It
 * reaches the requests through the three doors a Node process has:
 * - undici's global dispatcher (`Symbol.for('undici.globalDispatcher.1')` on globalThis, and `.2`
 *   from undici 7): Node's own `fetch` and every bundled copy of undici (Next.js's edge runtime
 *   has its own) send through it, so the wrapped dispatchers route them all;
 * - `node:http` and `node:https` (`request` and `get`, any Agent), which Next.js's image
 *   optimizer and older libraries use;
 * - the DNS lookup of a provider host, which some callers make before they send (Next.js's image
 *   optimizer refuses a host it cannot resolve to a public address): it answers
 *   PROVIDER_HOST_ADDRESS, a documentation address no request reaches, since every request to
 *   the host goes to the sandbox.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { urlToHttpOptions } from 'node:url';
import { PROVIDER_URLS_HEADER, sandboxOrigin, toSandboxUrl } from './provider-hosts.ts';
import { formatCallReport, STRICT_HEADER, type CallReportText } from './calls.ts';

/**
 * Where every copy of undici (Node's own included) finds the dispatcher it sends through, one
 * slot per version of undici's dispatcher API: `Symbol.for('undici.globalDispatcher.1')` for
 * undici up to 6 (Node 20 and 22, Next.js's bundled copy), and `.2` besides from undici 7 (Node
 * 24 and later), whose `.1` holds an adapter for older copies. A routed request passes through
 * both wrappers at most; the second sees the sandbox's address and leaves it alone.
 */
const UNDICI_GLOBAL_DISPATCHER = /^undici\.globalDispatcher\.\d+$/;

/**
 * What a provider host resolves to behind the preload: in 3fff::/20, the IPv6 documentation
 * prefix (RFC 9637), so it is never a real machine, yet an address a caller's "public
 * address?" check accepts (loopback, private and older reserved ranges are refused).
 */
export const PROVIDER_HOST_ADDRESS = '3fff::5ab';

/** One request line as undici's dispatchers receive it (the fields the routing reads and rewrites). */
interface DispatchOptions {
  origin?: string | URL;
  path: string;
  headers?: unknown;
  [other: string]: unknown;
}
interface Dispatcher {
  dispatch(options: DispatchOptions, handler: unknown): boolean;
}

/**
 * Routes every request of this process to a provider host to the sandbox at `sandboxUrl`
 * (see the file's comment); returns a function that puts everything back as it was.
 */
export function routeProviderRequests(
  sandboxUrl: string | undefined,
  { strict = false }: { strict?: boolean } = {},
): () => void {
  const origin = sandboxOrigin(sandboxUrl, 'SFK_SANDBOX_URL');
  // Strict: the sandbox refuses a call it does not emulate, loudly (calls.ts).
  addedHeaders = [[PROVIDER_URLS_HEADER, '1'], ...(strict ? ([[STRICT_HEADER, '1']] as [string, string][]) : [])];
  const route = (url: string) => toSandboxUrl(url, origin);
  const restores = [routeUndici(route), routeNodeHttp(route), answerProviderLookups(route)];
  syncBuiltinESMExports();
  return () => {
    for (const restore of restores.reverse()) restore();
    syncBuiltinESMExports();
  };
}

type Route = (url: string) => string | undefined;

/** What every routed request carries besides its own headers (the strict header in strict mode). */
let addedHeaders: [string, string][] = [[PROVIDER_URLS_HEADER, '1']];

/**
 * The headers of a routed request: without its Host (the sandbox refuses a provider's Host; the
 * sender writes the sandbox's own), with PROVIDER_URLS_HEADER (answers name images on the
 * provider's media host, which the preload routes too). Any shape a sender gives: an object,
 * undici's flat [name, value, ...] list, or [name, value] pairs.
 */
function routedHeaders(headers: unknown): unknown {
  const isHost = (name: unknown) => String(name).toLowerCase() === 'host';
  const added = addedHeaders;
  if (headers === undefined || headers === null) return Object.fromEntries(added);
  if (typeof headers === 'object' && !Array.isArray(headers) && !(Symbol.iterator in headers))
    return {
      ...Object.fromEntries(Object.entries(headers).filter(([name]) => !isHost(name))),
      ...Object.fromEntries(added),
    };
  const list = [...(headers as Iterable<unknown>)];
  if (list.every((h) => Array.isArray(h))) return [...list.filter((h) => !isHost((h as unknown[])[0])), ...added];
  const flat = list.flatMap((h, i) => (i % 2 === 0 ? (isHost(h) ? [] : [h, list[i + 1]]) : []));
  return [...flat, ...added.flat()];
}

/** Node's fetch and every undici copy: each global dispatcher slot wrapped. */
function routeUndici(route: Route): () => void {
  const global = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
  // Loads Node's own undici, which installs the process's Agent in its slots if none is there.
  void globalThis.Headers;
  const slots = Object.getOwnPropertySymbols(globalThis).filter((s) =>
    UNDICI_GLOBAL_DISPATCHER.test(s.description ?? ''),
  );
  const originals = slots.map((slot) => global[slot]);
  if (slots.length === 0 || originals.some((d) => typeof d?.dispatch !== 'function')) {
    throw new Error(
      "this Node.js has no undici global dispatcher (Symbol.for('undici.globalDispatcher.1')): its fetch cannot be routed to the sandbox",
    );
  }
  const routed = originals.map((original) => {
    const dispatcher = original as Dispatcher;
    const dispatch = (options: DispatchOptions, handler: unknown): boolean => {
      const to = options.origin === undefined ? undefined : route(new URL(options.path, options.origin).href);
      if (to === undefined) return dispatcher.dispatch(options, handler);
      const url = new URL(to);
      return dispatcher.dispatch(
        { ...options, origin: url.origin, path: url.pathname + url.search, headers: routedHeaders(options.headers) },
        handler,
      );
    };
    return new Proxy(dispatcher, {
      get(target, name) {
        if (name === 'dispatch') return dispatch;
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  });
  slots.forEach((slot, i) => (global[slot] = routed[i]));
  return () =>
    slots.forEach((slot, i) => {
      if (global[slot] === routed[i]) global[slot] = originals[i];
    });
}

type RequestFunction = typeof http.request;
type RequestArgs = Parameters<RequestFunction>;
type RequestOptions = http.RequestOptions & { servername?: string };
type ResponseListener = (res: http.IncomingMessage) => void;

/** The options and callback `http.request(...)` was called with, merged the way Node merges them. */
function requestOptions(args: unknown[]): { options: RequestOptions; callback?: ResponseListener } {
  const [first, second, third] = args;
  const fromUrl = typeof first === 'string' || first instanceof URL ? urlToHttpOptions(new URL(first)) : undefined;
  const base = (fromUrl ?? first ?? {}) as RequestOptions;
  const rest = fromUrl ? [second, third] : [second];
  const callback = rest.find((a): a is ResponseListener => typeof a === 'function');
  const extra = fromUrl && typeof second === 'object' && second !== null ? (second as RequestOptions) : {};
  return { options: { ...base, ...extra }, callback };
}

/** The URL a request with `options` goes to, or undefined when it names no host (a socket path, a connection of its own). */
function requestUrl(options: RequestOptions, defaultProtocol: string): string | undefined {
  if (options.socketPath !== undefined || options.createConnection !== undefined) return undefined;
  const host = options.hostname ?? options.host ?? 'localhost';
  const protocol = options.protocol ?? defaultProtocol;
  const port = options.port ?? options.defaultPort ?? '';
  try {
    return new URL(
      `${protocol}//${host.includes(':') ? `[${host}]` : host}${port === '' ? '' : `:${port}`}${options.path ?? '/'}`,
    ).href;
  } catch {
    return undefined;
  }
}

/** The request options that name the provider's host (its address, TLS name, DNS lookup): replaced by the sandbox's. */
const NAMES_THE_HOST = new Set([
  'host',
  'hostname',
  'port',
  'defaultPort',
  'protocol',
  'path',
  'servername',
  'lookup',
  'agent',
  'headers',
]);

/** The protocol an Agent sends with (https.Agent is an http.Agent too); undefined for no Agent or `false`. */
const agentProtocol = (agent: unknown): string | undefined =>
  agent instanceof https.Agent ? 'https:' : agent instanceof http.Agent ? 'http:' : undefined;

/** `http.request` / `https.request` (and their `get`): a request to a provider host is sent to the sandbox. */
function routeNodeHttp(route: Route): () => void {
  const originals = { http: http.request, https: https.request, httpGet: http.get, httpsGet: https.get };
  const sendTo = (protocol: string): RequestFunction => (protocol === 'https:' ? originals.https : originals.http);

  const routedRequest = (defaultProtocol: 'http:' | 'https:'): RequestFunction =>
    function request(this: unknown, ...args: unknown[]) {
      const original = sendTo(defaultProtocol);
      let parsed: ReturnType<typeof requestOptions>;
      try {
        parsed = requestOptions(args);
      } catch {
        return original.apply(this, args as RequestArgs); // Node's own error for the bad input
      }
      const from = requestUrl(parsed.options, defaultProtocol);
      const to = from === undefined ? undefined : route(from);
      if (to === undefined) return original.apply(this, args as RequestArgs);
      const url = new URL(to);
      const { agent, headers } = parsed.options;
      const options: RequestOptions = {
        ...Object.fromEntries(Object.entries(parsed.options).filter(([name]) => !NAMES_THE_HOST.has(name))),
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        path: url.pathname + url.search,
        headers: routedHeaders(headers) as RequestOptions['headers'],
        // An Agent of the other protocol cannot send to the sandbox: Node's default Agent does.
        agent: agentProtocol(agent) !== undefined && agentProtocol(agent) !== url.protocol ? undefined : agent,
      };
      return parsed.callback ? sendTo(url.protocol)(options, parsed.callback) : sendTo(url.protocol)(options);
    } as RequestFunction;

  const routedGet = (request: RequestFunction): typeof http.get =>
    function get(...args: unknown[]) {
      const req = request(...(args as RequestArgs));
      req.end();
      return req;
    } as typeof http.get;

  const httpRequest = routedRequest('http:');
  const httpsRequest = routedRequest('https:');
  Object.assign(http, { request: httpRequest, get: routedGet(httpRequest) });
  Object.assign(https, { request: httpsRequest, get: routedGet(httpsRequest) });
  return () => {
    Object.assign(http, { request: originals.http, get: originals.httpGet });
    Object.assign(https, { request: originals.https, get: originals.httpsGet });
  };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** `dns.lookup` / `dns.promises.lookup` of a provider host answers PROVIDER_HOST_ADDRESS (unless only IPv4 is asked for). */
function answerProviderLookups(route: Route): () => void {
  const original = { lookup: dns.lookup, promises: dns.promises.lookup };
  const answered = (hostname: unknown, options: LookupOptions): LookupAddress | undefined => {
    if (typeof hostname !== 'string' || options.family === 4 || options.family === 'IPv4') return undefined;
    return route(`https://${hostname}/`) === undefined ? undefined : { address: PROVIDER_HOST_ADDRESS, family: 6 };
  };
  const asOptions = (options: unknown): LookupOptions =>
    typeof options === 'number' ? { family: options } : typeof options === 'object' && options !== null ? options : {};

  const lookup = function lookup(hostname: string, ...rest: unknown[]) {
    const callback = rest.at(-1) as LookupCallback;
    const options = asOptions(rest.length > 1 ? rest[0] : undefined);
    const answer = answered(hostname, options);
    if (answer === undefined || typeof callback !== 'function')
      return (original.lookup as (...a: unknown[]) => void)(hostname, ...rest);
    process.nextTick(() => (options.all ? callback(null, [answer]) : callback(null, answer.address, answer.family)));
  } as typeof dns.lookup;
  const promisesLookup = function lookup(hostname: string, options?: unknown) {
    const resolved = asOptions(options);
    const answer = answered(hostname, resolved);
    if (answer === undefined) return original.promises(hostname, resolved);
    return Promise.resolve(resolved.all ? [answer] : answer);
  } as typeof dns.promises.lookup;

  dns.lookup = lookup;
  dns.promises.lookup = promisesLookup;
  return () => {
    dns.lookup = original.lookup;
    dns.promises.lookup = original.promises;
  };
}

/**
 * At the app's exit (strict or SFK_REPORT_CALLS): prints the sandbox's call report (every
 * operation called since it started or its report was cleared, `DELETE /__sandbox/calls`), and
 * in strict mode fails the run (exit code 1) when a call was not emulated.
 */
export function reportCallsAtExit(sandboxUrl: string, { strict = false }: { strict?: boolean } = {}): void {
  const origin = sandboxOrigin(sandboxUrl, 'SFK_SANDBOX_URL');
  let reported = false;
  process.once('beforeExit', () => {
    if (reported) return;
    reported = true;
    void fetch(`${origin}/__sandbox/calls`)
      .then((r) => r.json() as Promise<CallReportText>)
      .then((report) => {
        console.error(formatCallReport(report));
        if (strict && report.notEmulated.length) {
          console.error(`storefront-kit/sandbox/register (strict): not emulated: ${report.notEmulated.join(', ')}`);
          process.exitCode = 1;
        }
      })
      .catch((err: unknown) =>
        console.error(`storefront-kit/sandbox/register: the sandbox's call report could not be read (${String(err)})`),
      );
  });
}
