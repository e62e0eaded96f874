/**
 * The request log (`--log`, `--log json`): one line per request the server answers, with who
 * called (caller kind), what (method, path without the query, operation id), how it ended
 * (status, application error code) and how long it took (milliseconds, to the last byte sent).
 * The query string is never logged: it may carry codes, tokens or personal data. A call of an
 * operation the provider retires (Cart V1, Checkout V1) ends with its successor, removed or not,
 * so a developer reads in the log what an unchanged app still has to move to Cart V2.
 */
import { replacementOf, successorName } from './retired.ts';

export type LogFormat = 'text' | 'json';
export const LOG_FORMATS: readonly (LogFormat | 'off')[] = ['text', 'json', 'off'];

/** What the sandbox learns of a request while answering it (the server reads it when the answer is sent). */
export interface RequestNote {
  /** `anonymous`, `visitor`, `member` or `elevated`, once the caller is known. */
  caller?: string;
  /** `<module>.<operationId>` of the operation answered; `<module>:<path>` of a module's own route (hosted pages, media); `control`. */
  operation?: string;
  /** The application error code of an error answer. */
  code?: string;
}

export interface RequestLogEntry {
  /** When the request arrived (ISO 8601, real time). */
  time: string;
  caller: string | null;
  method: string;
  path: string;
  operation: string | null;
  status: number;
  code: string | null;
  ms: number;
  /** Only on a call of a retired operation (Cart V1, Checkout V1): its successor's `<module>.<operationId>`, or `none`. */
  replacedBy?: string;
}

export function logEntry(
  started: { at: Date; ms: number },
  request: { method: string; path: string },
  note: RequestNote,
  status: number,
  endedMs: number,
): RequestLogEntry {
  const retired = replacementOf(note.operation);
  return {
    time: started.at.toISOString(),
    caller: note.caller ?? null,
    method: request.method,
    path: request.path,
    operation: note.operation ?? null,
    status,
    code: note.code ?? null,
    ms: Math.round(endedMs - started.ms),
    ...(retired && { replacedBy: successorName(retired) }),
  };
}

/**
 * One line: `2026-11-25T13:28:02.123Z visitor GET /ecom/v2/carts/current currentCartV2.getCurrentCart 200 - 3ms`;
 * a retired operation's adds its successor: `... checkout.createCheckout 200 - 3ms replaced-by=cartV2.createCart`.
 */
export function formatLogLine(e: RequestLogEntry, format: LogFormat): string {
  if (format === 'json') return JSON.stringify(e);
  const fields = [e.time, e.caller ?? '-', e.method, e.path, e.operation ?? '-', e.status, e.code ?? '-', `${e.ms}ms`];
  if (e.replacedBy) fields.push(`replaced-by=${e.replacedBy}`);
  return fields.join(' ');
}

/** The application error code of a JSON error answer's text (`details.applicationError.code`), if any. */
export function errorCodeOf(text: string): string | undefined {
  try {
    const code: unknown = JSON.parse(text)?.details?.applicationError?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
