/**
 * Faults on demand: the next calls of one operation, of a service or of every operation answer
 * as the provider does when it fails: a status with its error body (429 with Retry-After, 500,
 * 503, or an application error of the operation's catalogue), an answer that comes late, or a
 * connection dropped before any answer. A test's error paths without a proxy of its own.
 *
 * Faults live beside the state, not in it: an export, a snapshot or a restore neither keeps
 * nor changes them; a reset clears them. The control API (`/__sandbox/faults`), the sandbox's
 * `faults`, the CLI's `--fault` and renderWithSandbox's `faults` all come here.
 */
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import { errorCodes, operationList } from '../../../generated/operations.ts';
import { JsonAnswer } from './answer.ts';
import { validationError, type Violation } from './errors.ts';
import { isJsonObject, ownValue } from './safe-object.ts';

/** What a test asks for: which calls, how many, and what they get. */
export interface FaultRule {
  /** One operation, by its operationId (`addToCurrentCart`) or key (`currentCart.addToCurrentCart`). */
  operation?: string;
  /** Every operation of a service, by its spec's name (`current-cart`) or its client module (`currentCart`). */
  service?: string;
  /** The next this many matching calls; then the fault is gone. @default every matching call */
  times?: number;
  /** This share of the matching calls (0 < share <= 1), spread evenly: 0.5 is every second one. @default 1 */
  share?: number;
  /**
   * The status answered, with the provider's error body: 429 (with Retry-After), 500, 503, or
   * with `code` an application error (400 unless given). Without it (and without `code`), a
   * `delay` alone lets the call go on, late.
   */
  status?: number;
  /** An application error code of the operation's catalogue (`x-sfk-errors`); needs `operation`. */
  code?: string;
  /** Retry-After, in seconds, on a 429 or 503. @default 1 on a 429 */
  retryAfterSeconds?: number;
  /** Milliseconds before the answer (or before the drop). */
  delayMs?: number;
  /** The connection is dropped: no answer at all (fetch rejects, as on a network failure). */
  drop?: boolean;
  /**
   * Each call it hits waits, unanswered, until the test releases it (`faults.release(id)`,
   * `POST /__sandbox/faults/{id}/release`), removes the fault or resets the sandbox, at most
   * MAX_FAULT_DELAY_MS; then it is answered as the rest of the rule says (without a status, a
   * code or a drop it goes on). A test looks at the page while the call is underway.
   */
  hold?: boolean;
}

/** A fault in place: its rule, its id, and how many calls it has seen and hit. */
export interface Fault extends FaultRule {
  id: string;
  /** Matching calls seen so far. */
  seen: number;
  /** Calls it answered. */
  hit: number;
}

/** The reason phrase and body message of each status a fault may answer without a code. */
const SYSTEM_STATUS: Record<number, string> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const RULE_KEYS = new Set([
  'operation',
  'service',
  'times',
  'share',
  'status',
  'code',
  'retryAfterSeconds',
  'delayMs',
  'drop',
  'hold',
]);
const services = new Set(operationList.flatMap((d) => [d.service, d.module]));
const operationByName = (name: string) => operationList.find((d) => d.operationId === name || d.key === name);

/** Milliseconds a fault may hold a call at most (a test's timeout is longer). */
export const MAX_FAULT_DELAY_MS = 60_000;

/** The rule checked as the control API takes it: every mistake named, in the provider's validation format. */
export function checkFaultRule(input: unknown): FaultRule {
  if (!isJsonObject(input))
    throw validationError([{ field: 'fault', description: 'must be an object', violatedRule: 'TYPE' }]);
  const v: Violation[] = [];
  const bad = (field: string, description: string, violatedRule = 'VALIDATION') =>
    v.push({ field, description, violatedRule });
  for (const key of Object.keys(input)) if (!RULE_KEYS.has(key)) bad(key, 'is not a fault field', 'FIELD_NOT_ALLOWED');
  const { operation, service, times, share, status, code, retryAfterSeconds, delayMs, drop, hold } = input;
  const d = typeof operation === 'string' ? operationByName(operation) : undefined;
  if (operation !== undefined && !d)
    bad('operation', `must name an operation of the spec (got ${JSON.stringify(operation)})`);
  if (service !== undefined && !(typeof service === 'string' && services.has(service)))
    bad(
      'service',
      `must name a service of the spec, e.g. current-cart or currentCart (got ${JSON.stringify(service)})`,
    );
  if (operation !== undefined && service !== undefined) bad('service', 'is not allowed beside operation');
  if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1))
    bad('times', 'must be a whole number of 1 or more');
  if (share !== undefined && !(typeof share === 'number' && share > 0 && share <= 1))
    bad('share', 'must be a number above 0, at most 1');
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599))
    bad('status', 'must be an HTTP error status (400-599)');
  if (status !== undefined && code === undefined && !ownValue(SYSTEM_STATUS, String(status)))
    bad(
      'status',
      `without a code must be one of ${Object.keys(SYSTEM_STATUS).join(', ')} (an application error needs its code)`,
    );
  if (code !== undefined) {
    if (typeof code !== 'string') bad('code', 'must be text');
    else if (!d) bad('code', 'needs operation: an application error code belongs to one operation’s catalogue');
    else if (!(errorCodes[d.key] ?? []).includes(code))
      bad('code', `is not in ${d.key}'s catalogue (x-sfk-errors): ${(errorCodes[d.key] ?? []).join(', ') || 'none'}`);
  }
  if (retryAfterSeconds !== undefined && !(Number.isInteger(retryAfterSeconds) && (retryAfterSeconds as number) >= 0))
    bad('retryAfterSeconds', 'must be a whole number of seconds, 0 or more');
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0 && delayMs <= MAX_FAULT_DELAY_MS))
    bad('delayMs', `must be a number of milliseconds from 0 to ${MAX_FAULT_DELAY_MS}`);
  if (drop !== undefined && typeof drop !== 'boolean') bad('drop', 'must be true or false');
  if (hold !== undefined && typeof hold !== 'boolean') bad('hold', 'must be true or false');
  if (drop === true && (status !== undefined || code !== undefined))
    bad('drop', 'is not allowed beside status or code: a dropped call has no answer');
  if (status === undefined && code === undefined && drop !== true && delayMs === undefined && hold !== true)
    bad('status', 'is required: a fault answers a status, a code, a drop, a delay or a hold');
  if (v.length) throw validationError(v);
  const rule: FaultRule = {};
  // Only the fields given, copied one by one (prototype-safe: the input's own keys were checked).
  if (d) rule.operation = d.key;
  if (typeof service === 'string') rule.service = service;
  if (typeof times === 'number') rule.times = times;
  if (typeof share === 'number') rule.share = share;
  if (typeof status === 'number') rule.status = status;
  if (typeof code === 'string') rule.code = code;
  if (typeof retryAfterSeconds === 'number') rule.retryAfterSeconds = retryAfterSeconds;
  if (typeof delayMs === 'number') rule.delayMs = delayMs;
  if (drop === true) rule.drop = true;
  if (hold === true) rule.hold = true;
  return rule;
}

/**
 * `--fault` text: comma-separated `key=value` (`operation=addToCurrentCart,status=503,times=1`);
 * `drop` alone means drop=true. Checked as the control API checks a rule.
 */
export function parseFaultText(text: string): FaultRule {
  const rule: Record<string, unknown> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? 'true' : part.slice(eq + 1);
    rule[key] =
      value === 'true' ? true : value === 'false' ? false : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  try {
    return checkFaultRule(rule);
  } catch (err) {
    throw new Error(`--fault ${text}: ${(err as Error).message}`);
  }
}

/** A dropped connection, as the sandbox answers it: the server closes the socket, fetch-style callers get a network error. */
export const droppedConnection = (): Response => Response.error();

/** The headers of an error answer, with Retry-After on a 429 or 503 when given. */
function errorHeaders(status: number, retryAfter: number | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-wix-request-id': crypto.randomUUID(),
  };
  if (retryAfter !== undefined && (status === 429 || status === 503)) headers['retry-after'] = String(retryAfter);
  return headers;
}

/** A 429, 500, 502, 503 or 504 as the provider answers it: its reason as the message, no details. */
export function systemErrorAnswer(status: number, retryAfterSeconds?: number): JsonAnswer {
  const body = { message: SYSTEM_STATUS[status] ?? 'Error', details: {} };
  return new JsonAnswer(status, errorHeaders(status, retryAfterSeconds), JSON.stringify(body));
}

/** The error answer of a fault, in the provider's format. */
function faultAnswer(rule: FaultRule): JsonAnswer {
  const status = rule.status ?? 400;
  const retryAfter = rule.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
  if (!rule.code) return systemErrorAnswer(status, retryAfter);
  const description = `${rule.code} (a fault of the sandbox)`;
  const body = { message: description, details: { applicationError: { code: rule.code, description, data: {} } } };
  return new JsonAnswer(status, errorHeaders(status, retryAfter), JSON.stringify(body));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The faults of one sandbox. */
export class Faults {
  private readonly faults: Fault[] = [];
  /** The calls a holding fault keeps waiting, by the fault's id (kept after the fault's last hit). */
  private readonly held = new Map<string, (() => void)[]>();
  private next = 1;

  /** Puts a fault in place (checked first: a bad rule changes nothing); the last added is tried first. */
  add(rule: FaultRule): Fault {
    const fault: Fault = { ...checkFaultRule(rule), id: `fault-${this.next++}`, seen: 0, hit: 0 };
    this.faults.unshift(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Whether a fault of that id was there (its held calls are released). */
  remove(id: string): boolean {
    const released = this.release(id);
    return this.drop(id) || released > 0;
  }

  /** Lets the calls a holding fault keeps waiting go on to their answer; how many there were. */
  release(id: string): number {
    const waiting = this.held.get(id) ?? [];
    this.held.delete(id);
    for (const go of waiting) go();
    return waiting.length;
  }

  clear(): void {
    for (const id of [...this.held.keys()]) this.release(id);
    this.faults.length = 0;
  }

  private drop(id: string): boolean {
    const at = this.faults.findIndex((f) => f.id === id);
    if (at >= 0) this.faults.splice(at, 1);
    return at >= 0;
  }

  /** Whether any fault is in place (most requests: none, and nothing to wait on). */
  any(): boolean {
    return this.faults.length > 0;
  }

  /**
   * What a call of `d` gets from the faults: undefined (no fault; go on), a late go-on (a delay
   * was waited), or the fault's answer (an error, or a dropped connection).
   */
  async apply(d: OperationDescriptor): Promise<JsonAnswer | Response | undefined> {
    if (!this.faults.length) return undefined;
    const fault = this.faults.find(
      (f) =>
        (f.operation === undefined || f.operation === d.key) &&
        (f.service === undefined || f.service === d.service || f.service === d.module),
    );
    if (!fault) return undefined;
    const n = fault.seen++;
    const share = fault.share ?? 1;
    // Evenly spread: the call hits when it moves the running count of hits due past a whole number.
    if (Math.floor((n + 1) * share) === Math.floor(n * share)) return undefined;
    fault.hit++;
    if (fault.times !== undefined && fault.hit >= fault.times) this.drop(fault.id);
    if (fault.hold) await this.holdCall(fault.id);
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.drop) return droppedConnection();
    if (fault.status === undefined && fault.code === undefined) return undefined;
    return faultAnswer(fault);
  }

  /** Waits until the fault's calls are released, or MAX_FAULT_DELAY_MS (a forgotten hold never hangs a run). */
  private holdCall(id: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_FAULT_DELAY_MS);
      const waiting = this.held.get(id) ?? [];
      waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.held.set(id, waiting);
    });
  }
}
