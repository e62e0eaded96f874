/**
 * One HTTP exchange with timeout, abort and retries. Retries only where repeating is safe:
 * GET and token requests, on network errors, 429 and 502-504, with exponential backoff and
 * full jitter, honouring Retry-After. Other methods retry only when the caller opts in.
 */
import { AbortError } from '../errors/client-error.ts';
import { TIMEOUT } from '../errors/messages.ts';

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

/** Runs one attempt under the caller's signal and the timeout. */
async function attempt(url: string, init: RequestInit, opts: TransportOptions): Promise<Response> {
  const { timeoutMs, signal } = opts;
  if (!timeoutMs && !signal) return opts.fetch(url, init);
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
    return await opts.fetch(url, { ...init, signal: controller.signal });
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
      if (err instanceof AbortError) throw err;
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
    await res?.body?.cancel().catch(() => undefined);
    await sleep(wait, opts.signal);
  }
}
