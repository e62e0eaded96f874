/**
 * The sandbox behind a real HTTP server (Node). Listens on 127.0.0.1 unless told otherwise.
 * With `data`, the state is loaded from the file at start and every acknowledged write is on
 * disk before its response.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox, type SandboxOptions } from './app.ts';
import { readDataFile, writeDataFile } from './persist.ts';

export interface SandboxServerOptions extends Omit<SandboxOptions, 'persist' | 'state'> {
  /** @default 4010; 0 picks a free port */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
  /** State file: loaded at start, written (temp file, fsync, rename) after every change. */
  data?: string;
}

export interface SandboxServer {
  sandbox: Sandbox;
  server: Server;
  /** e.g. `http://127.0.0.1:4010` */
  url: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const method = req.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      // Read a little past the limit so the handler can answer 413 without buffering everything.
      if (size > 1024 * 1024 + 1) break;
      chunks.push(chunk as Buffer);
    }
    body = Buffer.concat(chunks);
  }
  return new Request(origin + (req.url ?? '/'), { method, headers, body: body ? new Uint8Array(body) : undefined });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

export async function createSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const state = options.data ? readDataFile(options.data) : undefined;
  const sandbox = createSandbox({
    ...options,
    state,
    persist: options.data ? (snapshot) => writeDataFile(options.data!, snapshot) : undefined,
  });
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${(server.address() as AddressInfo).port}`}`;
    toRequest(req, origin)
      .then((request) => sandbox.handle(request))
      .then((response) => writeResponse(res, response))
      .catch((err) => {
        console.error('[sandbox] request failed', err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal sandbox error', details: { applicationError: { code: 'INTERNAL', description: String(err), data: {} } } }));
      });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  // Make the first request not pay for seeding.
  await sandbox.handle(new Request(`http://${host}/__sandbox/info`));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    sandbox,
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
