/**
 * storefront-kit/sandbox/register: the preload that points an app built on the provider's
 * official SDK at a running sandbox, unchanged:
 * `SFK_SANDBOX_URL=http://127.0.0.1:4010 node --import storefront-kit/sandbox/register app.js`.
 * What it routes, and how: platform/node-routing.ts and docs/preload.md.
 */
import { reportCallsAtExit, routeProviderRequests } from './platform/node-routing.ts';

// SFK_STRICT=1: a call the sandbox does not emulate fails, and the run fails at exit naming it;
// SFK_REPORT_CALLS=1: the operations called are printed at exit (docs/testing.md).
const on = (name: string) => ['1', 'true'].includes(process.env[name] ?? '');
try {
  const strict = on('SFK_STRICT');
  routeProviderRequests(process.env.SFK_SANDBOX_URL, { strict });
  if (strict || on('SFK_REPORT_CALLS')) reportCallsAtExit(process.env.SFK_SANDBOX_URL!, { strict });
} catch (err) {
  // The app must not start against the real provider by mistake: stop before it runs.
  console.error(`storefront-kit/sandbox/register: ${(err as Error).message}`);
  process.exit(1);
}
