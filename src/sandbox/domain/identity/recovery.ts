/**
 * Recovery and activation e-mails: single-use tokens, a day long, that set a new password
 * through the recover call or the sandbox's set-password page (`/__sandbox/recover`).
 */
import { appError, validationError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/tokens.ts';
import type { Db, JsonObject, OperationContext, SandboxContract } from '../../platform/types.ts';
import type { IdentityContext } from './auth-states.ts';
import { requireKnownClient, requireRegisteredRedirect } from './clients.ts';
import { setPassword } from './credentials.ts';
import { clearFailures, identityMember, identityOf, mayHaveSession, type Identity } from './identity.ts';
import { MEMBERS, type MemberRecord } from '../members/member-records.ts';
import { createSession } from './sessions.ts';

export const RECOVERY_TOKENS = 'recoveryTokens';

declare module '../../platform/types.ts' {
  interface Collections {
    recoveryTokens: RecoveryTokenRecord;
  }
}

/** Recovery links live a day. */
export const RECOVERY_TTL_MS = 24 * 60 * 60 * 1000;

export type RecoveryKind = 'recovery' | 'activation';

export interface RecoveryTokenRecord extends JsonObject {
  id: string;
  memberId: string;
  kind: RecoveryKind;
  expiresAt: number;
  used?: boolean;
}

/** An e-mail's link also needs the sandbox's origin and the client ids it knows. */
export type RecoveryContext = IdentityContext & Pick<OperationContext, 'options' | 'origin'>;

export const invalidRecoveryToken = () =>
  appError(400, 'INVALID_RECOVERY_TOKEN', 'Recovery token is not valid, used or expired');

/** Where the e-mail's link sends the member after the new password. */
export type RecoveryRedirect = NonNullable<SandboxContract['recovery.sendRecoveryEmail']['request']['redirect']>;

/** Recovery and activation e-mails: a single-use token and a link to the sandbox's set-password page. */
export function mailRecovery(
  ctx: RecoveryContext,
  m: MemberRecord,
  kind: RecoveryKind,
  redirect: RecoveryRedirect | undefined,
): void {
  const url = redirect?.url;
  const clientId = redirect?.clientId;
  if (clientId !== undefined) requireKnownClient(ctx, clientId);
  if (url !== undefined) requireRegisteredRedirect(ctx, clientId ?? ctx.options.clientIds[0], url);
  const id = randomToken('sfk-rec');
  ctx.db.put(RECOVERY_TOKENS, id, {
    id,
    memberId: m.id,
    kind,
    expiresAt: ctx.now().getTime() + RECOVERY_TTL_MS,
  });
  const link = new URL('/__sandbox/recover', ctx.origin || 'http://127.0.0.1');
  link.searchParams.set('token', id);
  if (url) link.searchParams.set('redirectUrl', url);
  if (clientId) link.searchParams.set('clientId', clientId);
  ctx.sendMail({
    to: m.loginEmail,
    kind,
    subject: kind === 'recovery' ? 'Reset your password' : 'Activate your account',
    text: `${kind === 'recovery' ? 'Reset your password' : 'Set a password to activate your account'}: ${link.href}`,
    data: {
      recoveryToken: id,
      link: link.href,
      ...(url ? { redirectUrl: url } : {}),
      ...(clientId ? { clientId } : {}),
    },
  });
}

/** A recovery or activation token that can still set a password. */
export function liveRecoveryToken(db: Db, token: string | null, now: Date): RecoveryTokenRecord | undefined {
  const rec = token ? db.get(RECOVERY_TOKENS, token) : undefined;
  return rec && !rec.used && rec.expiresAt > now.getTime() ? rec : undefined;
}

/** Sets a new password with a recovery or activation token (the recover call and the sandbox's set-password page). */
export async function recoverWithToken(
  ctx: IdentityContext,
  token: string | null,
  password: string | null,
): Promise<{ identity: Identity; sessionToken?: string }> {
  const rec = liveRecoveryToken(ctx.db, token, ctx.now());
  if (!rec) throw invalidRecoveryToken();
  if (!password) {
    throw validationError([{ field: 'password', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  const m = identityMember(ctx.db, rec.memberId);
  await setPassword(ctx.db, m.id, m.loginEmail, password);
  ctx.db.put(RECOVERY_TOKENS, rec.id, { ...rec, used: true });
  // The member proved they read the e-mail.
  const updated = ctx.db.put(MEMBERS, m.id, { ...m, loginEmailVerified: true, updatedDate: ctx.now().toISOString() });
  clearFailures(ctx.db, m.loginEmail);
  const canLogIn = mayHaveSession(updated, ctx.settings);
  return {
    identity: identityOf(updated, ctx.settings),
    ...(canLogIn ? { sessionToken: createSession(ctx, m.id) } : {}),
  };
}
