/**
 * The sandbox's members through the project's own client over real HTTP: the seeded members,
 * fieldsets and visibility, list and query (filter, search, sort, paging metadata), every
 * change read back, the events, and the rule-breaking inputs that answer a provider-format
 * error and leave the state export exactly as it was.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, ApplicationError, ClientError, createClient, LoginState, members, OAuthStrategy, withDirectLogin, withExternalLogin, ValidationError } from '../../../src/index.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();

const DEMO = '6a8c2f6e-0000-4000-8000-000000000001';
const seeded = (n: number) => `6a8c2f6e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AVA = seeded(2); // APPROVED, PUBLIC, ACTIVE
const PIA = seeded(4); // PENDING, PRIVATE
const OSCAR = seeded(5); // OFFLINE, PUBLIC
const MIA = seeded(6); // APPROVED, PUBLIC, MUTED
const JOEL = seeded(7); // APPROVED, PRIVATE
const PAUL = seeded(8); // PENDING, PUBLIC
const NOAH = seeded(10); // APPROVED, PUBLIC, two phones

const admin = () => createClient({ modules: { members }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: 'sandbox-site' }), host: s.current.url });
const visitor = () => createClient({ modules: { members }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host: s.current.url });

/** A client logged in as `memberId` (authorized_client grant), and its raw access token. */
async function asMember(memberId: string) {
  const auth = withExternalLogin(OAuthStrategy({ clientId: CLIENT_ID }));
  const kit = createClient({ modules: { members }, auth, host: s.current.url });
  auth.setTokens(await auth.getMemberTokensForExternalLogin(memberId, API_KEY));
  return { kit, token: auth.getTokens().accessToken.value };
}

/** The state export without the tokens collection (every call as a visitor mints tokens). */
async function state() {
  const st = (await call(s.current.url, 'GET', '/__sandbox/state')).body;
  delete st.collections.tokens;
  return st;
}

async function memberEvents(entityId: string): Promise<string[]> {
  const { events } = (await call(s.current.url, 'GET', '/__sandbox/events?entityFqdn=wix.members.v1.member')).body;
  return events.filter((e: { entityId: string }) => e.entityId === entityId).map((e: { slug: string }) => e.slug);
}

let counter = 0;
/** A new member (APPROVED, PUBLIC) created by the admin, with a unique e-mail. */
async function newMember(extra: { company?: string; lastName?: string; privacyStatus?: 'PUBLIC' | 'PRIVATE'; nickname?: string } = {}) {
  const n = ++counter;
  const res = await admin().members.createMember({
    member: {
      loginEmail: `new.member.${n}@example.com`,
      privacyStatus: extra.privacyStatus,
      contact: { firstName: `New${n}`, lastName: extra.lastName ?? 'Member', company: extra.company, phones: [`+1-555-9${String(n).padStart(3, '0')}`], addresses: [{ country: 'US', city: 'Austin' }] },
      profile: { nickname: extra.nickname ?? `New Member ${n}` },
    },
  });
  return res.member!;
}

/** Expects `action` to fail with `expected` and to leave the state export unchanged. */
async function refusedWithoutChange(action: () => Promise<unknown>, expected: Record<string, unknown>, kind: typeof ApplicationError | typeof ValidationError = ApplicationError) {
  const before = await state();
  const err = await action().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(kind);
  expect(err).toMatchObject(expected);
  expect(await state()).toEqual(before);
  return err as ApplicationError & ValidationError;
}

/**
 * An elevated call made with a visitor or member token: the client refuses it before sending,
 * and the sandbox, asked directly over HTTP, answers 403 and changes nothing.
 */
async function elevatedRefused(local: () => Promise<unknown>, operationId: string, method: string, path: string, token: string, body?: unknown) {
  await expect(local()).rejects.toBeInstanceOf(ClientError);
  await expect(local()).rejects.toThrow(/^An elevated client is required to use elevated modules/);
  const before = await state();
  const res = await call(s.current.url, method, path, { token, body });
  expect(res.status).toBe(403);
  const description = `${operationId} requires an elevated caller (API key)`;
  expect(res.body).toEqual({ message: description, details: { applicationError: { code: 'PERMISSION_DENIED', description, data: {} } } });
  expect(await state()).toEqual(before);
}

describe('seeded members', () => {
  it('covers every status, privacy and activity value, with contacts and unique slugs', async () => {
    const all = (await admin().members.queryMembers({ query: { paging: { limit: 100 } }, fieldsets: ['FULL'] })).members!;
    expect(all.length).toBeGreaterThanOrEqual(11);
    expect(new Set(all.map((m) => m.status))).toEqual(new Set(['PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE']));
    expect(new Set(all.map((m) => m.privacyStatus))).toEqual(new Set(['PUBLIC', 'PRIVATE']));
    expect(new Set(all.map((m) => m.activityStatus))).toEqual(new Set(['ACTIVE', 'MUTED']));
    const slugs = all.map((m) => m.profile!.slug);
    expect(new Set(slugs).size).toBe(all.length);
    expect(all.every((m) => m.contact!.emails!.includes(m.loginEmail!))).toBe(true);
    expect(all.filter((m) => m.contact!.phones!.length && m.contact!.addresses!.length).length).toBeGreaterThanOrEqual(5);
    expect(all.every((m) => m.createdDate instanceof Date && m.profile!.nickname)).toBe(true);
    const demo = all.find((m) => m.id === DEMO)!;
    expect(demo).toMatchObject({ loginEmail: 'demo@storefront.test', status: 'APPROVED', privacyStatus: 'PUBLIC', profile: { slug: 'dana-demo' } });
  });

  it('keeps passwords hashed for the members that have one, never in clear', async () => {
    const { collections } = await state();
    const creds = Object.values(collections.credentials) as { id: string; email: string; hash: string }[];
    expect(creds.map((c) => c.email).sort()).toEqual(['ava@storefront.test', 'ben@storefront.test', 'demo@storefront.test', 'joel@storefront.test', 'mia@storefront.test', 'pia@storefront.test']);
    expect(JSON.stringify(collections.credentials)).not.toMatch(/password-1/);
  });
});

describe('fieldsets and visibility', () => {
  it('PUBLIC shows the profile only, EXTENDED adds login e-mail and statuses, FULL adds contact', async () => {
    const kit = admin();
    const pub = (await kit.members.getMember(NOAH)).member!;
    expect(Object.keys(pub).sort()).toEqual(['activityStatus', 'contactId', 'createdDate', 'id', 'privacyStatus', 'profile', 'status', 'updatedDate']);
    expect(pub).toMatchObject({ status: 'UNKNOWN', privacyStatus: 'UNKNOWN', activityStatus: 'UNKNOWN', profile: { nickname: 'Noah N', slug: 'noah-n' } });

    const ext = (await kit.members.getMember(NOAH, { fieldsets: ['EXTENDED'] })).member!;
    expect(ext).toMatchObject({ loginEmail: 'noah@storefront.test', status: 'APPROVED', privacyStatus: 'PUBLIC', activityStatus: 'ACTIVE' });
    expect(ext.contact).toBeUndefined();

    const full = (await kit.members.getMember(NOAH, { fieldsets: ['PUBLIC', 'FULL'] })).member!;
    expect(full.contact!.phones).toEqual(['+81-3-5550-0110', '+81-90-5550-0110']);
    expect(full.contact!.addresses![0]).toMatchObject({ city: 'Tokyo', country: 'JP', id: expect.any(String) });
    expect(full.loginEmailVerified).toBe(true);
    expect(full.lastLoginDate).toBeInstanceOf(Date);
  });

  it('visitors and other members see public members only, at the PUBLIC fieldset', async () => {
    const v = visitor();
    const seen = (await v.members.getMember(NOAH, { fieldsets: ['FULL'] })).member!;
    expect(seen.contact).toBeUndefined();
    expect(seen.loginEmail).toBeUndefined();
    expect(seen.status).toBe('UNKNOWN');
    await expect(v.members.getMember(JOEL)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', description: `Member ${JOEL} not found` });
    const { kit: ava } = await asMember(AVA);
    await expect(ava.members.getMember(JOEL)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await ava.members.getMember(MIA, { fieldsets: ['EXTENDED'] })).member!.loginEmail).toBeUndefined();
  });

  it('a member sees itself at any fieldset, private or not (getMember and getCurrentMember)', async () => {
    const { kit } = await asMember(JOEL);
    expect((await kit.members.getMember(JOEL, { fieldsets: ['FULL'] })).member!.contact!.phones).toEqual(['+31-20-555-0107']);
    const me = await kit.members.getCurrentMember({ fieldsets: ['EXTENDED'] });
    expect(me.member).toMatchObject({ id: JOEL, loginEmail: 'joel@storefront.test', privacyStatus: 'PRIVATE' });
    expect(me.member!.contact).toBeUndefined();
    expect((await kit.members.getCurrentMember()).member!.status).toBe('UNKNOWN');
    expect((await kit.members.getCurrentMember({ fieldSet: 'FULL' })).member!.contact!.firstName).toBe('Joel');
  });

  it('getCurrentMember: a visitor gets no member (an empty answer), an API key the provider error', async () => {
    await expect(admin().members.getCurrentMember()).rejects.toMatchObject({ status: 403, code: 'PERMISSION_DENIED', description: 'getCurrentMember acts on the calling visitor or member; an API key has none' });
    const asVisitor = await visitor().members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(asVisitor.member).toBeUndefined();
    expect(asVisitor).toEqual({});
  });
});

describe('list and query', () => {
  it('listMembers pages and sorts what the caller may see, with metadata that counts right', async () => {
    const everyone = (await admin().members.queryMembers({ query: { paging: { limit: 100 } }, fieldsets: ['EXTENDED'] })).members!;
    const publicOnes = everyone.filter((m) => m.privacyStatus === 'PUBLIC');

    // The client sends paging and sorting as one `.r` parameter.
    const first = await visitor().members.listMembers({ paging: { limit: 3, offset: 0 }, sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }] });
    expect(first.metadata).toEqual({ count: 3, offset: 0, total: publicOnes.length, tooManyToCount: false });
    const nicknames = publicOnes.map((m) => m.profile!.nickname!).sort((a, b) => b.localeCompare(a));
    expect(first.members!.map((m) => m.profile!.nickname)).toEqual(nicknames.slice(0, 3));
    const last = await visitor().members.listMembers({ paging: { limit: 3, offset: publicOnes.length - 1 }, sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }] });
    expect(last.metadata).toMatchObject({ count: 1, offset: publicOnes.length - 1, total: publicOnes.length });
    expect(last.members!.map((m) => m.profile!.nickname)).toEqual(nicknames.slice(-1));

    const adminList = await admin().members.listMembers({ paging: { limit: 2 }, fieldsets: ['FULL'] });
    expect(adminList.metadata!.total).toBe(everyone.length);
    expect(adminList.members![0].contact).toBeDefined();

    // The plain query-string form (dotted keys) answers the same.
    const raw = await call(s.current.url, 'GET', '/members/v1/members?paging.limit=2&paging.offset=1&fieldsets=EXTENDED', { token: API_KEY });
    expect(raw.status).toBe(200);
    expect(raw.body.metadata).toEqual({ count: 2, offset: 1, total: everyone.length, tooManyToCount: false });
    expect(raw.body.members.map((m: { id: string }) => m.id)).toEqual(everyone.slice(1, 3).map((m) => m.id));
  });

  it('queryMembers filters with the query language on nested fields and sorts on several fields', async () => {
    const kit = admin();
    const approved = await kit.members.queryMembers({ query: { filter: { status: { $eq: 'APPROVED' } }, sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }] }, fieldsets: ['EXTENDED'] });
    expect(approved.members!.every((m) => m.status === 'APPROVED')).toBe(true);
    expect(approved.metadata!.total).toBe(approved.members!.length);
    const names = approved.members!.map((m) => m.profile!.nickname!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const either = await kit.members.queryMembers({
      query: { filter: { $or: [{ status: { $in: ['PENDING', 'OFFLINE'] } }, { 'contact.firstName': { $startsWith: 'jo' } }], privacyStatus: { $ne: 'PRIVATE' } } },
      fieldsets: ['FULL'],
    });
    expect(either.members!.map((m) => m.id).sort()).toEqual([OSCAR, PAUL, seeded(11)].sort());

    const notApproved = await kit.members.queryMembers({ query: { filter: { $not: { status: 'APPROVED' }, 'contact.firstName': { $exists: true } } }, fieldsets: ['FULL'] });
    expect(notApproved.members!.length).toBeGreaterThan(0);
    expect(notApproved.members!.every((m) => m.status !== 'APPROVED' && m.contact?.firstName)).toBe(true);

    const byPrivacyThenName = await kit.members.queryMembers({
      query: { sorting: [{ fieldName: 'privacyStatus', order: 'ASC' }, { fieldName: 'profile.nickname', order: 'DESC' }], paging: { limit: 100 } },
      fieldsets: ['FULL'],
    });
    const keys = byPrivacyThenName.members!.map((m) => [m.privacyStatus!, m.profile?.nickname ?? ''] as const);
    for (let i = 1; i < keys.length; i++) {
      const [s0, n0] = keys[i - 1];
      const [s1, n1] = keys[i];
      expect(s0 < s1 || (s0 === s1 && n0.localeCompare(n1) >= 0)).toBe(true);
    }
  });

  it('searches the nickname by default and the fields asked for, case-insensitively', async () => {
    const kit = admin();
    const byNick = await kit.members.queryMembers({ search: { expression: 'noah' } });
    expect(byNick.members!.map((m) => m.id)).toEqual([NOAH]);
    const byEmail = await kit.members.queryMembers({ search: { expression: 'OSCAR@storefront', fields: ['loginEmail'] } });
    expect(byEmail.members!.map((m) => m.id)).toEqual([OSCAR]);
    const byName = await kit.members.queryMembers({ search: { expression: 'jo', fields: ['contact.firstName', 'contact.lastName'] }, query: { filter: { privacyStatus: 'PUBLIC' } } });
    expect(byName.members!.map((m) => m.id)).toEqual([seeded(11)]);
    expect(byName.metadata).toMatchObject({ count: 1, total: 1 });
    // A visitor searches and filters over what it may see: no e-mails, no private members.
    const v = visitor();
    expect((await v.members.queryMembers({ search: { expression: 'oscar@', fields: ['loginEmail'] } })).members).toEqual([]);
    expect((await v.members.queryMembers({ query: { filter: { loginEmail: 'noah@storefront.test' } } })).metadata!.total).toBe(0);
    expect((await v.members.queryMembers({ search: { expression: 'joel' } })).members).toEqual([]);
  });

  it('the query builder pages through every member with totals that count right', async () => {
    const first = await admin().members.queryMembers().ascending('profile.slug').limit(4).find();
    expect(first.items).toHaveLength(4);
    const slugs: string[] = [];
    for await (const m of first) slugs.push(m.profile!.slug!);
    expect(slugs.length).toBe(first.totalCount);
    expect(slugs).toEqual([...slugs].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses an invalid filter and an unknown search field, changing nothing', async () => {
    // @ts-expect-error a malformed filter does not compile; the sandbox refuses it too
    const err = await refusedWithoutChange(() => admin().members.queryMembers({ query: { filter: { status: { $regex: 'A.*' } } } }), { status: 400, code: 'INVALID_FILTER' });
    expect(err.description).toBe('Invalid filter on "status": unknown operator $regex');
    // @ts-expect-error a malformed filter does not compile; the sandbox refuses it too
    await refusedWithoutChange(() => visitor().members.queryMembers({ query: { filter: { $or: { status: 'APPROVED' } } } }), { status: 400, code: 'INVALID_FILTER' });
    const bad = await refusedWithoutChange(() => admin().members.queryMembers({ search: { expression: 'x', fields: ['contact.phones'] } }), {}, ValidationError);
    expect(bad.violations).toEqual([
      { field: expect.stringMatching(/search\.fields\[0\]$/), description: 'must be one of loginEmail, contact.firstName, contact.lastName, profile.title, profile.nickname, profile.slug', violatedRule: 'INVALID_ENUM_VALUE' },
    ]);
  });
});

describe('create, update and delete', () => {
  it('createMember stores a member readable at every fieldset, and emits created', async () => {
    const m = await newMember({ company: 'Acme' });
    expect(m).toMatchObject({ status: 'APPROVED', privacyStatus: 'PUBLIC', activityStatus: 'ACTIVE', loginEmailVerified: false });
    expect(m.profile!.slug).toMatch(/^new-member-\d+$/);
    const read = (await admin().members.getMember(m.id!, { fieldsets: ['FULL'] })).member!;
    expect(read.contact).toMatchObject({ company: 'Acme', emails: [m.loginEmail], addresses: [{ city: 'Austin', id: expect.any(String) }] });
    expect(read.createdDate).toEqual(m.createdDate);
    expect(await memberEvents(m.id!)).toEqual(['created']);
  });

  it('createMember with a password (sandbox convenience) stores only its hash', async () => {
    const res = await call(s.current.url, 'POST', '/members/v1/members', { token: API_KEY, body: { member: { loginEmail: 'with.password@example.com' }, password: 'secret-pass-9' } });
    expect(res.status).toBe(200);
    const cred = (await state()).collections.credentials[res.body.member.id];
    expect(cred).toMatchObject({ email: 'with.password@example.com', algorithm: 'PBKDF2-SHA256', hash: expect.any(String) });
    expect(JSON.stringify(cred)).not.toContain('secret-pass-9');
  });

  it('createMember refuses a taken e-mail (any case), a taken slug and a missing e-mail, changing nothing', async () => {
    const taken = await refusedWithoutChange(() => admin().members.createMember({ member: { loginEmail: 'Ava@StoreFront.test' } }), { status: 409, code: 'EMAIL_ALREADY_EXISTS' });
    expect(taken.description).toBe('A member with the login e-mail Ava@StoreFront.test already exists');
    await refusedWithoutChange(() => admin().members.createMember({ member: { loginEmail: 'fresh@example.com', profile: { slug: 'ava-a' } } }), {
      status: 409,
      code: 'SLUG_ALREADY_EXISTS',
      description: 'The slug "ava-a" is already used by another member',
    });
    const missing = await refusedWithoutChange(() => admin().members.createMember({ member: { profile: { nickname: 'No Mail' } } }), {}, ValidationError);
    expect(missing.violations).toEqual([{ field: expect.stringMatching(/member\.loginEmail$/), description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
    const v = visitor();
    const { kit: member, token } = await asMember(AVA);
    await elevatedRefused(() => v.members.createMember({ member: { loginEmail: 'sneaky@example.com' } }), 'createMember', 'POST', '/members/v1/members', token, { member: { loginEmail: 'sneaky@example.com' } });
    await elevatedRefused(() => member.members.createMember({ member: { loginEmail: 'sneaky@example.com' } }), 'createMember', 'POST', '/members/v1/members', token, { member: { loginEmail: 'sneaky@example.com' } });
  });

  it('updateMember merges the given fields: "" clears, a non-empty list replaces, an empty list does nothing', async () => {
    const m = await newMember({ company: 'Acme' });
    const res = await admin().members.updateMember(m.id!, {
      member: { contact: { firstName: 'Renamed', company: '', phones: ['+1-555-7777'], addresses: [] }, profile: { title: 'VIP' }, privacyStatus: 'PRIVATE' },
    });
    expect(res.member!.updatedDate!.getTime()).toBeGreaterThanOrEqual(m.updatedDate!.getTime());
    const read = (await admin().members.getMember(m.id!, { fieldsets: ['FULL'] })).member!;
    expect(read.contact).toMatchObject({ firstName: 'Renamed', lastName: 'Member', phones: ['+1-555-7777'], addresses: [{ city: 'Austin' }] });
    expect(read.contact!.company).toBeUndefined();
    expect(read).toMatchObject({ privacyStatus: 'PRIVATE', profile: { title: 'VIP', nickname: m.profile!.nickname, slug: m.profile!.slug } });
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated']);
    // Sending the member back as read changes nothing and emits nothing.
    await admin().members.updateMember(m.id!, { member: { loginEmail: read.loginEmail, status: read.status, profile: { slug: read.profile!.slug } } });
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated']);
  });

  it('updateMember refuses changes to the login e-mail, statuses and slug, and unknown members, changing nothing', async () => {
    const m = await newMember();
    const err = await refusedWithoutChange(
      () => admin().members.updateMember(m.id!, { member: { loginEmail: 'other@example.com', status: 'BLOCKED', activityStatus: 'MUTED', profile: { slug: 'elsewhere' } } }),
      {},
      ValidationError,
    );
    expect(err.violations.map((v) => [v.field.replace(/^.*?member\./, 'member.'), v.description])).toEqual([
      ['member.activityStatus', 'changes only through muteMember and unmuteMember'],
      ['member.loginEmail', 'is immutable'],
      ['member.profile.slug', 'changes only through updateMemberSlug'],
      ['member.status', 'changes only through approveMember, blockMember and disconnectMember'],
    ]);
    await refusedWithoutChange(() => admin().members.updateMember('no-such-member', { member: { contact: { firstName: 'X' } } }), { status: 404, code: 'NOT_FOUND', description: 'Member no-such-member not found' });
  });

  it('deleteMember removes the member, its credentials and its sessions, and emits deleted', async () => {
    const res = await call(s.current.url, 'POST', '/members/v1/members', { token: API_KEY, body: { member: { loginEmail: 'to.delete@example.com' }, password: 'pw-to-delete-1' } });
    const id: string = res.body.member.id;
    const { token } = await asMember(id);
    expect((await call(s.current.url, 'GET', '/members/v1/members/my', { token })).status).toBe(200);
    await admin().members.deleteMember(id);
    await expect(admin().members.getMember(id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const { collections } = await state();
    expect(collections.members[id]).toBeUndefined();
    expect(collections.credentials[id]).toBeUndefined();
    expect(await call(s.current.url, 'GET', '/members/v1/members/my', { token })).toMatchObject({ status: 401, body: { message: 'Access token is not valid' } });
    expect(await memberEvents(id)).toEqual(['created', 'deleted']);
    await refusedWithoutChange(() => admin().members.deleteMember(id), { status: 404, code: 'NOT_FOUND' });
  });

  it('deleteMyMember deletes the caller only, checks the content assignee, and ends its session', async () => {
    const m = await newMember();
    const { kit, token } = await asMember(m.id!);
    await refusedWithoutChange(() => kit.members.deleteMyMember({ contentAssigneeId: 'nobody' }), {
      status: 400,
      code: 'INVALID_CONTENT_ASSIGNEE',
      description: 'contentAssigneeId nobody is not another member of this site',
    });
    await refusedWithoutChange(() => kit.members.deleteMyMember({ contentAssigneeId: m.id! }), { status: 400, code: 'INVALID_CONTENT_ASSIGNEE' });
    const countBefore = (await admin().members.listMembers({})).metadata!.total!;
    await kit.members.deleteMyMember({ contentAssigneeId: DEMO });
    expect((await admin().members.listMembers({})).metadata!.total).toBe(countBefore - 1);
    await expect(admin().members.getMember(m.id!)).rejects.toMatchObject({ status: 404 });
    expect((await admin().members.getMember(DEMO)).member!.id).toBe(DEMO);
    expect((await call(s.current.url, 'DELETE', '/members/v1/members/my', { token })).status).toBe(401);
    expect(await memberEvents(m.id!)).toEqual(['created', 'deleted']);
  });

  it('deleteMemberPhones, deleteMemberEmails and deleteMemberAddresses empty their list only', async () => {
    const m = await newMember();
    const kit = admin();
    const cases = [
      ['phones', () => kit.members.deleteMemberPhones(m.id!)],
      ['emails', () => kit.members.deleteMemberEmails(m.id!)],
      ['addresses', () => kit.members.deleteMemberAddresses(m.id!)],
    ] as const;
    for (const [list, remove] of cases) {
      const before = (await kit.members.getMember(m.id!, { fieldsets: ['FULL'] })).member!.contact!;
      expect(before[list]!.length).toBeGreaterThan(0);
      expect((await remove()).member!.contact![list]).toEqual([]);
      const after = (await kit.members.getMember(m.id!, { fieldsets: ['FULL'] })).member!.contact!;
      expect(after).toEqual({ ...before, [list]: [] });
    }
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated', 'updated', 'updated']);
    // The login e-mail stays: only the contact's list is emptied.
    expect((await kit.members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.loginEmail).toBe(m.loginEmail);
    for (const remove of [kit.members.deleteMemberPhones, kit.members.deleteMemberEmails, kit.members.deleteMemberAddresses]) {
      await refusedWithoutChange(() => remove('no-such-member'), { status: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('slugs and the community', () => {
  it('updateMemberSlug changes a slug; a taken or malformed slug or an unknown member changes nothing', async () => {
    const m = await newMember();
    const kit = admin();
    expect((await kit.members.updateMemberSlug(m.id!, { slug: 'brand-new-slug' })).member!.profile!.slug).toBe('brand-new-slug');
    expect((await visitor().members.getMember(m.id!)).member!.profile!.slug).toBe('brand-new-slug');
    const dup = await refusedWithoutChange(() => kit.members.updateMemberSlug(m.id!, { slug: 'dana-demo' }), { status: 409, code: 'SLUG_ALREADY_EXISTS' });
    expect(dup.description).toBe('The slug "dana-demo" is already used by another member');
    expect(dup.data).toEqual({ slug: 'dana-demo' });
    const malformed = await refusedWithoutChange(() => kit.members.updateMemberSlug(m.id!, { slug: 'Not A Slug' }), {}, ValidationError);
    expect(malformed.violations[0]).toMatchObject({ description: 'must be lower-case letters and digits, words joined by single hyphens', violatedRule: 'FORMAT' });
    await refusedWithoutChange(() => kit.members.updateMemberSlug('no-such-member', { slug: 'free-slug' }), { status: 404, code: 'NOT_FOUND' });
  });

  it('updateCurrentMemberSlug changes the caller\'s own slug only', async () => {
    const m = await newMember();
    const { kit, token } = await asMember(m.id!);
    const res = await kit.members.updateCurrentMemberSlug({ slug: 'my-own-slug' });
    expect(res.member).toMatchObject({ id: m.id, profile: { slug: 'my-own-slug' } });
    expect((await admin().members.getMember(m.id!)).member!.profile!.slug).toBe('my-own-slug');
    await refusedWithoutChange(() => kit.members.updateCurrentMemberSlug({ slug: 'ava-a' }), { status: 409, code: 'SLUG_ALREADY_EXISTS' });
    expect((await admin().members.getMember(AVA)).member!.profile!.slug).toBe('ava-a');
    // Another member's record is out of reach: the by-id call is elevated only.
    await elevatedRefused(() => kit.members.updateMemberSlug(AVA, { slug: 'hijacked' }), 'updateMemberSlug', 'POST', `/members/v1/members/${AVA}/slug`, token, { slug: 'hijacked' });
  });

  it('joinCommunity and leaveCommunity switch the caller between PUBLIC and PRIVATE', async () => {
    const m = await newMember({ privacyStatus: 'PRIVATE' });
    const { kit } = await asMember(m.id!);
    await expect(visitor().members.getMember(m.id!)).rejects.toMatchObject({ status: 404 });
    expect((await kit.members.joinCommunity({})).member!.privacyStatus).toBe('PUBLIC');
    expect((await visitor().members.getMember(m.id!)).member!.id).toBe(m.id);
    expect((await kit.members.leaveCommunity({})).member!.privacyStatus).toBe('PRIVATE');
    await expect(visitor().members.getMember(m.id!)).rejects.toMatchObject({ status: 404 });
    expect((await admin().members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.privacyStatus).toBe('PRIVATE');
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated', 'updated']);
    await refusedWithoutChange(() => visitor().members.joinCommunity({}), { status: 403, code: 'PERMISSION_DENIED' });
  });
});

describe('status and activity', () => {
  it('approveMember turns a PENDING member APPROVED and unblocks a BLOCKED one', async () => {
    const kit = admin();
    expect((await kit.members.approveMember(PAUL, {})).member!.status).toBe('APPROVED');
    expect((await kit.members.getMember(PAUL, { fieldsets: ['EXTENDED'] })).member!.status).toBe('APPROVED');
    expect(await memberEvents(PAUL)).toEqual(['updated']);
    const m = await newMember();
    await kit.members.blockMember(m.id!, {});
    expect((await kit.members.approveMember(m.id!, {})).member!.status).toBe('APPROVED');
    await refusedWithoutChange(() => kit.members.approveMember('no-such-member', {}), { status: 404, code: 'NOT_FOUND' });
  });

  it('blockMember sets BLOCKED and ends the member\'s sessions', async () => {
    const m = await newMember();
    const { token } = await asMember(m.id!);
    const res = await admin().members.blockMember(m.id!, {});
    expect(res.member!.status).toBe('BLOCKED');
    expect((await admin().members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.status).toBe('BLOCKED');
    expect((await call(s.current.url, 'GET', '/members/v1/members/my', { token })).status).toBe(401);
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated']);
  });

  it('disconnectMember sets OFFLINE for good: sessions end, approve and block refuse it', async () => {
    const m = await newMember();
    const { token } = await asMember(m.id!);
    expect((await admin().members.disconnectMember(m.id!, {})).member!.status).toBe('OFFLINE');
    expect((await admin().members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.status).toBe('OFFLINE');
    expect((await call(s.current.url, 'GET', '/members/v1/members/my', { token })).status).toBe(401);
    for (const act of [admin().members.approveMember, admin().members.blockMember]) {
      const err = await refusedWithoutChange(() => act(m.id!, {}), { status: 409, code: 'MEMBER_DISCONNECTED' });
      expect(err.description).toMatch(new RegExp(`^Member ${m.id} is disconnected \\(OFFLINE\\) and cannot be (approved|blocked)$`));
    }
    await refusedWithoutChange(() => admin().members.disconnectMember('no-such-member', {}), { status: 404, code: 'NOT_FOUND' });
  });

  it('muteMember and unmuteMember switch the activity status', async () => {
    const kit = admin();
    const m = await newMember();
    expect((await kit.members.muteMember(m.id!, {})).member!.activityStatus).toBe('MUTED');
    expect((await kit.members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.activityStatus).toBe('MUTED');
    expect((await kit.members.unmuteMember(m.id!, {})).member!.activityStatus).toBe('ACTIVE');
    expect((await kit.members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.activityStatus).toBe('ACTIVE');
    // Unmuting an active member changes nothing and emits nothing.
    await kit.members.unmuteMember(m.id!, {});
    expect(await memberEvents(m.id!)).toEqual(['created', 'updated', 'updated']);
    await refusedWithoutChange(() => kit.members.muteMember('no-such-member', {}), { status: 404, code: 'NOT_FOUND' });
    const { kit: member, token } = await asMember(AVA);
    await elevatedRefused(() => member.members.muteMember(MIA, {}), 'muteMember', 'POST', `/members/v1/members/${MIA}/mute`, token, {});
  });
});

describe('bulk', () => {
  it('bulkDeleteMembers answers one result per id with counts, deleting the known ones', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const res = await admin().members.bulkDeleteMembers({ memberIds: [a.id!, 'no-such-member', b.id!] });
    expect(res.results).toEqual([
      { itemMetadata: { id: a.id, originalIndex: 0, success: true } },
      { itemMetadata: { id: 'no-such-member', originalIndex: 1, success: false, error: { code: 'NOT_FOUND', description: 'Member no-such-member not found' } } },
      { itemMetadata: { id: b.id, originalIndex: 2, success: true } },
    ]);
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    for (const m of [a, b]) {
      await expect(admin().members.getMember(m.id!)).rejects.toMatchObject({ status: 404 });
      expect(await memberEvents(m.id!)).toEqual(['created', 'deleted']);
    }
    await refusedWithoutChange(() => admin().members.bulkDeleteMembers({ memberIds: [] }), {}, ValidationError);
  });

  it('bulkDeleteMembersByFilter deletes the matching members and records the job with its counts', async () => {
    const doomed = [await newMember({ lastName: 'Doomed' }), await newMember({ lastName: 'Doomed' })];
    const kept = await newMember({ lastName: 'Kept' });
    const { jobId } = await admin().members.bulkDeleteMembersByFilter({ filter: { 'contact.lastName': 'Doomed' }, contentAssigneeId: DEMO });
    const job = (await state()).collections.memberJobs[jobId!];
    expect(job).toMatchObject({ kind: 'BULK_DELETE', status: 'COMPLETED', counts: { total: 2, succeeded: 2, failed: 0 } });
    for (const m of doomed) await expect(admin().members.getMember(m.id!)).rejects.toMatchObject({ status: 404 });
    expect((await admin().members.getMember(kept.id!)).member!.id).toBe(kept.id);
    // @ts-expect-error a malformed filter does not compile; the sandbox refuses it too
    await refusedWithoutChange(() => admin().members.bulkDeleteMembersByFilter({ filter: { 'contact.lastName': { $in: 'Kept' } } }), {
      status: 400,
      code: 'INVALID_FILTER',
      description: 'Invalid filter on "contact.lastName": $in takes an array',
    });
    await refusedWithoutChange(() => admin().members.bulkDeleteMembersByFilter({ filter: { 'contact.lastName': 'Kept' }, contentAssigneeId: kept.id }), { status: 400, code: 'INVALID_CONTENT_ASSIGNEE' });
  });

  it('bulkApproveMembers approves the matching members; a disconnected one counts as failed', async () => {
    const kit = admin();
    const group = [await newMember({ lastName: 'Approve' }), await newMember({ lastName: 'Approve' }), await newMember({ lastName: 'Approve' })];
    await kit.members.blockMember(group[0].id!, {});
    await kit.members.blockMember(group[1].id!, {});
    await kit.members.disconnectMember(group[2].id!, {});
    const { jobId } = await kit.members.bulkApproveMembers({ filter: { 'contact.lastName': 'Approve' } });
    const job = (await state()).collections.memberJobs[jobId!];
    expect(job).toMatchObject({ kind: 'BULK_APPROVE', counts: { total: 3, succeeded: 2, failed: 1 }, failures: [{ id: group[2].id, code: 'MEMBER_DISCONNECTED' }] });
    const statuses = await Promise.all(group.map(async (m) => (await kit.members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.status));
    expect(statuses).toEqual(['APPROVED', 'APPROVED', 'OFFLINE']);
  });

  it('bulkBlockMembers blocks the matching members and ends their sessions', async () => {
    const kit = admin();
    const group = [await newMember({ lastName: 'Block' }), await newMember({ lastName: 'Block' })];
    const { token } = await asMember(group[0].id!);
    const { jobId } = await kit.members.bulkBlockMembers({ filter: { $and: [{ 'contact.lastName': 'Block' }, { status: 'APPROVED' }] } });
    expect((await state()).collections.memberJobs[jobId!]).toMatchObject({ kind: 'BULK_BLOCK', counts: { total: 2, succeeded: 2, failed: 0 } });
    for (const m of group) expect((await kit.members.getMember(m.id!, { fieldsets: ['EXTENDED'] })).member!.status).toBe('BLOCKED');
    expect((await call(s.current.url, 'GET', '/members/v1/members/my', { token })).status).toBe(401);
    // @ts-expect-error a malformed filter does not compile; the sandbox refuses it too
    await refusedWithoutChange(() => kit.members.bulkBlockMembers({ filter: { $and: 'x' } }), { status: 400, code: 'INVALID_FILTER' });
  });
});

describe('ownership', () => {
  it('a member acts on its own record only: elevated calls on others answer 403 and change nothing', async () => {
    const { kit, token } = await asMember(AVA);
    const elevatedCalls: [() => Promise<unknown>, string, string, string, unknown?][] = [
      [() => kit.members.blockMember(MIA, {}), 'blockMember', 'POST', `/members/v1/members/${MIA}/block`, {}],
      [() => kit.members.deleteMember(MIA), 'deleteMember', 'DELETE', `/members/v1/members/${MIA}`],
      [() => kit.members.updateMember(MIA, { member: { contact: { firstName: 'Hacked' } } }), 'updateMember', 'PATCH', `/members/v1/members/${MIA}`, { member: { contact: { firstName: 'Hacked' } } }],
      [() => kit.members.deleteMemberPhones(MIA), 'deleteMemberPhones', 'DELETE', `/members/v1/members/${MIA}/phones`],
      [() => kit.members.bulkDeleteMembers({ memberIds: [MIA] }), 'bulkDeleteMembers', 'POST', '/members/v1/members/bulk/delete', { memberIds: [MIA] }],
      [() => kit.members.approveMember(PIA, {}), 'approveMember', 'POST', `/members/v1/members/${PIA}/approve`, {}],
    ];
    for (const [local, operationId, method, path, body] of elevatedCalls) await elevatedRefused(local, operationId, method, path, token, body);
    // Its own `my` calls touch its own record and nobody else's.
    await kit.members.leaveCommunity({});
    const full = (await admin().members.queryMembers({ query: { filter: { privacyStatus: 'PRIVATE' } }, fieldsets: ['EXTENDED'] })).members!.map((m) => m.id);
    expect(full).toContain(AVA);
    expect(full).not.toContain(MIA);
  });
});

describe('the seeded passwords and the statuses identity reads', () => {
  /** Logs in with e-mail and password through the client's OAuthStrategy (the identity module's loginV2). */
  async function login(email: string, password: string) {
    const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }));
    createClient({ modules: { members }, auth, host: s.current.url });
    return auth.login({ email, password });
  }

  it('an APPROVED member logs in, a BLOCKED one is refused, a PENDING one waits until approved', async () => {
    expect((await login('ava@storefront.test', 'ava-password-1')).loginState).toBe(LoginState.SUCCESS);
    expect((await login('ben@storefront.test', 'ben-password-1')).loginState).toBe(LoginState.FAILURE);
    expect((await login('pia@storefront.test', 'pia-password-1')).loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);
    await admin().members.approveMember(PIA, {});
    expect((await login('pia@storefront.test', 'pia-password-1')).loginState).toBe(LoginState.SUCCESS);
  });

  it('a member created with a password logs in until it is blocked or disconnected', async () => {
    const created = async (email: string) => (await call(s.current.url, 'POST', '/members/v1/members', { token: API_KEY, body: { member: { loginEmail: email }, password: 'created-pass-1' } })).body.member.id as string;
    const [toBlock, toDisconnect] = [await created('will.block@example.com'), await created('will.disconnect@example.com')];
    expect((await login('will.block@example.com', 'created-pass-1')).loginState).toBe(LoginState.SUCCESS);
    await admin().members.blockMember(toBlock, {});
    expect((await login('will.block@example.com', 'created-pass-1')).loginState).toBe(LoginState.FAILURE);
    await admin().members.disconnectMember(toDisconnect, {});
    expect((await login('will.disconnect@example.com', 'created-pass-1')).loginState).toBe(LoginState.FAILURE);
  });
});
