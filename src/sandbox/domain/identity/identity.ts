/**
 * Identity: register and login, the member's next state (e-mail verification, owner approval),
 * captcha, the brute-force guard, sign-on and the identity answers. Site policies come from the
 * settings (requireEmailVerification, requireOwnerApproval, requireCaptcha); all are off by
 * default, so a registration succeeds at once.
 */
import type { components as AuthSchemas } from '../../../../generated/types/authentication.ts';
import { SANDBOX_CAPTCHA_TOKEN } from '../../platform/captcha.ts';
import { appError, validationError } from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import type { Db, SandboxSettings } from '../../platform/types.ts';
import {
  forgetCodeTries,
  newState,
  spendCode,
  stateAwaitingCode,
  AUTH_STATES,
  liveState,
  type IdentityContext,
} from './auth-states.ts';
import { CREDENTIALS, setPassword, verifyPassword } from './credentials.ts';
import { EMAIL_VIOLATIONS, emailProblem, normaliseEmail } from './email.ts';
import { findMemberByEmail, MEMBER_FQDN, MEMBERS, putMember, type MemberRecord } from '../members/member-records.ts';
import { createSession, liveSession } from './sessions.ts';

/** Brute-force guard: this many failed logins for one e-mail within the window answer 429 until it passes. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The provider's string error codes of register and login. */
export const AuthErrors = {
  wrongPassword: () => appError(400, '-19976', 'Wrong password'),
  emailExists: () => appError(400, '-19995', 'Email already exists'),
  missingCaptcha: () => appError(400, '-19971', 'Missing captcha token'),
  invalidCaptcha: () => appError(400, '-19970', 'Invalid captcha token'),
  resetPassword: () => appError(400, '-19973', 'The password must be reset'),
  /** The sandbox's answer for an unknown login e-mail (the clients show it as invalidEmail). */
  unknownEmail: (email: string) =>
    appError(404, 'MEMBER_NOT_FOUND', `No member has the login e-mail ${email}`, { email }),
  blocked: () => appError(403, 'MEMBER_BLOCKED', 'This member is blocked and cannot log in'),
  offline: () => appError(403, 'MEMBER_OFFLINE', 'This member was disconnected from the site and cannot log in'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    appError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many failed logins for this e-mail; try again in ${retryAfterSeconds} seconds`,
      { retryAfterSeconds },
    ),
} as const;

/** A malformed, over-long, look-alike or missing e-mail: the validation error the clients read as invalidEmail. */
export function checkEmail(field: string, email: string | undefined): string {
  if (typeof email !== 'string' || email.trim() === '') {
    throw validationError([{ field, description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  const trimmed = email.trim();
  const problem = emailProblem(trimmed);
  if (problem === 'format') {
    const violation = {
      field,
      description: 'must be a valid e-mail',
      violatedRule: 'FORMAT',
      data: { type: 'EMAIL' },
      ...{ ruleName: 'EMAIL' },
    };
    throw validationError([violation]);
  }
  if (problem) throw validationError([{ field, ...EMAIL_VIOLATIONS[problem] }]);
  return trimmed;
}

/** The site's captcha policy: a token is required, and it must be the sandbox's valid one. */
function checkCaptcha(settings: SandboxSettings, tokens: CaptchaToken[] | undefined): void {
  if (!settings.requireCaptcha) return;
  const values = (tokens ?? [])
    .flatMap((t): unknown[] => Object.values(t))
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

/** Forgets the member's failed logins (a new password was set). */
export function clearFailures(db: Db, email: string): void {
  failedLogins.get(db)?.delete(normaliseEmail(email));
}

/** A reset starts with no failed logins and no wrong code tries. */
export function forgetAttempts(db: Db): void {
  failedLogins.delete(db);
  forgetCodeTries(db);
}

// ---------------------------------------------------------------------------------------------
// Identity answers and the member's next state.

/** An identity's status as the spec's enums name it. */
type IdentityStatus = AuthSchemas['schemas']['StatusV2'];

function statusOf(m: MemberRecord, settings: SandboxSettings): IdentityStatus {
  if (m.status === 'BLOCKED') return { name: 'BLOCKED' };
  if (m.status === 'OFFLINE') return { name: 'OFFLINE' };
  if (settings.requireEmailVerification && !m.loginEmailVerified) {
    return { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] };
  }
  if (m.status === 'PENDING') return { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] };
  return { name: 'ACTIVE' };
}

/** An identity as the spec describes it; the sandbox's always have an id. */
export type Identity = AuthSchemas['schemas']['Identity'] & { id: string };
type IdentityProfile = AuthSchemas['schemas']['IdentityProfile'];
type CaptchaToken = AuthSchemas['schemas']['CaptchaToken'];

/** The profile's optional text fields: left out when the member has none (not sent as null). */
const PROFILE_TEXT = ['firstName', 'lastName', 'nickname', 'company', 'birthdate'] as const;

/** A member as the identity services describe it. */
export function identityOf(m: MemberRecord, settings: SandboxSettings): Identity {
  const text = {
    firstName: m.contact.firstName,
    lastName: m.contact.lastName,
    nickname: m.profile.nickname,
    company: m.contact.company,
    birthdate: m.contact.birthdate,
  };
  const profile: IdentityProfile = {
    emails: [{ email: m.loginEmail, tag: 'MAIN' }],
    privacyStatus: m.privacyStatus === 'UNKNOWN' ? 'UNDEFINED' : m.privacyStatus,
  };
  for (const k of PROFILE_TEXT) if (text[k] !== undefined) profile[k] = text[k];
  return {
    id: m.id,
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
    identityProfile: profile,
    email: { address: m.loginEmail, isVerified: m.loginEmailVerified },
    status: statusOf(m, settings),
  };
}

/** The member an identity call names (identity's own not-found answer). */
export function identityMember(db: Db, id: string): MemberRecord {
  const m = db.get(MEMBERS, id);
  if (!m) throw appError(404, 'MEMBER_NOT_FOUND', `Member ${id} not found`, { id });
  return m;
}

/** Whether the member could log in now with nothing pending (not blocked, disconnected, awaiting approval or e-mail verification). */
export function mayHaveSession(m: MemberRecord, settings: SandboxSettings): boolean {
  return statusOf(m, settings).name === 'ACTIVE';
}

/** The member a live session token signs in without a form (prompt=none), if it may have a session. */
export function memberOfSession(
  db: Db,
  settings: SandboxSettings,
  token: string | undefined,
  now: Date,
): MemberRecord | undefined {
  const session = liveSession(db, token, now);
  const m = session ? db.get(MEMBERS, session.memberId) : undefined;
  return m && mayHaveSession(m, settings) ? m : undefined;
}

export type AuthAnswer = {
  state: 'SUCCESS' | 'REQUIRE_EMAIL_VERIFICATION' | 'REQUIRE_OWNER_APPROVAL';
  sessionToken?: string;
  stateToken?: string;
  identity: Identity;
};

/** A blocked or disconnected member cannot sign in, whatever the way. */
function refuseSignedOut(m: MemberRecord): void {
  if (m.status === 'BLOCKED') throw AuthErrors.blocked();
  if (m.status === 'OFFLINE') throw AuthErrors.offline();
}

/**
 * Where an authenticated member stands: e-mail verification first (when the site requires it),
 * then owner approval, else SUCCESS with a new session token (and lastLoginDate set).
 */
export function nextState(ctx: IdentityContext, m: MemberRecord): AuthAnswer {
  refuseSignedOut(m);
  if (ctx.settings.requireEmailVerification && !m.loginEmailVerified) {
    return {
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: newState(ctx, m, 'EMAIL_VERIFICATION'),
      identity: identityOf(m, ctx.settings),
    };
  }
  if (m.status === 'PENDING') {
    return {
      state: 'REQUIRE_OWNER_APPROVAL',
      stateToken: newState(ctx, m, 'OWNER_APPROVAL'),
      identity: identityOf(m, ctx.settings),
    };
  }
  const now = ctx.now().toISOString();
  const updated = ctx.db.put(MEMBERS, m.id, { ...m, lastLoginDate: now });
  return { state: 'SUCCESS', sessionToken: createSession(ctx, m.id), identity: identityOf(updated, ctx.settings) };
}

/** proceedToNextState: a waiting authentication, answered again while its step still waits. */
export function proceed(ctx: IdentityContext, stateToken: string): AuthAnswer {
  const s = liveState(ctx.db, stateToken, ctx.now());
  const m = identityMember(ctx.db, s.memberId);
  refuseSignedOut(m);
  // Still waiting for the same step: answer it again with the same state token.
  if (s.step === 'EMAIL_VERIFICATION' && ctx.settings.requireEmailVerification && !m.loginEmailVerified) {
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: s.id, identity: identityOf(m, ctx.settings) };
  }
  if (m.status === 'PENDING' && s.step === 'OWNER_APPROVAL') {
    return { state: 'REQUIRE_OWNER_APPROVAL', stateToken: s.id, identity: identityOf(m, ctx.settings) };
  }
  ctx.db.delete(AUTH_STATES, s.id);
  return nextState(ctx, m);
}

/**
 * The password check every login path shares (loginV2, login v1, the hosted page): captcha,
 * brute-force guard, member, password, then the member's next state.
 */
export async function loginWithPassword(
  ctx: IdentityContext,
  emailInput: string | undefined,
  password: string | undefined,
  captchaTokens: CaptchaToken[] | undefined,
): Promise<AuthAnswer> {
  checkCaptcha(ctx.settings, captchaTokens);
  const email = (emailInput ?? '').trim();
  const key = normaliseEmail(email);
  const now = ctx.now().getTime();
  guardBruteForce(ctx.db, key, now);
  const m = email ? findMemberByEmail(ctx.db, email) : undefined;
  if (!m) {
    countFailure(ctx.db, key, now);
    throw AuthErrors.unknownEmail(email);
  }
  const cred = ctx.db.get(CREDENTIALS, m.id);
  if (!cred || cred.resetRequired) throw AuthErrors.resetPassword();
  if (password === undefined || !(await verifyPassword(cred, password))) {
    countFailure(ctx.db, key, now);
    throw AuthErrors.wrongPassword();
  }
  clearFailures(ctx.db, key);
  return nextState(ctx, m);
}

/** The e-mailed code of an authentication waiting for it (the verify call and the hosted page). */
export function verifyCode(ctx: IdentityContext, stateToken: string, code: string): AuthAnswer {
  const s = stateAwaitingCode(ctx.db, stateToken, ctx.now());
  spendCode(ctx.db, s, code);
  const m = identityMember(ctx.db, s.memberId);
  const verified = ctx.db.put(MEMBERS, m.id, { ...m, loginEmailVerified: true, updatedDate: ctx.now().toISOString() });
  ctx.emit(entityEvent(MEMBER_FQDN, 'updated', verified));
  return nextState(ctx, verified);
}

/** A registration as the two register calls carry it, with the field names their errors name. */
export interface Registration {
  email: string | undefined;
  emailField: string;
  password: string | undefined;
  passwordField: string;
  profile?: IdentityProfile;
  captchaTokens: CaptchaToken[] | undefined;
}

/** The fields of `fields` that are given (a contact keeps no undefined fields). */
const givenFields = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

export async function registerMember(ctx: IdentityContext, r: Registration): Promise<AuthAnswer> {
  const email = checkEmail(r.emailField, r.email);
  if (r.password === undefined || r.password === '') {
    throw validationError([{ field: r.passwordField, description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  checkCaptcha(ctx.settings, r.captchaTokens);
  if (findMemberByEmail(ctx.db, email)) throw AuthErrors.emailExists();
  const p = r.profile ?? {};
  const m = await putMember(ctx.db, {
    id: ctx.newId(),
    email,
    password: r.password,
    status: ctx.settings.requireOwnerApproval ? 'PENDING' : 'APPROVED',
    loginEmailVerified: false,
    privacyStatus: p.privacyStatus === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
    contact: givenFields({
      firstName: p.firstName,
      lastName: p.lastName,
      company: p.company,
      birthdate: p.birthdate,
      jobTitle: p.position,
    }),
    profile: typeof p.nickname === 'string' ? { nickname: p.nickname } : undefined,
    now: ctx.now(),
  });
  ctx.emit(entityEvent(MEMBER_FQDN, 'created', m));
  return nextState(ctx, m);
}

/** signOn: a session for the member with this e-mail, made a member first when new. */
export async function signOn(ctx: IdentityContext, email: string, profile: IdentityProfile, verifyEmail: boolean) {
  let m = findMemberByEmail(ctx.db, email);
  if (!m) {
    m = await putMember(ctx.db, {
      id: ctx.newId(),
      email,
      loginEmailVerified: verifyEmail,
      contact: givenFields({ firstName: profile.firstName, lastName: profile.lastName }),
      profile: typeof profile.nickname === 'string' ? { nickname: profile.nickname } : undefined,
      now: ctx.now(),
    });
    ctx.emit(entityEvent(MEMBER_FQDN, 'created', m));
  }
  refuseSignedOut(m);
  return { sessionToken: createSession(ctx, m.id), identity: identityOf(m, ctx.settings) };
}

/** A logged-in member's new password. */
export async function changePassword(db: Db, memberId: string, newPassword: string): Promise<void> {
  const m = identityMember(db, memberId);
  await setPassword(db, m.id, m.loginEmail, newPassword);
}
