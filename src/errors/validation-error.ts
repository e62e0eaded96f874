import { SdkError, type ErrorContext, type ErrorDetails } from './sdk-error.ts';

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/**
 * Form 1: the server rejected fields. `message` is `INVALID_ARGUMENT: "field" description, ...`,
 * sorted by field, with fields named as the caller's arguments.
 */
export class ValidationError extends SdkError {
  override name = 'ValidationError';
  readonly code = 'INVALID_ARGUMENT';
  readonly violations: FieldViolation[];
  override readonly details: ErrorDetails;

  constructor(violations: FieldViolation[], context: ErrorContext = {}) {
    const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    super(`INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`, context);
    this.violations = sorted;
    this.details = { validationError: { fieldViolations: sorted }, requestId: context.requestId };
  }
}
