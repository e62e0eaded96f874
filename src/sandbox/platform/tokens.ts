/**
 * Access and refresh tokens that verify themselves: each one carries its claims (client,
 * visitor, member, issue time, expiry) and an HMAC-SHA-256 over them with the sandbox's token
 * secret, so nothing is stored per token (a stream of token requests leaves the state as it
 * was) and a token outlives a restart for its whole lifetime as long as the secret does (the
 * server keeps it in a file; see token-secret.ts). A forged or edited token fails the HMAC.
 * Access tokens live `accessTokenTtlSeconds` (4 hours by default, as the provider's visitor
 * tokens do); refresh tokens do not expire but can be revoked: a revocation is one small record
 * per member ("every token issued before T", and per visitor for a logout), never one per token.
 * Revocations live in the state, so a member token carries the state's epoch (a random id made
 * when the state is made: a start without `--data`, a reset) and is valid only while that state
 * is: a restart that forgets the state forgets its logouts, and with them every member token it
 * issued (the member signs in again). A visitor token carries none: nothing revokes it, so it
 * outlives any restart.
 * The wire form is opaque to clients: `sfk-at.` / `sfk-rt.` + base64url claims + `.` + base64url MAC.
 */
import { unauthenticated, type SandboxError } from './errors.ts';
import { TokenSigner, type TokenClaims } from './token-signer.ts';
import { isApiKey } from './secrets.ts';
import type { Caller, Db, SandboxSettings } from './types.ts';

export { TokenSigner } from './token-signer.ts';

export const TOKEN_REVOCATIONS = 'tokenRevocations';
export const TOKEN_EPOCH = 'tokenEpoch';

declare module './types.ts' {
  interface Collections {
    tokenRevocations: TokenRevocation;
    /** One record, `state`: the epoch member tokens are bound to. */
    tokenEpoch: { id: string; epoch: string };
  }
}

/** Starts a new state epoch: every member token issued before is refused from now on. */
export function newTokenEpoch(db: Db): string {
  const epoch = randomToken('e', 12).slice(2);
  db.put(TOKEN_EPOCH, 'state', { id: 'state', epoch });
  return epoch;
}

/** The state's epoch, made on first use for a state that has none (one loaded from before epochs). */
const tokenEpoch = (db: Db): string => db.get(TOKEN_EPOCH, 'state')?.epoch ?? newTokenEpoch(db);

/** A member's revoked tokens: all issued at or before `before`, and per visitor (a logout) those at or before its time. */
export interface TokenRevocation {
  id: string;
  /** Epoch ms by the sandbox clock; 0 when only logouts are recorded. */
  before: number;
  /** visitorId -> epoch ms of that login's logout. */
  logouts: Record<string, number>;
  /**
   * The one login the last `before` spared (a password change keeps the caller's login): its
   * tokens keep the cutoff they had then, `before` here, instead of the member-wide one.
   */
  kept?: { visitorId: string; before: number };
  [key: string]: unknown;
}

/** Logouts recorded per member; past this, they fold into one "every token before" (a logout never comes undone). */
export const MAX_LOGOUTS_PER_MEMBER = 100;

/** An opaque random token, `<prefix>.<hex of bytes random bytes>` (sessions, codes, links). */
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

/** Who a token is for. */
export interface TokenSubject {
  clientId: string;
  visitorId: string;
  memberId?: string;
}

/** When the subject's tokens were last revoked (epoch ms; 0: never). */
function revokedUntil(db: Db, subject: TokenSubject): number {
  if (!subject.memberId) return 0;
  const r = db.get(TOKEN_REVOCATIONS, subject.memberId);
  return r ? cutoff(r, subject.visitorId) : 0;
}

/** Tokens of the member on `visitorId` issued at or before this are revoked. */
function cutoff(r: TokenRevocation, visitorId: string): number {
  const before = r.kept?.visitorId === visitorId ? r.kept.before : r.before;
  return Math.max(before, Object.hasOwn(r.logouts, visitorId) ? r.logouts[visitorId] : 0);
}

/** A new access and refresh token for the subject; nothing is stored. */
export async function issueTokens(
  db: Db,
  signer: TokenSigner,
  subject: TokenSubject,
  now: Date,
  settings: SandboxSettings,
): Promise<TokenAnswer> {
  const role = subject.memberId ? 'member' : 'visitor';
  // Issued after the last revocation, even within its millisecond: a new login is never born revoked.
  const iat = Math.max(now.getTime(), revokedUntil(db, subject) + 1);
  const claims = {
    clientId: subject.clientId,
    visitorId: subject.visitorId,
    ...(subject.memberId ? { memberId: subject.memberId, epoch: tokenEpoch(db) } : {}),
    iat,
  };
  const nonce = () => randomToken('n', 8).slice(2);
  const [access, refresh] = await Promise.all([
    signer.sign({ kind: 'access', ...claims, exp: iat + settings.accessTokenTtlSeconds * 1000, nonce: nonce() }),
    signer.sign({ kind: 'refresh', ...claims, nonce: nonce() }),
  ]);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: settings.accessTokenTtlSeconds,
    token_type: 'Bearer',
    scope: 'offline_access',
    role,
  };
}

type TokenRead = { subject: TokenSubject } | { error: 'invalid' | 'expired' };

/**
 * The subject of a live token of `kind` (signed by this sandbox, unexpired, not revoked), or why
 * not. A token verified before is answered at once (no promise): a client sends the same one
 * with every call.
 */
export function readToken(
  db: Db,
  signer: TokenSigner,
  token: string,
  kind: TokenClaims['kind'],
  now: Date,
): TokenRead | Promise<TokenRead> {
  const known = signer.verifiedClaims(token);
  if (known) return liveSubject(db, known, kind, now);
  return signer.read(token).then((claims) => liveSubject(db, claims, kind, now));
}

/** What the claims of a verified token (or undefined) allow now. */
function liveSubject(
  db: Db,
  claims: Readonly<TokenClaims> | undefined,
  kind: TokenClaims['kind'],
  now: Date,
): TokenRead {
  if (!claims || claims.kind !== kind || typeof claims.clientId !== 'string' || typeof claims.visitorId !== 'string')
    return { error: 'invalid' };
  const subject: TokenSubject = { clientId: claims.clientId, visitorId: claims.visitorId };
  if (typeof claims.memberId === 'string') {
    if (claims.epoch !== db.get(TOKEN_EPOCH, 'state')?.epoch) return { error: 'invalid' };
    subject.memberId = claims.memberId;
  }
  if (claims.iat <= revokedUntil(db, subject)) return { error: 'invalid' };
  if (kind === 'access' && !(Number(claims.exp) > now.getTime())) return { error: 'expired' };
  return { subject };
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
  signer: TokenSigner,
  header: string | null,
  apiKeys: readonly string[],
  siteId: string | null,
  now: Date,
): CallerResult | Promise<CallerResult> {
  if (!header) return { caller: { kind: 'anonymous' } };
  const raw = header.replace(/^Bearer\s+/i, '').trim();
  const first = raw.split(',')[0].trim();
  if (isApiKey(apiKeys, first)) return { caller: { kind: 'elevated', apiKey: first, siteId: siteId ?? undefined } };
  const read = readToken(db, signer, first, 'access', now);
  return read instanceof Promise ? read.then((r) => callerOf(r, first)) : callerOf(read, first);
}

function callerOf(read: TokenRead, token: string): CallerResult {
  if ('error' in read) return read;
  const { clientId, visitorId, memberId } = read.subject;
  return memberId
    ? { caller: { kind: 'member', visitorId, memberId, clientId, token } }
    : { caller: { kind: 'visitor', visitorId, clientId, token } };
}

/**
 * Revokes every token of a member issued at or before `before` (logout everywhere, block, delete),
 * or, with `keepVisitorId`, every token but those of that one login (a password change).
 */
export function revokeMemberTokens(db: Db, memberId: string, before: Date, keepVisitorId?: string): void {
  const r = db.get(TOKEN_REVOCATIONS, memberId);
  const until = Math.max(r?.before ?? 0, before.getTime());
  const kept =
    keepVisitorId === undefined ? undefined : { visitorId: keepVisitorId, before: r ? cutoff(r, keepVisitorId) : 0 };
  // The logouts it covers are no longer needed (the kept login's own is in kept.before).
  const logouts = Object.fromEntries(Object.entries(r?.logouts ?? {}).filter(([, t]) => t > until));
  db.put(TOKEN_REVOCATIONS, memberId, { id: memberId, before: until, logouts, ...(kept && { kept }) });
}

/** Revokes the tokens of one login (the member on one visitor) issued at or before `at` (a logout). */
export function revokeLoginTokens(db: Db, memberId: string, visitorId: string, at: Date): void {
  const r = db.get(TOKEN_REVOCATIONS, memberId) ?? { id: memberId, before: 0, logouts: {} };
  const logouts = { ...r.logouts, [visitorId]: at.getTime() };
  const entries = Object.entries(logouts);
  if (entries.length > MAX_LOGOUTS_PER_MEMBER) {
    // Bounded: the member's oldest logins are logged out everywhere rather than remembered one by one.
    return revokeMemberTokens(db, memberId, new Date(Math.max(...entries.map(([, t]) => t))));
  }
  db.put(TOKEN_REVOCATIONS, memberId, { ...r, logouts });
}
