/**
 * Typed path clients (openapi-fetch) for users who want `{ data, error }` and the spec's paths:
 *
 *   const cart = createPathClient<CurrentCartPaths>({ auth: OAuthStrategy({ clientId }) });
 *   const { data, error } = await cart.GET('/ecom/v1/carts/current');
 *
 * Same auth as the module functions (the token goes only to the configured host), the
 * provider's query style (dotted keys, repeated arrays), and request normalisation (dates as ISO
 * text, non-finite numbers as "NaN"/"Infinity"/"-Infinity", field-mask arrays are the caller's
 * to join). Answers are the wire JSON: dates stay ISO text (use the module functions for `Date`).
 */
import createOpenApiClient, { type Client as OpenApiClient, type Middleware } from 'openapi-fetch';
import type { AuthStrategy } from './client/auth-strategy.ts';
import { attachAuth } from './client/create-client.ts';
import { DEFAULT_HOST } from './client/defaults.ts';
import { appendQuery } from './normalise/query.ts';

export interface PathClientOptions {
  auth?: AuthStrategy;
  /** @default 'https://www.wixapis.com' */
  host?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
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
  const host = (options.host ?? DEFAULT_HOST).replace(/\/+$/, '');
  const origin = new URL(host).origin;
  const baseFetch: typeof fetch = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  attachAuth(options.auth, host, baseFetch);
  let consistent: string | undefined;
  const client = createOpenApiClient<Paths>({
    baseUrl: host,
    fetch: (request: Request) => baseFetch(request),
    headers: options.headers,
    querySerializer: (q) => serialiseQuery(q as Record<string, unknown>),
    bodySerializer: serialiseBody,
  });
  const middleware: Middleware = {
    async onRequest({ request }) {
      if (new URL(request.url).origin !== origin) return request; // never send the token elsewhere
      if (consistent) request.headers.set('x-wix-consistent', consistent);
      if (options.auth) for (const [k, v] of Object.entries((await options.auth.getAuthHeaders()).headers)) request.headers.set(k, v);
      return request;
    },
    onResponse({ response }) {
      consistent = response.headers.get('x-wix-consistent') ?? consistent;
      return response;
    },
  };
  client.use(middleware);
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
