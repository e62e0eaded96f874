/**
 * State tokens of an authentication waiting for a step (an e-mailed code, the owner's
 * approval), the codes they e-mail and the wrong tries a code survives; and the codes
 * verification.start sends outside an authentication.
 */
import { appError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/tokens.ts';
import type { Db, JsonObject, OperationContext } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';
import type { MemberRecord } from '../members/member-records.ts';

export const AUTH_STATES = 'authStates';
export const VERIFICATIONS = 'verifications';

declare module '../../platform/types.ts' {
  interface Collections {
    authStates: AuthStateRecord;
    verifications: VerificationRecord;
  }
}

/** The rules of identity need the site's policies and the outbox besides the store and the clock. */
export type IdentityContext = DomainContext & Pick<OperationContext, 'settings' | 'sendMail'>;

/** State tokens (and their e-mailed code) live 30 minutes. */
export const STATE_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Wrong tries a verification code survives; after them it is void (a million codes fall to a script otherwise). */
export const MAX_CODE_ATTEMPTS = 5;

export type PendingStep = 'EMAIL_VERIFICATION' | 'OWNER_APPROVAL';

/** A code verification.start sent. */
export interface VerificationRecord extends JsonObject {
  id: string;
  memberId: string;
  code: string;
  expiresAt: number;
}

export interface AuthStateRecord extends JsonObject {
  id: string;
  memberId: string;
  step: PendingStep;
  /** The e-mailed 6-digit code (EMAIL_VERIFICATION only). */
  code?: string;
  expiresAt: number;
}

export const invalidStateToken = () => appError(400, 'INVALID_STATE_TOKEN', 'State token is not valid or has expired');
export const wrongCode = () => appError(400, 'INVALID_VERIFICATION_CODE', 'Verification code is not valid');
export const codeVoid = () =>
  appError(
    400,
    'VERIFICATION_CODE_VOID',
    'Too many wrong verification codes: this code no longer works; ask for a new one (resend)',
    { maxAttempts: MAX_CODE_ATTEMPTS },
  );

function sixDigitCode(): string {
  return String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
}

export function liveState(db: Db, token: string, now: Date): AuthStateRecord {
  const s = db.get(AUTH_STATES, token);
  if (!s || s.expiresAt <= now.getTime()) throw invalidStateToken();
  return s;
}

/** A live state token waiting for an e-mailed code. */
export function stateAwaitingCode(db: Db, token: string, now: Date): AuthStateRecord {
  const s = liveState(db, token, now);
  if (s.step !== 'EMAIL_VERIFICATION') throw invalidStateToken();
  return s;
}

function mailCode(ctx: IdentityContext, m: MemberRecord, code: string, stateToken?: string): void {
  ctx.sendMail({
    to: m.loginEmail,
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${code}. It expires in ${STATE_TOKEN_TTL_MS / 60000} minutes.`,
    data: { code, ...(stateToken ? { stateToken } : {}) },
  });
}

/** A new state token for the member's pending step (e-mailing the code when the step is a code). */
export function newState(ctx: IdentityContext, m: MemberRecord, step: PendingStep): string {
  const id = randomToken('sfk-state');
  const record: AuthStateRecord = { id, memberId: m.id, step, expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS };
  if (step === 'EMAIL_VERIFICATION') record.code = sixDigitCode();
  ctx.db.put(AUTH_STATES, id, record);
  if (record.code) mailCode(ctx, m, record.code, id);
  return id;
}

/** A new code for a waiting state, never the old one again: the old one stops working. */
export function resendCode(ctx: IdentityContext, s: AuthStateRecord, m: MemberRecord): void {
  let code = sixDigitCode();
  while (code === s.code) code = sixDigitCode();
  ctx.db.put(AUTH_STATES, s.id, { ...s, code, expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS });
  mailCode(ctx, m, code, s.id);
}

/** Wrong tries per state token and code: beside the store, since a refused try rolls back (like failed logins). */
const codeAttempts = new WeakMap<Db, Map<string, { code: string | undefined; wrong: number }>>();

/** The wrong tries of the state's current code (a resent code starts again from none). */
function codeTries(db: Db, s: AuthStateRecord): { code: string | undefined; wrong: number } {
  let byState = codeAttempts.get(db);
  if (!byState) codeAttempts.set(db, (byState = new Map()));
  let tries = byState.get(s.id);
  if (!tries || tries.code !== s.code) byState.set(s.id, (tries = { code: s.code, wrong: 0 }));
  return tries;
}

/** Spends the state's code: at most MAX_CODE_ATTEMPTS wrong tries, then the state is done. */
export function spendCode(db: Db, s: AuthStateRecord, code: string): void {
  const tries = codeTries(db, s);
  if (tries.wrong >= MAX_CODE_ATTEMPTS) throw codeVoid();
  if (code !== s.code) {
    tries.wrong++;
    throw wrongCode();
  }
  db.delete(AUTH_STATES, s.id);
  codeAttempts.get(db)?.delete(s.id);
}

/** A reset starts with no wrong code tries. */
export function forgetCodeTries(db: Db): void {
  codeAttempts.delete(db);
}

/** verification.start: a code e-mailed to the member outside an authentication. */
export function startVerification(ctx: IdentityContext, m: MemberRecord): { verificationId: string } {
  const verificationId = ctx.newId();
  const code = sixDigitCode();
  ctx.db.put(VERIFICATIONS, verificationId, {
    id: verificationId,
    memberId: m.id,
    code,
    expiresAt: ctx.now().getTime() + STATE_TOKEN_TTL_MS,
  });
  ctx.sendMail({
    to: m.loginEmail,
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${code}.`,
    data: { code, verificationId },
  });
  return { verificationId };
}
