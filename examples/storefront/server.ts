/**
 * The storefront's server: React Router's request handler over node:http, the built assets, and
 * the visitor's client per request (tokens from the HttpOnly `sfk-tokens` cookie, renewed ones
 * sent back as Set-Cookie).
 *
 * Two doors every request goes through, whatever route answers it (routes added later too):
 * - a request that changes something (any method but GET and HEAD) passes storefront-kit/react's
 *   guardRequest first: the store's own Origin only (403), a form (415), a form that parses
 *   (400), at most 64 KiB (413), POST only (405);
 * - every answer carries the page headers (pageHeaders): a Content-Security-Policy whose scripts
 *   are the store's files and its inline scripts with this answer's nonce, no framing,
 *   nosniff, and a Referrer-Policy.
 *
 *   const storefront = await startStorefront({ sandboxUrl: sandbox.url, port: 0 });
 *   storefront.url; // http://127.0.0.1:<port>
 *   await storefront.close();
 *
 * It serves the build in build/ (buildStorefront() in build.ts writes it).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { guardRequest } from 'storefront-kit/react/server';
import type { Visitor } from './app/context.ts';
import { serverClient, tokensCookie } from './app/kit.ts';
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

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};

/**
 * The request's body as a stream read on demand. Cancelled (a refused request), the rest is
 * drained and dropped and the connection closed after the answer: the answer still reaches the
 * sender (destroying the request would reset the socket under it).
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

/** The request as React Router reads it; its body streamed (guardRequest reads it, to its limit). */
function toRequest(req: IncomingMessage, res: ServerResponse, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const each of v) headers.append(k, each);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: bodyStream(req, res), duplex: 'half' } : {}),
  } as RequestInit);
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

async function send(
  res: ServerResponse,
  answer: Response,
  setCookies: string[],
  pageHeaders: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string | string[]> = { ...pageHeaders };
  answer.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = [...answer.headers.getSetCookie(), ...setCookies];
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(answer.status, answer.statusText, headers);
  if (!answer.body) return void res.end();
  Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(res);
}

/** A file of the browser build (hashed assets are cached for good), or false. */
function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  pageHeaders: Record<string, string>,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return false; // not valid percent-encoding: no file has that name (the app answers 404)
  }
  const file = normalize(join(clientDir, path));
  if (!file.startsWith(clientDir + sep) || !existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, {
    ...pageHeaders,
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

export async function startStorefront(options: StorefrontOptions): Promise<Storefront> {
  const buildDir = options.buildDir ?? BUILD_DIR;
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry))
    throw new Error(
      `The storefront is not built (no ${serverEntry}): run buildStorefront() from examples/storefront/build.ts first`,
    );
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  const clientDir = join(buildDir, 'client');
  const api = { host: options.sandboxUrl.replace(/\/$/, ''), clientId: options.clientId ?? 'sandbox-client' };
  let origin = '';

  const apiOrigin = new URL(api.host).origin;

  const server = createServer((req, res) => {
    // A fresh nonce per answer: a script the page did not write has none.
    const nonce = randomBytes(16).toString('base64');
    const headers = pageHeaders(nonce, apiOrigin);
    if (serveStatic(req, res, clientDir, headers)) return;
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const setCookies: string[] = [];
    const { client, auth } = serverClient(
      api,
      tokensCookie(req.headers.cookie, (value) => setCookies.push(value)),
    );
    const visitor: Visitor = { api, client, auth, origin, wishlists: options.wishlists ?? {} };
    // The store's origins: its own address, and the one the browser used (localhost:3000).
    const origins = [origin, ...(req.headers.host ? [`http://${req.headers.host}`] : []), ...(options.origins ?? [])];
    guardRequest(toRequest(req, res, origin, abort.signal), { origins })
      .then((request) => (request instanceof Response ? request : handle(request, { visitor, nonce })))
      // Only the last Set-Cookie of the visitor's tokens counts: a request may renew them twice.
      .then((answer) => send(res, answer, setCookies.slice(-1), headers))
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { ...headers, 'content-type': 'text/plain' });
        res.end('Internal error');
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
