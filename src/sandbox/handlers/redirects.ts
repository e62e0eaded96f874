/**
 * Redirect sessions and the sandbox's hosted pages.
 *
 * `createRedirectSession` stores one purpose and answers a `fullUrl` on the sandbox itself:
 * - `auth` (the PKCE authorization request): `/__sandbox/login`, a login form that sends the
 *   browser back to the registered redirect URI with `code` and `state` (fragment or query), or
 *   posts them to the parent/opener window (`web_message`); `prompt=none` answers at once from
 *   a live session token, else `error=login_required`.
 * - `logout`: `/__sandbox/logout`, which ends the creator's login and goes to the post-flow URL.
 * - every other purpose: `/__sandbox/redirect`, a page that says what the provider would do.
 * Recovery and activation e-mails link to `/__sandbox/recover`, a set-password form.
 *
 * Only redirect URIs registered for the client (the setting `redirectUris`, plus localhost
 * origins) are honoured, at creation and again when a page redirects. Every page escapes all
 * text and carries a strict Content-Security-Policy.
 */
import { SandboxError, validationError } from '../platform/errors.ts';
import type { RouteEnv, SandboxModule } from '../platform/module.ts';
import type { Caller, Db, OperationContext, SandboxContract, SandboxHandlers, SandboxRequest } from '../platform/types.ts';
import {
  endMemberLogin,
  isRegisteredRedirect,
  liveRecoveryToken,
  liveSession,
  loginWithPassword,
  randomToken,
  recoverWithToken,
  SANDBOX_CAPTCHA_TOKEN,
  unknownClient,
  unregisteredRedirect,
  verifyCode,
  type AuthAnswer,
} from './identity.ts';
import { MEMBERS, type MemberRecord } from './member-store.ts';
import { AUTH_CODE_TTL_MS, AUTH_CODES, type AuthCodeRecord } from './oauth.ts';
import { problemPage, redirectTo } from '../pages/html.ts';
import { authResultPage, awaitingApprovalPage, loginPage, verificationCodePage, type LoginSession } from '../pages/login.ts';
import { signedOutPage } from '../pages/logout.ts';
import { passwordSetPage, setPasswordPage } from '../pages/recovery.ts';
import { redirectSessionPage } from '../pages/redirect.ts';

export const REDIRECT_SESSIONS = 'redirectSessions';
/** A redirect session's URL works for an hour (sandbox clock). */
export const REDIRECT_SESSION_TTL_MS = 60 * 60 * 1000;

/** The purposes a redirect session can have; exactly one per session. */
const PURPOSES = ['auth', 'logout', 'login', 'ecomCheckout', 'bookingsCheckout', 'eventsCheckout', 'paidPlansCheckout', 'storesProduct', 'bookingsBook'] as const;
type Purpose = (typeof PURPOSES)[number];

type RedirectInput = SandboxContract['redirects.createRedirectSession']['request'];
/** The authorization request of an `auth` session, as the spec types it. */
type AuthRequest = NonNullable<NonNullable<RedirectInput['auth']>['authRequest']>;
/** The purpose's part of a redirect session's request (`auth`, `logout`, `ecomCheckout`, ...), as sent. */
type PurposeRequest = Record<string, unknown> & { authRequest?: AuthRequest; clientId?: string };

/** What the provider's page would do for the purposes the sandbox only describes. */
const PROVIDER_PAGES: Record<Exclude<Purpose, 'auth' | 'logout'>, (p: PurposeRequest) => string> = {
  login: () => "the site's member login page; after login the browser goes to the callbacks' postFlowUrl",
  ecomCheckout: (p) => `the e-commerce checkout page for checkout ${p.checkoutId ?? '(none given)'}: it takes payment, creates the order and sends the browser to the callbacks' thankYouPageUrl`,
  bookingsCheckout: () => 'the bookings checkout page for the given slot: it books the slot and takes payment',
  eventsCheckout: (p) => `the events checkout page for reservation ${p.reservationId ?? '(none given)'} of event ${p.eventSlug ?? '(none given)'}`,
  paidPlansCheckout: (p) => `the paid-plans checkout page for plan ${p.planId ?? '(none given)'}`,
  storesProduct: (p) => `the product page of product ${p.productSlug ?? '(none given)'}`,
  bookingsBook: (p) => `the booking page of resource ${p.resourceId ?? '(none given)'}`,
};

interface RedirectSessionRecord {
  [key: string]: unknown;
  id: string;
  purpose: Purpose;
  /** The purpose's part of the request, as sent. */
  request: PurposeRequest;
  callbacks?: RedirectInput['callbacks'];
  prompt?: string;
  /** Who created it: the visitor whose cart a login merges, the member a logout ends. */
  visitorId: string;
  memberId?: string;
  clientId?: string;
  sessionToken: string;
  expiresAt: number;
  done?: boolean;
}

/** The authorization request of an `auth` session (checked when the session was made). */
function authRequestOf(request: PurposeRequest): AuthRequest {
  if (!request.authRequest) throw new Error('an auth redirect session without its authRequest (the spec requires one)');
  return request.authRequest;
}

function purposeOf(input: RedirectInput): Purpose {
  const given = PURPOSES.filter((p) => input[p] !== undefined && input[p] !== null);
  if (given.length !== 1) {
    throw new SandboxError(400, {
      message: `Send exactly one of ${PURPOSES.join(', ')} (got ${given.length ? given.join(', ') : 'none'})`,
      details: { applicationError: { code: 'INVALID_REDIRECT_SESSION', description: `Send exactly one of ${PURPOSES.join(', ')}`, data: { given } } },
    });
  }
  return given[0];
}

function createRedirectSession(ctx: OperationContext<'redirects.createRedirectSession'>) {
  const purpose = purposeOf(ctx.input);
  const request: PurposeRequest = ctx.input[purpose] ?? {};
  const callbacks = ctx.input.callbacks;
  let clientId: string | undefined;
  if (purpose === 'auth') {
    const a = authRequestOf(request);
    clientId = a.clientId;
    if (!ctx.options.clientIds.includes(a.clientId)) throw unknownClient(a.clientId);
    const mode = a.responseMode ?? 'fragment';
    // A page posting to its opener/parent may omit the redirect URI (the official SDK's direct login does).
    if (a.redirectUri === undefined && mode !== 'web_message') {
      throw validationError([{ field: 'auth.authRequest.redirectUri', description: 'is required unless responseMode is web_message', violatedRule: 'REQUIRED_FIELD' }]);
    }
    if (a.redirectUri !== undefined && !isRegisteredRedirect(ctx, a.clientId, a.redirectUri)) throw unregisteredRedirect(a.redirectUri);
    if (typeof a.codeChallenge !== 'string' || !a.codeChallenge) {
      throw validationError([{ field: 'auth.authRequest.codeChallenge', description: 'is required (PKCE with S256)', violatedRule: 'REQUIRED_FIELD' }]);
    }
  }
  if (purpose === 'logout') {
    clientId = request.clientId;
    if (clientId !== undefined && !ctx.options.clientIds.includes(clientId)) throw unknownClient(clientId);
  }
  const postFlowUrl = callbacks?.postFlowUrl;
  if ((purpose === 'logout' || purpose === 'login') && typeof postFlowUrl === 'string' && !isRegisteredRedirect(ctx, clientId ?? ctx.options.clientIds[0], postFlowUrl)) {
    throw unregisteredRedirect(postFlowUrl);
  }

  const id = ctx.newId();
  const caller = ctx.caller;
  const record: RedirectSessionRecord = {
    id,
    purpose,
    request,
    ...(callbacks ? { callbacks } : {}),
    ...(purpose === 'auth' && ctx.input.auth?.prompt ? { prompt: ctx.input.auth.prompt } : {}),
    visitorId: caller.kind === 'visitor' || caller.kind === 'member' ? caller.visitorId : ctx.newId(),
    ...(caller.kind === 'member' ? { memberId: caller.memberId } : {}),
    ...(clientId ? { clientId } : {}),
    sessionToken: randomToken('sfk-rs'),
    expiresAt: ctx.now().getTime() + REDIRECT_SESSION_TTL_MS,
  };
  ctx.db.put(REDIRECT_SESSIONS, id, record);
  const page = purpose === 'auth' ? 'login' : purpose === 'logout' ? 'logout' : 'redirect';
  const endpoint = `${ctx.origin}/__sandbox/${page}`;
  return {
    redirectSession: {
      id,
      fullUrl: `${endpoint}?session=${encodeURIComponent(id)}`,
      urlDetails: { endpoint, searchParams: { session: id } },
      sessionToken: record.sessionToken,
      status: 'SUCCESS' as const,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Pages (rendered by ../pages/, from what the session and the sandbox hold)

function openSession(db: Db, id: string | null, now: Date, purpose?: Purpose): RedirectSessionRecord | string {
  const s = id ? db.get<RedirectSessionRecord>(REDIRECT_SESSIONS, id) : undefined;
  if (!s || (purpose && s.purpose !== purpose)) return 'This redirect session does not exist.';
  if (s.done) return 'This redirect session was already used; start a new one.';
  if (s.expiresAt <= now.getTime()) return 'This redirect session has expired; start a new one.';
  return s;
}

const originOf = (uri: string) => new URL(uri).origin;

type AuthResult = { code: string; state?: string } | { error: string; error_description: string; state?: string };

/** Sends the result where the authorization request asked: redirect (fragment or query) or a posted message. */
function deliver(s: RedirectSessionRecord, result: AuthResult, env: RouteEnv): Response {
  const a = authRequestOf(s.request);
  const message: Record<string, string> = { ...result, ...(a.state !== undefined ? { state: a.state } : {}) };
  const redirectUri: string | undefined = a.redirectUri;
  // Settings may have changed since the session was created: check again before sending anyone there.
  if (redirectUri !== undefined && !isRegisteredRedirect({ settings: env.sandbox.settings(), options: env.sandbox.options }, a.clientId, redirectUri)) {
    return problemPage(400, 'Redirect URI not registered', `Redirect URI ${redirectUri} is not registered for client ${a.clientId}.`);
  }
  if ((a.responseMode ?? 'fragment') === 'web_message') {
    // No redirect URI: post to any origin; the code is worthless without the PKCE verifier.
    return authResultPage(message, redirectUri !== undefined ? originOf(redirectUri) : '*', 'code' in result ? 'Signed in.' : result.error_description);
  }
  const url = new URL(redirectUri!);
  const params = new URLSearchParams(message);
  if (a.responseMode === 'query') for (const [k, v] of params) url.searchParams.set(k, v);
  else url.hash = params.toString();
  return redirectTo(url.href, { noReferrer: true });
}

/** A single-use authorization code for the member, bound to the session's client, redirect URI, challenge and visitor. */
function issueCode(ctx: OperationContext, s: RedirectSessionRecord, memberId: string): string {
  const a = authRequestOf(s.request);
  const code = randomToken('sfk-code', 20);
  ctx.db.put<AuthCodeRecord>(AUTH_CODES, code, {
    id: code,
    clientId: a.clientId,
    redirectUri: a.redirectUri ?? '',
    // Checked when the session was made (PKCE is required).
    codeChallenge: a.codeChallenge ?? '',
    codeChallengeMethod: 'S256',
    visitorId: s.visitorId,
    memberId,
    expiresAt: ctx.now().getTime() + AUTH_CODE_TTL_MS,
  });
  ctx.db.put(REDIRECT_SESSIONS, s.id, { ...s, done: true });
  return code;
}

const ANONYMOUS: Caller = { kind: 'anonymous' };

/** What the login pages need of the session: its id, where its forms may go, whether it answers in a frame. */
function loginSession(s: RedirectSessionRecord): LoginSession {
  const a = authRequestOf(s.request);
  return { sessionId: s.id, formTargets: a.redirectUri ? [originOf(a.redirectUri)] : [], frameable: a.responseMode === 'web_message' };
}

function loginForm(s: RedirectSessionRecord, env: RouteEnv, o: { error?: string; email?: string; status?: number } = {}): Response {
  return loginPage(loginSession(s), { ...o, ...(env.sandbox.settings().requireCaptcha ? { captchaToken: SANDBOX_CAPTCHA_TOKEN } : {}) });
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
async function afterAuthentication(env: RouteEnv, s: RedirectSessionRecord, run: (ctx: OperationContext) => AuthAnswer | Promise<AuthAnswer>, email?: string): Promise<Response> {
  const outcome = await env.run(ANONYMOUS, async (ctx) => {
    const answer = await run(ctx);
    return answer.state === 'SUCCESS' ? { answer, code: issueCode(ctx, s, answer.identity.id) } : { answer };
  });
  if (outcome.code) return deliver(s, { code: outcome.code }, env);
  if (outcome.answer.state === 'REQUIRE_EMAIL_VERIFICATION') return verificationCodePage(loginSession(s), outcome.answer.stateToken!);
  return awaitingApprovalPage(email);
}

const routes: SandboxModule['routes'] = [
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
      const session = liveSession(db, authRequestOf(s.request).sessionToken, now);
      const m = session ? db.get<MemberRecord>(MEMBERS, session.memberId) : undefined;
      const settings = env.sandbox.settings();
      if (!m || m.status === 'BLOCKED' || m.status === 'PENDING' || (settings.requireEmailVerification && !m.loginEmailVerified)) {
        return deliver(s, { error: 'login_required', error_description: 'No valid session token: the member must log in' }, env);
      }
      const code = await env.run(ANONYMOUS, (ctx) => issueCode(ctx, s, m.id));
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
        await env.run(ANONYMOUS, (ctx) => ctx.db.put(REDIRECT_SESSIONS, s.id, { ...s, done: true }));
        return deliver(s, { error: 'access_denied', error_description: 'The user canceled the login' }, env);
      }
      const email = form.get('email') ?? '';
      try {
        if (action === 'verify') {
          const stateToken = form.get('stateToken') ?? '';
          try {
            return await afterAuthentication(env, s, (ctx) => verifyCode(ctx, stateToken, form.get('code') ?? ''));
          } catch (err) {
            if (err instanceof SandboxError) return verificationCodePage(loginSession(s), stateToken, { error: err.message, status: err.status });
            throw err;
          }
        }
        const captcha = form.get('captcha');
        return await afterAuthentication(env, s, (ctx) => loginWithPassword(ctx, email, form.get('password') ?? '', captcha ? [{ Recaptcha: captcha }] : []), email);
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
      const settings = env.sandbox.settings();
      if (typeof target === 'string' && !isRegisteredRedirect({ settings, options: env.sandbox.options }, s.clientId ?? env.sandbox.options.clientIds[0], target)) {
        return problemPage(400, 'Redirect URI not registered', `Post-logout URL ${target} is not registered.`);
      }
      await env.run(ANONYMOUS, (ctx) => {
        if (s.memberId) endMemberLogin(ctx.db, { kind: 'member', memberId: s.memberId, visitorId: s.visitorId, clientId: s.clientId ?? '', token: '' });
        ctx.db.put(REDIRECT_SESSIONS, s.id, { ...s, done: true });
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
      if (s.purpose === 'auth' || s.purpose === 'logout') return problemPage(400, 'Redirect session not valid', 'This session has its own page.');
      return redirectSessionPage({
        purpose: s.purpose,
        providerPage: PROVIDER_PAGES[s.purpose](s.request),
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
        return problemPage(400, 'Link not valid', 'This link is not valid, was already used or has expired; ask for a new e-mail.');
      }
      if (redirectUrl && !isRegisteredRedirect({ settings: env.sandbox.settings(), options: env.sandbox.options }, clientId, redirectUrl)) {
        return problemPage(400, 'Redirect URI not registered', `Redirect URL ${redirectUrl} is not registered for client ${clientId}.`);
      }
      return setPasswordPage({ token, redirectUrl, clientId: env.url.searchParams.get('clientId'), formTargets: redirectUrl ? [originOf(redirectUrl)] : [] });
    },
  },
  {
    method: 'POST',
    path: '/__sandbox/recover',
    async handle(request, env) {
      const form = await formBody(request);
      if (form instanceof Response) return form;
      const redirectUrl = form.get('redirectUrl');
      const clientId = form.get('clientId') ?? env.sandbox.options.clientIds[0];
      if (redirectUrl && !isRegisteredRedirect({ settings: env.sandbox.settings(), options: env.sandbox.options }, clientId, redirectUrl)) {
        return problemPage(400, 'Redirect URI not registered', `Redirect URL ${redirectUrl} is not registered for client ${clientId}.`);
      }
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

export const redirectsModule: SandboxModule = {
  name: 'redirects',
  handlers: {
    'redirects.createRedirectSession': createRedirectSession,
  } satisfies SandboxHandlers<'redirects'>,
  routes,
};
