/**
 * A pass-through HTTP proxy in front of the sandbox, for the storefront walk: the storefront's
 * server and the shopper's browser both reach the sandbox through it, so the test sees every
 * call the store makes, whichever side makes it. Faults and held answers are the sandbox's own
 * (`sandbox.faults`, issue 33), as a user's test asks for them.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedCall {
  method: string;
  path: string;
  status: number;
  /** The answer's body, kept for JSON answers of the paths `keepBodies` names. */
  body?: unknown;
}

export interface WatchProxy {
  url: string;
  /** The sandbox the proxy forwards to (set once the sandbox listens: it is told the proxy's URL as its public URL). */
  target: string;
  calls: ProxiedCall[];
  /** Paths (without query) whose JSON answers are kept in `calls`. */
  keepBodies: Set<string>;
  close(): Promise<void>;
}

export async function startWatchProxy(): Promise<WatchProxy> {
  const proxy: WatchProxy = {
    url: '',
    target: '',
    calls: [],
    keepBodies: new Set(),
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    const target = new URL(proxy.target);
    const out = httpRequest(
      { host: target.hostname, port: target.port, method, path: req.url, headers: req.headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        res.writeHead(status, answer.headers);
        if (!proxy.keepBodies.has(path)) {
          proxy.calls.push({ method, path, status });
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const bytes = Buffer.concat(chunks);
          let body: unknown = answer.headers['content-encoding'] ? '(encoded)' : bytes.toString('utf8');
          try {
            body = JSON.parse(body as string);
          } catch {
            // not JSON: kept as it is
          }
          proxy.calls.push({ method, path, status, body });
          res.end(bytes);
        });
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return proxy;
}
