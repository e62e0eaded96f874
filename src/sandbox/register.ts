/**
 * storefront-kit/sandbox/register: the preload that points an app built on the provider's
 * official SDK at a running sandbox, unchanged:
 * `SFK_SANDBOX_URL=http://127.0.0.1:4010 node --import storefront-kit/sandbox/register app.js`.
 * What it routes, and how: platform/register.ts and docs/preload.md.
 */
import { routeProviderRequests } from './platform/register.ts';

try {
  routeProviderRequests(process.env.SFK_SANDBOX_URL);
} catch (err) {
  // The app must not start against the real provider by mistake: stop before it runs.
  console.error(`storefront-kit/sandbox/register: ${(err as Error).message}`);
  process.exit(1);
}
