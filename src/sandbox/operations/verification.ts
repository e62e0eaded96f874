/** Verification: the e-mailed code of a waiting login (verify, resend) and codes sent on request. */
import { appError, validationError } from '../platform/errors.ts';
import type { SandboxHandlers } from '../platform/types.ts';
import { resendCode, stateAwaitingCode, startVerification } from '../domain/identity/auth-states.ts';
import { identityMember, verifyCode } from '../domain/identity/identity.ts';

export const verificationOperations = {
  'verification.verifyDuringAuthentication': (ctx) => verifyCode(ctx, ctx.input.stateToken, ctx.input.code),

  'verification.resendDuringAuthentication': (ctx) => {
    const s = stateAwaitingCode(ctx.db, ctx.input.stateToken, ctx.now());
    resendCode(ctx, s, identityMember(ctx.db, s.memberId));
    return {};
  },

  'verification.start': (ctx) => {
    if (ctx.input.target !== undefined && ctx.input.target !== 'EMAIL') {
      throw appError(
        400,
        'UNSUPPORTED_TARGET',
        `The sandbox verifies e-mail only (target ${String(ctx.input.target)})`,
      );
    }
    const id = ctx.input.identityId ?? (ctx.caller.kind === 'member' ? ctx.caller.memberId : undefined);
    if (typeof id !== 'string' || !id) {
      throw validationError([{ field: 'identityId', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
    }
    return startVerification(ctx, identityMember(ctx.db, id));
  },
} satisfies SandboxHandlers<'verification'>;
