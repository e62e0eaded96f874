/**
 * Typed path clients (openapi-fetch) for users who want `{ data, error }` and the spec's paths:
 *
 *   const cart = createPathClient<CurrentCartPaths>({ auth: OAuthStrategy({ clientId }) });
 *   const { data, error } = await cart.GET('/ecom/v1/carts/current');
 *
 * The same request pipeline as the module functions (auth, whose token goes only to the
 * configured host; the consistency header; retries, timeout and abort; your hooks), the
 * provider's query style (dotted keys, repeated arrays), and request normalisation (dates as ISO
 * text, non-finite numbers as "NaN"/"Infinity"/"-Infinity", field-mask arrays are the caller's
 * to join). Answers are the wire JSON: dates stay ISO text (use the module functions for `Date`).
 */
import createOpenApiClient, { type Client as OpenApiClient } from 'openapi-fetch';
import type { AuthStrategy } from './client/auth-strategy.ts';
import { attachAuth } from './client/create-client.ts';
import { DEFAULT_HOST } from './client/defaults.ts';
import { exchange, type ClientHooks, type Pipeline } from './client/pipeline.ts';
import type { RetryOptions } from './client/transport.ts';
import { appendQuery } from './normalise/query.ts';
import { trimChar } from './normalise/text.ts';

export interface PathClientOptions {
  auth?: AuthStrategy;
  /** @default 'https://www.wixapis.com' */
  host?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Retry policy, as for createClient; `false` turns retries off. */
  retry?: RetryOptions | false;
  /** Your own steps in every request (`beforeRequest`, `afterResponse`), as for createClient. */
  hooks?: Omit<ClientHooks, 'onError'>;
}

/** JSON with the provider's text for non-finite numbers (JSON itself would write `null`). */
export function serialiseBody(body: unknown): string {
  return JSON.stringify(body, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
}

export function serialiseQuery(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) appendQuery(params, k, v);
  return params.toString();
}

export function createPathClient<Paths extends {}>(options: PathClientOptions = {}): OpenApiClient<Paths> {
  const host = trimChar(options.host ?? DEFAULT_HOST, '/');
  const origin = new URL(host).origin;
  const p: Pipeline = {
    host,
    fetch: options.fetch ?? ((i, init) => globalThis.fetch(i, init)),
    headers: { ...options.headers },
    auth: options.auth,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    hooks: options.hooks,
  };
  attachAuth(p);
  const client = createOpenApiClient<Paths>({
    baseUrl: host,
    fetch: async (request: Request) => {
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : (await request.text()) || undefined;
      return exchange(p, request.method, request.url, body, {
        authorize: new URL(request.url).origin === origin, // never send the token elsewhere
        headers: Object.fromEntries(request.headers),
        signal: request.signal,
      });
    },
    querySerializer: (q) => serialiseQuery(q as Record<string, unknown>),
    bodySerializer: serialiseBody,
  });
  return client;
}

export type { paths as CurrentCartPaths } from '../generated/types/current-cart.ts';
export type { paths as CheckoutPaths } from '../generated/types/checkout.ts';
export type { paths as OrdersPaths } from '../generated/types/orders.ts';
export type { paths as MembersPaths } from '../generated/types/members.ts';
export type { paths as RedirectsPaths } from '../generated/types/redirects.ts';
export type { paths as StoresReaderPaths } from '../generated/types/stores-reader.ts';
export type { paths as StoresWriterPaths } from '../generated/types/stores-writer.ts';
export type { paths as CollectionsV2Paths } from '../generated/types/collections-v2.ts';
export type { paths as WishlistPaths } from '../generated/types/wishlist.ts';
export type { paths as AuthenticationPaths } from '../generated/types/authentication.ts';
export type { paths as RecoveryPaths } from '../generated/types/recovery.ts';
export type { paths as VerificationPaths } from '../generated/types/verification.ts';
export type { paths as OAuthPaths } from '../generated/types/oauth.ts';
