/** Recovery: password-recovery and activation e-mails, and setting a new password with their token. */
import type { SandboxHandlers } from '../platform/types.ts';
import { requirePasswordReset } from '../domain/identity/credentials.ts';
import { AuthErrors, identityMember } from '../domain/identity/identity.ts';
import { findMemberByEmail } from '../domain/members/member-records.ts';
import { mailRecovery, recoverWithToken } from '../domain/identity/recovery.ts';

export const recoveryOperations = {
  'recovery.sendRecoveryEmail': (ctx) => {
    const email = ctx.input.email.trim();
    const m = findMemberByEmail(ctx.db, email);
    if (!m) throw AuthErrors.unknownEmail(email);
    mailRecovery(ctx, m, 'recovery', ctx.input.redirect);
    return {};
  },

  'recovery.sendActivationEmail': (ctx) => {
    const m = identityMember(ctx.db, ctx.input.identityId);
    mailRecovery(ctx, m, 'activation', ctx.input.emailOptions?.redirect);
    requirePasswordReset(ctx.db, m.loginEmail);
    return {};
  },

  'recovery.recover': (ctx) => recoverWithToken(ctx, ctx.input.recoveryToken, ctx.input.password),
} satisfies SandboxHandlers<'recovery'>;
