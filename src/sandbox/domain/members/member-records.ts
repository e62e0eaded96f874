/**
 * Member records: the one place the identity rules (register, login, recovery) and the members
 * rules (create, query, approve, block, ...) meet. `members` holds the provider's Member entity
 * exactly as the spec's `Member` schema says (dates as ISO text); `loginEmail` is kept as given,
 * lookups compare it in one form (identity/email.ts). Credentials are in credentials.ts.
 */
import type { components } from '../../../../generated/types/members.ts';
import type { Violation } from '../../platform/errors.ts';
import type { Db, Entity } from '../../platform/types.ts';
import { CREDENTIALS, findCredential, setPassword } from '../identity/credentials.ts';
import { normaliseEmail } from '../identity/email.ts';
import { beforeFirst, trimChar } from '../../../normalise/text.ts';

export const MEMBERS = 'members';

declare module '../../platform/types.ts' {
  interface Collections {
    members: MemberRecord;
  }
}
/** The members' domain events. */
export const MEMBER_FQDN = 'wix.members.v1.member';

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

export function findMemberByEmail(db: Db, email: string): MemberRecord | undefined {
  const cred = findCredential(db, email);
  if (cred) return db.get(MEMBERS, cred.id);
  const wanted = normaliseEmail(email);
  // The index answers e-mails stored as normalised; one stored with capitals needs the scan.
  return db.find(MEMBERS, { loginEmail: wanted }) ?? db.find(MEMBERS, (m) => normaliseEmail(m.loginEmail) === wanted);
}

/** A slug from a nickname or e-mail, made unique among the stored members (`jane`, `jane-1`, ...). */
export function uniqueSlug(db: Db, base: string, exceptMemberId?: string): string {
  const stem = trimChar(beforeFirst(base.toLowerCase(), '@').replace(/[^a-z0-9]+/g, '-'), '-', true) || 'member';
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

/**
 * The longest nickname a member may have: the identity services' answers carry the member's
 * nickname as IdentityProfile.nickname, which allows 100 characters (the members service's
 * Profile allows 255). A write past it is refused (a longer one would be stored and then break
 * every identity answer under response validation); one the sandbox makes up (from the names or
 * the e-mail) is cut to it.
 */
export const IDENTITY_NICKNAME_MAX = 100;

/** The violation of a nickname longer than IDENTITY_NICKNAME_MAX (code points, as JSON Schema counts), if it is. */
export function nicknameViolation(nickname: unknown, field: string): Violation | undefined {
  if (typeof nickname !== 'string' || nickname.length <= IDENTITY_NICKNAME_MAX) return undefined;
  if ([...nickname].length <= IDENTITY_NICKNAME_MAX) return undefined;
  return {
    field,
    description: `must NOT have more than ${IDENTITY_NICKNAME_MAX} characters`,
    violatedRule: 'MAX_LENGTH',
  };
}

/** Stores a member (and its credential when a password is given). Callers check e-mail uniqueness first. */
export async function putMember(db: Db, m: NewMember): Promise<MemberRecord> {
  const iso = m.now.toISOString();
  const nickname =
    m.profile?.nickname ??
    ([m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') || beforeFirst(m.email, '@')).slice(
      0,
      IDENTITY_NICKNAME_MAX,
    );
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

/** Removes a member and everything keyed by it here (credentials). */
export function deleteMemberRecord(db: Db, memberId: string): boolean {
  db.delete(CREDENTIALS, memberId);
  return db.delete(MEMBERS, memberId);
}
