/** What a sandbox module (cart, checkout, orders, members, catalog, identity, ...) may provide. */
import type { RequestNote } from './request-log.ts';
import type { Sandbox } from './sandbox.ts';
import type {
  BeyondSpecService,
  Caller,
  Db,
  HandlerTable,
  ModuleEvents,
  OperationContext,
  SandboxRequest,
} from './types.ts';
import type { SandboxSettings, StoreIndexes } from './types.ts';
import type { StateLimits } from './limits.ts';
import type { StartingStoreName } from './starting-stores.ts';

export type { BeyondSpecService } from './types.ts';

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
  /** What the request log learns of this request: a route that resolves its caller names it here. */
  note: RequestNote;
}

/** A route outside the operation table (the hosted login page, the checkout page). */
export interface SandboxRoute {
  method: string;
  path: string;
  /** Match every path that starts with `path`. */
  prefix?: boolean;
  handle(request: SandboxRequest, env: RouteEnv): Promise<Response> | Response;
}

/** A module's reactions to other modules' events, each run inside the announcer's transaction. */
export type ModuleListeners = { [N in keyof ModuleEvents]?: (ctx: OperationContext, event: ModuleEvents[N]) => void };

export interface SandboxModule {
  name: string;
  /** Operation handlers by `<module>.<operationId>`. */
  handlers?: HandlerTable;
  /** Deterministic seed data, loaded on start and on reset. */
  seed?(ctx: SeedContext): void | Promise<void>;
  /** Runs scheduled work that is due by the sandbox clock (scheduled capture/void, expiry). */
  runJobs?(ctx: OperationContext): void | Promise<void>;
  routes?: SandboxRoute[];
  /** What the module does when another one announces an event (see ModuleEvents). */
  on?: ModuleListeners;
  /** The services among `routes` that are beyond the spec's operations, for the coverage table. */
  beyondSpec?: BeyondSpecService[];
}

/** What a starting store (starting-stores.ts) is made of. */
export interface StartingStore {
  /** Whether every module's own seed runs (the demo store). */
  moduleSeeds: boolean;
  /** Site settings over the defaults. */
  settings?: Partial<SandboxSettings>;
  /** More, after the modules' seeds. */
  seed?(ctx: SeedContext): void;
  /** Slow to make (the large store): a sandbox makes it once, and a later reset to it loads what it made. */
  keepMade?: boolean;
}

/**
 * What the composition root (src/sandbox/modules.ts) hands the platform: the modules, what the
 * store indexes and caps, the starting stores and the member its sign-in defaults name. The
 * platform knows no module, seed or member by name.
 */
export interface SandboxComposition {
  modules: readonly SandboxModule[];
  storeIndexes: StoreIndexes;
  stateLimits: StateLimits;
  startingStores: Readonly<Record<StartingStoreName, StartingStore>>;
  /** The member whose e-mail and password a sandbox started without them accepts (printed at start). */
  defaultMember: { readonly email: string; readonly password: string };
}
