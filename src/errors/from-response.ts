/**
 * Turns a non-200 answer into one of the four catalogue forms. The official SDK treats any
 * status other than 200 as an error; so does this client.
 */
import { ApplicationError } from './application-error.ts';
import { HttpError } from './http-error.ts';
import type { ErrorContext } from './sdk-error.ts';
import { SystemError } from './system-error.ts';
import { ValidationError, type FieldViolation } from './validation-error.ts';

/** Reason phrases for when a runtime leaves `statusText` empty (HTTP/2, some fetch polyfills). */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
};

interface ProviderErrorBody {
  message?: string;
  details?: {
    validationError?: { fieldViolations?: FieldViolation[] };
    applicationError?: { code?: string; description?: string; data?: Record<string, unknown> };
  };
}

/**
 * @param renameField maps a server field path to the caller's argument name (path parameters
 * become their argument, everything else `options.<field>`).
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
  context: ErrorContext,
  renameField: (field: string) => string = (f) => f,
): Error {
  const ctx = { ...context, status, body };
  const data = (body && typeof body === 'object' ? body : {}) as ProviderErrorBody;
  const text = statusText || REASONS[status] || 'UNKNOWN';
  const violations = data.details?.validationError?.fieldViolations;
  if (Array.isArray(violations)) {
    return new ValidationError(
      violations.map((v) => ({ ...v, field: renameField(String(v.field)) })),
      ctx,
    );
  }
  const app = data.details?.applicationError;
  if (app) {
    return new ApplicationError(
      data.message ?? text,
      { code: app.code ?? text, description: app.description ?? text, data: app.data },
      ctx,
    );
  }
  if (status >= 400 && status < 500) {
    const err = new HttpError(text, ctx);
    if (data.message && data.message !== text) err.message = data.message;
    return err;
  }
  return new SystemError(ctx);
}
