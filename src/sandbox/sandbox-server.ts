/**
 * The sandbox with the built-in modules and seeds (modules.ts) behind a real HTTP server (Node):
 * what `storefront-kit sandbox` starts (start.ts) and what the tests start on a free port.
 */
import { serveSandbox, type SandboxServer, type SandboxServerOptions } from './platform/server.ts';
import { builtInSandbox } from './modules.ts';

export type { SandboxServer, SandboxServerOptions } from './platform/server.ts';

export function createSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  return serveSandbox(builtInSandbox, options);
}
