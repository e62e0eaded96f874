/**
 * The exact strings of the error catalogue. They are part of the contract: code throws these
 * and tests pin them, both importing from here.
 */
export const MESSAGES = {
  contextUnavailable:
    'Wix context is not available. Make sure to initialize the Wix context before using SDK modules',
  notAvailableInContext: (what: 'fetchWithAuth' | 'graphql') => `${what} is not available in this context`,
  elevatedRequired:
    'An elevated client is required to use elevated modules. Make sure to initialize the Wix context with an elevated client before using elevated SDK modules',
  noNextPage: 'No next page to fetch',
  noPrevPage: 'No previous page to fetch',
  systemError: 'System error occurred',
  tokenRequestFailed: 'something went wrong',
  memberTokensFailed: 'Failed to get member tokens',
  missingCodeOrState: 'Missing code or _state',
  invalidState: 'Invalid _state',
  unknownState: 'Unknown _state',
  oauthTimedOut: 'OAuth flow timed out',
  verifierLength: (n: number) => `Expected a length between 43 and 128. Received ${n}.`,
  tokenHostRefused: (host: string) =>
    `Refusing to send the access token to ${host}: tokens go only to the configured API host`,
  timeout: (ms: number) => `Request timed out after ${ms} ms`,
} as const;

/** Login and register error codes (the provider's numeric codes, as text) -> the client's error code. */
export const LOGIN_ERROR_CODES: Record<string, string> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
};
export const REGISTER_ERROR_CODES: Record<string, string> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
};
