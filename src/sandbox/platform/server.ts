/**
 * The sandbox behind a real HTTP server (Node). Listens on 127.0.0.1 unless told otherwise.
 * With `data`, the state is loaded from the file at start and every acknowledged write is on
 * disk before its response.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildSandbox,
  DEFAULT_API_KEY,
  errorResponse,
  JsonAnswer,
  type Answer,
  type Sandbox,
  type SandboxOptions,
} from './app.ts';
import { appError, type SandboxError } from './errors.ts';
import type { SandboxComposition } from './module.ts';
import { bodyLimit } from './json-body.ts';
import type { SandboxRequest } from './types.ts';
import { clockProblem } from './clock.ts';
import { DataFile, DataFileError } from './persist.ts';
import { loadTokenSecret } from './token-secret.ts';
import { errorCodeOf, formatLogLine, logEntry, type LogFormat, type RequestNote } from './request-log.ts';
import { ownOptions, ownValue } from './safe-object.ts';
import { httpOrigin } from './url-safety.ts';

export interface SandboxServerOptions extends Omit<SandboxOptions, 'persist' | 'state' | 'publicUrl'> {
  /** @default 4010; 0 picks a free port */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** State file: loaded at start; every change is on disk before its answer (a journal beside it, FILE.journal, compacted into FILE). */
  data?: string;
  /**
   * A folder of static files (the built console) served for GET requests the sandbox has no
   * operation for; unknown paths without a file extension get its index.html (client routes).
   */
  staticDir?: string;
  /**
   * Host names (without port) a request may be addressed to besides 127.0.0.1, localhost and
   * ::1. A sandbox bound to loopback refuses any other Host header: a web page whose domain is
   * rebound to 127.0.0.1 (DNS rebinding) would otherwise read the state and the API key.
   * Ignored when `host` is not a loopback address (then every Host is answered).
   */
  allowedHosts?: string[];
  /**
   * Origins whose browser apps may call the sandbox cross-origin (CORS), besides http://localhost,
   * http://127.0.0.1 and http://[::1] on any port (a storefront on its own dev server).
   * Other origins get no CORS headers, so a page elsewhere cannot read an answer.
   */
  allowedOrigins?: string[];
  /**
   * The URL the sandbox is reached at (behind a proxy, on a LAN name), for the links it writes:
   * recovery e-mails, redirect sessions, checkout URLs. Never taken from a request's Host header.
   * @default `http://<host>:<port>`
   */
  publicUrl?: string;
  /**
   * The file holding the secret the sandbox signs its tokens with, made on first use (0600):
   * tokens stay valid across restarts while it is kept. Ignored when `tokenSecret` is given.
   * @default `storefront-kit/token-secret` in the user's cache folder (token-secret.ts)
   */
  tokenSecretFile?: string;
  /** Print one line per request (request-log.ts): `text` for people, `json` for machines. @default off */
  log?: LogFormat;
  /** Where log lines go. @default standard output */
  logLine?: (line: string) => void;
}

/** Browser apps on the developer's own machine: any port of a loopback name. */
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;
const CORS_METHODS = 'GET, POST, PATCH, PUT, DELETE';
/** Answer headers a browser app may read: the request id (errors) and the read-your-writes token. */
const CORS_EXPOSED = 'x-wix-request-id, x-wix-consistent';

/** Refuses a request before it reaches the sandbox, with the sandbox's own error answer. */
function refuse(req: IncomingMessage, res: ServerResponse, note: RequestNote, err: SandboxError): void {
  void writeAnswer(res, errorResponse(err), {}, note);
  req.resume();
}

/** The addresses (and names) that only this machine reaches. */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '::1'];

/** The name part of a Host header: `127.0.0.1:4010` -> `127.0.0.1`, `[::1]:4010` -> `::1`. */
export function hostName(header: string | undefined): string {
  const h = (header ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The console's policy: its own scripts only, calls to the sandbox or another API host the user
 * picks, and no framing by any site (a framed "Reset to seed data" button is a click away from
 * wiping the state).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self' http: https:",
  "frame-src 'self' http: https:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A static file for `pathname` inside `dir`, never outside it. A broken percent-escape is the caller's error (400). */
async function staticFile(dir: string, pathname: string): Promise<Answer | undefined> {
  const { readFile, realpath, stat } = await import('node:fs/promises');
  const { join, normalize, extname, sep } = await import('node:path');
  const root = normalize(dir + sep);
  // The folder as the file system resolves it: a symlink inside that leads out of it is not served.
  const realRoot = await realpath(dir).then(
    (r) => normalize(r + sep),
    () => undefined,
  );
  if (!realRoot) return undefined;
  const inside = (path: string) =>
    realpath(path).then(
      (real) => real.startsWith(realRoot),
      () => false,
    );
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return errorResponse(
      appError(400, 'INVALID_ARGUMENT', 'The request path is not valid percent-encoded text', { path: pathname }),
    );
  }
  let file = normalize(join(root, decoded));
  if (!file.startsWith(root)) return undefined;
  const isFile =
    (await inside(file)) &&
    (await stat(file).then(
      (st) => st.isFile(),
      () => false,
    ));
  if (!isFile) {
    // The console's own routes (`/op/checkout.createOrder`) are its page; any other path is not the console's.
    if (!isConsoleRoute(pathname)) return undefined;
    file = join(root, 'index.html');
    if (!(await inside(file))) return undefined;
  }
  const body = await readFile(file).catch(() => undefined);
  if (!body) return undefined;
  const type = ownValue(TYPES, extname(file)) ?? 'application/octet-stream';
  const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': type,
      'cache-control': cache,
      'x-content-type-options': 'nosniff',
      'content-security-policy': CONSOLE_CSP,
    },
  });
}

/**
 * The console's client routes (console/src/app/main.tsx's router): the console's page answers them.
 * Any other path that is not a file of the console is not the console's: the sandbox answers it
 * (an operation, or its 404 in the provider's format), so an app never reads the console's HTML
 * as an API answer. test/hardening/doors.test.ts checks this list against the console's router.
 */
export const CONSOLE_ROUTES = ['/op/', '/sandbox', '/history', '/flows', '/callback'];

export function isConsoleRoute(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/index.html' ||
    CONSOLE_ROUTES.some((r) => (r.endsWith('/') ? pathname.startsWith(r) : pathname === r || pathname === `${r}/`))
  );
}

export interface SandboxServer {
  sandbox: Sandbox;
  server: Server;
  /** e.g. `http://127.0.0.1:4010` */
  url: string;
  close(): Promise<void>;
}

/** The body, read once: a little past the route's limit, so the sandbox can answer 413 without buffering everything. */
function readNodeBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // A declared length within the limit: the parser ends the body there, so it is read whole, by
  // events (an async iterator per request was a tenth of a small query's time).
  const declared = Number(header(req, 'content-length') ?? NaN);
  if (declared >= 0 && declared <= limit && header(req, 'transfer-encoding') === undefined)
    return readDeclaredBody(req);
  return readBodyUpTo(req, limit);
}

/** The whole body; fails as the stream does (an aborted request), like reading it by iterator. */
function readDeclaredBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const settle = (err?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onEnd = () => settle();
    const onClose = () => settle(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    req.on('data', onData).once('end', onEnd).once('error', settle).once('close', onClose);
  });
}

async function readBodyUpTo(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
    if (size > limit + 1) break;
  }
  return Buffer.concat(chunks);
}

/** A request header, own properties only: an inherited property is never a header. */
function header(req: IncomingMessage, name: string): string | undefined {
  const v = Object.hasOwn(req.headers, name) ? req.headers[name] : undefined;
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Node's request as the sandbox reads it (no web Request, Headers or AbortSignal per request). */
function sandboxRequest(req: IncomingMessage, origin: string): SandboxRequest {
  let body: Promise<Buffer> | undefined;
  const url = origin + (req.url ?? '/');
  const read = () =>
    (body ??=
      req.method === 'GET' || req.method === 'HEAD'
        ? Promise.resolve(Buffer.alloc(0))
        : readNodeBody(req, bodyLimit(req.method ?? '', new URL(url).pathname)));
  return {
    method: req.method ?? 'GET',
    url,
    headers: {
      get: (name) => header(req, name.toLowerCase()) ?? null,
    },
    arrayBuffer: async () => new Uint8Array(await read()).buffer,
    text: async () => (await read()).toString('utf8'),
    json: async () => JSON.parse((await read()).toString('utf8')),
  };
}

/** Writes the answer: at once for the sandbox's own JSON, else once its body has been streamed (a promise). */
function writeAnswer(
  res: ServerResponse,
  answer: Answer,
  extraHeaders: Record<string, string>,
  note: RequestNote,
): Promise<void> | undefined {
  if (answer instanceof JsonAnswer) {
    if (answer.status >= 400) note.code = errorCodeOf(answer.text);
    // The sandbox's own JSON: one write, with its length.
    res.writeHead(answer.status, {
      ...extraHeaders,
      ...answer.headers,
      'content-length': String(Buffer.byteLength(answer.text)),
    });
    res.end(answer.text);
    return undefined;
  }
  return writeResponse(res, answer, extraHeaders, note);
}

async function writeResponse(
  res: ServerResponse,
  answer: Response,
  extraHeaders: Record<string, string>,
  note: RequestNote,
): Promise<void> {
  if (answer.type === 'error') {
    // A fault's dropped connection (faults.ts): no answer at all.
    note.code = 'DROPPED';
    return void res.destroy();
  }
  const headers: Record<string, string> = { ...extraHeaders };
  answer.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(answer.status, answer.statusText || undefined, headers);
  if (!answer.body) return void res.end();
  const reader = answer.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** The public URL as an origin (`https://sandbox.example:8443`), or a clear error. */
function publicOrigin(value: string): string {
  const parsed = httpOrigin(value);
  if ('origin' in parsed) return parsed.origin;
  throw new Error(
    parsed.problem === 'not a URL'
      ? `The public URL ${JSON.stringify(value)} is not a URL (e.g. http://sandbox.lan:4010)`
      : `The public URL ${JSON.stringify(value)} must be an http(s) origin without a path, credentials, query or fragment (e.g. http://sandbox.lan:4010)`,
  );
}

/**
 * A sandbox made of what the composition root hands it, behind an HTTP server
 * (`createSandboxServer` in src/sandbox/sandbox-server.ts passes the built-in modules and seeds).
 */
export async function serveSandbox(
  composition: SandboxComposition,
  given: SandboxServerOptions = {},
): Promise<SandboxServer> {
  // No inherited property answers an option lookup (a polluted Object.prototype included).
  const options = ownOptions(given);
  const host = options.host ?? '127.0.0.1';
  const loopbackOnly = LOOPBACK_NAMES.includes(host);
  if (!loopbackOnly && (options.apiKeys ?? [DEFAULT_API_KEY]).includes(DEFAULT_API_KEY)) {
    throw new Error(
      `Refusing to listen on ${host} with the default API key "${DEFAULT_API_KEY}": it is public, and anyone who reaches the port could change or wipe the sandbox's state. Choose a key with --api-key (or SFK_API_KEY).`,
    );
  }
  const fixedPublicUrl = options.publicUrl !== undefined ? publicOrigin(options.publicUrl) : undefined;
  // Before the data file's lock: a secret that cannot be read stops the start with nothing taken.
  const tokenSecret = options.tokenSecret ?? loadTokenSecret(options.tokenSecretFile);
  const dataFile = options.data ? new DataFile(options.data) : undefined;
  const state = dataFile?.open();
  const clock = state && clockProblem(state);
  if (clock) {
    dataFile!.close();
    throw new DataFileError(`${options.data}: ${clock}; refusing to start over it. Fix it, or move it away.`);
  }
  let url = '';
  const sandbox = buildSandbox(composition, {
    ...options,
    controlReadsNeedKey: options.controlReadsNeedKey ?? !loopbackOnly,
    state,
    tokenSecret,
    publicUrl: () => fixedPublicUrl ?? url,
    persist: dataFile && (({ changes, snapshot }) => dataFile.commit(changes, snapshot)),
  });
  const allowedHosts = new Set([...LOOPBACK_NAMES, ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const logFormat = options.log;
  const logLine = options.logLine ?? ((line: string) => void process.stdout.write(line + '\n'));
  /** The Host header of the last request a loopback-only sandbox allowed, as it was sent. */
  let lastAllowedHost: string | undefined;
  const server = createServer((req, res) => {
    const note: RequestNote = {};
    if (logFormat) {
      const started = { at: new Date(), ms: performance.now() };
      const path = (req.url ?? '').split('?')[0];
      res.once('close', () =>
        logLine(
          formatLogLine(
            logEntry(started, { method: req.method ?? '', path }, note, res.statusCode, performance.now()),
            logFormat,
          ),
        ),
      );
    }
    const host = header(req, 'host');
    // A client names the same Host on every request: the last one allowed is not parsed again.
    if (loopbackOnly && (host === undefined || host !== lastAllowedHost)) {
      const name = hostName(host);
      if (!allowedHosts.has(name)) {
        const message = `Host ${JSON.stringify(name)} is not allowed: this sandbox answers requests addressed to 127.0.0.1, localhost or ::1 (add others with allowedHosts / --allowed-host)`;
        return refuse(req, res, note, appError(403, 'HOST_NOT_ALLOWED', message, { host: name }));
      }
      lastAllowedHost = host;
    }
    if (!req.url?.startsWith('/')) {
      // Absolute-form (`GET http://other/...`) or `*`: the sandbox is no proxy.
      return refuse(
        req,
        res,
        note,
        appError(400, 'INVALID_ARGUMENT', 'The request target must be a path starting with /', {
          target: req.url ?? '',
        }),
      );
    }
    const requestOrigin = header(req, 'origin');
    const cors: Record<string, string> =
      requestOrigin && (LOOPBACK_ORIGIN.test(requestOrigin) || allowedOrigins.has(requestOrigin))
        ? {
            'access-control-allow-origin': requestOrigin,
            'access-control-expose-headers': CORS_EXPOSED,
            vary: 'Origin',
          }
        : {};
    if (req.method === 'OPTIONS' && requestOrigin && header(req, 'access-control-request-method')) {
      // A browser's preflight: allowed origins may send any method and header the API takes.
      if (!cors['access-control-allow-origin']) {
        const message = `Origin ${requestOrigin} may not call this sandbox from a browser (add it with allowedOrigins / --allowed-origin)`;
        return refuse(req, res, note, appError(403, 'ORIGIN_NOT_ALLOWED', message, { origin: requestOrigin }));
      }
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': header(req, 'access-control-request-headers') ?? '',
        'access-control-max-age': '600',
      });
      res.end();
      return void req.resume();
    }
    // The server's own address, never the Host header: the links the sandbox writes use publicUrl.
    void respond(req, res, sandboxRequest(req, url), cors, note);
  });

  /** The answer to one request, written; any failure is answered 500 (one async function: no promise chain per request). */
  async function respond(
    req: IncomingMessage,
    res: ServerResponse,
    request: SandboxRequest,
    cors: Record<string, string>,
    note: RequestNote,
  ): Promise<void> {
    try {
      let answer: Answer | undefined;
      // The provider's paths always win over the console's files, whichever door started both.
      if (options.staticDir && request.method === 'GET') {
        const { pathname } = new URL(request.url);
        if (!sandbox.owns(request.method, pathname)) answer = await staticFile(options.staticDir, pathname);
      }
      answer ??= await sandbox.answer(request, note);
      // Whatever the sandbox did not read must not be left for the next request on this connection.
      if (!req.complete) {
        if (req.readableDidRead) res.shouldKeepAlive = false;
        else req.resume();
      }
      const streaming = writeAnswer(res, answer, cors, note);
      if (streaming) await streaming;
    } catch (err) {
      console.error('[sandbox] request failed', err);
      note.code = 'INTERNAL';
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          message: 'Internal sandbox error',
          details: { applicationError: { code: 'INTERNAL', description: String(err), data: {} } },
        }),
      );
    }
  }
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  }).catch((err: unknown) => {
    dataFile?.close(); // the lock too: this sandbox never started
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Make the first request not pay for seeding (the clock: info would make the webhook key pair, which waits for first use).
  await sandbox.handle(new Request(`${url}/__sandbox/clock`));
  return {
    sandbox,
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => {
          dataFile?.close();
          resolve();
        });
      }),
  };
}
