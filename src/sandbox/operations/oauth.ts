/**
 * The OAuth token endpoint (`POST /oauth2/token`): anonymous, refresh_token,
 * authorization_code (with PKCE S256 verification) and authorized_client grants.
 */
import { appError } from '../platform/errors.ts';
import { isApiKey } from '../platform/secrets.ts';
import { issueTokens, resolveCaller } from '../platform/tokens.ts';
import type { SandboxHandlers } from '../platform/types.ts';
import { knownClient } from '../domain/identity/clients.ts';
import { invalidGrant, redeemAuthCode, renewTokens } from '../domain/identity/oauth.ts';

/** Every field a grant body may carry (the OAuth spellings `grant_type` and `member_id` too). */
type TokenRequestFields = Partial<
  Record<
    'grantType' | 'grant_type' | 'clientId' | 'refreshToken' | 'code' | 'redirectUri' | 'codeVerifier' | 'member_id',
    unknown
  >
>;

export const oauthOperations = {
  'oauth.token': async (ctx) => {
    // The spec's union of grant bodies, read as one: each grant below checks the fields it uses.
    const body: TokenRequestFields = ctx.input;
    const grant = body.grantType ?? body.grant_type;
    const now = ctx.now();
    switch (grant) {
      case 'anonymous': {
        const clientId = knownClient(body.clientId, ctx.options.clientIds);
        return issueTokens(ctx.db, ctx.tokenSigner, { clientId, visitorId: ctx.newId() }, now, ctx.settings);
      }
      case 'refresh_token':
        return renewTokens(ctx, knownClient(body.clientId, ctx.options.clientIds), body.refreshToken);
      case 'authorization_code': {
        const clientId = knownClient(body.clientId, ctx.options.clientIds);
        const signIn = await redeemAuthCode(ctx.db, now, {
          clientId,
          code: body.code,
          redirectUri: body.redirectUri,
          codeVerifier: body.codeVerifier,
        });
        // Same transaction: what the listeners change (the visitor's cart) is kept with the sign-in or neither is.
        ctx.announce('memberSignedIn', signIn);
        return issueTokens(ctx.db, ctx.tokenSigner, { clientId, ...signIn }, now, ctx.settings);
      }
      case 'authorized_client': {
        const header = ctx.headers.get('authorization');
        const [token, apiKey] = (header ?? '').split(',').map((s) => s.trim());
        if (!apiKey || !isApiKey(ctx.options.apiKeys, apiKey)) {
          throw appError(401, 'UNAUTHENTICATED', 'authorized_client needs Authorization "<access token>,<api key>"');
        }
        const visitor = await resolveCaller(ctx.db, ctx.tokenSigner, token, [], null, now);
        if ('error' in visitor || visitor.caller.kind === 'anonymous' || visitor.caller.kind === 'elevated') {
          throw appError(401, 'UNAUTHENTICATED', 'authorized_client needs a valid access token before the API key');
        }
        const memberId = String(body.member_id ?? '');
        if (!ctx.db.get('members', memberId)) throw invalidGrant(`Member ${memberId} does not exist`);
        return issueTokens(
          ctx.db,
          ctx.tokenSigner,
          { clientId: visitor.caller.clientId, visitorId: visitor.caller.visitorId, memberId },
          now,
          ctx.settings,
        );
      }
      default:
        throw appError(400, 'UNSUPPORTED_GRANT_TYPE', `Unsupported grant type ${String(grant)}`);
    }
  },
} satisfies SandboxHandlers<'oauth'>;
