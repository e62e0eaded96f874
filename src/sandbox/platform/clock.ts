/**
 * The sandbox's clock: an offset from the real time, kept in the state (one record), so it is
 * exported, imported and persisted with it. The offset only moves forward (a clock advance), and
 * never past the last instant the spec's date-time text can write.
 */
import type { StateSnapshot } from './store.ts';

export const CLOCK = 'clock';

/** The last instant the spec's date-time text (a four-digit year) can write: the clock goes no further. */
export const LAST_CLOCK_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** What a clock offset must be, for the messages that refuse one. */
const CLOCK_RANGE = `a number of milliseconds from 0 that keeps the clock at or before ${new Date(LAST_CLOCK_TIME_MS).toISOString()}`;

/** Whether the clock may stand `offsetMs` ahead of the real time. */
export const clockOffsetInRange = (offsetMs: unknown): boolean =>
  typeof offsetMs === 'number' && offsetMs >= 0 && Date.now() + offsetMs <= LAST_CLOCK_TIME_MS;

/**
 * Why a state to load (an import, a data file) cannot be: its clock record's offset is out of
 * range (every date the sandbox then wrote would fail), or undefined when it can.
 */
export function clockProblem(snapshot: StateSnapshot): string | undefined {
  const records = snapshot.collections[CLOCK];
  if (records === undefined) return undefined;
  const clock: unknown = Object.hasOwn(records, 'sandbox') ? records.sandbox : undefined;
  if (clock === undefined) return undefined;
  const offsetMs = clock && typeof clock === 'object' ? (clock as { offsetMs?: unknown }).offsetMs : undefined;
  if (clockOffsetInRange(offsetMs)) return undefined;
  return `the clock's offset (collections.clock.sandbox.offsetMs) must be ${CLOCK_RANGE}; it is ${JSON.stringify(offsetMs) ?? 'missing'}`;
}
