/**
 * The client's login state machine: the server's authentication state after login, register
 * or verification, and its failures, mapped to the client's login states and error codes.
 */
import { ApplicationError } from '../errors/application-error.ts';
import { LOGIN_ERROR_CODES, UNKNOWN_STATE, REGISTER_ERROR_CODES, type LoginErrorCode } from '../errors/messages.ts';
import { ValidationError } from '../errors/validation-error.ts';

export type { LoginErrorCode };

/** The client's code for a provider's numeric code (own keys only: the code is the server's text). */
const codeOf = (table: Readonly<Record<string, LoginErrorCode>>, err: unknown): LoginErrorCode | undefined =>
  err instanceof ApplicationError && Object.hasOwn(table, err.code) ? table[err.code] : undefined;

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

/** What a state does not carry: declared, so `state.data?.identity` reads on any state. */
interface Without {
  data?: undefined;
  error?: undefined;
  errorCode?: undefined;
}

/**
 * Where a login, registration or verification stands, as the official SDK's state machine (the
 * same fields and values), narrowed by `loginState`: a SUCCESS carries its session token, a wait
 * for the e-mailed code its state token, a FAILURE its message.
 */
export type StateMachine =
  | ({ loginState: typeof LoginState.INITIAL } & Without)
  | ({
      loginState: typeof LoginState.SUCCESS;
      data: { sessionToken: string; stateToken?: undefined; identity?: unknown };
    } & Omit<Without, 'data'>)
  | ({
      loginState: typeof LoginState.OWNER_APPROVAL_REQUIRED;
      data: { sessionToken?: undefined; stateToken?: undefined; identity?: unknown };
    } & Omit<Without, 'data'>)
  | {
      loginState: typeof LoginState.EMAIL_VERIFICATION_REQUIRED;
      data: { stateToken: string; sessionToken?: undefined; identity?: unknown };
      /** Why the last code was refused (the state still waits for a code). */
      error?: string;
      errorCode?: undefined;
    }
  | { loginState: typeof LoginState.FAILURE; data?: undefined; error: string; errorCode?: LoginErrorCode }
  | ({ loginState: typeof LoginState.USER_CAPTCHA_REQUIRED | typeof LoginState.SILENT_CAPTCHA_REQUIRED } & Without);

export interface ServerAuthAnswer {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: unknown;
}

/** Server state -> login state. */
export function fromServerState(answer: ServerAuthAnswer): StateMachine {
  switch (answer.state) {
    // A state without the token it is for is not a state the client can go on from.
    case 'SUCCESS':
      if (!answer.sessionToken) break;
      return { loginState: LoginState.SUCCESS, data: { sessionToken: answer.sessionToken, identity: answer.identity } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED, data: { identity: answer.identity } };
    case 'REQUIRE_EMAIL_VERIFICATION':
      if (!answer.stateToken) break;
      return {
        loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
        data: { stateToken: answer.stateToken, identity: answer.identity },
      };
  }
  return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE };
}

/** A register failure: an EMAIL violation is invalidEmail; known codes map; else the message only. */
export function registerFailure(err: unknown): StateMachine {
  if (err instanceof ValidationError) {
    const email = err.violations.find(
      (v) => (v.data as { type?: string } | undefined)?.type === 'EMAIL' || v.ruleName === 'EMAIL',
    );
    if (email) return { loginState: LoginState.FAILURE, error: email.description, errorCode: 'invalidEmail' };
  }
  const code = codeOf(REGISTER_ERROR_CODES, err);
  const message = (err as Error)?.message ?? String(err);
  return code
    ? { loginState: LoginState.FAILURE, error: message, errorCode: code }
    : { loginState: LoginState.FAILURE, error: message };
}

/** A login failure: known codes map; anything else is invalidEmail. */
export function loginFailure(err: unknown): StateMachine {
  const code = codeOf(LOGIN_ERROR_CODES, err);
  return {
    loginState: LoginState.FAILURE,
    error: (err as Error)?.message ?? String(err),
    errorCode: code ?? 'invalidEmail',
  };
}
