/** storefront-kit/sandbox: the provider, emulated, for tests and offline development. */
export { createSandbox, DEFAULT_SETTINGS, JsonAnswer, type Answer, type Sandbox, type SandboxOptions } from './app.ts';
export { createSandboxServer, type SandboxServer, type SandboxServerOptions } from './server.ts';
export type { SandboxModule, SandboxRoute, SeedContext, RouteEnv } from './module.ts';
export type * from './types.ts';
export { SandboxError, appError, validationError } from './errors.ts';
export type { Change, Commit, StateSnapshot } from './db.ts';
