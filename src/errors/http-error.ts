import { SdkError, type ErrorContext, type ErrorDetails } from './sdk-error.ts';

/** Form 3: any other 4xx. The status text is the description; the code is it in UPPER_SNAKE. */
export class HttpError extends SdkError {
  override name = 'HttpError';
  readonly code: string;
  readonly description: string;
  override readonly details: ErrorDetails;

  constructor(statusText: string, context: ErrorContext = {}) {
    super(statusText, context);
    this.description = statusText;
    this.code = statusText
      .trim()
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .toUpperCase();
    this.details = { applicationError: { code: this.code, description: statusText, data: {} }, requestId: context.requestId };
  }
}
