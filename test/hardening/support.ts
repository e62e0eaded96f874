/** Shared by the hardening suites: the provider's error format, state comparison, figures. */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const FIGURES_FILE = join('test-results', 'hardening.json');

/** Prints the suite's one summary line and appends it (with the numbers) to test-results/hardening.json. */
export function recordFigures(suite: string, summary: string, figures: Record<string, unknown>): void {
  console.log(summary);
  mkdirSync('test-results', { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ suite, summary, ...figures, at: new Date().toISOString() })}\n`);
}

/**
 * Why `body` is not an error in the provider's format, or undefined when it is:
 * `{message, details: {validationError: {fieldViolations: [{field, description, violatedRule}]}}}` or
 * `{message, details: {applicationError: {code, description}}}`, or a standard error with a
 * message and empty details (what the store reader answers for a missing entity; the official SDK
 * makes its code the HTTP status).
 */
export function providerErrorProblem(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return `body is not a JSON object: ${JSON.stringify(body)?.slice(0, 200)}`;
  const b = body as { message?: unknown; details?: any };
  if (typeof b.message !== 'string' || !b.message) return 'no message';
  const v = b.details?.validationError;
  const a = b.details?.applicationError;
  if (v) {
    if (!Array.isArray(v.fieldViolations) || !v.fieldViolations.length) return 'validationError without fieldViolations';
    for (const f of v.fieldViolations) {
      if (typeof f?.field !== 'string' || typeof f?.description !== 'string' || typeof f?.violatedRule !== 'string') {
        return `fieldViolation without field/description/violatedRule: ${JSON.stringify(f)}`;
      }
    }
    return undefined;
  }
  if (a) {
    if (typeof a.code !== 'string' || !a.code) return 'applicationError without a string code';
    if (typeof a.description !== 'string') return 'applicationError without a description';
    return undefined;
  }
  if (b.details && typeof b.details === 'object' && !Object.keys(b.details).length) return undefined;
  return 'details has neither validationError nor applicationError, nor is it a standard error (empty details)';
}

/** Collections that legitimately change on requests that are refused (token issuance is its own business). */
export const VOLATILE_COLLECTIONS = ['tokens'];

/** The exported state as comparable text, without the volatile collections. */
export function comparableState(snapshot: { collections: Record<string, unknown> }): string {
  const collections = { ...snapshot.collections };
  for (const c of VOLATILE_COLLECTIONS) delete collections[c];
  return JSON.stringify(collections);
}

/** The first difference between two comparable states, for the failure message. */
export function stateDiff(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, Record<string, unknown>>;
  const b = JSON.parse(after) as Record<string, Record<string, unknown>>;
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const ca = a[name] ?? {};
    const cb = b[name] ?? {};
    for (const id of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
      if (JSON.stringify(ca[id]) !== JSON.stringify(cb[id])) {
        return `${name}/${id}: ${JSON.stringify(ca[id])?.slice(0, 300)} -> ${JSON.stringify(cb[id])?.slice(0, 300)}`;
      }
    }
  }
  return 'no difference';
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms (hang): ${what}`)), ms);
    }),
  ]);
}
