/**
 * The operations the provider retires (`x-sfk-replaced-by` in the spec, `replacements` in the
 * operation table): today Cart V1 and Checkout V1, removed on 2027-02-01 in favour of Cart V2.
 *
 * - The setting `cartV1` decides whether they still answer: `available` (the default), `removed`,
 *   or `auto` (removed once the sandbox clock reaches the removal day). A removed one answers as
 *   the provider answers a path it no longer routes: 404 `NOT_FOUND`, in its error format, like
 *   the sandbox's answer for any unknown path; the message names the successor (docs/sandbox.md,
 *   "Cart V1 removed").
 * - Every call of one is counted, removed or not, so a developer can ask which V1 calls an
 *   unchanged app still makes (`GET /__sandbox/cart-v1-calls`, and the CLI prints it at exit).
 */
import type { OperationDescriptor, Replacement } from '../../../generated/runtime-types.ts';
import { replacements } from '../../../generated/operations.ts';
import { appError, type SandboxError } from './errors.ts';
import type { CartV1Setting, SandboxSettings } from './types.ts';

/** The successor as the log and the messages write it: its key, or `none`. */
export const successorName = (r: Replacement) => r.operation ?? 'none';

/** The replacement of an operation key (`<module>.<operationId>`), if the provider retires it. */
export const replacementOf = (key: string | undefined): Replacement | undefined =>
  key !== undefined && Object.hasOwn(replacements, key) ? replacements[key] : undefined;

/** The first removal day among the retired operations (all are 2027-02-01 today). */
export const REMOVAL_DAY = Object.values(replacements)
  .map((r) => r.removed)
  .sort()[0];

/** Whether what the provider removes on `day` (YYYY-MM-DD) answers as removed: by the setting, or by the sandbox clock under `auto`. */
export function isRemoved(day: string, setting: CartV1Setting, now: Date): boolean {
  if (setting === 'removed') return true;
  return setting === 'auto' && now.getTime() >= Date.parse(`${day}T00:00:00Z`);
}

/** The words of a removed operation's answer: what it was, when it went, what to call instead. */
export function removedMessage(d: Pick<OperationDescriptor, 'key' | 'method' | 'path'>, r: Replacement): string {
  const instead = r.operation ? `use ${r.operation}.` : 'no Cart V2 call replaces it.';
  return `${d.key} (${d.method} ${d.path}) was removed on ${r.removed}: ${instead} ${r.note}`;
}

/** The answer to a call of a removed operation, or undefined when it still answers. */
export function removedAnswer(d: OperationDescriptor, settings: SandboxSettings, now: Date): SandboxError | undefined {
  const r = replacementOf(d.key);
  if (!r || !isRemoved(r.removed, settings.cartV1, now)) return undefined;
  return appError(404, 'NOT_FOUND', removedMessage(d, r), {
    operation: d.key,
    replacedBy: r.operation,
    removed: r.removed,
  });
}

/** One retired operation an app called: how often, when, and what replaces it. */
export interface RetiredCall {
  operation: string;
  method: string;
  path: string;
  calls: number;
  /** How many of the calls were answered as removed. */
  answeredRemoved: number;
  /** The sandbox clock at the first and the last call. */
  firstCalled: string;
  lastCalled: string;
  replacedBy: string | null;
  note: string;
}

export interface RetiredCallSummary {
  /** The setting `cartV1` now. */
  setting: CartV1Setting;
  /** Whether Cart V1 and Checkout V1 answer as removed now (the setting, and the clock under `auto`). */
  removedNow: boolean;
  removalDay: string;
  /** Calls of retired operations since the sandbox started or was last reset. */
  total: number;
  /** Most called first. */
  operations: RetiredCall[];
}

/** The calls of retired operations, counted in memory since the start or the last reset. */
export class RetiredCalls {
  /** The last call's time is kept as a Date and written out by `summary`: a retired call is counted on every request. */
  private byKey = new Map<string, { call: RetiredCall; lastAt: Date }>();

  /** Counts a call of `d` if the provider retires it; `removed`: it was answered as removed. */
  record(d: OperationDescriptor, now: Date, removed: boolean): void {
    const r = replacementOf(d.key);
    if (!r) return;
    let seen = this.byKey.get(d.key);
    if (!seen) {
      const at = now.toISOString();
      seen = {
        call: {
          operation: d.key,
          method: d.method,
          path: d.path,
          calls: 0,
          answeredRemoved: 0,
          firstCalled: at,
          lastCalled: at,
          replacedBy: r.operation,
          note: r.note,
        },
        lastAt: now,
      };
      this.byKey.set(d.key, seen);
    }
    seen.call.calls += 1;
    if (removed) seen.call.answeredRemoved += 1;
    seen.lastAt = now;
  }

  clear(): void {
    this.byKey.clear();
  }

  summary(settings: SandboxSettings, now: Date): RetiredCallSummary {
    const operations = [...this.byKey.values()]
      .map(({ call, lastAt }) => ({ ...call, lastCalled: lastAt.toISOString() }))
      .sort((a, b) => b.calls - a.calls || (a.operation < b.operation ? -1 : 1));
    return {
      setting: settings.cartV1,
      removedNow: isRemoved(REMOVAL_DAY, settings.cartV1, now),
      removalDay: REMOVAL_DAY,
      total: operations.reduce((n, c) => n + c.calls, 0),
      operations,
    };
  }
}

/** The summary as the CLI prints it at exit: nothing when the app made no retired call. */
export function describeRetiredCalls(s: RetiredCallSummary): string[] {
  if (!s.total) return [];
  const times = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  return [
    `Cart V1 / Checkout V1 calls this run: ${times(s.total)} to ${s.operations.length} operation${s.operations.length === 1 ? '' : 's'}, removed by the provider on ${s.removalDay}:`,
    ...s.operations.flatMap((c) => [
      `  ${times(c.calls).padEnd(9)} ${c.operation} -> ${c.replacedBy ?? 'none'}`,
      `            ${c.note}`,
    ]),
    `  the V1 -> V2 table: docs/cart-v2-migration.md; the same as JSON: GET /__sandbox/cart-v1-calls`,
  ];
}
