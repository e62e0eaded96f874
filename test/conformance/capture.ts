/**
 * Captures the HTTP request a client sends for one call and reduces it to what the provider
 * reads: method, path (as sent, percent-encoding included), query (parsed, order-insensitive,
 * `.r` decoded), JSON body, and the credentials headers.
 */
import { createClient as createSdkClient, ApiKeyStrategy as SdkApiKeyStrategy, OAuthStrategy as SdkOAuthStrategy } from '@wix/sdk';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { ApiKeyStrategy, createClient, OAuthStrategy, type Tokens } from '../../src/index.ts';
import * as ours from '../../src/modules.ts';
import { decodeBase64Url } from '../../src/normalise/base64url.ts';
import type { Json } from '../support/spec.ts';
import { sdkArguments, sdkFunction, sdkModules, toSdkShape } from './sdk-calls.ts';

export interface WireCall {
  method: string;
  path: string;
  /** Query parameters by name, values in order; `.r` is replaced by its decoded JSON. */
  query: Record<string, unknown>;
  body: unknown;
  /** `authorization` and `wix-site-id`, as sent. */
  credentials: Record<string, string | null>;
}

export function reduce(method: string, url: string, body: string | undefined, headers: Headers): WireCall {
  const u = new URL(url);
  const query: Record<string, unknown> = {};
  for (const key of [...new Set(u.searchParams.keys())].sort()) {
    const values = u.searchParams.getAll(key);
    query[key] = key === '.r' ? JSON.parse(decodeBase64Url(values[0])) : values;
  }
  return {
    method: method.toUpperCase(),
    path: u.pathname,
    query,
    body: body ? JSON.parse(body) : undefined,
    credentials: { authorization: headers.get('authorization'), 'wix-site-id': headers.get('wix-site-id') },
  };
}

/** A fetch that records every request and answers 200 `{}`. */
function capturingFetch(log: WireCall[]): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const text = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
    log.push(reduce(req.method, req.url, text || undefined, req.headers));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

const API_KEY = 'conformance-key';
const SITE_ID = 'c0ffee00-0000-4000-8000-0000000051e0';
const CLIENT_ID = 'conformance-client';

/** Who calls: the site owner's API key, or a visitor holding these (unexpired) tokens. */
export type Caller = 'apiKey' | { tokens: Tokens };

/** A visitor's tokens, valid for an hour: no client asks for new ones before sending. */
export function visitorTokens(): Tokens {
  return {
    accessToken: { value: 'OauthNG.JWS.conformance-visitor', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: 'conformance-refresh', role: 'visitor' },
  };
}

/** What the official SDK sends for operation `d` with wire request `r`. */
export async function sdkRequest(d: OperationDescriptor, r: Json, caller: Caller = 'apiKey'): Promise<WireCall[]> {
  const log: WireCall[] = [];
  const client = createSdkClient({
    modules: sdkModules,
    auth: caller === 'apiKey' ? SdkApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) : SdkOAuthStrategy({ clientId: CLIENT_ID, tokens: structuredClone(caller.tokens) as never }),
    fetch: capturingFetch(log),
  }) as unknown as Record<string, Record<string, unknown>>;
  // The SDK may reject the canned `{}` answer after sending; only the request matters here.
  await sdkFunction(client, d)(...sdkArguments(d.key, toSdkShape(d, r))).catch(() => undefined);
  return log;
}

/** What our client sends for operation `d` with wire request `r`. */
export async function ourRequest(d: OperationDescriptor, r: Json, caller: Caller = 'apiKey'): Promise<WireCall[]> {
  const log: WireCall[] = [];
  const kit = createClient({
    modules: { [d.module]: (ours as Record<string, unknown>)[d.module] } as never,
    auth: caller === 'apiKey' ? ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) : OAuthStrategy({ clientId: CLIENT_ID, tokens: structuredClone(caller.tokens) }),
    fetch: capturingFetch(log),
    retry: false,
  }) as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  const pathValues = d.pathParams.map((p) => (p.body ? undefined : r[p.name]));
  await kit[d.module][d.operationId](...pathValues, structuredClone(r)).catch(() => undefined);
  return log;
}
