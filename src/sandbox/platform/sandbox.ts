/**
 * What a running sandbox offers its parts (control API, hosted pages, msw, the server) and its
 * users. Its own file, so the modules and the control API can name it without importing app.ts,
 * which imports them.
 */
import type { Answer } from './answer.ts';
import type { Store } from './store.ts';
import type { EventHub } from './events.ts';
import type { Faults } from './faults.ts';
import type { CallReport } from './calls.ts';
import type { StartingStoreName } from './starting-stores.ts';
import type { TokenSigner } from './token-signer.ts';
import type { RequestNote } from './request-log.ts';
import type { RetiredCalls } from './retired.ts';
import type {
  BeyondSpecService,
  Caller,
  OperationContext,
  SandboxIdentity,
  SandboxRequest,
  SandboxSettings,
} from './types.ts';

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  /**
   * The same, for callers that can take the sandbox's own answer as it is (the Node server);
   * `note` learns the caller and the operation (the request log).
   */
  answer(request: SandboxRequest, note?: RequestNote): Promise<Answer>;
  /**
   * Whether a path is the provider's (an operation at it, whatever the method; a hosted page;
   * the control API): a server that also serves files answers it from the sandbox, never a file.
   */
  owns(method: string, pathname: string): boolean;
  readonly store: Store;
  readonly events: EventHub;
  /** The calls of operations the provider retires (Cart V1, Checkout V1), since the start or the last reset. */
  readonly retiredCalls: RetiredCalls;
  /** Faults on demand (faults.ts): the next calls of an operation, a service or all fail as the provider's do. */
  readonly faults: Faults;
  /** What was called, by operation, with which are emulated (calls.ts): `calls.report()`. */
  readonly calls: CallReport;
  readonly options: SandboxIdentity;
  /** Signs and reads the tokens it issues (its secret decides which tokens outlive a restart). */
  readonly tokenSigner: TokenSigner;
  /** See SandboxOptions.controlReadsNeedKey. */
  readonly controlReadsNeedKey: boolean;
  /** Milliseconds the clock is ahead of real time (kept in the state, so `--data` restarts keep it). */
  readonly clockOffsetMs: number;
  now(): Date;
  advanceClock(seconds: number): Promise<void>;
  /** Empties the state and makes the starting store again: the one given (which later resets keep), or the last one. Clears the faults. */
  reset(to?: { store?: StartingStoreName }): Promise<void>;
  /** The public key (SPKI PEM) webhook deliveries verify with: what an app gives the official SDK's `AppStrategy({ publicKey })`. */
  webhookPublicKey(): Promise<string>;
  /** The per-site request rate past which calls answer 429 (rate-limit.ts), when it is on. */
  readonly requestsPerMinute: number | undefined;
  /** The starting store a reset makes (seed/stores.ts). */
  readonly startingStore: StartingStoreName;
  /** Keeps the state as it is now under `name` (in memory; a later snapshot of the same name replaces it). */
  snapshot(name: string): void;
  /** Puts the state back as `snapshot(name)` kept it, as one change (persisted with --data); faults stay as they are. */
  restore(name: string): Promise<void>;
  /** The names of the snapshots kept. */
  snapshotNames(): string[];
  settings(): SandboxSettings;
  /** Operation keys with a handler; the rest answer "not emulated". */
  emulated(): Set<string>;
  /** The services the modules answer beyond the spec's operations (the coverage table lists them apart). */
  beyondSpec(): (BeyondSpecService & { module: string })[];
  /** Runs a change as one transaction under a caller (control API, hosted pages, tests). */
  runAs<T>(caller: Caller, origin: string, fn: (ctx: OperationContext) => T | Promise<T>): Promise<T>;
}
