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
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { ALL_LEAVES } from '../client/wire.ts';
import { ClientError } from '../errors/client-error.ts';
import { MEMBER_TOKENS_FAILED, UNKNOWN_STATE } from '../errors/messages.ts';
import { browserFrame, waitForFrame, type FrameDriver } from './direct-login.ts';
import { fromServerState, LoginState, loginFailure, registerFailure, type StateMachine } from './login-state.ts';
import { STRATEGY_INTERNALS, type OAuthStrategy } from './oauth-strategy.ts';
import { withHostedLogin } from './with-hosted-login.ts';
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

/** Both tokens in one array element, as the official SDK sends them (`[{ Recaptcha, InvisibleRecaptcha }]`). */
function captcha(tokens?: CaptchaTokens) {
  return tokens && [{ Recaptcha: tokens.recaptchaToken, InvisibleRecaptcha: tokens.invisibleRecaptchaToken }];
}

/**
 * Adds the direct-login methods to an OAuthStrategy, and the hosted-login ones (withHostedLogin:
 * the hidden frame is the hosted page), to the same object, returned for chaining.
 */
export function withDirectLogin<S extends ReturnType<typeof OAuthStrategy>>(
  strategy: S,
  options: DirectLoginOptions = {},
) {
  const auth = withHostedLogin(strategy);
  const internals = auth[STRATEGY_INTERNALS];
  // Login, registration and recovery answer members' addresses and bytes: every leaf codec.
  const call = (d: OperationDescriptor, args: unknown[]) => internals.call(d, args, { leaves: ALL_LEAVES });
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
    /** The provider's public reCAPTCHA site keys, for the widget whose answer `login` and `register` send. */
    captchaInvisibleSiteKey: '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v',
    captchaVisibleSiteKey: '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy',
    login(params: { email: string; password: string; captchaTokens?: CaptchaTokens }): Promise<StateMachine> {
      return authFlow(
        () =>
          call(loginV2, [
            {
              loginId: { email: params.email },
              password: params.password,
              captchaTokens: captcha(params.captchaTokens),
            },
          ]),
        loginFailure,
      );
    },
    register(params: {
      email: string;
      password: string;
      profile?: Record<string, unknown>;
      captchaTokens?: CaptchaTokens;
    }): Promise<StateMachine> {
      return authFlow(
        () =>
          call(registerV2, [
            {
              loginId: { email: params.email },
              password: params.password,
              profile: params.profile,
              captchaTokens: captcha(params.captchaTokens),
            },
          ]),
        registerFailure,
      );
    },
    /**
     * Verifies the e-mail code of a login or registration waiting for it. A refused code (or any
     * failure) keeps the state waiting for verification, with the server's message in `error`:
     * the user can try again, as with the official SDK (which rejects and keeps its state).
     */
    async processVerification(
      input: { verificationCode?: string; code?: string },
      state: StateMachine = machine,
    ): Promise<StateMachine> {
      if (state.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED)
        return { loginState: LoginState.FAILURE, error: UNKNOWN_STATE };
      const code = input.verificationCode ?? input.code;
      const waiting: StateMachine = { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: state.data };
      return authFlow(
        () => call(verifyDuringAuthentication, [{ code, stateToken: state.data?.stateToken }]),
        (err) => ({ ...waiting, error: (err as Error)?.message ?? String(err) }),
      );
    },
    async sendPasswordResetEmail(email: string, redirectUri: string): Promise<void> {
      await call(sendRecoveryEmail, [{ email, redirect: { url: redirectUri, clientId: auth.clientId } }]);
    },
    /** A login's session token -> member tokens, through the hosted page in a hidden frame (stored). */
    async getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens> {
      // No redirect URI, as the official SDK: with web_message the hosted page posts the code
      // back to the page that opened the frame, and the exchange needs none.
      const data = await auth.generateOAuthData('');
      const { authUrl } = await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'web_message', sessionToken });
      const message = await waitForFrame(options.frame ?? browserFrame, authUrl, data.state, options.timeoutMs);
      if (message.error)
        throw new ClientError(
          `${MEMBER_TOKENS_FAILED}: ${message.error}${message.error_description ? ` (${message.error_description})` : ''}`,
        );
      const tokens = await auth.getMemberTokens(message.code, message.state, data);
      auth.setTokens(tokens);
      return tokens;
    },
  });
}
