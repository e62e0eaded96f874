/**
 * The proof storefront in a child process, unchanged, behind the preload
 * (`node --import storefront-kit/sandbox/register run.ts`, and through NODE_OPTIONS): its
 * requests to the provider's hosts reach a sandbox on 127.0.0.1; a request to any other host
 * arrives as it was sent.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { toSandboxUrl } from '../../src/sandbox/platform/provider-hosts.ts';
import { expectShopperVisit } from './expect-visit.ts';
import type { ShopperVisit } from './scenario.ts';

const REGISTER = fileURLToPath(new URL('../../src/sandbox/register.ts', import.meta.url));
const RUN = fileURLToPath(new URL('./run.ts', import.meta.url));
/** The app's own OAuth client id, accepted by the sandbox through --client-id. */
const APP_CLIENT_ID = '3c7c1a9e-0000-4000-8000-0000000a5b1d';

interface Child {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node [args]` with `env` (tsx loads the TypeScript; the preload is the package's own file). */
function node(args: string[], env: Record<string, string | undefined>): Promise<Child> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'SFK_SANDBOX_URL' && k !== 'NODE_OPTIONS'),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: { ...base, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let sandbox: SandboxServer;
let other: Server;
let otherUrl: string;
const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  sandbox = await createSandboxServer({
    port: 0,
    validateResponses: true,
    clientIds: ['sandbox-client', APP_CLIENT_ID],
  });
  other = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('from the other host');
    });
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/echo?x=1`;
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((r) => other?.close(r));
});

function parse(child: Child): { visit: ShopperVisit; other?: { status: number; body: string } } {
  // Node 26 deprecates module.register(), which tsx (this test's TypeScript loader, not the
  // preload) calls: that warning and its hint line are the loader's, everything else is the app's.
  const loaderNoise = /npm warn.*\n|\(node:\d+\) \[DEP0205\] DeprecationWarning: `module\.register\(\)` is deprecated.*\n|\(Use `node --trace-deprecation \.\.\.` to show where the warning was created\)\n/g;
  expect(child.stderr.replace(loaderNoise, ''), 'stderr of the app').toBe('');
  expect(child.code).toBe(0);
  return JSON.parse(child.stdout);
}

describe('the proof storefront behind the preload, in a child process', () => {
  it('runs a whole visit against the sandbox through `node --import .../register`, and leaves a request to another host untouched', async () => {
    const child = await node(['--import', 'tsx', '--import', REGISTER, RUN, 'sandbox-client', otherUrl], {
      SFK_SANDBOX_URL: sandbox.url,
    });
    const { visit, other: seen } = parse(child);
    expectShopperVisit(visit, [sandbox.url]);

    // The other host got the request exactly as the app sent it, addressed to itself.
    expect(seen).toEqual({ status: 200, body: 'from the other host' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/echo?x=1', body: 'hello other host' });
    expect(received[0].headers).toMatchObject({
      host: new URL(otherUrl).host,
      'content-type': 'text/plain',
      'x-proof': 'untouched',
    });

    // The visit's writes are in the sandbox: the member's session ended, a checkout of 3 shirts.
    const state = await (await fetch(`${sandbox.url}/__sandbox/state`)).json();
    const checkout = state.collections.checkouts[visit.checkout.checkoutId];
    expect(checkout.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it("runs through NODE_OPTIONS too, with the app's own OAuth client id", async () => {
    // Tokens are not stored (they verify themselves): watch the ones the sandbox signs.
    const signed = vi.spyOn(sandbox.sandbox.tokenSigner, 'sign');
    const child = await node([RUN, APP_CLIENT_ID], {
      SFK_SANDBOX_URL: `${sandbox.url}/`,
      NODE_OPTIONS: `--import tsx --import ${REGISTER}`,
    });
    const { visit } = parse(child);
    expectShopperVisit(visit, [sandbox.url]);
    const clients = new Set(signed.mock.calls.map(([claims]) => claims.clientId));
    signed.mockRestore();
    expect(clients).toContain(APP_CLIENT_ID);
  });

  it('stops the app before it runs when SFK_SANDBOX_URL is missing or not a sandbox URL', async () => {
    const missing = await node(['--import', 'tsx', '--import', REGISTER, '-e', 'console.log("app ran")'], {});
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(
      'storefront-kit/sandbox/register: SFK_SANDBOX_URL is not set: give the URL of a running sandbox, e.g. http://127.0.0.1:4010 (start one with `npx storefront-kit sandbox`)',
    );
    const path = await node(['--import', 'tsx', '--import', REGISTER, '-e', 'console.log("app ran")'], {
      SFK_SANDBOX_URL: 'http://127.0.0.1:4010/api',
    });
    expect(path).toMatchObject({ code: 1, stdout: '' });
    expect(path.stderr).toContain(
      'storefront-kit/sandbox/register: SFK_SANDBOX_URL "http://127.0.0.1:4010/api" must be the sandbox\'s http(s) origin, without a path, credentials, query or fragment (e.g. http://127.0.0.1:4010)',
    );
  });
});

describe('which requests the preload reroutes', () => {
  it.each([
    ['https://www.wixapis.com/ecom/v1/carts/current?x=1', 'http://127.0.0.1:4010/ecom/v1/carts/current?x=1'],
    ['https://edge.wixapis.com/v1/recommendations/get', 'http://127.0.0.1:4010/v1/recommendations/get'],
    ['https://WWW.WIXAPIS.COM/oauth2/token', 'http://127.0.0.1:4010/oauth2/token'],
    ['https://www.wixapis.com', 'http://127.0.0.1:4010/'],
    ['https://static.wixstatic.com/media/a.jpg/v1/fill/w_300,h_300/a.jpg', 'http://127.0.0.1:4010/media/a.jpg/v1/fill/w_300,h_300/a.jpg'],
  ])('%s goes to the sandbox', (from, to) => expect(toSandboxUrl(from, 'http://127.0.0.1:4010')).toBe(to));

  it.each([
    'http://www.wixapis.com/ecom/v1/carts/current',
    'https://www.wixapis.com:8443/ecom/v1/carts/current',
    'https://www.wixapis.com.evil.test/ecom/v1/carts/current',
    'https://evil.test/https://www.wixapis.com/',
    'https://www.wix.com/installer/install',
    'https://video.wixstatic.com/video/v1/file',
    'http://127.0.0.1:9999/anything',
    'not a url',
  ])('%s is left alone', (url) => expect(toSandboxUrl(url, 'http://127.0.0.1:4010')).toBeUndefined());
});
