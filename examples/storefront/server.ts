/**
 * The storefront's server: React Router's request handler, with what the store adds around it,
 * on node:http.
 *
 *   const storefront = await startStorefront({ sandboxUrl: sandbox.url, port: 0 });
 *   storefront.url; // http://127.0.0.1:<port>
 *   await storefront.close();
 *
 * What the store adds (storeHandler, on web Requests and Responses), for every request whatever
 * route answers it (routes added later too):
 * - the browser build's files (hashed assets cached for good);
 * - a request that changes something (any method but GET and HEAD) passes storefront-kit/react's
 *   guardRequest first: the store's own Origin only (403), a form (415), a form that parses
 *   (400), at most 64 KiB (413), POST only (405);
 * - the visitor's client in the load context: tokens from the HttpOnly `sfk-tokens` cookie,
 *   renewed ones sent back as Set-Cookie;
 * - the page headers on every answer (pageHeaders): a Content-Security-Policy whose scripts are
 *   the store's files and its inline scripts with this answer's nonce, no framing, nosniff, and a
 *   Referrer-Policy.
 *
 * It serves the build in build/ (buildStorefront() in build.ts writes it).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { writeReadableStreamToWritable } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { guardRequest } from 'storefront-kit/react/server';
import type { Visitor } from './app/context.ts';
import { serverClient, tokensCookie, type ApiConfig } from './app/kit.ts';
import { BUILD_DIR } from './build.ts';

export interface StorefrontOptions {
  /** The API's host: the sandbox's URL (`sandbox.url`). */
  sandboxUrl: string;
  /** @default 0 (a free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** The OAuth client id the visitors' tokens are made for. @default 'sandbox-client' (the sandbox's) */
  clientId?: string;
  /** Each member's wishlist id, by member id (the API has no operation that names it). @default {} */
  wishlists?: Record<string, string>;
  /** Where buildStorefront() wrote the build. @default examples/storefront/build */
  buildDir?: string;
  /**
   * The origins shoppers reach the store at, when not its own address (behind a TLS proxy:
   * `https://shop.example`): a state-changing request from any other Origin is refused.
   * @default the server's address and the Host a request names, over http
   */
  origins?: string[];
}

export interface Storefront {
  url: string;
  close(): Promise<void>;
}

/**
 * The headers of every answer. Scripts: the store's own files and the inline scripts React Router
 * writes (hydration data, scroll restoration), which carry `nonce`; images and API calls also on
 * the API's host; forms post to the store (and are sent on to the API's hosted pages).
 */
export function pageHeaders(nonce: string, apiOrigin: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    `img-src 'self' data: ${apiOrigin} https:`,
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${apiOrigin}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};

/** A file of the browser build, or undefined (the app answers: a page, or its 404). */
function staticFile(request: Request, clientDir: string): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return undefined; // not valid percent-encoding: no file has that name
  }
  const file = normalize(join(clientDir, path));
  if (!file.startsWith(clientDir + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, {
    headers: {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}

interface StoreSetup {
  build: ServerBuild;
  clientDir: string;
  api: ApiConfig;
  wishlists: Record<string, string>;
  /** The store's own origins besides the Host a request names (its address, `options.origins`). */
  origins: () => string[];
}

/**
 * React Router's handler with what the store adds around it: a Request in, its Response out (or a
 * refusal requestOf already made, which takes the page headers too).
 */
function storeHandler({ build, clientDir, api, wishlists, origins }: StoreSetup) {
  const handle = createRequestHandler(build, 'production');
  const apiOrigin = new URL(api.host).origin;
  return async (request: Request | Response): Promise<Response> => {
    // A fresh nonce per answer: a script the page did not write has none.
    const nonce = randomBytes(16).toString('base64');
    let answer: Response;
    try {
      if (request instanceof Response) answer = request;
      else answer = staticFile(request, clientDir) ?? (await routed(request, nonce));
    } catch (error) {
      console.error(error);
      answer = new Response('Internal error', { status: 500, headers: { 'content-type': 'text/plain' } });
    }
    return withHeaders(answer, pageHeaders(nonce, apiOrigin));
  };

  async function routed(request: Request, nonce: string): Promise<Response> {
    // The store's origins: its own address, and the one the browser used (localhost:3000).
    const host = request.headers.get('host');
    const checked = await guardRequest(request, { origins: [...origins(), ...(host ? [`http://${host}`] : [])] });
    if (checked instanceof Response) return checked;
    const renewed: string[] = [];
    const tokens = tokensCookie(checked.headers.get('cookie') ?? undefined, (value) => renewed.push(value));
    const { client, auth } = serverClient(api, tokens);
    const visitor: Visitor = { api, client, auth, origin: origins()[0], wishlists };
    const answer = await handle(checked, { visitor, nonce });
    // Only the last Set-Cookie of the visitor's tokens counts: a request may renew them twice.
    return renewed.length ? withHeaders(answer, {}, renewed.slice(-1)) : answer;
  }
}

/** The answer with the page headers under its own and the cookies added (a Response's own headers may be read-only). */
function withHeaders(answer: Response, under: Record<string, string>, cookies: string[] = []): Response {
  const headers = new Headers(under);
  answer.headers.forEach((value, key) => key !== 'set-cookie' && headers.set(key, value));
  for (const cookie of [...answer.headers.getSetCookie(), ...cookies]) headers.append('set-cookie', cookie);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * The request's body as a stream read on demand. Cancelled (a refused request), the rest is
 * drained and dropped and the connection closed after the answer: the answer still reaches the
 * sender. (@react-router/node's request listener cannot do this: its body stream reads the whole
 * body into memory whatever the reader asks, and a cancelled one throws out of its `data` handler,
 * which ends the process; its createReadableStreamFromReadable destroys the socket on cancel, so
 * the 413 never arrives.)
 */
function bodyStream(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => !cancelled && controller.close());
      req.on('error', (error) => !cancelled && controller.error(error));
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      cancelled = true;
      res.shouldKeepAlive = false;
      req.resume();
    },
  });
}

/**
 * Node's request as a web Request on the store's origin, aborted when the connection closes; or
 * the refusal of one no Request can carry (node:http lets both through; a throw here would end
 * the process): a request target that is no URL (`GET http://[`), a method fetch refuses (TRACE).
 */
function requestOf(req: IncomingMessage, res: ServerResponse, origin: string): Request | Response {
  const url = req.url ?? '/';
  const refused = (status: number, why: string, headers: Record<string, string> = {}) =>
    new Response(`Refused: ${why}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
  if (!URL.canParse(url, origin)) return refused(400, 'the request target is not a URL');
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const headers = Object.entries(req.headersDistinct).flatMap(([key, values]) => (values ?? []).map((v) => [key, v]));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  try {
    return new Request(new URL(url, origin), {
      method: req.method,
      headers,
      signal: abort.signal,
      ...(hasBody ? { body: bodyStream(req, res), duplex: 'half' } : {}),
    } as RequestInit);
  } catch {
    // The answer guardRequest gives any method but GET, HEAD and POST; a body it had is drained.
    res.shouldKeepAlive = false;
    req.resume();
    return refused(405, `${req.method} is not a method this store answers`, { allow: 'GET, HEAD, POST' });
  }
}

/** A web Response written to node's; its body streamed (each chunk flushed: React's render streams). */
async function send(res: ServerResponse, answer: Response): Promise<void> {
  // A flat [name, value, …] list: each Set-Cookie stays its own header.
  res.writeHead(answer.status, answer.statusText, [...answer.headers].flat());
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

export async function startStorefront(options: StorefrontOptions): Promise<Storefront> {
  const buildDir = options.buildDir ?? BUILD_DIR;
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry))
    throw new Error(
      `The storefront is not built (no ${serverEntry}): run buildStorefront() from examples/storefront/build.ts first`,
    );
  let origin = '';
  const handle = storeHandler({
    build: (await import(pathToFileURL(serverEntry).href)) as ServerBuild,
    clientDir: join(buildDir, 'client'),
    api: { host: options.sandboxUrl.replace(/\/$/, ''), clientId: options.clientId ?? 'sandbox-client' },
    wishlists: options.wishlists ?? {},
    origins: () => [origin, ...(options.origins ?? [])],
  });
  const server = createServer((req, res) => {
    handle(requestOf(req, res, origin))
      .then((answer) => send(res, answer))
      .catch((error: unknown) => {
        // The shopper left mid-answer (the stream is already ended), or the answer could not be sent.
        if (res.headersSent) return void res.destroy();
        console.error(error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
