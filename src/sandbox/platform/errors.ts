/** Error answers in the provider's format. Handlers throw these; the platform turns them into responses. */
export interface Violation {
  field: string;
  description: string;
  violatedRule: string;
  data?: Record<string, unknown>;
}

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; details: Record<string, unknown> },
  ) {
    super(body.message);
  }
}

/** An application error: `{message, details: {applicationError: {description, code, data}}}`. */
export function appError(
  status: number,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
): SandboxError {
  return new SandboxError(status, { message: description, details: { applicationError: { description, code, data } } });
}

/** A validation error: `{message, details: {validationError: {fieldViolations}}}`. */
export function validationError(violations: Violation[]): SandboxError {
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  const message = `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;
  return new SandboxError(400, { message, details: { validationError: { fieldViolations: sorted } } });
}

/**
 * A standard error: a message and no application error. The store reader's methods document no
 * custom errors, so a missing entity is this (the official SDK reports its code as the status).
 */
export const standardError = (status: number, message: string): SandboxError =>
  new SandboxError(status, { message, details: {} });

export const notFound = (what: string, id: string, code = 'NOT_FOUND') =>
  appError(404, code, `${what} ${id} not found`, { id });
export const forbidden = (description: string) => appError(403, 'PERMISSION_DENIED', description);
export const unauthenticated = (description: string) => appError(401, 'UNAUTHENTICATED', description);
/** An invalid state transition or a business rule (capture a voided payment, duplicate slug). */
export const conflict = (code: string, description: string, data: Record<string, unknown> = {}) =>
  appError(409, code, description, data);
export const badRequest = (code: string, description: string, data: Record<string, unknown> = {}) =>
  appError(400, code, description, data);
