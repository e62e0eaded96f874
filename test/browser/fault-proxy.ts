/**
 * A pass-through HTTP proxy in front of the sandbox, for the storefront walk: the storefront's
 * server and the shopper's browser both reach the sandbox through it, so the test sees every
 * call the store makes (whichever side makes it) and can inject a fault: while a fault is on,
 * the requests it matches are answered by the proxy with the provider's error format (a 503
 * with `{message, details}`) and never reach the sandbox.
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

export interface Fault {
  method: string;
  /** The request path (without query) the fault answers. */
  path: string;
  status: number;
  message: string;
  /** The faulty answer waits for this (a test looks at the page while the request is underway). */
  hold?: Promise<void>;
}

/** A request passed on to the sandbox only once `until` resolves (the page is looked at while it waits). */
export interface Delay {
  method: string;
  /** The request path (without query) held. */
  path: string;
  until: Promise<void>;
}

export interface FaultProxy {
  url: string;
  /** The sandbox the proxy forwards to (set once the sandbox listens: it is told the proxy's URL as its public URL). */
  target: string;
  calls: ProxiedCall[];
  /** Paths (without query) whose JSON answers are kept in `calls`. */
  keepBodies: Set<string>;
  fault?: Fault;
  delay?: Delay;
  close(): Promise<void>;
}

export const FAULT_BODY = (message: string) => JSON.stringify({ message, details: {} });

function answerFault(req: IncomingMessage, res: ServerResponse, fault: Fault): void {
  // The sandbox would let a browser app on a loopback origin read it (CORS): so does the fault.
  const origin = req.headers.origin;
  res.writeHead(fault.status, {
    'content-type': 'application/json',
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  res.end(FAULT_BODY(fault.message));
}

export async function startFaultProxy(): Promise<FaultProxy> {
  const proxy: FaultProxy = {
    url: '',
    target: '',
    calls: [],
    keepBodies: new Set(),
    close: async () => {},
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    const fault = proxy.fault;
    if (fault && fault.method === method && fault.path === path) {
      proxy.calls.push({ method, path, status: fault.status });
      req.resume();
      void (fault.hold ?? Promise.resolve()).then(() => answerFault(req, res, fault));
      return;
    }
    const delay = proxy.delay;
    const held = delay && delay.method === method && delay.path === path ? delay.until : undefined;
    if (held) req.pause();
    void (held ?? Promise.resolve()).then(() => forward(req, res, method, path));
  });
  const forward = (req: IncomingMessage, res: ServerResponse, method: string, path: string) => {
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
  };
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return proxy;
}
