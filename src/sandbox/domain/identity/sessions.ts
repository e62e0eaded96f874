/**
 * Members' session tokens (login, register, verify, sign-on): opaque, expiring by the sandbox
 * clock; the hosted page (prompt=none) turns a live one into an authorization code.
 */
import { randomToken, revokeLoginTokens, revokeMemberTokens } from '../../platform/tokens.ts';
import type { Caller, Db, JsonObject } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';

export const SESSIONS = 'sessions';

declare module '../../platform/types.ts' {
  interface Collections {
    sessions: SessionRecord;
  }
}

/** Session tokens live a day. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface SessionRecord extends JsonObject {
  id: string;
  memberId: string;
  createdDate: string;
  /** Epoch ms by the sandbox clock. */
  expiresAt: number;
  revoked?: boolean;
}

export function createSession(ctx: Pick<DomainContext, 'db' | 'now'>, memberId: string): string {
  const now = ctx.now();
  const id = randomToken('sfk-st');
  ctx.db.put(SESSIONS, id, {
    id,
    memberId,
    createdDate: now.toISOString(),
    expiresAt: now.getTime() + SESSION_TTL_MS,
  });
  return id;
}

/** A live session token (not revoked, not expired by the sandbox clock). */
export function liveSession(db: Db, token: string | undefined, now: Date): SessionRecord | undefined {
  if (!token) return undefined;
  const s = db.get(SESSIONS, token);
  return s && !s.revoked && s.expiresAt > now.getTime() ? s : undefined;
}

/** Ends a login: the caller's tokens of that login (same visitor) and the member's sessions. */
export function endMemberLogin(db: Db, caller: Caller, now: Date): void {
  if (caller.kind !== 'member') return;
  revokeLoginTokens(db, caller.memberId, caller.visitorId, now);
  for (const s of db.list(SESSIONS)) {
    if (s.memberId === caller.memberId && !s.revoked) db.put(SESSIONS, s.id, { ...s, revoked: true });
  }
}

/**
 * Ends every other login of a member (a password change): the member's tokens issued to any
 * other visitor, and every session token of the member (a session turns into new tokens at the
 * hosted page). The caller's own login (its visitor's tokens) stays valid, as the provider says
 * of ChangePassword ("the member's session remains valid").
 */
export function endOtherLogins(db: Db, memberId: string, keepVisitorId: string, now: Date): void {
  revokeMemberTokens(db, memberId, now, keepVisitorId);
  for (const s of db.list(SESSIONS)) {
    if (s.memberId === memberId && !s.revoked) db.put(SESSIONS, s.id, { ...s, revoked: true });
  }
}
