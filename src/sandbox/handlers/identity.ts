/**
 * Identity: register and login (v1, v2), state tokens, e-mail verification codes, owner
 * approval, captcha, recovery and activation e-mails, recover, change password, sign-on and
 * logout. Members and credentials are stored through member-store.ts; redirect sessions and the
 * hosted pages live in redirects.ts and share the credential check below.
 *
 * Site policies come from the settings (requireEmailVerification, requireOwnerApproval,
 * requireCaptcha); all are off by default, so a registration succeeds at once.
 *
 * Collections written here:
 * - `sessions`: opaque session tokens of a member (login, register, verify, sign-on), expiring
 *   by the sandbox clock; the hosted page (prompt=none) turns one into an authorization code.
 * - `authStates`: state tokens of an authentication waiting for a step (e-mail code, owner approval).
 * - `verifications`: codes sent by verification.start.
 * - `recoveryTokens`: single-use tokens of recovery and activation e-mails.
 */
import { SANDBOX_CAPTCHA_TOKEN } from '../platform/captcha.ts';
import { appError, validationError } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import type { SandboxModule } from '../platform/module.ts';
import { TOKENS, type TokenRecord } from '../platform/tokens.ts';
import { AUTH_STATE, RECOVERY } from '../seed/ids.ts';
import type { Caller, Db, OperationContext, SandboxHandlers, SandboxSettings } from '../platform/types.ts';
import { matchesRedirectPattern, parseCallerUrl } from '../platform/url-safety.ts';
import { signedOutDocument } from '../pages/logout.ts';
import type { components as AuthSchemas } from '../../../generated/types/authentication.ts';
import {
  MEMBER_FQDN,
  CREDENTIALS,
  findCredential,
  findMemberByEmail,
  MEMBERS,
  normaliseEmail,
  putMember,
  setPassword,
  verifyPassword,
  type CredentialRecord,
  type MemberRecord,
} from './member-store.ts';

export const SESSIONS = 'sessions';
export const AUTH_STATES = 'authStates';
export const VERIFICATIONS = 'verifications';
export const RECOVERY_TOKENS = 'recoveryTokens';
const OUTBOX = 'outbox';

/** Session tokens live a day; state tokens (and their e-mailed code) 30 minutes; recovery links a day. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const STATE_TOKEN_TTL_MS = 30 * 60 * 1000;
export const RECOVERY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The captcha answer the sandbox accepts when the site requires a captcha (any other value is
 * "-19970 invalid", none at all is "-19971 missing"). Also shown by GET /__sandbox/info.
 */
export { SANDBOX_CAPTCHA_TOKEN };

/** Brute-force guard: this many failed logins for one e-mail within the window answer 429 until it passes. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface SessionRecord {
  [key: string]: unknown;
  id: string;
  memberId: string;
  createdDate: string;
  /** Epoch ms by the sandbox clock. */
  expiresAt: number;
  revoked?: boolean;
}

type PendingStep = 'EMAIL_VERIFICATION' | 'OWNER_APPROVAL';

interface AuthStateRecord {
  [key: string]: unknown;
  id: string;
  memberId: string;
  step: PendingStep;
  /** The e-mailed 6-digit code (EMAIL_VERIFICATION only). */
  code?: string;
  expiresAt: number;
}

export interface RecoveryTokenRecord {
  [key: string]: unknown;
  id: string;
  memberId: string;
  kind: 'recovery' | 'activation';
  expiresAt: number;
  used?: boolean;
}

/** The provider's string error codes of register and login. */
export const AuthErrors = {
  wrongPassword: () => appError(400, '-19976', 'Wrong password'),
  emailExists: () => appError(400, '-19995', 'Email already exists'),
  missingCaptcha: () => appError(400, '-19971', 'Missing captcha token'),
  invalidCaptcha: () => appError(400, '-19970', 'Invalid captcha token'),
  resetPassword: () => appError(400, '-19973', 'The password must be reset'),
  /** The sandbox's answer for an unknown login e-mail (the clients show it as invalidEmail). */
  unknownEmail: (email: string) => appError(404, 'MEMBER_NOT_FOUND', `No member has the login e-mail ${email}`, { email }),
  blocked: () => appError(403, 'MEMBER_BLOCKED', 'This member is blocked and cannot log in'),
  offline: () => appError(403, 'MEMBER_OFFLINE', 'This member was disconnected from the site and cannot log in'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    appError(429, 'TOO_MANY_REQUESTS', `Too many failed logins for this e-mail; try again in ${retryAfterSeconds} seconds`, { retryAfterSeconds }),
  invalidStateToken: () => appError(400, 'INVALID_STATE_TOKEN', 'State token is not valid or has expired'),
  wrongCode: () => appError(400, 'INVALID_VERIFICATION_CODE', 'Verification code is not valid'),
  codeVoid: () =>
    appError(400, 'VERIFICATION_CODE_VOID', 'Too many wrong verification codes: this code no longer works; ask for a new one (resend)', { maxAttempts: MAX_CODE_ATTEMPTS }),
  invalidRecoveryToken: () => appError(400, 'INVALID_RECOVERY_TOKEN', 'Recovery token is not valid, used or expired'),
} as const;

export function randomToken(prefix: string, bytes = 24): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) hex += b.toString(16).padStart(2, '0');
  return `${prefix}.${hex}`;
}

function sixDigitCode(): string {
  return String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A malformed or missing e-mail: the validation error the clients read as invalidEmail. */
function checkEmail(field: string, email: unknown): string {
  if (typeof email !== 'string' || email.trim() === '') {
    throw validationError([{ field, description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  if (!EMAIL_PATTERN.test(email.trim())) {
    const violation = { field, description: 'must be a valid e-mail', violatedRule: 'FORMAT', data: { type: 'EMAIL' }, ...{ ruleName: 'EMAIL' } };
    throw validationError([violation]);
  }
  return email.trim();
}

/** The site's captcha policy: a token is required, and it must be the sandbox's valid one. */
function checkCaptcha(settings: SandboxSettings, tokens: unknown): void {
  if (!settings.requireCaptcha) return;
  const values = (Array.isArray(tokens) ? tokens : [])
    .flatMap((t) => (t && typeof t === 'object' ? Object.values(t as Record<string, unknown>) : []))
    .filter((v): v is string => typeof v === 'string' && v !== '');
  if (!values.length) throw AuthErrors.missingCaptcha();
  if (!values.includes(SANDBOX_CAPTCHA_TOKEN)) throw AuthErrors.invalidCaptcha();
}

// ---------------------------------------------------------------------------------------------
// Failed-login counter. Kept beside the store, not in it: a rejected login rolls back and
// changes nothing in the state, yet its failure must count. Cleared when the sandbox reseeds.

const failedLogins = new WeakMap<Db, Map<string, number[]>>();

function recentFailures(db: Db, email: string, now: number): number[] {
  let byEmail = failedLogins.get(db);
  if (!byEmail) failedLogins.set(db, (byEmail = new Map()));
  const recent = (byEmail.get(email) ?? []).filter((t) => t > now - FAILED_LOGIN_WINDOW_MS);
  byEmail.set(email, recent);
  return recent;
}

function guardBruteForce(db: Db, email: string, now: number): void {
  const recent = recentFailures(db, email, now);
  if (recent.length >= MAX_FAILED_LOGINS) {
    const until = recent[recent.length - MAX_FAILED_LOGINS] + FAILED_LOGIN_WINDOW_MS;
    throw AuthErrors.tooManyAttempts(Math.max(1, Math.ceil((until - now) / 1000)));
  }
}

function countFailure(db: Db, email: string, now: number): void {
  recentFailures(db, email, now).push(now);
}

function clearFailures(db: Db, email: string): void {
  failedLogins.get(db)?.delete(email);
}

// ---------------------------------------------------------------------------------------------
// Identity answers, sessions and state tokens.

/** An identity's status as the spec's enums name it. */
type IdentityStatus = AuthSchemas['schemas']['StatusV2'];

function statusOf(m: MemberRecord, settings: SandboxSettings): IdentityStatus {
  if (m.status === 'BLOCKED') return { name: 'BLOCKED' };
  if (m.status === 'OFFLINE') return { name: 'OFFLINE' };
  if (settings.requireEmailVerification && !m.loginEmailVerified) return { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] };
  if (m.status === 'PENDING') return { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] };
  return { name: 'ACTIVE' };
}

/** A member as the identity services describe it. */
export function identityOf(m: MemberRecord, settings: SandboxSettings) {
  const profile: Record<string, unknown> = {
    emails: [{ email: m.loginEmail, tag: 'MAIN' }],
    privacyStatus: m.privacyStatus === 'UNKNOWN' ? 'UNDEFINED' : m.privacyStatus,
  };
  for (const [key, value] of Object.entries({ firstName: m.contact.firstName, lastName: m.contact.lastName, nickname: m.profile.nickname, company: m.contact.company, birthdate: m.contact.birthdate })) {
    if (value !== undefined) profile[key] = value;
  }
  return {
    id: m.id,
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
    identityProfile: profile,
    email: { address: m.loginEmail, isVerified: m.loginEmailVerified },
    status: statusOf(m, settings),
  };
}

export function createSession(ctx: OperationContext, memberId: string): string {
  const now = ctx.now();
  const id = randomToken('sfk-st');
  ctx.db.put<SessionRecord>(SESSIONS, id, { id, memberId, createdDate: now.toISOString(), expiresAt: now.getTime() + SESSION_TTL_MS });
  return id;
}

/** A live session token (not revoked, not expired by the sandbox clock). */
export function liveSession(db: Db, token: unknown, now: Date): SessionRecord | undefined {
  if (typeof token !== 'string' || !token) return undefined;
  const s = db.get<SessionRecord>(SESSIONS, token);
  return s && !s.revoked && s.expiresAt > now.getTime() ? s : undefined;
}

function liveState(db: Db, token: unknown, now: Date): AuthStateRecord {
  const s = typeof token === 'string' ? db.get<AuthStateRecord>(AUTH_STATES, token) : undefined;
  if (!s || s.expiresAt <= now.getTime()) throw AuthErrors.invalidStateToken();
  return s;
}

function member(db: Db, id: string): MemberRecord {
  const m = db.get<MemberRecord>(MEMBERS, id);
  if (!m) throw appError(404, 'MEMBER_NOT_FOUND', `Member ${id} not found`, { id });
  return m;
}

function mailCode(ctx: OperationContext, m: MemberRecord, code: string, stateToken?: string): void {
  ctx.sendMail({
    to: m.loginEmail,
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${code}. It expires in ${STATE_TOKEN_TTL_MS / 60000} minutes.`,
    data: { code, ...(stateToken ? { stateToken } : {}) },
  });
}

function newState(ctx: OperationContext, m: MemberRecord, step: PendingStep): string {
  const id = randomToken('sfk-state');
  const record: AuthStateRecord = { id, memberId: m.id, step, expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS };
  if (step === 'EMAIL_VERIFICATION') record.code = sixDigitCode();
  ctx.db.put(AUTH_STATES, id, record);
  if (record.code) mailCode(ctx, m, record.code, id);
  return id;
}

export type AuthAnswer = {
  state: 'SUCCESS' | 'REQUIRE_EMAIL_VERIFICATION' | 'REQUIRE_OWNER_APPROVAL';
  sessionToken?: string;
  stateToken?: string;
  identity: ReturnType<typeof identityOf>;
};

/**
 * Where an authenticated member stands: e-mail verification first (when the site requires it),
 * then owner approval, else SUCCESS with a new session token (and lastLoginDate set).
 */
export function nextState(ctx: OperationContext, m: MemberRecord): AuthAnswer {
  if (m.status === 'BLOCKED') throw AuthErrors.blocked();
  if (m.status === 'OFFLINE') throw AuthErrors.offline();
  if (ctx.settings.requireEmailVerification && !m.loginEmailVerified) {
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: newState(ctx, m, 'EMAIL_VERIFICATION'), identity: identityOf(m, ctx.settings) };
  }
  if (m.status === 'PENDING') {
    return { state: 'REQUIRE_OWNER_APPROVAL', stateToken: newState(ctx, m, 'OWNER_APPROVAL'), identity: identityOf(m, ctx.settings) };
  }
  const now = ctx.now().toISOString();
  const updated = ctx.db.put<MemberRecord>(MEMBERS, m.id, { ...m, lastLoginDate: now });
  return { state: 'SUCCESS', sessionToken: createSession(ctx, m.id), identity: identityOf(updated, ctx.settings) };
}

/**
 * The password check every login path shares (loginV2, login v1, the hosted page): captcha,
 * brute-force guard, member, password, then the member's next state.
 */
export async function loginWithPassword(ctx: OperationContext, emailInput: unknown, password: unknown, captchaTokens: unknown): Promise<AuthAnswer> {
  checkCaptcha(ctx.settings, captchaTokens);
  const email = typeof emailInput === 'string' ? emailInput.trim() : '';
  const key = normaliseEmail(email);
  const now = ctx.now().getTime();
  guardBruteForce(ctx.db, key, now);
  const m = email ? findMemberByEmail(ctx.db, email) : undefined;
  if (!m) {
    countFailure(ctx.db, key, now);
    throw AuthErrors.unknownEmail(email);
  }
  const cred = ctx.db.get<CredentialRecord>(CREDENTIALS, m.id);
  if (!cred || cred.resetRequired) throw AuthErrors.resetPassword();
  if (typeof password !== 'string' || !(await verifyPassword(cred, password))) {
    countFailure(ctx.db, key, now);
    throw AuthErrors.wrongPassword();
  }
  clearFailures(ctx.db, key);
  return nextState(ctx, m);
}

/** Wrong tries a verification code survives; after them it is void (a million codes fall to a script otherwise). */
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong tries per state token and code: beside the store, since a refused try rolls back (like failedLogins). */
const codeAttempts = new WeakMap<Db, Map<string, { code: string | undefined; wrong: number }>>();

/** The wrong tries of the state's current code (a resent code starts again from none). */
function codeTries(db: Db, s: AuthStateRecord): { code: string | undefined; wrong: number } {
  let byState = codeAttempts.get(db);
  if (!byState) codeAttempts.set(db, (byState = new Map()));
  let tries = byState.get(s.id);
  if (!tries || tries.code !== s.code) byState.set(s.id, (tries = { code: s.code, wrong: 0 }));
  return tries;
}

/** The e-mailed code of an authentication waiting for it (the verify call and the hosted page): at most MAX_CODE_ATTEMPTS wrong tries. */
export function verifyCode(ctx: OperationContext, stateToken: unknown, code: unknown): AuthAnswer {
  const s = liveState(ctx.db, stateToken, ctx.now());
  if (s.step !== 'EMAIL_VERIFICATION') throw AuthErrors.invalidStateToken();
  const tries = codeTries(ctx.db, s);
  if (tries.wrong >= MAX_CODE_ATTEMPTS) throw AuthErrors.codeVoid();
  if (code !== s.code) {
    tries.wrong++;
    throw AuthErrors.wrongCode();
  }
  const m = member(ctx.db, s.memberId);
  ctx.db.delete(AUTH_STATES, s.id);
  codeAttempts.get(ctx.db)?.delete(s.id);
  const verified = ctx.db.put<MemberRecord>(MEMBERS, m.id, { ...m, loginEmailVerified: true, updatedDate: ctx.now().toISOString() });
  ctx.emit(entityEvent(MEMBER_FQDN, 'updated', verified));
  return nextState(ctx, verified);
}

interface Registration {
  email: unknown;
  emailField: string;
  password: unknown;
  passwordField: string;
  profile?: Record<string, unknown>;
  captchaTokens: unknown;
}

async function registerMember(ctx: OperationContext, r: Registration): Promise<AuthAnswer> {
  const email = checkEmail(r.emailField, r.email);
  if (typeof r.password !== 'string' || r.password === '') {
    throw validationError([{ field: r.passwordField, description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  checkCaptcha(ctx.settings, r.captchaTokens);
  if (findMemberByEmail(ctx.db, email)) throw AuthErrors.emailExists();
  const p = r.profile ?? {};
  const contact = Object.fromEntries(
    Object.entries({ firstName: p.firstName, lastName: p.lastName, company: p.company, birthdate: p.birthdate, jobTitle: p.position }).filter(([, v]) => typeof v === 'string'),
  );
  const m = await putMember(ctx.db, {
    id: ctx.newId(),
    email,
    password: r.password,
    status: ctx.settings.requireOwnerApproval ? 'PENDING' : 'APPROVED',
    loginEmailVerified: false,
    privacyStatus: p.privacyStatus === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
    contact,
    profile: typeof p.nickname === 'string' ? { nickname: p.nickname } : undefined,
    now: ctx.now(),
  });
  ctx.emit(entityEvent(MEMBER_FQDN, 'created', m));
  return nextState(ctx, m);
}

/** Recovery and activation e-mails: a single-use token and a link to the sandbox's set-password page. */
function mailRecovery(ctx: OperationContext, m: MemberRecord, kind: 'recovery' | 'activation', redirect: Record<string, unknown> | undefined): void {
  const url = typeof redirect?.url === 'string' ? redirect.url : undefined;
  const clientId = typeof redirect?.clientId === 'string' ? redirect.clientId : undefined;
  if (clientId !== undefined && !ctx.options.clientIds.includes(clientId)) throw unknownClient(clientId);
  if (url !== undefined && !isRegisteredRedirect(ctx, clientId ?? ctx.options.clientIds[0], url)) throw unregisteredRedirect(url);
  const id = randomToken('sfk-rec');
  ctx.db.put<RecoveryTokenRecord>(RECOVERY_TOKENS, id, { id, memberId: m.id, kind, expiresAt: ctx.now().getTime() + RECOVERY_TTL_MS });
  const link = new URL('/__sandbox/recover', ctx.origin || 'http://127.0.0.1');
  link.searchParams.set('token', id);
  if (url) link.searchParams.set('redirectUrl', url);
  if (clientId) link.searchParams.set('clientId', clientId);
  ctx.sendMail({
    to: m.loginEmail,
    kind,
    subject: kind === 'recovery' ? 'Reset your password' : 'Activate your account',
    text: `${kind === 'recovery' ? 'Reset your password' : 'Set a password to activate your account'}: ${link.href}`,
    data: { recoveryToken: id, link: link.href, ...(url ? { redirectUrl: url } : {}), ...(clientId ? { clientId } : {}) },
  });
}

/** Sets a new password with a recovery or activation token (the recover call and the sandbox's set-password page). */
/** A recovery or activation token that can still set a password. */
export function liveRecoveryToken(db: Db, token: unknown, now: Date): RecoveryTokenRecord | undefined {
  const rec = typeof token === 'string' && token ? db.get<RecoveryTokenRecord>(RECOVERY_TOKENS, token) : undefined;
  return rec && !rec.used && rec.expiresAt > now.getTime() ? rec : undefined;
}

export async function recoverWithToken(ctx: OperationContext, token: unknown, password: unknown): Promise<{ identity: ReturnType<typeof identityOf>; sessionToken?: string }> {
  const rec = liveRecoveryToken(ctx.db, token, ctx.now());
  if (!rec) throw AuthErrors.invalidRecoveryToken();
  if (typeof password !== 'string' || password === '') {
    throw validationError([{ field: 'password', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  const m = member(ctx.db, rec.memberId);
  await setPassword(ctx.db, m.id, m.loginEmail, password);
  ctx.db.put<RecoveryTokenRecord>(RECOVERY_TOKENS, rec.id, { ...rec, used: true });
  // The member proved they read the e-mail.
  const updated = ctx.db.put<MemberRecord>(MEMBERS, m.id, { ...m, loginEmailVerified: true, updatedDate: ctx.now().toISOString() });
  clearFailures(ctx.db, normaliseEmail(m.loginEmail));
  const canLogIn = updated.status !== 'BLOCKED' && updated.status !== 'PENDING';
  return { identity: identityOf(updated, ctx.settings), ...(canLogIn ? { sessionToken: createSession(ctx, m.id) } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Redirect URIs honoured per client: the settings' list plus any localhost origin.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isRegisteredRedirect(ctx: Pick<OperationContext, 'settings' | 'options'>, clientId: string, uri: string): boolean {
  if (!ctx.options.clientIds.includes(clientId)) return false;
  const u = parseCallerUrl(uri);
  if (!u) return false;
  if ((u.protocol === 'http:' || u.protocol === 'https:') && LOCAL_HOSTS.has(u.hostname)) return true;
  return ctx.settings.redirectUris.some((pattern) => matchesRedirectPattern(pattern, uri));
}

export const unregisteredRedirect = (uri: string) =>
  appError(400, 'INVALID_REDIRECT_URI', `Redirect URI ${uri} is not registered for this client (add it to the sandbox setting redirectUris)`, { redirectUri: uri });
export const unknownClient = (clientId: string) => appError(400, 'INVALID_CLIENT', `Unknown OAuth client id ${clientId}`, { clientId });

/** Ends a login: the caller's tokens of that login (same visitor) and the member's sessions. */
export function endMemberLogin(db: Db, caller: Caller): void {
  if (caller.kind !== 'member') return;
  for (const t of db.list<TokenRecord>(TOKENS)) {
    if (t.memberId === caller.memberId && t.visitorId === caller.visitorId && !t.revoked) db.put(TOKENS, t.id, { ...t, revoked: true });
  }
  for (const s of db.list<SessionRecord>(SESSIONS)) {
    if (s.memberId === caller.memberId && !s.revoked) db.put(SESSIONS, s.id, { ...s, revoked: true });
  }
}

function base64Utf8(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * The one-time tokens the spec's examples spend (seed/ids.ts): a login of the pending member
 * waiting for its e-mailed code, and a recovery e-mail to Joel, each with its e-mail in the
 * outbox. They last a day from the seed; a reset makes them new.
 */
function seedWaitingTokens(db: Db, now: Date): void {
  const expiresAt = now.getTime() + RECOVERY_TTL_MS;
  const sentDate = now.toISOString();
  const email = (id: string) => member(db, id).loginEmail;
  db.put<AuthStateRecord>(AUTH_STATES, AUTH_STATE.token, { id: AUTH_STATE.token, memberId: AUTH_STATE.memberId, step: 'EMAIL_VERIFICATION', code: AUTH_STATE.code, expiresAt });
  db.put(OUTBOX, AUTH_STATE.token, {
    id: AUTH_STATE.token,
    to: email(AUTH_STATE.memberId),
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${AUTH_STATE.code}.`,
    data: { code: AUTH_STATE.code, stateToken: AUTH_STATE.token },
    sentDate,
  });
  db.put<RecoveryTokenRecord>(RECOVERY_TOKENS, RECOVERY.token, { id: RECOVERY.token, memberId: RECOVERY.memberId, kind: 'recovery', expiresAt });
  db.put(OUTBOX, RECOVERY.token, {
    id: RECOVERY.token,
    to: email(RECOVERY.memberId),
    kind: 'recovery',
    subject: 'Reset your password',
    text: `Reset your password with the recovery token ${RECOVERY.token}.`,
    data: { recoveryToken: RECOVERY.token },
    sentDate,
  });
}

export const identityModule: SandboxModule = {
  name: 'identity',
  seed({ db, now }) {
    // A reset starts with no failed logins.
    failedLogins.delete(db);
    codeAttempts.delete(db);
    seedWaitingTokens(db, now);
  },
  handlers: {
    'authentication.registerV2': (ctx) =>
      registerMember(ctx, {
        email: ctx.input.loginId?.email,
        emailField: 'loginId.email',
        password: ctx.input.password,
        passwordField: 'password',
        profile: ctx.input.profile,
        captchaTokens: ctx.input.captchaTokens,
      }),

    'authentication.register': (ctx) => {
      const identity = ctx.input.identity ?? {};
      const profile = identity.identityProfile ?? {};
      const fromProfile = Array.isArray(profile.emails) ? profile.emails[0]?.email : undefined;
      if (ctx.input.authenticatorId !== undefined && ctx.input.authenticatorId !== 'password') {
        throw appError(400, 'UNSUPPORTED_AUTHENTICATOR', `The sandbox registers with the "password" authenticator only (got ${String(ctx.input.authenticatorId)})`);
      }
      return registerMember(ctx, {
        email: identity.email?.address ?? fromProfile,
        emailField: 'identity.email.address',
        password: ctx.input.inputs?.[0]?.value,
        passwordField: 'inputs[0].value',
        profile,
        captchaTokens: ctx.input.captchaTokens,
      });
    },

    'authentication.loginV2': (ctx) => loginWithPassword(ctx, ctx.input.loginId?.email, ctx.input.password, ctx.input.captchaTokens),

    'authentication.login': (ctx) => {
      if (ctx.input.authenticatorId !== undefined && ctx.input.authenticatorId !== 'password') {
        throw appError(400, 'UNSUPPORTED_AUTHENTICATOR', `The sandbox logs in with the "password" authenticator only (got ${String(ctx.input.authenticatorId)})`);
      }
      return loginWithPassword(ctx, ctx.input.loginId?.email ?? ctx.input.identifier?.email, ctx.input.inputs?.[0]?.value, ctx.input.captchaTokens);
    },

    'verification.verifyDuringAuthentication': (ctx) => verifyCode(ctx, ctx.input.stateToken, ctx.input.code),

    'verification.resendDuringAuthentication': (ctx) => {
      const s = liveState(ctx.db, ctx.input.stateToken, ctx.now());
      if (s.step !== 'EMAIL_VERIFICATION') throw AuthErrors.invalidStateToken();
      // A new code, never the old one again: the old one stops working.
      let code = sixDigitCode();
      while (code === s.code) code = sixDigitCode();
      ctx.db.put<AuthStateRecord>(AUTH_STATES, s.id, { ...s, code, expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS });
      mailCode(ctx, member(ctx.db, s.memberId), code, s.id);
      return {};
    },

    'verification.start': (ctx) => {
      if (ctx.input.target !== undefined && ctx.input.target !== 'EMAIL') {
        throw appError(400, 'UNSUPPORTED_TARGET', `The sandbox verifies e-mail only (target ${String(ctx.input.target)})`);
      }
      const id = ctx.input.identityId ?? (ctx.caller.kind === 'member' ? ctx.caller.memberId : undefined);
      if (typeof id !== 'string' || !id) throw validationError([{ field: 'identityId', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
      const m = member(ctx.db, id);
      const verificationId = ctx.newId();
      const code = sixDigitCode();
      ctx.db.put(VERIFICATIONS, verificationId, { id: verificationId, memberId: m.id, code, expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS });
      ctx.sendMail({ to: m.loginEmail, kind: 'verification', subject: 'Your verification code', text: `Your verification code is ${code}.`, data: { code, verificationId } });
      return { verificationId };
    },

    'authentication.proceedToNextState': (ctx) => {
      const s = liveState(ctx.db, ctx.input.stateToken, ctx.now());
      const m = member(ctx.db, s.memberId);
      if (m.status === 'BLOCKED') throw AuthErrors.blocked();
      // Still waiting for the same step: answer it again with the same state token.
      if (s.step === 'EMAIL_VERIFICATION' && ctx.settings.requireEmailVerification && !m.loginEmailVerified) {
        return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: s.id, identity: identityOf(m, ctx.settings) };
      }
      if (m.status === 'PENDING' && s.step === 'OWNER_APPROVAL') {
        return { state: 'REQUIRE_OWNER_APPROVAL', stateToken: s.id, identity: identityOf(m, ctx.settings) };
      }
      ctx.db.delete(AUTH_STATES, s.id);
      return nextState(ctx, m);
    },

    'authentication.loginWithTokenParams': (ctx) => {
      // The sandbox has no identity-provider connections to trust, so every id is unknown.
      throw appError(404, 'IDP_CONNECTION_NOT_FOUND', `No identity provider connection ${String(ctx.input.idpConnectionId)} is configured in the sandbox`, {
        idpConnectionId: ctx.input.idpConnectionId,
      });
    },

    'authentication.signOn': async (ctx) => {
      const email = checkEmail('loginId.email', ctx.input.loginId?.email);
      let m = findMemberByEmail(ctx.db, email);
      if (!m) {
        const p = ctx.input.profile ?? {};
        m = await putMember(ctx.db, {
          id: ctx.newId(),
          email,
          loginEmailVerified: ctx.input.verifyEmail === true,
          contact: Object.fromEntries(Object.entries({ firstName: p.firstName, lastName: p.lastName }).filter(([, v]) => typeof v === 'string')),
          profile: typeof p.nickname === 'string' ? { nickname: p.nickname } : undefined,
          now: ctx.now(),
        });
        ctx.emit(entityEvent(MEMBER_FQDN, 'created', m));
      }
      if (m.status === 'BLOCKED') throw AuthErrors.blocked();
      return { sessionToken: createSession(ctx, m.id), identity: identityOf(m, ctx.settings) };
    },

    'authentication.changePassword': async (ctx) => {
      if (ctx.caller.kind !== 'member') throw appError(403, 'PERMISSION_DENIED', 'changePassword requires a logged-in member');
      const m = member(ctx.db, ctx.caller.memberId);
      await setPassword(ctx.db, m.id, m.loginEmail, String(ctx.input.newPassword));
      return {};
    },

    'authentication.logout': (ctx) => {
      const redirect = ctx.input.postLogoutRedirectUri;
      const clientId = ctx.input.clientId ?? (ctx.caller.kind === 'visitor' || ctx.caller.kind === 'member' ? ctx.caller.clientId : ctx.options.clientIds[0]);
      if (typeof clientId === 'string' && !ctx.options.clientIds.includes(clientId)) throw unknownClient(clientId);
      if (typeof redirect === 'string' && !isRegisteredRedirect(ctx, clientId, redirect)) throw unregisteredRedirect(redirect);
      endMemberLogin(ctx.db, ctx.caller);
      const page = signedOutDocument(typeof redirect === 'string' ? redirect : undefined);
      return { contentType: 'text/html', body: base64Utf8(page), ...(typeof redirect === 'string' ? { redirectUrl: redirect } : {}) };
    },

    'recovery.sendRecoveryEmail': (ctx) => {
      const email = String(ctx.input.email).trim();
      const m = findMemberByEmail(ctx.db, email);
      if (!m) throw AuthErrors.unknownEmail(email);
      mailRecovery(ctx, m, 'recovery', ctx.input.redirect);
      return {};
    },

    'recovery.sendActivationEmail': (ctx) => {
      const m = member(ctx.db, String(ctx.input.identityId));
      mailRecovery(ctx, m, 'activation', ctx.input.emailOptions?.redirect);
      // Until the member sets a password through the e-mail, a login answers -19973.
      const cred = findCredential(ctx.db, m.loginEmail);
      if (cred) ctx.db.put<CredentialRecord>(CREDENTIALS, cred.id, { ...cred, resetRequired: true });
      return {};
    },

    'recovery.recover': (ctx) => recoverWithToken(ctx, ctx.input.recoveryToken, ctx.input.password),
  } satisfies SandboxHandlers<'authentication' | 'verification' | 'recovery'>,
};
