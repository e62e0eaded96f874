/**
 * Direct login: e-mail and password on your own page (login, register, e-mail verification,
 * password reset), then member tokens through a hidden frame. A wrapper, not part of
 * OAuthStrategy itself, so pages that never sign a member in (product pages, the cart) do not
 * bundle the login state machine, the frame driver and the authentication operations.
 *
 *   const auth = withDirectLogin(OAuthStrategy({ clientId }));
 *   const result = await auth.login({ email, password });
 */
import { loginV2, registerV2 } from '../../generated/modules/authentication.ts';
import { verifyDuringAuthentication } from '../../generated/modules/verification.ts';
import { sendRecoveryEmail } from '../../generated/modules/recovery.ts';
import { ClientError } from '../errors/client-error.ts';
import { MEMBER_TOKENS_FAILED, UNKNOWN_STATE } from '../errors/messages.ts';
import { browserFrame, waitForFrame, type FrameDriver } from './direct-login.ts';
import { fromServerState, LoginState, loginFailure, registerFailure, type StateMachine } from './login-state.ts';
import { STRATEGY_INTERNALS, type OAuthStrategy } from './oauth-strategy.ts';
import type { Tokens } from './token-storage.ts';

export interface DirectLoginOptions {
  /** The hidden-frame driver. @default a browser iframe */
  frame?: FrameDriver;
  /** How long the frame may take. @default 120000 */
  timeoutMs?: number;
}

export interface CaptchaTokens {
  recaptchaToken?: string;
  invisibleRecaptchaToken?: string;
}

function captcha(tokens?: CaptchaTokens) {
  if (!tokens) return undefined;
  const out: Record<string, string>[] = [];
  if (tokens.recaptchaToken) out.push({ Recaptcha: tokens.recaptchaToken });
  if (tokens.invisibleRecaptchaToken) out.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  return out;
}

/** Adds the direct-login methods to an OAuthStrategy (the same object, returned for chaining). */
export function withDirectLogin<S extends ReturnType<typeof OAuthStrategy>>(auth: S, options: DirectLoginOptions = {}) {
  const { call, host } = auth[STRATEGY_INTERNALS];
  let machine: StateMachine = { loginState: LoginState.INITIAL };

  async function authFlow(run: () => Promise<unknown>, failure: (e: unknown) => StateMachine): Promise<StateMachine> {
    try {
      machine = fromServerState((await run()) as never);
    } catch (err) {
      machine = failure(err);
    }
    return machine;
  }

  return Object.assign(auth, {
    login(params: { email: string; password: string; captchaTokens?: CaptchaTokens }): Promise<StateMachine> {
      return authFlow(
        () => call(loginV2, [{ loginId: { email: params.email }, password: params.password, captchaTokens: captcha(params.captchaTokens) }]),
        loginFailure,
      );
    },
    register(params: { email: string; password: string; profile?: Record<string, unknown>; captchaTokens?: CaptchaTokens }): Promise<StateMachine> {
      return authFlow(
        () =>
          call(registerV2, [
            { loginId: { email: params.email }, password: params.password, profile: params.profile, captchaTokens: captcha(params.captchaTokens) },
          ]),
        registerFailure,
      );
    },
    /** Verifies the e-mail code of a login or registration waiting for it. */
    async processVerification(input: { verificationCode?: string; code?: string }, state: StateMachine = machine): Promise<StateMachine> {
      if (state.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED) return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE };
      const code = input.verificationCode ?? input.code;
      return authFlow(() => call(verifyDuringAuthentication, [{ code, stateToken: state.data?.stateToken }]), loginFailure);
    },
    async sendPasswordResetEmail(email: string, redirectUri: string): Promise<void> {
      await call(sendRecoveryEmail, [{ email, redirect: { url: redirectUri, clientId: auth.clientId } }]);
    },
    /** A login's session token -> member tokens, through the hosted page in a hidden frame (stored). */
    async getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens> {
      // web_message: the hosted page posts the code to the page that opened the frame (its origin).
      const redirectUri = (globalThis as { location?: Location }).location?.origin ?? host();
      const data = await auth.generateOAuthData(redirectUri);
      const { authUrl } = await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'web_message', sessionToken });
      const message = await waitForFrame(options.frame ?? browserFrame, authUrl, data.state, options.timeoutMs);
      if (message.error) throw new ClientError(`${MEMBER_TOKENS_FAILED}: ${message.error}${message.error_description ? ` (${message.error_description})` : ''}`);
      const tokens = await auth.getMemberTokens(message.code, message.state, data);
      auth.setTokens(tokens);
      return tokens;
    },
  });
}
