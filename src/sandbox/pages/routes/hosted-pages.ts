/**
 * The sandbox's hosted pages, the HTTP side of redirect sessions and recovery e-mails:
 * - `/__sandbox/login` (an `auth` session): a login form that sends the browser back to the
 *   registered redirect URI with `code` and `state` (fragment or query), or posts them to the
 *   parent/opener window (`web_message`); `prompt=none` answers at once from a live session
 *   token, else `error=login_required`.
 * - `/__sandbox/logout`: ends the creator's login and goes to the post-flow URL.
 * - `/__sandbox/redirect`: a page that says what the provider would do for the other purposes.
 * - `/__sandbox/recover`: the set-password form recovery and activation e-mails link to.
 * Pages render from data (the templates in ../, src/sandbox/pages/); every page escapes all text and carries a strict
 * Content-Security-Policy.
 */
import { SandboxError } from '../../platform/errors.ts';
import type { RouteEnv, SandboxRoute } from '../../platform/module.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../platform/captcha.ts';
import type { Caller, OperationContext, SandboxRequest } from '../../platform/types.ts';
import { isRegisteredRedirect, type ClientSettings } from '../../domain/identity/clients.ts';
import { loginWithPassword, memberOfSession, verifyCode, type AuthAnswer } from '../../domain/identity/identity.ts';
import { liveRecoveryToken, recoverWithToken } from '../../domain/identity/recovery.ts';
import {
  authRequestOf,
  closeSession,
  issueSessionCode,
  openSession,
  providerPageOf,
  type RedirectSessionRecord,
} from '../../domain/identity/redirect-sessions.ts';
import { endMemberLogin } from '../../domain/identity/sessions.ts';
import { problemPage, redirectTo } from '../html.ts';
import { authResultPage, awaitingApprovalPage, loginPage, verificationCodePage, type LoginSession } from '../login.ts';
import { signedOutPage } from '../logout.ts';
import { passwordSetPage, setPasswordPage } from '../recovery.ts';
import { redirectSessionPage } from '../redirect.ts';

const originOf = (uri: string) => new URL(uri).origin;

/** What the redirect checks read of the sandbox now (settings may have changed since a session was made). */
const clientSettings = (env: RouteEnv): ClientSettings => ({
  settings: env.sandbox.settings(),
  options: env.sandbox.options,
});

type AuthResult = { code: string; state?: string } | { error: string; error_description: string; state?: string };

/** Sends the result where the authorization request asked: redirect (fragment or query) or a posted message. */
function deliver(s: RedirectSessionRecord, result: AuthResult, env: RouteEnv): Response {
  const a = authRequestOf(s.request);
  const message: Record<string, string> = { ...result, ...(a.state !== undefined ? { state: a.state } : {}) };
  const redirectUri: string | undefined = a.redirectUri;
  // Settings may have changed since the session was created: check again before sending anyone there.
  if (redirectUri !== undefined && !isRegisteredRedirect(clientSettings(env), a.clientId, redirectUri)) {
    return problemPage(
      400,
      'Redirect URI not registered',
      `Redirect URI ${redirectUri} is not registered for client ${a.clientId}.`,
    );
  }
  if ((a.responseMode ?? 'fragment') === 'web_message') {
    return authResultPage(message, appOriginOf(s), 'code' in result ? 'Signed in.' : result.error_description);
  }
  const url = new URL(redirectUri!);
  const params = new URLSearchParams(message);
  if (a.responseMode === 'query') for (const [k, v] of params) url.searchParams.set(k, v);
  else url.hash = params.toString();
  return redirectTo(url.href, { noReferrer: true });
}

const ANONYMOUS: Caller = { kind: 'anonymous' };

/**
 * The one origin a web_message login answers to, and the only one that may frame its pages: the
 * redirect URI's, or else the origin of the page that created the session (its Origin header;
 * the official SDK's direct login sends no redirect URI). Undefined for the other modes.
 */
function appOriginOf(s: RedirectSessionRecord): string | undefined {
  const a = authRequestOf(s.request);
  if (a.responseMode !== 'web_message') return undefined;
  return a.redirectUri !== undefined ? originOf(a.redirectUri) : s.appOrigin;
}

/** What the login pages need of the session: its id, where its forms may go, whether it answers in a frame. */
function loginSession(s: RedirectSessionRecord): LoginSession {
  const a = authRequestOf(s.request);
  return {
    sessionId: s.id,
    formTargets: a.redirectUri ? [originOf(a.redirectUri)] : [],
    appOrigin: appOriginOf(s),
  };
}

function loginForm(
  s: RedirectSessionRecord,
  env: RouteEnv,
  o: { error?: string; email?: string; status?: number } = {},
): Response {
  const { memberEmail, memberPassword } = env.sandbox.options;
  return loginPage(loginSession(s), {
    ...o,
    demoAccount: { email: memberEmail, password: memberPassword },
    ...(env.sandbox.settings().requireCaptcha ? { captchaToken: SANDBOX_CAPTCHA_TOKEN } : {}),
  });
}

async function formBody(request: SandboxRequest): Promise<URLSearchParams | Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
    return problemPage(415, 'Unsupported form', 'The form must be posted as application/x-www-form-urlencoded.');
  }
  const text = await request.text();
  if (text.length > 64 * 1024) return problemPage(413, 'Form too large', 'The form is larger than 64 KiB.');
  return new URLSearchParams(text);
}

/** After a password or code: SUCCESS hands out the code; a pending step shows its page. */
async function afterAuthentication(
  env: RouteEnv,
  s: RedirectSessionRecord,
  run: (ctx: OperationContext) => AuthAnswer | Promise<AuthAnswer>,
  email?: string,
): Promise<Response> {
  const outcome = await env.run(ANONYMOUS, async (ctx) => {
    const answer = await run(ctx);
    return answer.state === 'SUCCESS' ? { answer, code: issueSessionCode(ctx, s, answer.identity.id) } : { answer };
  });
  if (outcome.code) return deliver(s, { code: outcome.code }, env);
  if (outcome.answer.state === 'REQUIRE_EMAIL_VERIFICATION') {
    return verificationCodePage(loginSession(s), outcome.answer.stateToken!);
  }
  return awaitingApprovalPage(email);
}

/** A redirect URL a recovery page may send the browser to, or the page that refuses it. */
function unregisteredRecoveryRedirect(
  env: RouteEnv,
  clientId: string,
  redirectUrl: string | null,
): Response | undefined {
  if (redirectUrl && !isRegisteredRedirect(clientSettings(env), clientId, redirectUrl)) {
    return problemPage(
      400,
      'Redirect URI not registered',
      `Redirect URL ${redirectUrl} is not registered for client ${clientId}.`,
    );
  }
  return undefined;
}

export const hostedPageRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    path: '/__sandbox/login',
    async handle(_request, env) {
      const db = env.sandbox.store.db;
      const now = env.sandbox.now();
      const s = openSession(db, env.url.searchParams.get('session'), now, 'auth');
      if (typeof s === 'string') return problemPage(400, 'Login session not valid', s);
      if (s.prompt !== 'none') return loginForm(s, env);
      // prompt=none: a live session of a member who may log in, or login_required.
      const m = memberOfSession(db, env.sandbox.settings(), authRequestOf(s.request).sessionToken, now);
      if (!m) {
        return deliver(
          s,
          { error: 'login_required', error_description: 'No valid session token: the member must log in' },
          env,
        );
      }
      const code = await env.run(ANONYMOUS, (ctx) => issueSessionCode(ctx, s, m.id));
      return deliver(s, { code }, env);
    },
  },
  {
    method: 'POST',
    path: '/__sandbox/login',
    async handle(request, env) {
      const form = await formBody(request);
      if (form instanceof Response) return form;
      const s = openSession(env.sandbox.store.db, form.get('session'), env.sandbox.now(), 'auth');
      if (typeof s === 'string') return problemPage(400, 'Login session not valid', s);
      const action = form.get('action') ?? 'login';
      if (action === 'cancel') {
        await env.run(ANONYMOUS, (ctx) => closeSession(ctx.db, s));
        return deliver(s, { error: 'access_denied', error_description: 'The user canceled the login' }, env);
      }
      const email = form.get('email') ?? '';
      try {
        if (action === 'verify') {
          const stateToken = form.get('stateToken') ?? '';
          try {
            return await afterAuthentication(env, s, (ctx) => verifyCode(ctx, stateToken, form.get('code') ?? ''));
          } catch (err) {
            if (err instanceof SandboxError) {
              return verificationCodePage(loginSession(s), stateToken, { error: err.message, status: err.status });
            }
            throw err;
          }
        }
        const captcha = form.get('captcha');
        return await afterAuthentication(
          env,
          s,
          (ctx) => loginWithPassword(ctx, email, form.get('password') ?? '', captcha ? [{ Recaptcha: captcha }] : []),
          email,
        );
      } catch (err) {
        if (err instanceof SandboxError) return loginForm(s, env, { error: err.message, email, status: err.status });
        throw err;
      }
    },
  },
  {
    method: 'GET',
    path: '/__sandbox/logout',
    async handle(_request, env) {
      const s = openSession(env.sandbox.store.db, env.url.searchParams.get('session'), env.sandbox.now(), 'logout');
      if (typeof s === 'string') return problemPage(400, 'Logout session not valid', s);
      const target: unknown = s.callbacks?.postFlowUrl;
      if (
        typeof target === 'string' &&
        !isRegisteredRedirect(clientSettings(env), s.clientId ?? env.sandbox.options.clientIds[0], target)
      ) {
        return problemPage(400, 'Redirect URI not registered', `Post-logout URL ${target} is not registered.`);
      }
      await env.run(ANONYMOUS, (ctx) => {
        if (s.memberId) {
          const creator = { memberId: s.memberId, visitorId: s.visitorId, clientId: s.clientId ?? '', token: '' };
          endMemberLogin(ctx.db, { kind: 'member', ...creator }, ctx.now());
        }
        closeSession(ctx.db, s);
      });
      // The parsed form: a Location header takes only ASCII (the check above refused control characters).
      if (typeof target === 'string') return redirectTo(new URL(target).href);
      return signedOutPage();
    },
  },
  {
    method: 'GET',
    path: '/__sandbox/redirect',
    handle(_request, env) {
      const s = openSession(env.sandbox.store.db, env.url.searchParams.get('session'), env.sandbox.now());
      if (typeof s === 'string') return problemPage(400, 'Redirect session not valid', s);
      if (s.purpose === 'auth' || s.purpose === 'logout') {
        return problemPage(400, 'Redirect session not valid', 'This session has its own page.');
      }
      return redirectSessionPage({
        purpose: s.purpose,
        providerPage: providerPageOf(s.purpose, s.request),
        ...(s.purpose === 'ecomCheckout' && s.request.checkoutId ? { checkoutId: String(s.request.checkoutId) } : {}),
        request: s.request,
        callbacks: s.callbacks ?? {},
      });
    },
  },
  {
    method: 'GET',
    path: '/__sandbox/recover',
    handle(_request, env) {
      const token = env.url.searchParams.get('token') ?? '';
      const redirectUrl = env.url.searchParams.get('redirectUrl');
      const clientId = env.url.searchParams.get('clientId') ?? env.sandbox.options.clientIds[0];
      if (!liveRecoveryToken(env.sandbox.store.db, token, env.sandbox.now())) {
        return problemPage(
          400,
          'Link not valid',
          'This link is not valid, was already used or has expired; ask for a new e-mail.',
        );
      }
      const refused = unregisteredRecoveryRedirect(env, clientId, redirectUrl);
      if (refused) return refused;
      return setPasswordPage({
        token,
        redirectUrl,
        clientId: env.url.searchParams.get('clientId'),
        formTargets: redirectUrl ? [originOf(redirectUrl)] : [],
      });
    },
  },
  {
    method: 'POST',
    path: '/__sandbox/recover',
    async handle(request, env) {
      const form = await formBody(request);
      if (form instanceof Response) return form;
      const redirectUrl = form.get('redirectUrl');
      const refused = unregisteredRecoveryRedirect(
        env,
        form.get('clientId') ?? env.sandbox.options.clientIds[0],
        redirectUrl,
      );
      if (refused) return refused;
      try {
        await env.run(ANONYMOUS, (ctx) => recoverWithToken(ctx, form.get('token'), form.get('password')));
      } catch (err) {
        if (err instanceof SandboxError) return problemPage(err.status, 'Password not set', err.message);
        throw err;
      }
      if (redirectUrl) return redirectTo(new URL(redirectUrl).href);
      return passwordSetPage();
    },
  },
];
