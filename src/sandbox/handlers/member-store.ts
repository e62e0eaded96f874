/**
 * Members and their credentials: the one place the identity handlers (register, login,
 * recovery) and the members handlers (create, query, approve, block, ...) meet.
 *
 * - `members` holds the provider's Member entity exactly as the spec's `Member` schema says
 *   (dates as ISO text); `loginEmail` is kept as given, lookups compare lower-cased.
 * - `credentials` holds one record per member with a password hash (PBKDF2-SHA256 from Web
 *   Crypto, so the same code runs in Node and in the browser's service worker). Passwords are
 *   never stored or echoed in clear.
 */
import { bytesToBase64Url } from '../../normalise/base64url.ts';
import type { components } from '../../../generated/types/members.ts';
import type { Db, Entity } from '../platform/types.ts';
import { DEMO_MEMBER } from '../seed/ids.ts';

export const MEMBERS = 'members';
export const CREDENTIALS = 'credentials';

declare module '../platform/types.ts' {
  interface Collections {
    members: MemberRecord;
    credentials: CredentialRecord;
  }
}
/** The members' domain events. */
export const MEMBER_FQDN = 'wix.members.v1.member';

/** The demo member the seed creates; its e-mail and password are printed at start. */
export const DEMO_MEMBER_ID = DEMO_MEMBER.id;

export type MemberStatus = 'UNKNOWN' | 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';
export type PrivacyStatus = 'UNKNOWN' | 'PRIVATE' | 'PUBLIC';
export type ActivityStatus = 'UNKNOWN' | 'ACTIVE' | 'MUTED';

export interface MemberRecord extends Entity {
  id: string;
  loginEmail: string;
  loginEmailVerified: boolean;
  status: MemberStatus;
  contactId: string;
  contact: components['schemas']['Contact'];
  profile: components['schemas']['Profile'];
  privacyStatus: PrivacyStatus;
  activityStatus: ActivityStatus;
  createdDate: string;
  updatedDate: string;
  lastLoginDate?: string;
}

export interface CredentialRecord extends Entity {
  /** The member id. */
  id: string;
  /** Lower-cased login e-mail (unique). */
  email: string;
  algorithm: 'PBKDF2-SHA256';
  iterations: number;
  salt: string;
  hash: string;
  /** Set by an activation e-mail: login answers -19973 until a new password is set. */
  resetRequired?: boolean;
}

/**
 * PBKDF2 work factor. Low next to a production login service (the sandbox hashes on every seed
 * and reset, in tests and in a service worker) but real: nothing recovers the password from it.
 */
const ITERATIONS = 5_000;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return bytesToBase64Url(new Uint8Array(bits));
}

export async function hashPassword(password: string, saltBytes = crypto.getRandomValues(new Uint8Array(16))) {
  return { algorithm: 'PBKDF2-SHA256' as const, iterations: ITERATIONS, salt: bytesToBase64Url(saltBytes), hash: await derive(password, saltBytes, ITERATIONS) };
}

/** Constant-time comparison of the derived hash. */
export async function verifyPassword(cred: CredentialRecord, password: string): Promise<boolean> {
  const candidate = await derive(password, saltFromText(cred.salt), cred.iterations);
  if (candidate.length !== cred.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < candidate.length; i++) diff |= candidate.charCodeAt(i) ^ cred.hash.charCodeAt(i);
  return diff === 0;
}

function saltFromText(salt: string): Uint8Array {
  const bin = atob(salt.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (salt.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findMemberByEmail(db: Db, email: string): MemberRecord | undefined {
  const cred = findCredential(db, email);
  if (cred) return db.get<MemberRecord>(MEMBERS, cred.id);
  const wanted = normaliseEmail(email);
  // The index answers e-mails stored as normalised; one stored with capitals needs the scan.
  return db.find(MEMBERS, { loginEmail: wanted }) ?? db.find(MEMBERS, (m) => normaliseEmail(m.loginEmail) === wanted);
}

export function findCredential(db: Db, email: string): CredentialRecord | undefined {
  const wanted = normaliseEmail(email);
  return db.find(CREDENTIALS, { email: wanted });
}

/** A slug from a nickname or e-mail, made unique among the stored members (`jane`, `jane-1`, ...). */
export function uniqueSlug(db: Db, base: string, exceptMemberId?: string): string {
  const stem = base.toLowerCase().replace(/@.*$/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'member';
  const taken = (slug: string) => db.list(MEMBERS, { 'profile.slug': slug }).some((m) => m.id !== exceptMemberId);
  let slug = stem;
  for (let i = 1; taken(slug); i++) slug = `${stem}-${i}`;
  return slug;
}

export interface NewMember {
  id: string;
  email: string;
  /** Stored hashed when given; a member without a password cannot log in with e-mail. */
  password?: string;
  status?: MemberStatus;
  privacyStatus?: PrivacyStatus;
  activityStatus?: ActivityStatus;
  loginEmailVerified?: boolean;
  contact?: MemberRecord['contact'];
  profile?: MemberRecord['profile'];
  now: Date;
}

/** Stores a member (and its credential when a password is given). Callers check e-mail uniqueness first. */
export async function putMember(db: Db, m: NewMember): Promise<MemberRecord> {
  const iso = m.now.toISOString();
  const nickname = m.profile?.nickname ?? ([m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') || m.email.replace(/@.*$/, ''));
  const record: MemberRecord = {
    id: m.id,
    loginEmail: m.email,
    loginEmailVerified: m.loginEmailVerified ?? false,
    status: m.status ?? 'APPROVED',
    contactId: m.id,
    contact: { emails: [m.email], phones: [], addresses: [], ...m.contact },
    profile: { ...m.profile, nickname, slug: m.profile?.slug ?? uniqueSlug(db, nickname, m.id) },
    privacyStatus: m.privacyStatus ?? 'PUBLIC',
    activityStatus: m.activityStatus ?? 'ACTIVE',
    createdDate: iso,
    updatedDate: iso,
  };
  db.put(MEMBERS, record.id, record);
  if (m.password !== undefined) await setPassword(db, record.id, m.email, m.password);
  return record;
}

export async function setPassword(db: Db, memberId: string, email: string, password: string): Promise<void> {
  db.put<CredentialRecord>(CREDENTIALS, memberId, { id: memberId, email: normaliseEmail(email), ...(await hashPassword(password)) });
}

/** Removes a member and everything keyed by it in this file (credentials). */
export function deleteMemberRecord(db: Db, memberId: string): boolean {
  db.delete(CREDENTIALS, memberId);
  return db.delete(MEMBERS, memberId);
}
