/**
 * Site members (`/members/v1/members...`): seeded members in every status, privacy and activity
 * state, and the 24 operations of the members API. Records and credentials live in
 * member-store.ts (shared with identity, which registers and logs members in).
 *
 * Rules, as the provider documents them:
 * - Fieldsets decide which fields come back: PUBLIC = id, contactId, profile and dates, with
 *   status, privacyStatus and activityStatus answered as UNKNOWN; EXTENDED adds loginEmail and
 *   the three statuses; FULL is everything (contact, loginEmailVerified, lastLoginDate). The
 *   widest fieldset asked for wins; the default is PUBLIC.
 * - Visibility: an elevated caller sees every member at any fieldset; a member sees itself at
 *   any fieldset; everyone else sees PUBLIC-privacy members only, at the PUBLIC fieldset (a
 *   private member answers 404 as an unknown one does). Filters and searches of non-elevated
 *   callers run over what they may see, so a visitor cannot probe hidden fields.
 * - Status: approve PENDING or BLOCKED -> APPROVED; block -> BLOCKED (sessions end);
 *   disconnect -> OFFLINE (sessions end, irreversible: approve and block refuse an OFFLINE
 *   member). Mute/unmute set activityStatus MUTED/ACTIVE. Join/leave the community set
 *   privacyStatus PUBLIC/PRIVATE. A change that changes nothing emits no event.
 * - Update merges the fields given: "" clears a text field, a non-empty array replaces the
 *   whole list (an empty one does nothing: the delete-phones/e-mails/addresses calls clear
 *   them), loginEmail is immutable, and status, activityStatus and profile.slug change only
 *   through their own calls.
 * - Every change emits `wix.members.v1.member` created / updated / deleted.
 */
import { appError, badRequest, conflict, notFound, validationError, type Violation } from '../platform/errors.ts';
import { entityEvent } from '../platform/events.ts';
import type { SandboxModule, SeedContext } from '../platform/module.ts';
import { matches, queryOffset, type Filter, type SortSpec } from '../query-engine.ts';
import { revokeMemberTokens } from '../platform/tokens.ts';
import type { components } from '../../../generated/types/members.ts';
import type { ContextOf, OperationContext, SandboxHandlers } from '../platform/types.ts';
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import { memberId } from '../seed/ids.ts';
import {
  MEMBER_FQDN,
  DEMO_MEMBER_ID,
  deleteMemberRecord,
  findMemberByEmail,
  MEMBERS,
  putMember,
  type ActivityStatus,
  type MemberRecord,
  type MemberStatus,
  type PrivacyStatus,
} from './member-store.ts';

type Schemas = components['schemas'];
/** A member as the spec describes it: what callers are shown and what a create or an update carries. */
type Member = Schemas['Member'];
type MemberAddress = Schemas['MemberAddress'];

/** Completed bulk-by-filter jobs (the provider runs them asynchronously; the sandbox at once). */
export const MEMBER_JOBS = 'memberJobs';

declare module '../platform/types.ts' {
  interface Collections {
    /** Bulk member jobs (bulk delete, approve, block). */
    memberJobs: Entity;
  }
}

// ---------- seed ----------

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
export const SEEDED_MEMBERS: {
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
  'New York': { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '235 W 23rd St', postalCode: '10011' },
  Boston: { country: 'US', subdivision: 'US-MA', city: 'Boston', addressLine: '1 Beacon St', postalCode: '02108' },
  Oslo: { country: 'NO', city: 'Oslo', addressLine: 'Karl Johans gate 1', postalCode: '0154' },
  Paris: { country: 'FR', city: 'Paris', addressLine: '10 Rue de Rivoli', postalCode: '75004' },
  Amsterdam: { country: 'NL', city: 'Amsterdam', addressLine: 'Damrak 1', postalCode: '1012 LG' },
  Tokyo: { country: 'JP', city: 'Tokyo', addressLine: '1-1 Marunouchi', postalCode: '100-0005' },
  London: { country: 'GB', city: 'London', addressLine: '10 Downing St', postalCode: 'SW1A 2AA' },
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

async function seedMembers({ db, now, options }: SeedContext): Promise<void> {
  const demo = await putMember(db, {
    id: DEMO_MEMBER_ID,
    email: options.memberEmail,
    password: options.memberPassword,
    loginEmailVerified: true,
    contact: { firstName: 'Dana', lastName: 'Demo', phones: ['+1-555-0100'], addresses: [{ id: seededAddressId(1), ...CITY_ADDRESS['New York'] }] },
    profile: { nickname: 'Dana Demo', slug: 'dana-demo', title: 'Regular' },
    now: daysBefore(now, 90),
  });
  db.put<MemberRecord>(MEMBERS, demo.id, { ...demo, lastLoginDate: daysBefore(now, 1).toISOString() });
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
    if (s.lastLoginDaysAgo !== undefined) db.put<MemberRecord>(MEMBERS, m.id, { ...m, lastLoginDate: daysBefore(now, s.lastLoginDaysAgo).toISOString() });
  }
}

// ---------- fieldsets and visibility ----------

type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';
const FIELDSET_RANK: Record<Fieldset, number> = { PUBLIC: 0, EXTENDED: 1, FULL: 2 };

/** The widest of the fieldsets asked for (array, single value or the legacy `fieldSet`); PUBLIC by default. */
function requestedFieldset(ctx: OperationContext): Fieldset {
  const asked = [ctx.input.fieldsets, ctx.input.fieldSet].flat().filter((f): f is Fieldset => typeof f === 'string' && f in FIELDSET_RANK);
  return asked.reduce<Fieldset>((widest, f) => (FIELDSET_RANK[f] > FIELDSET_RANK[widest] ? f : widest), 'PUBLIC');
}

/** The member as a fieldset shows it (a fresh object; the stored record is never handed out). */
function project(m: MemberRecord, fieldset: Fieldset): Member {
  if (fieldset === 'FULL') return structuredClone(m);
  const shown: Member = {
    id: m.id,
    contactId: m.contactId,
    profile: structuredClone(m.profile),
    status: 'UNKNOWN',
    privacyStatus: 'UNKNOWN',
    activityStatus: 'UNKNOWN',
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
  };
  if (fieldset === 'EXTENDED') Object.assign(shown, { loginEmail: m.loginEmail, status: m.status, privacyStatus: m.privacyStatus, activityStatus: m.activityStatus });
  return shown;
}

const isSelf = (ctx: OperationContext, m: MemberRecord) => ctx.caller.kind === 'member' && ctx.caller.memberId === m.id;

/** The widest fieldset this caller may see of `m`, or undefined when `m` is hidden from it. */
function allowedFieldset(ctx: OperationContext, m: MemberRecord): Fieldset | undefined {
  if (ctx.caller.kind === 'elevated' || isSelf(ctx, m)) return 'FULL';
  return m.privacyStatus === 'PUBLIC' ? 'PUBLIC' : undefined;
}

const narrower = (a: Fieldset, b: Fieldset): Fieldset => (FIELDSET_RANK[a] <= FIELDSET_RANK[b] ? a : b);

// ---------- lookups and changes ----------

const memberNotFound = (id: string) => notFound('Member', id);

function requireMember(ctx: OperationContext, id: string): MemberRecord {
  const m = ctx.db.get<MemberRecord>(MEMBERS, id);
  if (!m) throw memberNotFound(id);
  return m;
}

/** The calling member's own record (the `my` calls). */
function currentMember(ctx: OperationContext): MemberRecord {
  if (ctx.caller.kind !== 'member') throw appError(403, 'PERMISSION_DENIED', `${ctx.op?.operationId ?? 'This call'} requires a logged-in member`);
  return requireMember(ctx, ctx.caller.memberId);
}

function emitMember(ctx: OperationContext, slug: 'created' | 'updated' | 'deleted', m: MemberRecord): void {
  ctx.emit(entityEvent(MEMBER_FQDN, slug, m, { deletedEntity: true }));
}

/**
 * Applies `change` to a copy of the member; when anything differs, stores it with a new
 * updatedDate and emits `updated`. Answers the member as the caller (elevated or itself) sees it.
 */
function changeMember(ctx: OperationContext, m: MemberRecord, change: (draft: MemberRecord) => void): { member: Member } {
  const draft = structuredClone(m);
  change(draft);
  if (JSON.stringify(draft) === JSON.stringify(m)) return { member: project(m, 'FULL') };
  draft.updatedDate = ctx.now().toISOString();
  ctx.db.put(MEMBERS, m.id, draft);
  emitMember(ctx, 'updated', draft);
  return { member: project(draft, 'FULL') };
}

function removeMember(ctx: OperationContext, m: MemberRecord): void {
  revokeMemberTokens(ctx.db, m.id);
  deleteMemberRecord(ctx.db, m.id);
  emitMember(ctx, 'deleted', m);
}

/** A disconnected member stays OFFLINE: the provider has no way back (create a new member instead). */
function refuseOffline(m: MemberRecord, action: string): void {
  if (m.status === 'OFFLINE') {
    throw conflict('MEMBER_DISCONNECTED', `Member ${m.id} is disconnected (OFFLINE) and cannot be ${action}`, { memberId: m.id });
  }
}

const STATUS_CHANGES = {
  approve(ctx: OperationContext, m: MemberRecord) {
    refuseOffline(m, 'approved');
    return changeMember(ctx, m, (d) => void (d.status = 'APPROVED'));
  },
  block(ctx: OperationContext, m: MemberRecord) {
    refuseOffline(m, 'blocked');
    revokeMemberTokens(ctx.db, m.id);
    return changeMember(ctx, m, (d) => void (d.status = 'BLOCKED'));
  },
  disconnect(ctx: OperationContext, m: MemberRecord) {
    revokeMemberTokens(ctx.db, m.id);
    return changeMember(ctx, m, (d) => void (d.status = 'OFFLINE'));
  },
};

// ---------- slugs ----------

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Throws unless `slug` is well formed and no other member has it. */
function checkSlug(ctx: OperationContext, slug: string, field: string, memberId?: string): void {
  if (!SLUG_PATTERN.test(slug)) {
    throw validationError([{ field, description: 'must be lower-case letters and digits, words joined by single hyphens', violatedRule: 'FORMAT' }]);
  }
  if (ctx.db.list(MEMBERS, { 'profile.slug': slug }).some((other) => other.id !== memberId)) {
    throw conflict('SLUG_ALREADY_EXISTS', `The slug "${slug}" is already used by another member`, { slug });
  }
}

function setSlug(ctx: OperationContext, m: MemberRecord, slug: string): { member: Member } {
  checkSlug(ctx, slug, 'slug', m.id);
  return changeMember(ctx, m, (d) => void (d.profile = { ...d.profile, slug }));
}

// ---------- queries ----------

/** Fields the provider's member search looks in; the default is the nickname. */
const SEARCH_FIELDS = ['loginEmail', 'contact.firstName', 'contact.lastName', 'profile.title', 'profile.nickname', 'profile.slug'];

function searchFilter(search: Schemas['Search'] | undefined): Filter | undefined {
  const expression = typeof search?.expression === 'string' ? search.expression.trim() : '';
  if (!expression) return undefined;
  const fields: string[] = search?.fields?.length ? search.fields : ['profile.nickname'];
  const unknown = fields.map((f, i) => ({ f, i })).filter(({ f }) => !SEARCH_FIELDS.includes(f));
  if (unknown.length) {
    throw validationError(unknown.map(({ i }) => ({ field: `search.fields[${i}]`, description: `must be one of ${SEARCH_FIELDS.join(', ')}`, violatedRule: 'INVALID_ENUM_VALUE' })));
  }
  return { $or: fields.map((f) => ({ [f]: { $contains: expression } })) };
}

interface MemberQuery {
  filter?: Filter | null;
  sorting?: SortSpec[];
  paging?: { limit?: number; offset?: number };
}

/**
 * The members a caller may see, filtered (over what it may see of each), searched, sorted and
 * paged, each shown at the fieldset asked for, narrowed to what the caller may see.
 */
function findMembers(ctx: OperationContext, q: MemberQuery, search?: Schemas['Search']) {
  const wanted = requestedFieldset(ctx);
  const shownAs = new Map<Member, Member>();
  for (const m of ctx.db.list<MemberRecord>(MEMBERS)) {
    const allowed = allowedFieldset(ctx, m);
    if (!allowed) continue;
    // What the query engine filters and sorts: everything the caller may see of this member.
    const view = ctx.caller.kind === 'elevated' ? m : project(m, allowed);
    shownAs.set(view, project(m, narrower(wanted, allowed)));
  }
  const searched = searchFilter(search);
  const filter = searched ? { $and: [q.filter ?? {}, searched] } : q.filter;
  const page = queryOffset([...shownAs.keys()], { filter, sort: q.sorting, paging: q.paging }, 50);
  return { members: page.items.map((v) => shownAs.get(v)!), metadata: page.metadata };
}

/** The stored members a bulk-by-filter call acts on (elevated: over the whole record). */
function membersByFilter(ctx: OperationContext, filter: Filter, search?: Schemas['Search']): MemberRecord[] {
  const searched = searchFilter(search);
  const all = ctx.db.list<MemberRecord>(MEMBERS);
  return all.filter((m) => matches(m, filter) && (!searched || matches(m, searched)));
}

type BulkKind = 'BULK_DELETE' | 'BULK_APPROVE' | 'BULK_BLOCK';

/** Runs a bulk-by-filter job to completion and records it with its counts; answers the job id. */
function runJob(ctx: OperationContext, kind: BulkKind, targets: MemberRecord[], act: (m: MemberRecord) => void): { jobId: string } {
  const jobId = ctx.newId();
  const failures: { id: string; code: string; description: string }[] = [];
  for (const m of targets) {
    try {
      act(m);
    } catch (err) {
      const body = (err as { body?: { message?: string; details?: { applicationError?: { code?: string } } } }).body;
      failures.push({ id: m.id, code: body?.details?.applicationError?.code ?? 'INTERNAL', description: body?.message ?? String(err) });
    }
  }
  const at = ctx.now().toISOString();
  ctx.db.put(MEMBER_JOBS, jobId, {
    id: jobId,
    kind,
    status: 'COMPLETED',
    filter: ctx.input.filter,
    createdDate: at,
    completedDate: at,
    counts: { total: targets.length, succeeded: targets.length - failures.length, failed: failures.length },
    failures,
  });
  return { jobId };
}

// ---------- create and update ----------

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function withAddressIds(ctx: OperationContext, addresses: MemberAddress[]): MemberAddress[] {
  return addresses.map((a) => (a.id ? a : { id: ctx.newId(), ...a }));
}

/** Fields updateMember does not change: immutable, or changed only through their own calls. */
const NOT_BY_UPDATE: { field: string; read: (m: Member) => unknown; why: string }[] = [
  { field: 'member.loginEmail', read: (m) => m.loginEmail?.toLowerCase(), why: 'is immutable' },
  { field: 'member.status', read: (m) => m.status, why: 'changes only through approveMember, blockMember and disconnectMember' },
  { field: 'member.activityStatus', read: (m) => m.activityStatus, why: 'changes only through muteMember and unmuteMember' },
  { field: 'member.profile.slug', read: (m) => m.profile?.slug, why: 'changes only through updateMemberSlug' },
];
const CONTACT_TEXT = ['firstName', 'lastName', 'birthdate', 'company', 'jobTitle'] as const;
const PROFILE_TEXT = ['nickname', 'title'] as const;

/** Merges the given fields of `patch` into the stored member (the provider's update semantics). */
function mergeMember(ctx: OperationContext, d: MemberRecord, patch: Member): void {
  const contact = patch.contact ?? {};
  const dc = d.contact;
  for (const k of CONTACT_TEXT) {
    if (contact[k] === '') delete dc[k];
    else if (contact[k] !== undefined) dc[k] = contact[k];
  }
  // A list replaces the stored one only when it has entries.
  if (contact.phones?.length) dc.phones = contact.phones;
  if (contact.emails?.length) dc.emails = contact.emails;
  if (contact.addresses?.length) dc.addresses = withAddressIds(ctx, contact.addresses);
  if (contact.customFields) dc.customFields = { ...dc.customFields, ...contact.customFields };
  const profile = patch.profile ?? {};
  const dp = d.profile;
  for (const k of PROFILE_TEXT) {
    if (profile[k] === '') delete dp[k];
    else if (profile[k] !== undefined) dp[k] = profile[k];
  }
  for (const k of ['photo', 'cover'] as const) if (profile[k] !== undefined) dp[k] = profile[k];
  if (patch.privacyStatus !== undefined) d.privacyStatus = patch.privacyStatus;
}

function checkUpdate(m: MemberRecord, patch: Member): void {
  const violations: Violation[] = NOT_BY_UPDATE.filter(({ read }) => {
    const given = read(patch);
    return given !== undefined && given !== read(m);
  }).map(({ field, why }) => ({ field, description: why, violatedRule: 'FIELD_NOT_ALLOWED' }));
  if (patch.privacyStatus === 'UNKNOWN') violations.push({ field: 'member.privacyStatus', description: 'must be PUBLIC or PRIVATE', violatedRule: 'INVALID_ENUM_VALUE' });
  if (violations.length) throw validationError(violations);
}

async function createMember(ctx: OperationContext): Promise<{ member: Member }> {
  const input: Member = ctx.input.member ?? {};
  const email = typeof input.loginEmail === 'string' ? input.loginEmail.trim() : '';
  if (!email) throw validationError([{ field: 'member.loginEmail', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  if (!EMAIL_PATTERN.test(email)) throw validationError([{ field: 'member.loginEmail', description: 'must be an e-mail address', violatedRule: 'FORMAT' }]);
  if (findMemberByEmail(ctx.db, email)) {
    throw conflict('EMAIL_ALREADY_EXISTS', `A member with the login e-mail ${email} already exists`, { loginEmail: email });
  }
  if (input.privacyStatus === 'UNKNOWN') throw validationError([{ field: 'member.privacyStatus', description: 'must be PUBLIC or PRIVATE', violatedRule: 'INVALID_ENUM_VALUE' }]);
  if (input.profile?.slug !== undefined) checkSlug(ctx, input.profile.slug, 'member.profile.slug');
  const contact: Schemas['Contact'] = { ...input.contact };
  if (Array.isArray(contact.addresses)) contact.addresses = withAddressIds(ctx, contact.addresses);
  if (!contact.emails?.length) contact.emails = [email];
  const m = await putMember(ctx.db, {
    id: ctx.newId(),
    email,
    // A sandbox convenience beside the provider's body: `password` lets tests log the new member in.
    password: typeof ctx.input.password === 'string' ? ctx.input.password : undefined,
    privacyStatus: input.privacyStatus,
    contact,
    profile: input.profile,
    now: ctx.now(),
  });
  emitMember(ctx, 'created', m);
  return { member: project(m, 'FULL') };
}

function requireContentAssignee(ctx: OperationContext<'members.deleteMyMember'>, deletedId: string): void {
  const assignee = ctx.input.contentAssigneeId;
  if (assignee === undefined || assignee === '') return;
  if (assignee === deletedId || !ctx.db.get(MEMBERS, assignee)) {
    throw badRequest('INVALID_CONTENT_ASSIGNEE', `contentAssigneeId ${assignee} is not another member of this site`, { contentAssigneeId: assignee });
  }
}

// ---------- the module ----------

/** The member the operation's `id` path parameter names. */
const byId = (ctx: ContextOf<{ id: string }, OperationDescriptor>) => requireMember(ctx, ctx.input.id);

export const membersModule: SandboxModule = {
  name: 'members',
  seed: seedMembers,
  handlers: {
    // ---------- reads ----------
    'members.getMember': (ctx) => {
      const m = ctx.db.get<MemberRecord>(MEMBERS, ctx.input.id);
      const allowed = m && allowedFieldset(ctx, m);
      if (!m || !allowed) throw memberNotFound(ctx.input.id);
      return { member: project(m, narrower(requestedFieldset(ctx), allowed)) };
    },
    'members.getCurrentMember': (ctx) => ({ member: project(currentMember(ctx), requestedFieldset(ctx)) }),
    'members.listMembers': (ctx) => findMembers(ctx, { sorting: ctx.input.sorting, paging: ctx.input.paging }),
    'members.queryMembers': (ctx) => findMembers(ctx, ctx.input.query ?? {}, ctx.input.search),

    // ---------- the calling member ----------
    'members.updateCurrentMemberSlug': (ctx) => setSlug(ctx, currentMember(ctx), ctx.input.slug),
    'members.joinCommunity': (ctx) => changeMember(ctx, currentMember(ctx), (d) => void (d.privacyStatus = 'PUBLIC')),
    'members.leaveCommunity': (ctx) => changeMember(ctx, currentMember(ctx), (d) => void (d.privacyStatus = 'PRIVATE')),
    'members.deleteMyMember': (ctx) => {
      const m = currentMember(ctx);
      requireContentAssignee(ctx, m.id);
      removeMember(ctx, m);
      return {};
    },

    // ---------- elevated ----------
    'members.createMember': createMember,
    'members.updateMember': (ctx) => {
      const patch = ctx.input.member;
      const m = requireMember(ctx, ctx.params['member.id']);
      checkUpdate(m, patch);
      return changeMember(ctx, m, (d) => mergeMember(ctx, d, patch));
    },
    'members.updateMemberSlug': (ctx) => setSlug(ctx, byId(ctx), ctx.input.slug),
    'members.muteMember': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.activityStatus = 'MUTED')),
    'members.unmuteMember': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.activityStatus = 'ACTIVE')),
    'members.approveMember': (ctx) => STATUS_CHANGES.approve(ctx, byId(ctx)),
    'members.blockMember': (ctx) => STATUS_CHANGES.block(ctx, byId(ctx)),
    'members.disconnectMember': (ctx) => STATUS_CHANGES.disconnect(ctx, byId(ctx)),
    'members.deleteMember': (ctx) => {
      removeMember(ctx, byId(ctx));
      return {};
    },
    'members.deleteMemberPhones': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.phones = [])),
    'members.deleteMemberEmails': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.emails = [])),
    'members.deleteMemberAddresses': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.addresses = [])),

    // ---------- bulk ----------
    'members.bulkDeleteMembers': (ctx) => {
      const ids: string[] = ctx.input.memberIds;
      const results = ids.map((id, originalIndex) => {
        const m = ctx.db.get<MemberRecord>(MEMBERS, id);
        if (!m) return { itemMetadata: { id, originalIndex, success: false, error: { code: 'NOT_FOUND', description: `Member ${id} not found` } } };
        removeMember(ctx, m);
        return { itemMetadata: { id, originalIndex, success: true } };
      });
      const ok = results.filter((r) => r.itemMetadata.success).length;
      return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 } };
    },
    'members.bulkDeleteMembersByFilter': (ctx) => {
      const targets = membersByFilter(ctx, ctx.input.filter, ctx.input.search);
      const assignee = ctx.input.contentAssigneeId;
      if (assignee && targets.some((m) => m.id === assignee)) {
        throw badRequest('INVALID_CONTENT_ASSIGNEE', `contentAssigneeId ${assignee} is among the members being deleted`, { contentAssigneeId: assignee });
      }
      if (assignee && !ctx.db.get(MEMBERS, assignee)) {
        throw badRequest('INVALID_CONTENT_ASSIGNEE', `contentAssigneeId ${assignee} is not another member of this site`, { contentAssigneeId: assignee });
      }
      return runJob(ctx, 'BULK_DELETE', targets, (m) => removeMember(ctx, m));
    },
    'members.bulkApproveMembers': (ctx) => runJob(ctx, 'BULK_APPROVE', membersByFilter(ctx, ctx.input.filter), (m) => STATUS_CHANGES.approve(ctx, m)),
    'members.bulkBlockMembers': (ctx) => runJob(ctx, 'BULK_BLOCK', membersByFilter(ctx, ctx.input.filter), (m) => STATUS_CHANGES.block(ctx, m)),
  } satisfies SandboxHandlers<'members'>,
};
