/**
 * The members' rules, as the provider documents them:
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
import type { components } from '../../../../generated/types/members.ts';
import {
  badRequest,
  conflict,
  notFound,
  SandboxError,
  validationError,
  type Violation,
} from '../../platform/errors.ts';
import { entityEvent } from '../../platform/events.ts';
import { revokeMemberTokens } from '../../platform/tokens.ts';
import type { Caller, Db, JsonObject } from '../../platform/types.ts';
import { matches, queryOffset, type Filter, type SortSpec } from '../../platform/query-engine.ts';
import type { DomainContext } from '../context.ts';
import { EMAIL_VIOLATIONS, emailProblem, normaliseEmail } from '../identity/email.ts';
import {
  deleteMemberRecord,
  findMemberByEmail,
  MEMBER_FQDN,
  MEMBERS,
  nicknameViolation,
  putMember,
  type MemberRecord,
} from './member-records.ts';

type Schemas = components['schemas'];
/** A member as the spec describes it: what callers are shown and what a create or an update carries. */
export type Member = Schemas['Member'];
type MemberAddress = Schemas['MemberAddress'];

/** Completed bulk-by-filter jobs (the provider runs them asynchronously; the sandbox at once). */
export const MEMBER_JOBS = 'memberJobs';

export type BulkKind = 'BULK_DELETE' | 'BULK_APPROVE' | 'BULK_BLOCK';

/** A bulk-by-filter job, recorded complete with its counts and the members it failed on. */
export interface MemberJobRecord extends JsonObject {
  id: string;
  kind: BulkKind;
  status: 'COMPLETED';
  filter: Filter;
  createdDate: string;
  completedDate: string;
  counts: { total: number; succeeded: number; failed: number };
  failures: { id: string; code: string; description: string }[];
}

declare module '../../platform/types.ts' {
  interface Collections {
    /** Bulk member jobs (bulk delete, approve, block). */
    memberJobs: MemberJobRecord;
  }
}

// ---------- fieldsets and visibility ----------

export type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';
const FIELDSET_RANK: Record<Fieldset, number> = { PUBLIC: 0, EXTENDED: 1, FULL: 2 };

/** The widest of the fieldsets asked for (array, single value or the legacy `fieldSet`); PUBLIC by default. */
export function widestFieldset(asked: unknown[]): Fieldset {
  const known = asked.flat().filter((f): f is Fieldset => typeof f === 'string' && f in FIELDSET_RANK);
  return known.reduce<Fieldset>((widest, f) => (FIELDSET_RANK[f] > FIELDSET_RANK[widest] ? f : widest), 'PUBLIC');
}

/** The member as a fieldset shows it (a fresh object; the stored record is never handed out). */
export function project(m: MemberRecord, fieldset: Fieldset): Member {
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
  if (fieldset === 'EXTENDED') {
    Object.assign(shown, {
      loginEmail: m.loginEmail,
      status: m.status,
      privacyStatus: m.privacyStatus,
      activityStatus: m.activityStatus,
    });
  }
  return shown;
}

/** The widest fieldset `viewer` may see of `m`, or undefined when `m` is hidden from it. */
function allowedFieldset(viewer: Caller, m: MemberRecord): Fieldset | undefined {
  if (viewer.kind === 'elevated' || (viewer.kind === 'member' && viewer.memberId === m.id)) return 'FULL';
  return m.privacyStatus === 'PUBLIC' ? 'PUBLIC' : undefined;
}

const narrower = (a: Fieldset, b: Fieldset): Fieldset => (FIELDSET_RANK[a] <= FIELDSET_RANK[b] ? a : b);

/** The member `id` as `viewer` may see it at the fieldset asked for; a hidden member is not found. */
export function viewMember(db: Db, viewer: Caller, id: string, wanted: Fieldset): Member {
  const m = db.get(MEMBERS, id);
  const allowed = m && allowedFieldset(viewer, m);
  if (!m || !allowed) throw memberNotFound(id);
  return project(m, narrower(wanted, allowed));
}

// ---------- lookups and changes ----------

const memberNotFound = (id: string) => notFound('Member', id);

export function requireMember(db: Db, id: string): MemberRecord {
  const m = db.get(MEMBERS, id);
  if (!m) throw memberNotFound(id);
  return m;
}

function emitMember(ctx: DomainContext, slug: 'created' | 'updated' | 'deleted', m: MemberRecord): void {
  ctx.emit(entityEvent(MEMBER_FQDN, slug, m, { deletedEntity: true }));
}

/**
 * Applies `change` to a copy of the member; when anything differs, stores it with a new
 * updatedDate and emits `updated`. Answers the member as the caller (elevated or itself) sees it.
 */
export function changeMember(
  ctx: DomainContext,
  m: MemberRecord,
  change: (draft: MemberRecord) => void,
): { member: Member } {
  const draft = structuredClone(m);
  change(draft);
  if (JSON.stringify(draft) === JSON.stringify(m)) return { member: project(m, 'FULL') };
  draft.updatedDate = ctx.now().toISOString();
  ctx.db.put(MEMBERS, m.id, draft);
  emitMember(ctx, 'updated', draft);
  return { member: project(draft, 'FULL') };
}

export function removeMember(ctx: DomainContext, m: MemberRecord): void {
  revokeMemberTokens(ctx.db, m.id, ctx.now());
  deleteMemberRecord(ctx.db, m.id);
  emitMember(ctx, 'deleted', m);
}

/** A disconnected member stays OFFLINE: the provider has no way back (create a new member instead). */
function refuseOffline(m: MemberRecord, action: string): void {
  if (m.status === 'OFFLINE') {
    throw conflict('MEMBER_DISCONNECTED', `Member ${m.id} is disconnected (OFFLINE) and cannot be ${action}`, {
      memberId: m.id,
    });
  }
}

export function approveMember(ctx: DomainContext, m: MemberRecord) {
  refuseOffline(m, 'approved');
  return changeMember(ctx, m, (d) => void (d.status = 'APPROVED'));
}

export function blockMember(ctx: DomainContext, m: MemberRecord) {
  refuseOffline(m, 'blocked');
  revokeMemberTokens(ctx.db, m.id, ctx.now());
  return changeMember(ctx, m, (d) => void (d.status = 'BLOCKED'));
}

export function disconnectMember(ctx: DomainContext, m: MemberRecord) {
  revokeMemberTokens(ctx.db, m.id, ctx.now());
  return changeMember(ctx, m, (d) => void (d.status = 'OFFLINE'));
}

// ---------- slugs ----------

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Throws unless `slug` is well formed and no other member has it. */
function checkSlug(db: Db, slug: string, field: string, memberId?: string): void {
  if (!SLUG_PATTERN.test(slug)) {
    throw validationError([
      {
        field,
        description: 'must be lower-case letters and digits, words joined by single hyphens',
        violatedRule: 'FORMAT',
      },
    ]);
  }
  if (db.list(MEMBERS, { 'profile.slug': slug }).some((other) => other.id !== memberId)) {
    throw conflict('SLUG_ALREADY_EXISTS', `The slug "${slug}" is already used by another member`, { slug });
  }
}

export function setSlug(ctx: DomainContext, m: MemberRecord, slug: string): { member: Member } {
  checkSlug(ctx.db, slug, 'slug', m.id);
  return changeMember(ctx, m, (d) => void (d.profile = { ...d.profile, slug }));
}

// ---------- queries ----------

/** Fields the provider's member search looks in; the default is the nickname. */
const SEARCH_FIELDS = [
  'loginEmail',
  'contact.firstName',
  'contact.lastName',
  'profile.title',
  'profile.nickname',
  'profile.slug',
];

function searchFilter(search: Schemas['Search'] | undefined): Filter | undefined {
  const expression = typeof search?.expression === 'string' ? search.expression.trim() : '';
  if (!expression) return undefined;
  const fields: string[] = search?.fields?.length ? search.fields : ['profile.nickname'];
  const unknown = fields.map((f, i) => ({ f, i })).filter(({ f }) => !SEARCH_FIELDS.includes(f));
  if (unknown.length) {
    throw validationError(
      unknown.map(({ i }) => ({
        field: `search.fields[${i}]`,
        description: `must be one of ${SEARCH_FIELDS.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      })),
    );
  }
  return { $or: fields.map((f) => ({ [f]: { $contains: expression } })) };
}

export interface MemberQuery {
  filter?: Filter | null;
  sorting?: SortSpec[];
  paging?: { limit?: number; offset?: number };
}

/**
 * The members `viewer` may see, filtered (over what it may see of each), searched, sorted and
 * paged, each shown at the fieldset asked for, narrowed to what the viewer may see.
 */
export function findMembers(db: Db, viewer: Caller, wanted: Fieldset, q: MemberQuery, search?: Schemas['Search']) {
  const shownAs = new Map<Member, Member>();
  for (const m of db.list(MEMBERS)) {
    const allowed = allowedFieldset(viewer, m);
    if (!allowed) continue;
    // What the query engine filters and sorts: everything the viewer may see of this member.
    const view = viewer.kind === 'elevated' ? m : project(m, allowed);
    shownAs.set(view, project(m, narrower(wanted, allowed)));
  }
  const searched = searchFilter(search);
  const filter = searched ? { $and: [q.filter ?? {}, searched] } : q.filter;
  const page = queryOffset([...shownAs.keys()], { filter, sort: q.sorting, paging: q.paging }, 50);
  return { members: page.items.map((v) => shownAs.get(v)!), metadata: page.metadata };
}

/** The stored members a bulk-by-filter call acts on (elevated: over the whole record). */
export function membersByFilter(db: Db, filter: Filter, search?: Schemas['Search']): MemberRecord[] {
  const searched = searchFilter(search);
  return db.list(MEMBERS).filter((m) => matches(m, filter) && (!searched || matches(m, searched)));
}

/** What a job records of a member it failed on: the error's application code and message. */
function failureOf(err: unknown): { code: string; description: string } {
  if (!(err instanceof SandboxError)) return { code: 'INTERNAL', description: String(err) };
  const app = err.body.details.applicationError;
  const code = app && typeof app === 'object' && 'code' in app && typeof app.code === 'string' ? app.code : 'INTERNAL';
  return { code, description: err.body.message };
}

/** Runs a bulk-by-filter job to completion and records it with its counts; answers the job id. */
export function runJob(
  ctx: DomainContext,
  kind: BulkKind,
  filter: Filter,
  targets: MemberRecord[],
  act: (m: MemberRecord) => void,
): { jobId: string } {
  const jobId = ctx.newId();
  const failures: MemberJobRecord['failures'] = [];
  for (const m of targets) {
    try {
      act(m);
    } catch (err) {
      // A refused member (a SandboxError) is a failure of the job, not of the call.
      failures.push({ id: m.id, ...failureOf(err) });
    }
  }
  const at = ctx.now().toISOString();
  ctx.db.put(MEMBER_JOBS, jobId, {
    id: jobId,
    kind,
    status: 'COMPLETED',
    filter,
    createdDate: at,
    completedDate: at,
    counts: { total: targets.length, succeeded: targets.length - failures.length, failed: failures.length },
    failures,
  });
  return { jobId };
}

/** Deletes the members a filter finds; the content assignee must be another member that stays. */
export function deleteMembersByFilter(
  ctx: DomainContext,
  filter: Filter,
  search: Schemas['Search'] | undefined,
  assignee: string | undefined,
) {
  const targets = membersByFilter(ctx.db, filter, search);
  if (assignee && targets.some((m) => m.id === assignee)) {
    throw badRequest('INVALID_CONTENT_ASSIGNEE', `contentAssigneeId ${assignee} is among the members being deleted`, {
      contentAssigneeId: assignee,
    });
  }
  if (assignee && !ctx.db.get(MEMBERS, assignee)) throw notAnotherMember(assignee);
  return runJob(ctx, 'BULK_DELETE', filter, targets, (m) => removeMember(ctx, m));
}

const notAnotherMember = (assignee: string) =>
  badRequest('INVALID_CONTENT_ASSIGNEE', `contentAssigneeId ${assignee} is not another member of this site`, {
    contentAssigneeId: assignee,
  });

/** A member deleting itself may hand its content to another member of the site. */
export function deleteOwnMember(ctx: DomainContext, m: MemberRecord, assignee: string | undefined): void {
  if (assignee !== undefined && assignee !== '' && (assignee === m.id || !ctx.db.get(MEMBERS, assignee))) {
    throw notAnotherMember(assignee);
  }
  removeMember(ctx, m);
}

// ---------- create and update ----------

function withAddressIds(ctx: DomainContext, addresses: MemberAddress[]): MemberAddress[] {
  return addresses.map((a) => (a.id ? a : { id: ctx.newId(), ...a }));
}

/** Fields updateMember does not change: immutable, or changed only through their own calls. */
const NOT_BY_UPDATE: { field: string; read: (m: Member) => unknown; why: string }[] = [
  {
    field: 'member.loginEmail',
    read: (m) => (typeof m.loginEmail === 'string' ? normaliseEmail(m.loginEmail) : m.loginEmail),
    why: 'is immutable',
  },
  {
    field: 'member.status',
    read: (m) => m.status,
    why: 'changes only through approveMember, blockMember and disconnectMember',
  },
  {
    field: 'member.activityStatus',
    read: (m) => m.activityStatus,
    why: 'changes only through muteMember and unmuteMember',
  },
  { field: 'member.profile.slug', read: (m) => m.profile?.slug, why: 'changes only through updateMemberSlug' },
];
const CONTACT_TEXT = ['firstName', 'lastName', 'birthdate', 'company', 'jobTitle'] as const;
const PROFILE_TEXT = ['nickname', 'title'] as const;

const UNKNOWN_PRIVACY: Violation = {
  field: 'member.privacyStatus',
  description: 'must be PUBLIC or PRIVATE',
  violatedRule: 'INVALID_ENUM_VALUE',
};

/** Merges the given fields of `patch` into the stored member (the provider's update semantics). */
function mergeMember(ctx: DomainContext, d: MemberRecord, patch: Member): void {
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

/** Updates a member with the fields `patch` gives; refuses those an update may not change. */
export function updateMember(ctx: DomainContext, m: MemberRecord, patch: Member): { member: Member } {
  const violations: Violation[] = NOT_BY_UPDATE.filter(({ read }) => {
    const given = read(patch);
    return given !== undefined && given !== read(m);
  }).map(({ field, why }) => ({ field, description: why, violatedRule: 'FIELD_NOT_ALLOWED' }));
  if (patch.privacyStatus === 'UNKNOWN') violations.push(UNKNOWN_PRIVACY);
  const nickname = nicknameViolation(patch.profile?.nickname, 'member.profile.nickname');
  if (nickname) violations.push(nickname);
  if (violations.length) throw validationError(violations);
  return changeMember(ctx, m, (d) => mergeMember(ctx, d, patch));
}

/** Creates a member (with a password when given, so it can log in); the login e-mail must be new. */
export async function createMember(
  ctx: DomainContext,
  input: Member,
  password: string | undefined,
): Promise<{ member: Member }> {
  const email = typeof input.loginEmail === 'string' ? input.loginEmail.trim() : '';
  if (!email) {
    throw validationError([{ field: 'member.loginEmail', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  const problem = emailProblem(email);
  if (problem === 'format') {
    throw validationError([
      { field: 'member.loginEmail', description: 'must be an e-mail address', violatedRule: 'FORMAT' },
    ]);
  }
  if (problem) throw validationError([{ field: 'member.loginEmail', ...EMAIL_VIOLATIONS[problem] }]);
  if (findMemberByEmail(ctx.db, email)) {
    throw conflict('EMAIL_ALREADY_EXISTS', `A member with the login e-mail ${email} already exists`, {
      loginEmail: email,
    });
  }
  if (input.privacyStatus === 'UNKNOWN') throw validationError([UNKNOWN_PRIVACY]);
  const nickname = nicknameViolation(input.profile?.nickname, 'member.profile.nickname');
  if (nickname) throw validationError([nickname]);
  if (input.profile?.slug !== undefined) checkSlug(ctx.db, input.profile.slug, 'member.profile.slug');
  const contact: Schemas['Contact'] = { ...input.contact };
  if (Array.isArray(contact.addresses)) contact.addresses = withAddressIds(ctx, contact.addresses);
  if (!contact.emails?.length) contact.emails = [email];
  const m = await putMember(ctx.db, {
    id: ctx.newId(),
    email,
    password,
    privacyStatus: input.privacyStatus,
    contact,
    profile: input.profile,
    now: ctx.now(),
  });
  emitMember(ctx, 'created', m);
  return { member: project(m, 'FULL') };
}
