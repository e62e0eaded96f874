/** storefront-kit/sandbox: the provider, emulated, for tests and offline development. */
export { createSandbox } from './create-sandbox.ts';
export { DEFAULT_SETTINGS, JsonAnswer, type Answer, type Sandbox, type SandboxOptions } from './platform/app.ts';
// The keys a sandbox started without options accepts (an app's or a test's defaults).
export { DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_SITE_ID } from './platform/defaults.ts';
export { createSandboxServer, type SandboxServer, type SandboxServerOptions } from './sandbox-server.ts';
export type { SandboxModule, SandboxRoute, SeedContext, RouteEnv } from './platform/module.ts';
export type * from './platform/types.ts';
export { SandboxError, appError, validationError } from './platform/errors.ts';
export type { Change, Commit, StateSnapshot } from './platform/store.ts';
/** The answer of `GET /__sandbox/cart-v1-calls`: the Cart V1 and Checkout V1 calls an app made. */
export type { RetiredCall, RetiredCallSummary } from './platform/retired.ts';
export {
  routeToSandbox,
  type RoutableContext,
  type RoutedRequest,
  type RoutedCall,
} from './platform/browser-routing.ts';
export { Faults, type Fault, type FaultRule } from './platform/faults.ts';
export { STARTING_STORES, type StartingStoreName } from './platform/starting-stores.ts';
export { formatCallReport, type CallRecord, type CallReportText } from './platform/calls.ts';
