/**
 * The sandbox with the built-in modules and seeds (modules.ts), in process: no server, no Node
 * API, so it runs in a browser page too (the console's static build, msw's service worker). The
 * same behind an HTTP server: sandbox-server.ts.
 */
import { buildSandbox, type SandboxOptions } from './platform/app.ts';
import type { Sandbox } from './platform/sandbox.ts';
import { builtInSandbox } from './modules.ts';

export type { Sandbox } from './platform/sandbox.ts';
export type { SandboxOptions } from './platform/app.ts';

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return buildSandbox(builtInSandbox, options);
}
