/** What a sandbox module (cart, checkout, orders, members, catalog, identity, ...) may provide. */
import type { Sandbox } from './sandbox.ts';
import type { Caller, Db, HandlerTable, OperationContext, SandboxRequest } from './types.ts';

export interface SeedContext {
  db: Db;
  now: Date;
  options: Sandbox['options'];
  newId(): string;
}

export interface RouteEnv {
  sandbox: Sandbox;
  url: URL;
  /** Runs a change as one transaction under `caller`. */
  run<T>(caller: Caller, fn: (ctx: OperationContext) => T | Promise<T>): Promise<T>;
}

/** A route outside the operation table (the hosted login page, the checkout page). */
export interface SandboxRoute {
  method: string;
  path: string;
  /** Match every path that starts with `path`. */
  prefix?: boolean;
  handle(request: SandboxRequest, env: RouteEnv): Promise<Response> | Response;
}

/** A service the sandbox answers beyond the description's operations (the coverage table lists it apart). */
export interface BeyondSpecService {
  /** The official SDK's name: `<package> <module>.<method>`. */
  operation: string;
  method: string;
  path: string;
  /** What the sandbox answers, in a few words. */
  answers: string;
}

export interface SandboxModule {
  name: string;
  /** Operation handlers by `<module>.<operationId>`. */
  handlers?: HandlerTable;
  /** Deterministic seed data, loaded on start and on reset. */
  seed?(ctx: SeedContext): void | Promise<void>;
  /** Runs scheduled work that is due by the sandbox clock (scheduled capture/void, expiry). */
  runJobs?(ctx: OperationContext): void | Promise<void>;
  routes?: SandboxRoute[];
  /** The services among `routes` that are beyond the spec's operations, for the coverage table. */
  beyondSpec?: BeyondSpecService[];
}
