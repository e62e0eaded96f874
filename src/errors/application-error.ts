import type { ErrorCatalogue } from '../../generated/errors.ts';
import { SdkError, type ErrorContext, type ErrorDetails } from './sdk-error.ts';

/**
 * Form 2: a business rule. `message` is the server's, with the description appended when different.
 * `Code` and `Data` narrow with `isApplicationError(e, 'CODE')` (the codes are the spec's `x-sfk-errors`).
 */
export class ApplicationError<
  Code extends string = string,
  Data extends Record<string, unknown> = Record<string, unknown>,
> extends SdkError {
  override name = 'ApplicationError';
  readonly code: Code;
  readonly description: string;
  readonly data: Data;
  override readonly details: ErrorDetails;

  constructor(
    serverMessage: string,
    details: { code: string; description?: string; data?: Record<string, unknown> },
    context: ErrorContext = {},
  ) {
    const description = details.description ?? '';
    const message =
      description && description !== serverMessage
        ? serverMessage
          ? `${serverMessage}: ${description}`
          : description
        : serverMessage;
    super(message, context);
    this.code = details.code as Code;
    this.description = description;
    this.data = (details.data ?? {}) as Data;
    this.details = {
      applicationError: { code: this.code, description, data: this.data },
      requestId: context.requestId,
    };
  }
}

/** Every code an operation of the spec declares. */
export type ApplicationErrorCode = keyof ErrorCatalogue & string;

/**
 * The application error with `code`, its `data` typed from the catalogue exactly: the fields the
 * code declares, and none for a code that declares none (`OWNED_CART_NOT_FOUND`'s `data` is `{}`,
 * so reading a field it never has does not compile), never a bare record.
 */
export type ApplicationErrorOf<C extends string> = ApplicationError<
  C,
  C extends ApplicationErrorCode ? ErrorCatalogue[C] : Record<string, unknown>
>;

/**
 * Whether `e` is an application error (with this `code`): narrows `e.code` and `e.data`.
 * `catch (e) { if (isApplicationError(e, 'OWNED_CART_NOT_FOUND')) ... }`
 */
export function isApplicationError<C extends ApplicationErrorCode>(e: unknown, code: C): e is ApplicationErrorOf<C>;
export function isApplicationError(e: unknown): e is ApplicationError;
export function isApplicationError(e: unknown, code?: string): boolean {
  return e instanceof ApplicationError && (code === undefined || e.code === code);
}
