/**
 * The preload's routing, door by door, in this process (routeProviderRequests is what
 * `storefront-kit/sandbox/register` installs): Node's fetch, a separately bundled undici copy
 * (Next.js's edge runtime's), node:http and node:https (with and without an Agent), and the DNS
 * lookup of a provider host. Each sends a visitor-token request to `https://www.wixapis.com`
 * and must reach the sandbox on its free port; a request to any other host must arrive there
 * as it was sent.
 */
import { execFileSync } from 'node:child_process';
import dns from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_HOST_ADDRESS, routeProviderRequests } from '../../src/sandbox/platform/node-routing.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';

/** The edge runtime's own fetch and Request (a bundled undici copy), as Next.js's middleware gets them. */
const edge = createRequire(import.meta.url)('next/dist/compiled/@edge-runtime/primitives/fetch.js') as {
  fetch: typeof fetch;
  Request: typeof Request;
};

const TOKEN_URL = 'https://www.wixapis.com/oauth2/token';
const TOKEN_BODY = JSON.stringify({ clientId: DEFAULT_CLIENT_ID, grantType: 'anonymous' });

interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server that records what it receives and answers "from the other host". */
function recorder(received: Received[]): http.RequestListener {
  return (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('from the other host');
    });
  };
}

let sandbox: SandboxServer;
let restore: () => void;
const received: Received[] = [];
let other: http.Server;
let otherHttps: https.Server;
let otherOrigin: string;
let otherHttpsOrigin: string;
let certificate: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  sandbox = await createSandboxServer({ port: 0 });
  // A self-signed certificate for the other https host (openssl, as on every Debian).
  const dir = mkdtempSync(join(tmpdir(), 'sfk-preload-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
  otherHttps = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: certificate }, recorder(received));
  rmSync(dir, { recursive: true, force: true });
  other = http.createServer(recorder(received));
  otherOrigin = `http://127.0.0.1:${await listen(other)}`;
  otherHttpsOrigin = `https://localhost:${await listen(otherHttps)}`;
  restore = routeProviderRequests(sandbox.url);
});
afterAll(async () => {
  restore?.();
  await sandbox?.close();
  await new Promise((r) => other?.close(r));
  await new Promise((r) => otherHttps?.close(r));
});

/** A whole answer of node:http(s): status and body. */
function readAll(res: http.IncomingMessage): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => (text += c));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    res.on('error', reject);
  });
}

/** Sends `req` with `body` and reads its whole answer. */
function answer(req: http.ClientRequest, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => resolve(readAll(res)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The sandbox answered the token request: a visitor's tokens it issued. */
function expectVisitorTokens(status: number, body: string): void {
  expect(status, body).toBe(200);
  const tokens = JSON.parse(body);
  expect(tokens).toMatchObject({ token_type: 'Bearer' });
  expect(typeof tokens.access_token).toBe('string');
  expect(typeof tokens.refresh_token).toBe('string');
}

const jsonHeaders = { 'content-type': 'application/json' };
/** The sandbox's own answer to a GET of the token endpoint. */
const SANDBOX_405 = {
  status: 405,
  body: {
    message: 'GET is not allowed on /oauth2/token',
    details: {
      applicationError: { code: 'METHOD_NOT_ALLOWED', description: 'GET is not allowed on /oauth2/token', data: {} },
    },
  },
};

describe('a request to a provider host reaches the sandbox', () => {
  it.each([
    ['Node’s global fetch', fetch, Request],
    ['a bundled undici copy (Next.js’s edge runtime fetch)', edge.fetch, edge.Request],
  ])('through %s, URL or Request', async (_, send, RequestOfIts) => {
    const byUrl = await send(TOKEN_URL, { method: 'POST', headers: jsonHeaders, body: TOKEN_BODY });
    expectVisitorTokens(byUrl.status, await byUrl.text());
    const byRequest = await send(
      new RequestOfIts(TOKEN_URL, { method: 'POST', headers: jsonHeaders, body: TOKEN_BODY }),
    );
    expectVisitorTokens(byRequest.status, await byRequest.text());
  });

  it.each([
    ['https.request(url, options)', () => https.request(TOKEN_URL, { method: 'POST', headers: jsonHeaders })],
    [
      'https.request(options) with a keep-alive https.Agent and a lookup of its own',
      () =>
        https.request({
          host: 'www.wixapis.com',
          path: '/oauth2/token',
          method: 'POST',
          headers: { ...jsonHeaders, Host: 'www.wixapis.com' },
          agent: new https.Agent({ keepAlive: true }),
          // Next.js's image optimizer pins the addresses it checked: no name but the provider's resolves.
          lookup: (_host, _options, callback) => callback(new Error('only the provider resolves'), ''),
        }),
    ],
    ['http.request(URL object)', () => http.request(new URL(TOKEN_URL), { method: 'POST', headers: jsonHeaders })],
  ])('through node:https / node:http: %s', async (_, request) => {
    const { status, body } = await answer(request(), TOKEN_BODY);
    expectVisitorTokens(status, body);
  });

  it('through https.get and http.get', async () => {
    // GET of the token endpoint is not an operation: the sandbox's own 405 proves where it went.
    for (const get of [https.get, http.get]) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        get('https://www.wixapis.com/oauth2/token', resolve).on('error', reject),
      );
      const { status, body } = await readAll(res);
      expect({ status, body: JSON.parse(body) }).toEqual(SANDBOX_405);
    }
  });

  it('a DNS lookup of a provider host answers the documentation address, any other name its real one', async () => {
    expect(await dns.promises.lookup('www.wixapis.com')).toEqual({ address: PROVIDER_HOST_ADDRESS, family: 6 });
    expect(await dns.promises.lookup('edge.wixapis.com', { all: true })).toEqual([
      { address: PROVIDER_HOST_ADDRESS, family: 6 },
    ]);
    const byCallback = await new Promise((resolve, reject) =>
      dns.lookup('www.wixapis.com', (err, address, family) => (err ? reject(err) : resolve({ address, family }))),
    );
    expect(byCallback).toEqual({ address: PROVIDER_HOST_ADDRESS, family: 6 });
    expect(await dns.promises.lookup('localhost', { family: 4 })).toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('a request to any other host is left as it was sent', () => {
  const expectUntouched = (path: string, host: string) => {
    const seen = received.at(-1);
    expect(seen).toMatchObject({ method: 'POST', url: path, body: 'hello' });
    expect(seen?.headers).toMatchObject({ host, 'x-proof': 'untouched' });
  };
  const headers = { 'x-proof': 'untouched' };

  it.each([
    ['Node’s global fetch', fetch],
    ['the bundled undici copy', edge.fetch],
  ])('through %s', async (_, send) => {
    const res = await send(`${otherOrigin}/echo?x=1`, { method: 'POST', headers, body: 'hello' });
    expect(await res.text()).toBe('from the other host');
    expectUntouched('/echo?x=1', new URL(otherOrigin).host);
  });

  it('through node:http and node:https (with its own Agent)', async () => {
    const plain = await answer(http.request(`${otherOrigin}/plain`, { method: 'POST', headers }), 'hello');
    expect(plain).toEqual({ status: 200, body: 'from the other host' });
    expectUntouched('/plain', new URL(otherOrigin).host);
    const agent = new https.Agent({ ca: certificate });
    const secure = await answer(https.request(`${otherHttpsOrigin}/tls`, { method: 'POST', headers, agent }), 'hello');
    expect(secure).toEqual({ status: 200, body: 'from the other host' });
    expectUntouched('/tls', new URL(otherHttpsOrigin).host);
  });
});

describe('putting everything back', () => {
  it('restore() leaves the dispatchers, node:http(s) and dns as they were before', () => {
    // Undici's slots: `.1`, and `.2` from undici 7 (Node 24 and later).
    const g = globalThis as unknown as Record<symbol, unknown>;
    const slots = [1, 2].map((n) => Symbol.for(`undici.globalDispatcher.${n}`)).filter((s) => s in g);
    const doors = () => [
      ...slots.map((s) => g[s]),
      http.request,
      http.get,
      https.request,
      https.get,
      dns.lookup,
      dns.promises.lookup,
    ];
    const before = doors();
    const again = routeProviderRequests(sandbox.url);
    doors().forEach((v, i) => expect(v).not.toBe(before[i]));
    again();
    expect(doors()).toEqual(before);
  });
});
