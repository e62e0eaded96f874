/**
 * The provider's per-site request rate, opt-in (issue 33): 200 calls a minute (its documented
 * figure), then 429 with Retry-After in the provider's error body until the minute has passed
 * (by the sandbox clock). Off by default; a reset starts a new minute.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import { PROVIDER_REQUESTS_PER_MINUTE } from '../../../src/sandbox/platform/rate-limit.ts';
import { API_KEY } from '../../support/sandbox.ts';

const products = (sandbox: Sandbox) =>
  sandbox.handle(
    new Request('https://www.wixapis.com/stores-reader/v1/products/query-platformized', {
      method: 'POST',
      headers: { authorization: API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query: { paging: { limit: 1 } } }),
    }),
  );

async function statuses(sandbox: Sandbox, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await products(sandbox)).status);
  return out;
}

describe('the provider’s rate limit', () => {
  it('is the documented 200 calls a minute per site', () => {
    expect(PROVIDER_REQUESTS_PER_MINUTE).toBe(200);
  });

  it('answers the 201st call of a minute 429 with Retry-After, until the minute has passed', async () => {
    const sandbox = createSandbox({ rateLimit: true });
    expect(new Set(await statuses(sandbox, 200))).toEqual(new Set([200]));
    await sandbox.advanceClock(20);
    const limited = await products(sandbox);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too Many Requests', details: {} });
    // The oldest call of the window leaves it at most 40 seconds from now (less the real time the 200 calls took).
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(40);
    expect((await sandbox.handle(new Request('https://www.wixapis.com/__sandbox/info'))).status).toBe(200);
    await sandbox.advanceClock(40);
    expect((await products(sandbox)).status).toBe(200);
  });

  it('takes another rate, is off unless asked, and starts a new minute on a reset', async () => {
    const five = createSandbox({ rateLimit: { requestsPerMinute: 5 } });
    expect(await statuses(five, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    const info = await (await five.handle(new Request('https://www.wixapis.com/__sandbox/info'))).json();
    expect(info.rateLimit).toEqual({ requestsPerMinute: 5 });
    await five.reset();
    expect((await products(five)).status).toBe(200);
    expect(new Set(await statuses(createSandbox(), 250))).toEqual(new Set([200]));
    expect(() => createSandbox({ rateLimit: { requestsPerMinute: 0 } })).toThrow(
      'rateLimit.requestsPerMinute must be a whole number of 1 or more (got 0)',
    );
  });

  it('is turned on from the command line', () => {
    expect(sandboxOptionsFromArgs(['--rate-limit'], {}).rateLimit).toBe(true);
    expect(sandboxOptionsFromArgs([], { SFK_RATE_LIMIT: '1' }).rateLimit).toBe(true);
    expect(sandboxOptionsFromArgs(['--rate-limit-per-minute', '50'], {}).rateLimit).toEqual({ requestsPerMinute: 50 });
    expect(sandboxOptionsFromArgs([], {}).rateLimit).toBeUndefined();
    expect(() => sandboxOptionsFromArgs(['--rate-limit-per-minute', 'many'], {})).toThrow(
      '--rate-limit-per-minute must be a whole number of 1 or more (got many)',
    );
  });
});
