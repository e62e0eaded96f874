/**
 * One HTTP exchange with timeout, abort and retries. Retries only where repeating is safe:
 * GET and token requests, on network errors, 429 and 502-504, with exponential backoff and
 * full jitter, honouring Retry-After. Other methods retry only when the caller opts in.
 * Redirects are followed here, and only within the URL's origin: a server that answers with a
 * redirect to another origin gets a clear error, never the request's body and credentials.
 */
import { AbortError, ClientError } from '../errors/client-error.ts';
import { REDIRECT_HIDDEN, REDIRECT_REFUSED, TIMEOUT, TOO_MANY_REDIRECTS } from '../errors/messages.ts';

export interface RetryOptions {
  /** Extra attempts after the first. @default 2 */
  retries?: number;
  /** First backoff step. @default 200 */
  minDelayMs?: number;
  /** Cap on one wait (also on Retry-After). @default 5000 */
  maxDelayMs?: number;
  /** Retry POST/PATCH/DELETE too (only when the operation is idempotent for you). @default false */
  unsafe?: boolean;
}

export interface TransportOptions {
  fetch: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
  retry?: RetryOptions | false;
  /** Treat as safe to repeat (token requests). */
  idempotent?: boolean;
  /** Injected for tests; defaults to a timer that the caller's signal cuts short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const DEFAULT_RETRY: Required<RetryOptions> = { retries: 2, minDelayMs: 200, maxDelayMs: 5000, unsafe: false };

const aborted = (signal: AbortSignal) => new AbortError('The call was aborted', {}, { cause: signal.reason });

/** The wait between attempts; an abort ends it at once (nobody waits out a Retry-After for nothing). */
const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function retryAfterMs(res: Response): number | undefined {
  const h = res.headers.get('retry-after');
  if (!h) return undefined;
  const secs = Number(h);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(h);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 5;

/**
 * One request, its redirects followed by hand (`redirect: 'manual'`) and only within the
 * origin of `url`: fetch's own following would re-send a 307's body and the Authorization
 * header to wherever the server points. 303 (and 301/302 after a POST) goes on as a GET
 * without a body, as fetch does.
 */
async function fetchWithinOrigin(fetcher: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  let request: RequestInit = init;
  for (let hops = 0; ; hops++) {
    const res = await fetcher(current, { ...request, redirect: 'manual' });
    if (res.type === 'opaqueredirect') throw new ClientError(REDIRECT_HIDDEN(origin));
    const location = REDIRECT_STATUS.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    const next = new URL(location, current);
    if (next.origin !== origin) throw new ClientError(REDIRECT_REFUSED(origin, next.origin));
    if (hops >= MAX_REDIRECTS) throw new ClientError(TOO_MANY_REDIRECTS(origin, MAX_REDIRECTS));
    const method = (request.method ?? 'GET').toUpperCase();
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      request = { ...request, method: method === 'HEAD' ? 'HEAD' : 'GET', body: undefined, headers };
    }
    current = next.href;
  }
}

/** Runs one attempt under the caller's signal and the timeout. */
async function attempt(url: string, init: RequestInit, opts: TransportOptions): Promise<Response> {
  const { timeoutMs, signal } = opts;
  if (!timeoutMs && !signal) return fetchWithinOrigin(opts.fetch, url, init);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) throw aborted(signal);
    signal.addEventListener('abort', onAbort, { once: true });
  }
  if (timeoutMs) {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  }
  try {
    return await fetchWithinOrigin(opts.fetch, url, { ...init, signal: controller.signal });
  } catch (err) {
    if (timedOut) throw new AbortError(TIMEOUT(timeoutMs!), {}, { cause: err });
    if (signal?.aborted) throw aborted(signal);
    throw err;
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export async function send(url: string, init: RequestInit, opts: TransportOptions): Promise<Response> {
  const policy = opts.retry === false ? { ...DEFAULT_RETRY, retries: 0 } : { ...DEFAULT_RETRY, ...opts.retry };
  const method = (init.method ?? 'GET').toUpperCase();
  const safe = method === 'GET' || opts.idempotent || policy.unsafe;
  const retries = safe ? policy.retries : 0;
  const sleep = opts.sleep ?? defaultSleep;
  const random = opts.random ?? Math.random;
  for (let n = 0; ; n++) {
    let res: Response | undefined;
    let error: unknown;
    try {
      res = await attempt(url, init, opts);
    } catch (err) {
      // An abort and a refused redirect are final; only a network error is worth another try.
      if (err instanceof AbortError || err instanceof ClientError) throw err;
      error = err;
    }
    if (res && !RETRY_STATUS.has(res.status)) return res;
    if (n >= retries) {
      if (res) return res;
      throw error;
    }
    const backoff = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** n);
    const hinted = res ? retryAfterMs(res) : undefined;
    const wait = hinted !== undefined ? Math.min(policy.maxDelayMs, hinted) : Math.round(random() * backoff);
    // Not awaited: under msw (its interceptors) a mocked answer's cancel never settles, which
    // held a retried call forever (issue 33's 429 over sandboxHandlers); the wait needs none of it.
    void res?.body?.cancel().catch(() => undefined);
    await sleep(wait, opts.signal);
  }
}
