/**
 * The one way a request leaves a client: the named operations (invoke.ts), the typed path
 * client (path-client.ts) and an OAuthStrategy's token requests all go through `exchange`.
 * Steps, in order: the client's and the call's headers, the consistency header, auth; the
 * user's `beforeRequest` hook; the transport (timeout, abort, retries with backoff); the
 * consistency header kept; the user's `afterResponse` hook; on a 401 the strategy renews once
 * and the request goes again. Turning an answer into an error is the caller's last step
 * (invoke.ts throws a catalogue error, then runs `onError`; the path client answers `{ error }`).
 */
import type { AuthStrategy } from './auth-strategy.ts';
import { send, type RetryOptions } from './transport.ts';

/** What a `beforeRequest` hook sees and may change (headers, the URL) before it is sent. */
export interface OutgoingRequest {
  method: string;
  /** The full URL. */
  url: string;
  headers: Record<string, string>;
  /** JSON text, when the request has a body. */
  body?: string;
}

export interface ErrorInfo {
  operation: string;
  args: unknown[];
}

/** Your own steps in every request of a client (tracing headers, logging, metrics). */
export interface ClientHooks {
  /** Runs before each attempt is sent (retries included), after auth: add headers here. */
  beforeRequest?(request: OutgoingRequest): void | Promise<void>;
  /** Runs with each answer, before it is read. Do not consume its body (clone it). */
  afterResponse?(response: Response, request: OutgoingRequest): void | Promise<void>;
  /** Runs with every error an operation throws, before it is rethrown. */
  onError?(error: Error, info: ErrorInfo): void;
}

/** Everything a request needs from its client; one per client. */
export interface Pipeline {
  host: string;
  fetch: typeof fetch;
  headers: Record<string, string>;
  auth?: AuthStrategy;
  timeoutMs?: number;
  retry?: RetryOptions | false;
  hooks?: ClientHooks;
  /** The client's `onError` option (the same as `hooks.onError`). */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** The last `X-Wix-Consistent` the provider sent, replayed for read-your-writes. */
  consistent?: string;
}

export interface ExchangeOptions {
  /** Send the strategy's credentials (false for the token endpoint and foreign hosts). */
  authorize: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: RetryOptions | false;
  /** Safe to repeat whatever the method (token requests). */
  idempotent?: boolean;
}

const CONSISTENT = 'x-wix-consistent';

export async function exchange(
  p: Pipeline,
  method: string,
  url: string,
  body: string | undefined,
  o: ExchangeOptions,
): Promise<Response> {
  const once = async (): Promise<Response> => {
    const headers: Record<string, string> = { ...p.headers, ...o.headers };
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (p.consistent) headers[CONSISTENT] = p.consistent;
    if (o.authorize && p.auth) Object.assign(headers, (await p.auth.getAuthHeaders()).headers);
    const request: OutgoingRequest = { method, url, headers, body };
    await p.hooks?.beforeRequest?.(request);
    const res = await send(
      request.url,
      { method: request.method, headers: request.headers, body: request.body },
      {
        fetch: p.fetch,
        timeoutMs: o.timeoutMs ?? p.timeoutMs,
        signal: o.signal,
        retry: o.retry ?? p.retry,
        idempotent: o.idempotent,
      },
    );
    const consistent = res.headers.get(CONSISTENT);
    if (consistent) p.consistent = consistent;
    await p.hooks?.afterResponse?.(res, request);
    return res;
  };
  let res = await once();
  if (res.status === 401 && o.authorize && p.auth?.onUnauthorized) {
    await res.body?.cancel().catch(() => undefined);
    if (await p.auth.onUnauthorized()) res = await once();
  }
  return res;
}

/** Runs the client's error hooks, then throws. */
export function reportError(p: Pipeline, error: Error, info: ErrorInfo): never {
  p.onError?.(error, info);
  p.hooks?.onError?.(error, info);
  throw error;
}
