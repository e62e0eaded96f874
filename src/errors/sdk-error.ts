/** Base of every error a call throws: the catalogue forms below all extend it. */
export interface ErrorContext {
  /** `<module>.<operationId>` of the failed call. */
  operation?: string;
  /** The arguments the call was made with (path parameters, options). */
  args?: unknown[];
  status?: number;
  requestId?: string;
  /** The parsed response body, when there was one. */
  body?: unknown;
}

/** `error.details` in the official SDK's shape, so code written for it ports unchanged. */
export interface ErrorDetails {
  applicationError?: { code: string; description: string; data: Record<string, unknown> };
  validationError?: { fieldViolations: { field: string; description: string; violatedRule?: string; ruleName?: string; data?: Record<string, unknown> }[] };
  requestId?: string;
}

export class SdkError extends Error {
  override name = 'SdkError';
  readonly operation?: string;
  readonly args?: unknown[];
  readonly status?: number;
  readonly requestId?: string;
  readonly body?: unknown;
  /** The official SDK's `details` (application and HTTP errors: `applicationError`; validation errors: `validationError`). */
  readonly details?: ErrorDetails;

  constructor(message: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.operation = context.operation;
    this.args = context.args;
    this.status = context.status;
    this.requestId = context.requestId;
    this.body = context.body;
  }
}
