/**
 * The storefront's server: React Router's request handler over node:http, the built assets, and
 * the visitor's client per request (tokens from the `sfk-tokens` cookie, renewed ones sent back
 * as Set-Cookie).
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
import { createRequestHandler, type ServerBuild } from 'react-router';
import { cookieStorage } from 'storefront-kit';
import type { Visitor } from './app/context.ts';
import { serverClient, TOKENS_COOKIE } from './app/kit.ts';
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

async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) for (const each of v) headers.append(k, each);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const chunks: Buffer[] = [];
  if (hasBody) for await (const c of req) chunks.push(c as Buffer);
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function send(res: ServerResponse, answer: Response, setCookies: string[]): Promise<void> {
  const headers: Record<string, string | string[]> = {};
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
function serveStatic(req: IncomingMessage, res: ServerResponse, clientDir: string): boolean {
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

  const server = createServer((req, res) => {
    if (serveStatic(req, res, clientDir)) return;
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const setCookies: string[] = [];
    const tokenStorage = cookieStorage({
      name: TOKENS_COOKIE,
      getCookieHeader: () => req.headers.cookie,
      setCookie: (value) => setCookies.push(value),
    });
    const { client, auth } = serverClient(api, tokenStorage);
    const visitor: Visitor = { api, client, auth, origin, wishlists: options.wishlists ?? {} };
    toRequest(req, origin, abort.signal)
      .then((request) => handle(request, { visitor }))
      // Only the last Set-Cookie of the visitor's tokens counts: a request may renew them twice.
      .then((answer) => send(res, answer, setCookies.slice(-1)))
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
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
