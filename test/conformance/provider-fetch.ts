/**
 * Points the official SDK at a sandbox for a test file, with the preload's own rerouting
 * (storefront-kit/sandbox/register): every fetch to a provider host (www. and edge.wixapis.com)
 * goes to the sandbox, everything else on.
 */
import { afterAll, beforeAll } from 'vitest';
import { routeProviderRequests } from '../../src/sandbox/platform/node-routing.ts';

export function useProviderFetch(base: () => string): void {
  let restore = () => {};
  beforeAll(() => {
    restore = routeProviderRequests(base());
  });
  afterAll(() => restore());
}
