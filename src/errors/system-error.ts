import { SYSTEM_ERROR } from './messages.ts';
import { SdkError, type ErrorContext } from './sdk-error.ts';

/** Form 4: anything else (5xx, network failure, unreadable answer). */
export class SystemError extends SdkError {
  override name = 'SystemError';
  readonly code = 'SYSTEM_ERROR';

  constructor(context: ErrorContext = {}, options?: { cause?: unknown }) {
    super(SYSTEM_ERROR + (context.requestId ? `, request-id: ${context.requestId}` : ''), context, options);
  }
}
