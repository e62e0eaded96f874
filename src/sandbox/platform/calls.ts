/**
 * What an app called (issue 33's "nothing slips past"): every request to an API path, by
 * operation (the spec's path template) or, for a path the spec does not have, by its own path,
 * with whether the sandbox emulates it and how often it came. `GET /__sandbox/calls` reads it,
 * the CLI prints it at exit (`--strict`, `--report-calls`), the preload at the app's exit.
 *
 * In strict mode (`strict`, `--strict`, or a request's `x-sfk-strict: 1` header as the preload,
 * msw handlers and routeToSandbox send it) a call the sandbox does not emulate fails loudly: 501
 * NOT_EMULATED naming its method and path, the `x-sfk-not-emulated` header, and a line on stderr.
 */
import { appError, type SandboxError } from './errors.ts';

export const STRICT_HEADER = 'x-sfk-strict';
/** On a strict refusal: `METHOD /path` of the call that is not emulated. */
export const NOT_EMULATED_HEADER = 'x-sfk-not-emulated';
/** Distinct calls kept (a path the spec does not have is kept by its own path: ids and all). */
export const MAX_CALLS_KEPT = 1000;

export interface CallRecord {
  method: string;
  /** The operation's path template (`/ecom/v1/carts/current`), or the request's path when the spec has none. */
  path: string;
  /** `<module>.<operationId>`, or `<module>:<path>` of a module's own route; absent when nothing answers the path. */
  operation?: string;
  emulated: boolean;
  count: number;
}

export interface CallReportText {
  calls: CallRecord[];
  /** `METHOD /path (operation)` of each call not emulated. */
  notEmulated: string[];
}

const describe = (c: CallRecord) => `${c.method} ${c.path}${c.operation ? ` (${c.operation})` : ''}`;

export class CallReport {
  private readonly calls = new Map<string, CallRecord>();
  /** Calls past MAX_CALLS_KEPT distinct ones, not kept. */
  private dropped = 0;

  record(method: string, path: string, operation: string | undefined, emulated: boolean): void {
    const key = `${method} ${path}`;
    const known = this.calls.get(key);
    if (known) {
      known.count++;
      return;
    }
    if (this.calls.size >= MAX_CALLS_KEPT) {
      this.dropped++;
      return;
    }
    this.calls.set(key, { method, path, ...(operation ? { operation } : {}), emulated, count: 1 });
  }

  report(): CallReportText & { notKept: number } {
    const calls = [...this.calls.values()].map((c) => ({ ...c }));
    return { calls, notEmulated: calls.filter((c) => !c.emulated).map(describe), notKept: this.dropped };
  }

  clear(): void {
    this.calls.clear();
    this.dropped = 0;
  }
}

/** The report as lines for a terminal: every call with its count, the ones not emulated marked. */
export function formatCallReport(report: CallReportText): string {
  if (!report.calls.length) return 'storefront-kit sandbox: no API calls were made';
  const lines = report.calls.map((c) => `  ${c.emulated ? '  ' : '✗ '}${describe(c)} ×${c.count}`);
  const missing = report.notEmulated.length;
  return [
    `storefront-kit sandbox: ${report.calls.length} operations called, ${missing ? `${missing} NOT emulated (✗)` : 'all emulated'}`,
    ...lines,
  ].join('\n');
}

/** The strict refusal of a call the sandbox does not emulate (printed on stderr too). */
export function strictRefusal(method: string, path: string, operation: string | undefined): SandboxError {
  const what = operation
    ? `${method} ${path} (${operation}) is not emulated by the sandbox`
    : `${method} ${path} is not emulated by the sandbox: the spec has no operation at this path`;
  console.error(`[sandbox] strict: ${what}`);
  return appError(501, 'NOT_EMULATED', `storefront-kit sandbox (strict): ${what}`, {
    method,
    path,
    ...(operation ? { operation } : {}),
  });
}
