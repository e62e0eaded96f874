/**
 * The storefront's server: React Router's request listener (`@react-router/node`'s
 * createRequestListener, as React Router's templates start it) on node:http, with what the store
 * adds on top.
 *
 *   const storefront = await startStorefront({ sandboxUrl: sandbox.url, port: 0 });
 *   storefront.url; // http://127.0.0.1:<port>
 *   await storefront.close();
 *
 * What the store adds, for every request whatever route answers it (routes added later too):
 * - the browser build's files (hashed assets cached for good);
 * - a request that changes something (any method but GET and HEAD) passes storefront-kit/react's
 *   guardRequest first, before the listener: the store's own Origin only (403), a form (415), a
 *   form that parses (400), at most 64 KiB (413, read no further), POST only (405); the listener
 *   gets the checked body only;
 * - a request the listener could not turn into a web Request (a target or Host that makes no URL)
 *   answered 400 instead of throwing;
 * - the visitor's client in the load context: tokens from the HttpOnly `sfk-tokens` cookie,
 *   renewed ones sent back as Set-Cookie;
 * - the page headers on every answer (pageHeaders): a Content-Security-Policy whose scripts are
 *   the store's files and its inline scripts with this answer's nonce, no framing, nosniff, and a
 *   Referrer-Policy.
 *
 * It serves the build in build/ (buildStorefront() in build.ts writes it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createRequestListener, writeReadableStreamToWritable } from '@react-router/node';
import type { ServerBuild } from 'react-router';
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
function staticFile(method: string, pathname: string, clientDir: string): Response | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined; // not valid percent-encoding: no file has that name
  }
  const file = normalize(join(clientDir, path));
  if (!file.startsWith(clientDir + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  const body = method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, {
    headers: {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}

/** The store's refusal, in plain text: why. */
function refused(status: number, why: string, headers: Record<string, string> = {}): Response {
  return new Response(`Refused: ${why}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  });
}

/** A head as node:http takes it (a flat or paired list, or an object), as [name, value] pairs. */
function headPairs(head: unknown): [string, string][] {
  if (!head) return [];
  if (Array.isArray(head))
    return Array.isArray(head[0])
      ? head.map(([name, value]) => [String(name), String(value)])
      : Array.from({ length: head.length / 2 }, (_, i) => [String(head[2 * i]), String(head[2 * i + 1])]);
  return Object.entries(head as Record<string, unknown>).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v): [string, string] => [name, String(v)]),
  );
}

/**
 * Every answer's head, whoever writes it (the store, or React Router's listener): the page headers
 * under the answer's own, and the last of the visitor's renewed token cookies (a request may renew
 * them twice) after the answer's cookies. Written in one writeHead call: node:http keeps each
 * Set-Cookie of a list only when no header was set on the response before.
 */
function headWith(res: ServerResponse, under: Record<string, string>, renewed: readonly string[]): void {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
    const own = headPairs(typeof rest[0] === 'string' ? rest[1] : rest[0]);
    const named = new Set(own.map(([name]) => name.toLowerCase()));
    const head = [
      ...Object.entries(under).filter(([name]) => !named.has(name)),
      ...own,
      ...renewed.slice(-1).map((cookie) => ['set-cookie', cookie]),
    ].flat();
    // No reason (a Response's statusText is often ''): node's standard one.
    return reason ? writeHead(status, reason, head) : writeHead(status, head);
  }) as ServerResponse['writeHead'];
}

/**
 * The request's body as a stream read on demand, for the guard. Cancelled (a refused request),
 * the rest is drained and dropped and the connection closed after the answer: the answer still
 * reaches the sender, and no more than the limit is held.
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
 * A state-changing request as a web Request for the guard, aborted when the connection closes;
 * or the refusal of a method fetch refuses to carry (TRACE; node:http lets it through).
 */
function requestOf(req: IncomingMessage, res: ServerResponse, origin: string): Request | Response {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const headers = Object.entries(req.headersDistinct).flatMap(([key, values]) =>
    (values ?? []).map((v): [string, string] => [key, v]),
  );
  try {
    return new Request(new URL(req.url ?? '/', origin), {
      method: req.method,
      headers,
      signal: abort.signal,
      body: bodyStream(req, res),
      duplex: 'half',
    } as RequestInit);
  } catch {
    // The answer guardRequest gives any method but GET, HEAD and POST; a body it had is drained.
    res.shouldKeepAlive = false;
    req.resume();
    return refused(405, `${req.method} is not a method this store answers`, { allow: 'GET, HEAD, POST' });
  }
}

/**
 * Node's request again with the body the guard read and let through, whole and ended, for React
 * Router's listener. The listener (@mjackson/node-fetch-server 0.2) reads a body into a stream
 * that throws out of its `data` handler, ending the process, once anything cancels it: it only
 * ever gets a body no one refuses, at most the guard's limit, already in memory.
 */
function replay(req: IncomingMessage, body: ArrayBuffer): IncomingMessage {
  const again = Readable.from(body.byteLength ? [Buffer.from(body)] : []);
  const { method, url, headers, rawHeaders, socket, httpVersion, httpVersionMajor, httpVersionMinor } = req;
  return Object.assign(again, {
    method,
    url,
    headers,
    rawHeaders,
    socket,
    httpVersion,
    httpVersionMajor,
    httpVersionMinor,
  }) as unknown as IncomingMessage;
}

/** A web Response written to node's; its body streamed (each chunk flushed: React's render streams). */
async function send(res: ServerResponse, answer: Response): Promise<void> {
  // A flat [name, value, …] list: each Set-Cookie stays its own header.
  res.writeHead(answer.status, answer.statusText, [...answer.headers].flat());
  if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

/** What one answer shares with React Router's getLoadContext, which is handed the web Request only. */
interface Answering {
  nonce: string;
  /** The visitor's token cookies renewed while answering (the last one is sent). */
  renewed: string[];
}

export async function startStorefront(options: StorefrontOptions): Promise<Storefront> {
  const buildDir = options.buildDir ?? BUILD_DIR;
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry))
    throw new Error(
      `The storefront is not built (no ${serverEntry}): run buildStorefront() from examples/storefront/build.ts first`,
    );
  let origin = '';
  const clientDir = join(buildDir, 'client');
  const api: ApiConfig = {
    host: options.sandboxUrl.replace(/\/$/, ''),
    clientId: options.clientId ?? 'sandbox-client',
  };
  const apiOrigin = new URL(api.host).origin;
  const wishlists = options.wishlists ?? {};
  const answering = new AsyncLocalStorage<Answering>();

  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // React Router's listener, as its templates start it; the load context is the visitor's client
  // (tokens from the HttpOnly cookie, renewed ones sent back) and this answer's nonce.
  const listener = createRequestListener({
    // React Router checks a page action's Origin against the request's URL, which the listener
    // makes http://<Host>: the store's other origins (https behind a TLS proxy) pass it too.
    build: {
      ...build,
      allowedActionOrigins: [
        ...(build.allowedActionOrigins || []),
        ...(options.origins ?? []).map((o) => new URL(o).host),
      ],
    },
    mode: 'production',
    getLoadContext(request) {
      const { nonce, renewed } = answering.getStore()!;
      const tokens = tokensCookie(request.headers.get('cookie') ?? undefined, (value) => renewed.push(value));
      const { client, auth } = serverClient(api, tokens);
      const visitor: Visitor = { api, client, auth, origin, wishlists };
      return { visitor, nonce };
    },
  });

  /**
   * What the store answers itself, before the listener: a request the listener could not make a
   * web Request of (it would throw, out of node:http's request event), a file of the build, a
   * state-changing request the guard refuses. Otherwise the request for the listener.
   */
  async function storeAnswer(req: IncomingMessage, res: ServerResponse): Promise<Response | IncomingMessage> {
    const target = req.url ?? '/';
    if (!URL.canParse(target, origin)) return refused(400, 'the request target is not a URL');
    // The listener's URL is the Host's: more than one, or one that is no host, makes no URL.
    const hosts = req.headersDistinct.host ?? [];
    if (hosts.length > 1 || !URL.canParse(target, `http://${hosts[0] ?? 'localhost'}`))
      return refused(400, 'the Host header does not name one host');
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD')
      return staticFile(method, new URL(target, origin).pathname, clientDir) ?? req;
    const request = requestOf(req, res, origin);
    if (request instanceof Response) return request;
    // The store's origins: its own address, and the one the browser used (localhost:3000).
    const own = [origin, ...(options.origins ?? []), ...(hosts[0] ? [`http://${hosts[0]}`] : [])];
    const checked = await guardRequest(request, { origins: own });
    if (checked instanceof Response) return checked;
    return replay(req, await checked.arrayBuffer());
  }

  const server = createServer((req, res) => {
    // A fresh nonce per answer: a script the page did not write has none.
    const answer: Answering = { nonce: randomBytes(16).toString('base64'), renewed: [] };
    headWith(res, pageHeaders(answer.nonce, apiOrigin), answer.renewed);
    storeAnswer(req, res)
      .then((own) =>
        own instanceof Response
          ? send(res, own)
          : // The listener is async (typed void): its promise fails when an answer's stream does mid-way.
            answering.run(answer, () => listener(own, res) as void | Promise<void>),
      )
      .catch((error: unknown) => {
        // The shopper left (mid-body, or mid-answer: the stream is already ended), or the answer could not be sent.
        if (res.headersSent || req.destroyed) return void res.destroy();
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
