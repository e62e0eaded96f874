/**
 * Site members (`/members/v1/members...`): the 24 operations of the members API over the
 * members' rules (../domain/members/members.ts). The `my` calls act on the calling member.
 */
import { forbidden } from '../platform/errors.ts';
import type { ContextOf, JsonObject, OperationContext, SandboxHandlers } from '../platform/types.ts';
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import type { MemberRecord } from '../domain/members/member-records.ts';
import {
  approveMember,
  blockMember,
  changeMember,
  createMember,
  deleteMembersByFilter,
  deleteOwnMember,
  disconnectMember,
  findMembers,
  membersByFilter,
  project,
  removeMember,
  requireMember,
  runJob,
  setSlug,
  updateMember,
  viewMember,
  widestFieldset,
} from '../domain/members/members.ts';

/** The widest fieldset the request asks for (`fieldsets`, or the legacy `fieldSet`). */
const askedFieldset = (ctx: OperationContext) => widestFieldset([ctx.input.fieldsets, ctx.input.fieldSet]);

/** The calling member's own record (the `my` calls). */
function currentMember(ctx: OperationContext): MemberRecord {
  if (ctx.caller.kind !== 'member') {
    throw forbidden(`${ctx.op?.operationId ?? 'This call'} requires a logged-in member`);
  }
  return requireMember(ctx.db, ctx.caller.memberId);
}

/** The member the operation's `id` path parameter names. */
const byId = (ctx: ContextOf<{ id: string }, OperationDescriptor>) => requireMember(ctx.db, ctx.input.id);

export const membersOperations = {
  // ---------- reads ----------
  'members.getMember': (ctx) => ({ member: viewMember(ctx.db, ctx.caller, ctx.input.id, askedFieldset(ctx)) }),
  // A visitor is no member: the provider answers it without one (`{}`), as the SDK's optional `member` says.
  'members.getCurrentMember': (ctx) =>
    ctx.caller.kind === 'visitor' ? {} : { member: project(currentMember(ctx), askedFieldset(ctx)) },
  'members.listMembers': (ctx) =>
    findMembers(ctx.db, ctx.caller, askedFieldset(ctx), { sorting: ctx.input.sorting, paging: ctx.input.paging }),
  'members.queryMembers': (ctx) =>
    findMembers(ctx.db, ctx.caller, askedFieldset(ctx), ctx.input.query ?? {}, ctx.input.search),

  // ---------- the calling member ----------
  'members.updateCurrentMemberSlug': (ctx) => setSlug(ctx, currentMember(ctx), ctx.input.slug),
  'members.joinCommunity': (ctx) => changeMember(ctx, currentMember(ctx), (d) => void (d.privacyStatus = 'PUBLIC')),
  'members.leaveCommunity': (ctx) => changeMember(ctx, currentMember(ctx), (d) => void (d.privacyStatus = 'PRIVATE')),
  'members.deleteMyMember': (ctx) => {
    deleteOwnMember(ctx, currentMember(ctx), ctx.input.contentAssigneeId);
    return {};
  },

  // ---------- elevated ----------
  'members.createMember': (ctx) => {
    // A sandbox convenience beside the provider's body: `password` lets tests log the new member in.
    const { password }: JsonObject = ctx.input;
    return createMember(ctx, ctx.input.member ?? {}, typeof password === 'string' ? password : undefined);
  },
  'members.updateMember': (ctx) => updateMember(ctx, requireMember(ctx.db, ctx.params['member.id']), ctx.input.member),
  'members.updateMemberSlug': (ctx) => setSlug(ctx, byId(ctx), ctx.input.slug),
  'members.muteMember': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.activityStatus = 'MUTED')),
  'members.unmuteMember': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.activityStatus = 'ACTIVE')),
  'members.approveMember': (ctx) => approveMember(ctx, byId(ctx)),
  'members.blockMember': (ctx) => blockMember(ctx, byId(ctx)),
  'members.disconnectMember': (ctx) => disconnectMember(ctx, byId(ctx)),
  'members.deleteMember': (ctx) => {
    removeMember(ctx, byId(ctx));
    return {};
  },
  'members.deleteMemberPhones': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.phones = [])),
  'members.deleteMemberEmails': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.emails = [])),
  'members.deleteMemberAddresses': (ctx) => changeMember(ctx, byId(ctx), (d) => void (d.contact.addresses = [])),

  // ---------- bulk ----------
  'members.bulkDeleteMembers': (ctx) => {
    const results = ctx.input.memberIds.map((id, originalIndex) => {
      const m = ctx.db.get('members', id);
      if (!m) {
        const error = { code: 'NOT_FOUND', description: `Member ${id} not found` };
        return { itemMetadata: { id, originalIndex, success: false, error } };
      }
      removeMember(ctx, m);
      return { itemMetadata: { id, originalIndex, success: true } };
    });
    const ok = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 },
    };
  },
  'members.bulkDeleteMembersByFilter': (ctx) =>
    deleteMembersByFilter(ctx, ctx.input.filter, ctx.input.search, ctx.input.contentAssigneeId),
  'members.bulkApproveMembers': (ctx) =>
    runJob(ctx, 'BULK_APPROVE', ctx.input.filter, membersByFilter(ctx.db, ctx.input.filter), (m) =>
      approveMember(ctx, m),
    ),
  'members.bulkBlockMembers': (ctx) =>
    runJob(ctx, 'BULK_BLOCK', ctx.input.filter, membersByFilter(ctx.db, ctx.input.filter), (m) => blockMember(ctx, m)),
} satisfies SandboxHandlers<'members'>;
