/**
 * The provider's per-site request rate, opt-in (`rateLimit` / `--rate-limit`): past it, a call
 * answers 429 with Retry-After, as the provider's throttling does. The figure is the provider's
 * documented one: "Wix API rate limits allow an app to perform up to 200 requests per minute,
 * per instance" (its REST docs, Get Started > Rate Limits: dev.wix.com/docs/rest/articles/get-started/rate-limits);
 * an instance is the app on one site, and a sandbox is one site, so every operation call counts.
 * The window slides by the sandbox clock, so a test moves past it with advanceClock.
 */
import { systemErrorAnswer } from './faults.ts';
import type { JsonAnswer } from './answer.ts';

/** The provider's documented figure: requests per minute per site (app instance). */
export const PROVIDER_REQUESTS_PER_MINUTE = 200;
const WINDOW_MS = 60_000;

export interface RateLimitOptions {
  /** Requests per minute before a 429. @default PROVIDER_REQUESTS_PER_MINUTE */
  requestsPerMinute?: number;
}

export class RateLimit {
  /** When each call of the last minute came (sandbox time), oldest first, at most `limit`. */
  private readonly times: number[] = [];

  constructor(readonly limit: number = PROVIDER_REQUESTS_PER_MINUTE) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`rateLimit.requestsPerMinute must be a whole number of 1 or more (got ${limit})`);
  }

  /** Counts a call at `now`; a 429 when the site has made `limit` calls in the minute before it (that call is not counted). */
  take(now: number): JsonAnswer | undefined {
    while (this.times.length && this.times[0] <= now - WINDOW_MS) this.times.shift();
    if (this.times.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((this.times[0] + WINDOW_MS - now) / 1000));
      return systemErrorAnswer(429, retryAfter);
    }
    this.times.push(now);
    return undefined;
  }

  clear(): void {
    this.times.length = 0;
  }
}
