export { SdkError, type ErrorContext, type ErrorDetails } from './sdk-error.ts';
export { ValidationError, type FieldViolation } from './validation-error.ts';
export {
  ApplicationError,
  isApplicationError,
  type ApplicationErrorCode,
  type ApplicationErrorOf,
} from './application-error.ts';
export { HttpError } from './http-error.ts';
export { SystemError } from './system-error.ts';
export { ClientError, AbortError } from './client-error.ts';
export { MESSAGES, LOGIN_ERROR_CODES, REGISTER_ERROR_CODES } from './messages.ts';
export { errorFromResponse } from './from-response.ts';
