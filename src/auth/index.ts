export { OAuthStrategy, isExpired, type OAuthStrategyOptions } from './oauth-strategy.ts';
export { withHostedLogin, type OAuthData } from './with-hosted-login.ts';
export { withDirectLogin, type DirectLoginOptions, type CaptchaTokens } from './with-direct-login.ts';
export { withExternalLogin } from './with-external-login.ts';
export { ApiKeyStrategy, type ApiKeyOptions } from './api-key-strategy.ts';
export { LoginState, type LoginErrorCode, type StateMachine } from './login-state.ts';
export { generateCodeVerifier, codeChallenge, DEFAULT_VERIFIER_LENGTH } from './pkce.ts';
export {
  memoryStorage,
  localStorageStorage,
  cookieStorage,
  readCookie,
  EMPTY_TOKENS,
  type Tokens,
  type TokenStorage,
  type TokenRole,
  type CookieStorageOptions,
} from './token-storage.ts';
export { DIRECT_LOGIN_TIMEOUT_MS, browserFrame, type FrameDriver, type FrameMessage } from './direct-login.ts';
