import { ClientError } from '../errors/client-error.ts';
import { TOKEN_HOST_REFUSED } from '../errors/messages.ts';
import type { AuthStrategy } from './auth-strategy.ts';
import { setAmbientContext, type AmbientContext } from './context.ts';
import { operationFunction, type ModuleFeatures } from './define-module.ts';
import { exchange, type ClientHooks, type ErrorInfo, type Pipeline } from './pipeline.ts';
import type { RetryOptions } from './transport.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';

import { DEFAULT_HOST } from './defaults.ts';
import { trimChar } from '../normalise/text.ts';

export { DEFAULT_HOST };

type AnyModule = Record<
  string,
  ((...args: never[]) => unknown) & { descriptor: OperationDescriptor; features?: ModuleFeatures }
>;

export interface ClientConfig<M extends Record<string, AnyModule>> {
  /** The modules this client calls: `{ currentCart, members }`. */
  modules?: M;
  /** How calls are authorised: `OAuthStrategy({ clientId })`, `ApiKeyStrategy({ apiKey, siteId })`. */
  auth?: AuthStrategy;
  /** API host. @default 'https://www.wixapis.com' */
  host?: string;
  /** Headers sent on every call. */
  headers?: Record<string, string>;
  /** fetch implementation. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Per-attempt timeout for every call (a call may override it). */
  timeoutMs?: number;
  /** Retry policy; `false` turns retries off. GET and token requests only unless `unsafe`. */
  retry?: RetryOptions | false;
  /** Runs with every error a call throws, before it is rethrown (the same as `hooks.onError`). */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** Your own steps in every request: `beforeRequest` (add a tracing header), `afterResponse`, `onError`. */
  hooks?: ClientHooks;
}

export type Client<M> = M & {
  readonly auth: AuthStrategy | undefined;
  readonly host: string;
  /** fetch with the client's Authorization header; only to the configured API host. */
  fetchWithAuth(url: string | URL, init?: RequestInit): Promise<Response>;
  /** POST a GraphQL query to the host's `/graphql/alpha` endpoint with the client's auth. */
  graphql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
  /** Make this client the ambient context, so modules can be called bare. */
  enableContext(): void;
  /** Merge headers into those sent on every later call. */
  setHeaders(headers: Record<string, string>): void;
};

/** Hands a strategy the host and a fetch for its token requests: the client's pipeline (hooks, retries: they are safe to repeat). */
export function attachAuth(p: Pipeline): void {
  p.auth?.attach?.({
    host: p.host,
    fetch: (input, init = {}) =>
      exchange(p, init.method ?? 'GET', String(input), init.body as string | undefined, {
        authorize: false,
        headers: Object.fromEntries(new Headers(init.headers)),
        idempotent: true,
      }),
  });
}

export function createClient<M extends Record<string, AnyModule> = {}>(config: ClientConfig<M> = {}): Client<M> {
  const host = trimChar(config.host ?? DEFAULT_HOST, '/');
  const baseFetch: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const ctx: AmbientContext = {
    host,
    fetch: baseFetch,
    headers: { ...config.headers },
    auth: config.auth,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    onError: config.onError,
    hooks: config.hooks,
  };
  attachAuth(ctx);

  const hostOrigin = new URL(host).origin;
  ctx.fetchWithAuth = async (url, init = {}) => {
    const target = new URL(String(url), host + '/');
    if (target.origin !== hostOrigin) throw new ClientError(TOKEN_HOST_REFUSED(target.origin));
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(ctx.headers)) if (!headers.has(k)) headers.set(k, v);
    if (ctx.auth) for (const [k, v] of Object.entries((await ctx.auth.getAuthHeaders()).headers)) headers.set(k, v);
    return baseFetch(target.toString(), { ...init, headers });
  };
  ctx.graphql = async (query, variables) => {
    const res = await ctx.fetchWithAuth!('/graphql/alpha', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return res.json();
  };

  const bound: Record<string, Record<string, unknown>> = {};
  for (const [name, mod] of Object.entries(config.modules ?? {})) {
    const fns: Record<string, unknown> = {};
    for (const [fnName, fn] of Object.entries(mod))
      fns[fnName] = operationFunction(fn.descriptor, () => ctx, fn.features);
    bound[name] = fns;
  }

  return Object.assign(bound, {
    auth: config.auth,
    host,
    fetchWithAuth: ctx.fetchWithAuth,
    graphql: ctx.graphql,
    enableContext: () => setAmbientContext(ctx),
    setHeaders: (headers: Record<string, string>) => Object.assign(ctx.headers, headers),
  }) as unknown as Client<M>;
}
