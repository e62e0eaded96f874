import { SdkError } from './sdk-error.ts';

/** Misuse of the client itself (no context, not elevated, token sent elsewhere, PKCE state). */
export class ClientError extends SdkError {
  override name = 'ClientError';
}

/** A call that took longer than its timeout, or was aborted by the caller's signal. */
export class AbortError extends SdkError {
  override name = 'AbortError';
}
