/**
 * Opaque, expiring tokens bound to a visitor or a member, and the caller they identify.
 * Access tokens live `accessTokenTtlSeconds` (4 hours by default, as the provider's visitor
 * tokens do); refresh tokens do not expire but can be revoked (logout).
 */
import { unauthenticated, type SandboxError } from './errors.ts';
import { isApiKey } from './secrets.ts';
import type { Caller, Db, SandboxSettings } from './types.ts';

export const TOKENS = 'tokens';

declare module './types.ts' {
  interface Collections {
    tokens: TokenRecord;
  }
}

export interface TokenRecord {
  id: string;
  kind: 'access' | 'refresh';
  clientId: string;
  visitorId: string;
  memberId?: string;
  role: 'visitor' | 'member';
  /** Epoch milliseconds; absent for refresh tokens. */
  expiresAt?: number;
  revoked?: boolean;
  [key: string]: unknown;
}

/** An opaque random token, `<prefix>.<hex of bytes random bytes>` (tokens, sessions, codes, links). */
export function randomToken(prefix: string, bytes = 24): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) hex += b.toString(16).padStart(2, '0');
  return `${prefix}.${hex}`;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  role: 'visitor' | 'member';
}

export function issueTokens(
  db: Db,
  subject: { clientId: string; visitorId: string; memberId?: string },
  now: Date,
  settings: SandboxSettings,
): TokenAnswer {
  const role = subject.memberId ? 'member' : 'visitor';
  const access: TokenRecord = {
    id: randomToken('sfk-at'),
    kind: 'access',
    ...subject,
    role,
    expiresAt: now.getTime() + settings.accessTokenTtlSeconds * 1000,
  };
  const refresh: TokenRecord = { id: randomToken('sfk-rt'), kind: 'refresh', ...subject, role };
  if (!subject.memberId) (delete access.memberId, delete refresh.memberId);
  db.put(TOKENS, access.id, access);
  db.put(TOKENS, refresh.id, refresh);
  return {
    access_token: access.id,
    refresh_token: refresh.id,
    expires_in: settings.accessTokenTtlSeconds,
    token_type: 'Bearer',
    scope: 'offline_access',
    role,
  };
}

export type CallerResult = { caller: Caller } | { error: 'invalid' | 'expired' };

/** The 401 for a token that resolved to no caller, worded as the provider words it. */
export const tokenRefusal = (error: 'invalid' | 'expired'): SandboxError =>
  unauthenticated(error === 'expired' ? 'Access token expired' : 'Access token is not valid');

/**
 * Reads Authorization: the raw access token (the provider takes it without `Bearer`; a
 * `Bearer ` prefix is tolerated), or an API key. `<token>,<api key>` is the authorized_client form.
 */
export function resolveCaller(
  db: Db,
  header: string | null,
  apiKeys: readonly string[],
  siteId: string | null,
  now: Date,
): CallerResult {
  if (!header) return { caller: { kind: 'anonymous' } };
  const raw = header.replace(/^Bearer\s+/i, '').trim();
  const first = raw.split(',')[0].trim();
  if (isApiKey(apiKeys, first)) return { caller: { kind: 'elevated', apiKey: first, siteId: siteId ?? undefined } };
  const rec = db.get<TokenRecord>(TOKENS, first);
  if (!rec || rec.kind !== 'access' || rec.revoked) return { error: 'invalid' };
  if ((rec.expiresAt ?? 0) <= now.getTime()) return { error: 'expired' };
  return rec.memberId
    ? {
        caller: {
          kind: 'member',
          visitorId: rec.visitorId,
          memberId: rec.memberId,
          clientId: rec.clientId,
          token: rec.id,
        },
      }
    : { caller: { kind: 'visitor', visitorId: rec.visitorId, clientId: rec.clientId, token: rec.id } };
}

/** Revokes every token of a member (logout, block, delete). */
export function revokeMemberTokens(db: Db, memberId: string): void {
  for (const t of db.list(TOKENS, { memberId })) {
    if (!t.revoked) db.put(TOKENS, t.id, { ...t, revoked: true });
  }
}
