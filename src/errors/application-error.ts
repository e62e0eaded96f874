import { SdkError, type ErrorContext, type ErrorDetails } from './sdk-error.ts';

/** Form 2: a business rule. `message` is the server's, with the description appended when different. */
export class ApplicationError extends SdkError {
  override name = 'ApplicationError';
  readonly code: string;
  readonly description: string;
  readonly data: Record<string, unknown>;
  override readonly details: ErrorDetails;

  constructor(
    serverMessage: string,
    details: { code: string; description?: string; data?: Record<string, unknown> },
    context: ErrorContext = {},
  ) {
    const description = details.description ?? '';
    const message =
      description && description !== serverMessage ? (serverMessage ? `${serverMessage}: ${description}` : description) : serverMessage;
    super(message, context);
    this.code = details.code;
    this.description = description;
    this.data = details.data ?? {};
    this.details = { applicationError: { code: this.code, description, data: this.data }, requestId: context.requestId };
  }
}
