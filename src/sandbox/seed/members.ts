/**
 * The seeded members (the demo member and one per status, privacy and activity value) and the
 * one-time tokens the spec's examples spend (a login waiting for its e-mailed code, a
 * recovery e-mail), with the ids of ids.ts.
 */
import type { components } from '../../../generated/types/members.ts';
import { AUTH_STATES } from '../domain/identity/auth-states.ts';
import { identityMember } from '../domain/identity/identity.ts';
import {
  MEMBERS,
  putMember,
  type ActivityStatus,
  type MemberStatus,
  type PrivacyStatus,
} from '../domain/members/member-records.ts';
import { RECOVERY_TOKENS, RECOVERY_TTL_MS } from '../domain/identity/recovery.ts';
import type { SeedContext } from '../platform/module.ts';
import { AUTH_STATE, DEMO_MEMBER, memberId, RECOVERY } from './ids.ts';

type MemberAddress = components['schemas']['MemberAddress'];

/**
 * Seeded members besides the demo member, one per line: every status (PENDING, APPROVED,
 * BLOCKED, OFFLINE), privacy (PUBLIC, PRIVATE) and activity (ACTIVE, MUTED) value. UNKNOWN is
 * not stored on any member: the provider answers UNKNOWN only when a fieldset hides a status.
 *
 * Members with a password can log in with e-mail and password (identity refuses BLOCKED ones
 * and answers PENDING ones with REQUIRE_OWNER_APPROVAL):
 *   ava@storefront.test / ava-password-1   (APPROVED, PUBLIC)
 *   ben@storefront.test / ben-password-1   (BLOCKED)
 *   pia@storefront.test / pia-password-1   (PENDING, PRIVATE)
 *   mia@storefront.test / mia-password-1   (APPROVED, MUTED)
 *   joel@storefront.test / joel-password-1 (APPROVED, PRIVATE)
 * The demo member (n = 1) uses the start options' e-mail and password.
 */
// prettier-ignore
const SEEDED_MEMBERS: {
  n: number;
  first: string;
  last: string;
  email: string;
  nickname: string;
  slug: string;
  status: MemberStatus;
  privacy: PrivacyStatus;
  activity: ActivityStatus;
  password?: string;
  phones?: string[];
  city?: string;
  title?: string;
  /** Days before the seed clock the member was created / last logged in. */
  createdDaysAgo: number;
  lastLoginDaysAgo?: number;
}[] = [
  { n: 2, first: 'Ava', last: 'Adler', email: 'ava@storefront.test', nickname: 'Ava A', slug: 'ava-a', status: 'APPROVED', privacy: 'PUBLIC', activity: 'ACTIVE', password: 'ava-password-1', phones: ['+1-555-0102'], city: 'Boston', title: 'Regular', createdDaysAgo: 60, lastLoginDaysAgo: 1 },
  { n: 3, first: 'Ben', last: 'Brandt', email: 'ben@storefront.test', nickname: 'Ben B', slug: 'ben-b', status: 'BLOCKED', privacy: 'PUBLIC', activity: 'ACTIVE', password: 'ben-password-1', phones: ['+1-555-0103'], createdDaysAgo: 55, lastLoginDaysAgo: 20 },
  { n: 4, first: 'Pia', last: 'Petrov', email: 'pia@storefront.test', nickname: 'Pia P', slug: 'pia-p', status: 'PENDING', privacy: 'PRIVATE', activity: 'ACTIVE', password: 'pia-password-1', createdDaysAgo: 2 },
  { n: 5, first: 'Oscar', last: 'Olsen', email: 'oscar@storefront.test', nickname: 'Oscar O', slug: 'oscar-o', status: 'OFFLINE', privacy: 'PUBLIC', activity: 'ACTIVE', city: 'Oslo', title: 'Guest author', createdDaysAgo: 50 },
  { n: 6, first: 'Mia', last: 'Moreau', email: 'mia@storefront.test', nickname: 'Mia M', slug: 'mia-m', status: 'APPROVED', privacy: 'PUBLIC', activity: 'MUTED', password: 'mia-password-1', phones: ['+33-1-5550-0106'], city: 'Paris', createdDaysAgo: 45, lastLoginDaysAgo: 3 },
  { n: 7, first: 'Joel', last: 'Jansen', email: 'joel@storefront.test', nickname: 'Joel J', slug: 'joel-j', status: 'APPROVED', privacy: 'PRIVATE', activity: 'ACTIVE', password: 'joel-password-1', phones: ['+31-20-555-0107'], city: 'Amsterdam', createdDaysAgo: 40, lastLoginDaysAgo: 5 },
  { n: 8, first: 'Paul', last: 'Park', email: 'paul@storefront.test', nickname: 'Paul P', slug: 'paul-p', status: 'PENDING', privacy: 'PUBLIC', activity: 'ACTIVE', createdDaysAgo: 1 },
  { n: 9, first: 'Bella', last: 'Berg', email: 'bella@storefront.test', nickname: 'Bella B', slug: 'bella-b', status: 'BLOCKED', privacy: 'PRIVATE', activity: 'MUTED', phones: ['+46-8-555-0109'], createdDaysAgo: 35, lastLoginDaysAgo: 30 },
  { n: 10, first: 'Noah', last: 'Nakamura', email: 'noah@storefront.test', nickname: 'Noah N', slug: 'noah-n', status: 'APPROVED', privacy: 'PUBLIC', activity: 'ACTIVE', phones: ['+81-3-5550-0110', '+81-90-5550-0110'], city: 'Tokyo', title: 'Moderator', createdDaysAgo: 30, lastLoginDaysAgo: 2 },
  { n: 11, first: 'Joanna', last: 'Jones', email: 'joanna@storefront.test', nickname: 'Joanna J', slug: 'joanna-j', status: 'APPROVED', privacy: 'PUBLIC', activity: 'ACTIVE', city: 'London', title: 'Regular', createdDaysAgo: 25, lastLoginDaysAgo: 4 },
  { n: 12, first: 'Zoe', last: 'Zimmer', email: 'zoe@storefront.test', nickname: 'Zoe Z', slug: 'zoe-z', status: 'APPROVED', privacy: 'PRIVATE', activity: 'MUTED', createdDaysAgo: 20 },
];

const seededAddressId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const CITY_ADDRESS: Record<string, MemberAddress> = {
  'New York': {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    addressLine: '235 W 23rd St',
    postalCode: '10011',
  },
  Boston: { country: 'US', subdivision: 'US-MA', city: 'Boston', addressLine: '1 Beacon St', postalCode: '02108' },
  Oslo: { country: 'NO', city: 'Oslo', addressLine: 'Karl Johans gate 1', postalCode: '0154' },
  Paris: { country: 'FR', city: 'Paris', addressLine: '10 Rue de Rivoli', postalCode: '75004' },
  Amsterdam: { country: 'NL', city: 'Amsterdam', addressLine: 'Damrak 1', postalCode: '1012 LG' },
  Tokyo: { country: 'JP', city: 'Tokyo', addressLine: '1-1 Marunouchi', postalCode: '100-0005' },
  London: { country: 'GB', city: 'London', addressLine: '10 Downing St', postalCode: 'SW1A 2AA' },
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

export async function seedMembers({ db, now, options }: SeedContext): Promise<void> {
  const demo = await putMember(db, {
    id: DEMO_MEMBER.id,
    email: options.memberEmail,
    password: options.memberPassword,
    loginEmailVerified: true,
    contact: {
      firstName: 'Dana',
      lastName: 'Demo',
      phones: ['+1-555-0100'],
      addresses: [{ id: seededAddressId(1), ...CITY_ADDRESS['New York'] }],
    },
    profile: { nickname: 'Dana Demo', slug: 'dana-demo', title: 'Regular' },
    now: daysBefore(now, 90),
  });
  db.put(MEMBERS, demo.id, { ...demo, lastLoginDate: daysBefore(now, 1).toISOString() });
  for (const s of SEEDED_MEMBERS) {
    const m = await putMember(db, {
      id: memberId(s.n),
      email: s.email,
      password: s.password,
      status: s.status,
      privacyStatus: s.privacy,
      activityStatus: s.activity,
      loginEmailVerified: s.status !== 'PENDING',
      contact: {
        firstName: s.first,
        lastName: s.last,
        phones: s.phones ?? [],
        emails: [s.email],
        addresses: s.city ? [{ id: seededAddressId(s.n), ...CITY_ADDRESS[s.city] }] : [],
      },
      profile: { nickname: s.nickname, slug: s.slug, ...(s.title ? { title: s.title } : {}) },
      now: daysBefore(now, s.createdDaysAgo),
    });
    if (s.lastLoginDaysAgo !== undefined) {
      db.put(MEMBERS, m.id, { ...m, lastLoginDate: daysBefore(now, s.lastLoginDaysAgo).toISOString() });
    }
  }
}

/**
 * The one-time tokens the spec's examples spend (ids.ts): a login of the pending member
 * waiting for its e-mailed code, and a recovery e-mail to Joel, each with its e-mail in the
 * outbox. They last a day from the seed; a reset makes them new.
 */
export function seedWaitingTokens({ db, now }: SeedContext): void {
  const expiresAt = now.getTime() + RECOVERY_TTL_MS;
  const sentDate = now.toISOString();
  const email = (id: string) => identityMember(db, id).loginEmail;
  db.put(AUTH_STATES, AUTH_STATE.token, {
    id: AUTH_STATE.token,
    memberId: AUTH_STATE.memberId,
    step: 'EMAIL_VERIFICATION',
    code: AUTH_STATE.code,
    expiresAt,
  });
  db.put('outbox', AUTH_STATE.token, {
    id: AUTH_STATE.token,
    to: email(AUTH_STATE.memberId),
    kind: 'verification',
    subject: 'Your verification code',
    text: `Your verification code is ${AUTH_STATE.code}.`,
    data: { code: AUTH_STATE.code, stateToken: AUTH_STATE.token },
    sentDate,
  });
  db.put(RECOVERY_TOKENS, RECOVERY.token, {
    id: RECOVERY.token,
    memberId: RECOVERY.memberId,
    kind: 'recovery',
    expiresAt,
  });
  db.put('outbox', RECOVERY.token, {
    id: RECOVERY.token,
    to: email(RECOVERY.memberId),
    kind: 'recovery',
    subject: 'Reset your password',
    text: `Reset your password with the recovery token ${RECOVERY.token}.`,
    data: { recoveryToken: RECOVERY.token },
    sentDate,
  });
}
