/**
 * Authentication: register and login (v1, v2), the next state of a waiting login, sign-on,
 * change password and logout, over the identity rules (../domain/identity/identity.ts).
 */
import { bytesToBase64 } from '../../normalise/base64url.ts';
import { appError, forbidden } from '../platform/errors.ts';
import type { SandboxHandlers } from '../platform/types.ts';
import { signedOutDocument } from '../pages/logout.ts';
import { requireKnownClient, requireRegisteredRedirect } from '../domain/identity/clients.ts';
import {
  changePassword,
  checkEmail,
  loginWithPassword,
  proceed,
  registerMember,
  signOn,
} from '../domain/identity/identity.ts';
import { endMemberLogin, endOtherLogins } from '../domain/identity/sessions.ts';

/** The sandbox has the password authenticator only. */
function passwordAuthenticator(authenticatorId: unknown, does: 'registers' | 'logs in'): void {
  if (authenticatorId !== undefined && authenticatorId !== 'password') {
    throw appError(
      400,
      'UNSUPPORTED_AUTHENTICATOR',
      `The sandbox ${does} with the "password" authenticator only (got ${String(authenticatorId)})`,
    );
  }
}

export const authenticationOperations = {
  'authentication.registerV2': (ctx) =>
    registerMember(ctx, {
      email: ctx.input.loginId?.email,
      emailField: 'loginId.email',
      password: ctx.input.password,
      passwordField: 'password',
      profile: ctx.input.profile,
      captchaTokens: ctx.input.captchaTokens,
    }),

  'authentication.register': (ctx) => {
    const identity = ctx.input.identity ?? {};
    const profile = identity.identityProfile ?? {};
    const fromProfile = Array.isArray(profile.emails) ? profile.emails[0]?.email : undefined;
    passwordAuthenticator(ctx.input.authenticatorId, 'registers');
    return registerMember(ctx, {
      email: identity.email?.address ?? fromProfile,
      emailField: 'identity.email.address',
      password: ctx.input.inputs?.[0]?.value,
      passwordField: 'inputs[0].value',
      profile,
      captchaTokens: ctx.input.captchaTokens,
    });
  },

  'authentication.loginV2': (ctx) =>
    loginWithPassword(ctx, ctx.input.loginId?.email, ctx.input.password, ctx.input.captchaTokens),

  'authentication.login': (ctx) => {
    passwordAuthenticator(ctx.input.authenticatorId, 'logs in');
    return loginWithPassword(
      ctx,
      ctx.input.loginId?.email ?? ctx.input.identifier?.email,
      ctx.input.inputs?.[0]?.value,
      ctx.input.captchaTokens,
    );
  },

  'authentication.proceedToNextState': (ctx) => proceed(ctx, ctx.input.stateToken),

  'authentication.loginWithTokenParams': (ctx) => {
    // The sandbox has no identity-provider connections to trust, so every id is unknown.
    throw appError(
      404,
      'IDP_CONNECTION_NOT_FOUND',
      `No identity provider connection ${String(ctx.input.idpConnectionId)} is configured in the sandbox`,
      {
        idpConnectionId: ctx.input.idpConnectionId,
      },
    );
  },

  'authentication.signOn': (ctx) =>
    signOn(
      ctx,
      checkEmail('loginId.email', ctx.input.loginId?.email),
      ctx.input.profile ?? {},
      ctx.input.verifyEmail === true,
    ),

  // The provider's ChangePassword takes the new password only (the official SDK's
  // ChangePasswordRequest is `{newPassword}`; its reference: "the member must have a valid
  // session ... the member's session remains valid after password change"), so no current
  // password is asked for: the member token is the proof. Every other login of the member ends.
  'authentication.changePassword': async (ctx) => {
    if (ctx.caller.kind !== 'member') throw forbidden('changePassword requires a logged-in member');
    await changePassword(ctx.db, ctx.caller.memberId, ctx.input.newPassword);
    endOtherLogins(ctx.db, ctx.caller.memberId, ctx.caller.visitorId, ctx.now());
    return {};
  },

  'authentication.logout': (ctx) => {
    const redirect = ctx.input.postLogoutRedirectUri;
    const clientId =
      ctx.input.clientId ??
      (ctx.caller.kind === 'visitor' || ctx.caller.kind === 'member' ? ctx.caller.clientId : ctx.options.clientIds[0]);
    if (typeof clientId === 'string') requireKnownClient(ctx, clientId);
    if (typeof redirect === 'string') requireRegisteredRedirect(ctx, clientId, redirect);
    endMemberLogin(ctx.db, ctx.caller, ctx.now());
    const page = signedOutDocument(typeof redirect === 'string' ? redirect : undefined);
    return {
      contentType: 'text/html',
      body: bytesToBase64(new TextEncoder().encode(page)),
      ...(typeof redirect === 'string' ? { redirectUrl: redirect } : {}),
    };
  },
} satisfies SandboxHandlers<'authentication'>;
