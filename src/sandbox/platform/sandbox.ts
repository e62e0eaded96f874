/**
 * What a running sandbox offers its parts (control API, hosted pages, msw, the server) and its
 * users. Its own file, so the modules and the control API can name it without importing app.ts,
 * which imports them.
 */
import type { Answer } from './answer.ts';
import type { Store } from './store.ts';
import type { EventHub } from './events.ts';
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
  readonly options: SandboxIdentity;
  /** Signs and reads the tokens it issues (its secret decides which tokens outlive a restart). */
  readonly tokenSigner: TokenSigner;
  /** See SandboxOptions.controlReadsNeedKey. */
  readonly controlReadsNeedKey: boolean;
  /** Milliseconds the clock is ahead of real time (kept in the state, so `--data` restarts keep it). */
  readonly clockOffsetMs: number;
  now(): Date;
  advanceClock(seconds: number): Promise<void>;
  reset(): Promise<void>;
  settings(): SandboxSettings;
  /** Operation keys with a handler; the rest answer "not emulated". */
  emulated(): Set<string>;
  /** The services the modules answer beyond the spec's operations (the coverage table lists them apart). */
  beyondSpec(): (BeyondSpecService & { module: string })[];
  /** Runs a change as one transaction under a caller (control API, hosted pages, tests). */
  runAs<T>(caller: Caller, origin: string, fn: (ctx: OperationContext) => T | Promise<T>): Promise<T>;
}
