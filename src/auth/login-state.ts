/**
 * The client's login state machine: the server's authentication state after login, register
 * or verification, and its failures, mapped to the client's login states and error codes.
 */
import { ApplicationError } from '../errors/application-error.ts';
import { LOGIN_ERROR_CODES, UNKNOWN_STATE, REGISTER_ERROR_CODES } from '../errors/messages.ts';
import { ValidationError } from '../errors/validation-error.ts';

export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

export interface StateMachine {
  loginState: LoginState;
  data?: { sessionToken?: string; stateToken?: string; identity?: unknown };
  error?: string;
  errorCode?: string;
}

export interface ServerAuthAnswer {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: unknown;
}

/** Server state -> login state. */
export function fromServerState(answer: ServerAuthAnswer): StateMachine {
  switch (answer.state) {
    case 'SUCCESS':
      return { loginState: LoginState.SUCCESS, data: { sessionToken: answer.sessionToken, identity: answer.identity } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED, data: { identity: answer.identity } };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return {
        loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
        data: { stateToken: answer.stateToken, identity: answer.identity },
      };
    default:
      return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE };
  }
}

/** A register failure: an EMAIL violation is invalidEmail; known codes map; else the message only. */
export function registerFailure(err: unknown): StateMachine {
  if (err instanceof ValidationError) {
    const email = err.violations.find(
      (v) => (v.data as { type?: string } | undefined)?.type === 'EMAIL' || v.ruleName === 'EMAIL',
    );
    if (email) return { loginState: LoginState.FAILURE, error: email.description, errorCode: 'invalidEmail' };
  }
  const code = err instanceof ApplicationError ? REGISTER_ERROR_CODES[err.code] : undefined;
  const message = (err as Error)?.message ?? String(err);
  return code
    ? { loginState: LoginState.FAILURE, error: message, errorCode: code }
    : { loginState: LoginState.FAILURE, error: message };
}

/** A login failure: known codes map; anything else is invalidEmail. */
export function loginFailure(err: unknown): StateMachine {
  const code = err instanceof ApplicationError ? LOGIN_ERROR_CODES[err.code] : undefined;
  return {
    loginState: LoginState.FAILURE,
    error: (err as Error)?.message ?? String(err),
    errorCode: code ?? 'invalidEmail',
  };
}
