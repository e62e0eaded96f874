/**
 * The exact strings of the error catalogue. They are part of the contract: code throws these
 * and tests pin them, both importing from here.
 */
// One export per string, so a bundle carries only the strings its code can throw.
export const CONTEXT_UNAVAILABLE =
  'Wix context is not available. Make sure to initialize the Wix context before using SDK modules';
export const NOT_AVAILABLE_IN_CONTEXT = (what: 'fetchWithAuth' | 'graphql') =>
  `${what} is not available in this context`;
export const ELEVATED_REQUIRED =
  'An elevated client is required to use elevated modules. Make sure to initialize the Wix context with an elevated client before using elevated SDK modules';
export const NO_NEXT_PAGE = 'No next page to fetch';
export const NO_PREV_PAGE = 'No previous page to fetch';
export const SYSTEM_ERROR = 'System error occurred';
export const TOKEN_REQUEST_FAILED = 'something went wrong';
export const MEMBER_TOKENS_FAILED = 'Failed to get member tokens';
export const MISSING_CODE_OR_STATE = 'Missing code or _state';
export const INVALID_STATE = 'Invalid _state';
export const UNKNOWN_STATE = 'Unknown _state';
export const OAUTH_TIMED_OUT = 'OAuth flow timed out';
export const VERIFIER_LENGTH = (n: number) => `Expected a length between 43 and 128. Received ${n}.`;
export const TOKEN_HOST_REFUSED = (host: string) =>
  `Refusing to send the access token to ${host}: tokens go only to the configured API host`;
export const TIMEOUT = (ms: number) => `Request timed out after ${ms} ms`;
export const REDIRECT_REFUSED = (from: string, to: string) =>
  `Refusing a redirect from ${from} to ${to}: the client follows redirects only within the API host's origin, so the request's body and credentials never go to another origin`;
export const REDIRECT_HIDDEN = (from: string) =>
  `Refusing a redirect from ${from}: the browser hides where it leads (an opaque redirect), and the client follows redirects only within the API host's origin`;
export const TOO_MANY_REDIRECTS = (from: string, max: number) => `More than ${max} redirects from ${from}`;
/** A method a wrapper adds, called on a bare OAuthStrategy. */
const addedBy = (wrapper: string) => (method: string) =>
  `${method} is added by ${wrapper}: create the strategy as ${wrapper}(OAuthStrategy({ clientId }))`;
export const DIRECT_LOGIN_NEEDED = addedBy('withDirectLogin');
export const HOSTED_LOGIN_NEEDED = addedBy('withHostedLogin');
export const EXTERNAL_LOGIN_NEEDED = addedBy('withExternalLogin');

/** Every catalogue string by name (for tests and display). */
export const MESSAGES = {
  contextUnavailable: CONTEXT_UNAVAILABLE,
  notAvailableInContext: NOT_AVAILABLE_IN_CONTEXT,
  elevatedRequired: ELEVATED_REQUIRED,
  noNextPage: NO_NEXT_PAGE,
  noPrevPage: NO_PREV_PAGE,
  systemError: SYSTEM_ERROR,
  tokenRequestFailed: TOKEN_REQUEST_FAILED,
  memberTokensFailed: MEMBER_TOKENS_FAILED,
  missingCodeOrState: MISSING_CODE_OR_STATE,
  invalidState: INVALID_STATE,
  unknownState: UNKNOWN_STATE,
  oauthTimedOut: OAUTH_TIMED_OUT,
  verifierLength: VERIFIER_LENGTH,
  tokenHostRefused: TOKEN_HOST_REFUSED,
  redirectRefused: REDIRECT_REFUSED,
  redirectHidden: REDIRECT_HIDDEN,
  tooManyRedirects: TOO_MANY_REDIRECTS,
  timeout: TIMEOUT,
  directLoginNeeded: DIRECT_LOGIN_NEEDED,
  hostedLoginNeeded: HOSTED_LOGIN_NEEDED,
  externalLoginNeeded: EXTERNAL_LOGIN_NEEDED,
} as const;

/** Why a login or registration failed, as the official SDK's state machine names it (no code: another reason, in `error`). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'emailAlreadyExists'
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken';

/** Login and register error codes (the provider's numeric codes, as text) -> the client's error code. */
export const LOGIN_ERROR_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
};
export const REGISTER_ERROR_CODES: Readonly<Record<string, LoginErrorCode>> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
};
