/**
 * Points the official SDK at a sandbox. The SDK hard-codes https://www.wixapis.com for its
 * token calls (and edge.wixapis.com for visitor module calls), so the test swaps
 * globalThis.fetch for one that sends those hosts to the sandbox and everything else on.
 */
import { afterAll, beforeAll } from 'vitest';

const PROVIDER_HOST = /^https:\/\/(www|edge)\.wixapis\.com(?=\/|$)/;

export function useProviderFetch(base: () => string): void {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!PROVIDER_HOST.test(url)) return realFetch(input, init);
      const target = url.replace(PROVIDER_HOST, base());
      return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init);
    };
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
}
