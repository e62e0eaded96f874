/** Starts a sandbox server on 127.0.0.1 (a free port) for a test file, with response validation on. */
import { afterAll, beforeAll } from 'vitest';
import { createSandboxServer, type SandboxServer, type SandboxServerOptions } from '../../src/sandbox/sandbox-server.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';

import { ApiKeyStrategy, checkout, collections, createClient, currentCart, OAuthStrategy, orders, products, wishlist, type FrameDriver } from '../../src/index.ts';
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';

export const API_KEY = DEFAULT_API_KEY;
export const CLIENT_ID = DEFAULT_CLIENT_ID;

/**
 * A sandbox server for the enclosing file or describe, started before its tests. Options that
 * need files (a `staticDir`) come as a function, so the files are made when the tests run, not
 * when vitest collects them (a collection alone, `vitest list` or a filter that skips the
 * tests, runs no afterAll to remove them).
 */
export function useSandboxServer(options: SandboxServerOptions | (() => SandboxServerOptions) = {}): { current: SandboxServer } {
  const ref = {} as { current: SandboxServer };
  beforeAll(async () => {
    const given = typeof options === 'function' ? options() : options;
    ref.current = await createSandboxServer({ port: 0, validateResponses: true, ...given });
  });
  afterAll(async () => {
    await ref.current?.close();
  });
  return ref;
}

export async function call(
  base: string,
  method: string,
  path: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const h: Record<string, string> = { ...headers };
  if (token) h.authorization = token;
  if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // keep text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** One request to an in-process sandbox (`sandbox.handle`) as to the provider's host: its status and JSON body. */
export async function sendTo(sandbox: Sandbox, method: string, path: string, body?: unknown, authorization?: string) {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await sandbox.handle(
    new Request('https://www.wixapis.com' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

export async function visitorToken(base: string): Promise<string> {
  const r = await call(base, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
  if (r.status !== 200) throw new Error(`anonymous grant failed: ${JSON.stringify(r.body)}`);
  return r.body.access_token;
}

/** The store and commerce modules the sandbox scenarios call. */
const SHOP_MODULES = { products, collections, wishlist, currentCart, checkout, orders };

/** The project's client as the site owner (API key) against a sandbox. */
export const adminClient = (host: string) => createClient({ modules: SHOP_MODULES, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }), host });

/** The project's client as a new anonymous visitor against a sandbox. */
export const visitorClient = (host: string) => createClient({ modules: SHOP_MODULES, auth: OAuthStrategy({ clientId: CLIENT_ID }), host });

/** Direct login's frame in Node, which has no iframe: loads the web_message page and reads the result it posts to its parent. */
export const nodeFrame: FrameDriver = (url) => ({
  message: fetch(url)
    .then((r) => r.text())
    .then((html) => JSON.parse(/<script type="application\/json" id="sfk-auth-result">([\s\S]*?)<\/script>/.exec(html)![1]).message),
  close() {},
});
