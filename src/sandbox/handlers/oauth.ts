/**
 * The OAuth token endpoint (`POST /oauth2/token`): anonymous, refresh_token,
 * authorization_code (with PKCE S256 verification) and authorized_client grants. Tokens are
 * opaque and expiring (see ../tokens.ts).
 */
import { bytesToBase64Url } from '../../normalise/base64url.ts';
import { appError } from '../platform/errors.ts';
import type { SandboxModule } from '../platform/module.ts';
import { issueTokens, resolveCaller, TOKENS, type TokenRecord } from '../platform/tokens.ts';
import type { Entity, SandboxHandlers } from '../platform/types.ts';

/** Authorization codes the hosted login page hands out (identity module writes them). */
export const AUTH_CODES = 'authCodes';

declare module '../platform/types.ts' {
  interface Collections {
    authCodes: AuthCodeRecord;
  }
  interface ModuleEvents {
    /**
     * A visitor became a member by signing in (the code exchange, which every sign-in ends
     * with: the hosted login page and direct login alike). The cart listens: the visitor's cart
     * becomes the member's. A listener's error fails the sign-in (nothing is issued).
     */
    memberSignedIn: { visitorId: string; memberId: string };
  }
}

export interface AuthCodeRecord extends Entity {
  id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  visitorId: string;
  memberId: string;
  /** Epoch ms. Codes live 10 minutes and are single use. */
  expiresAt: number;
  used?: boolean;
}

export const AUTH_CODE_TTL_MS = 10 * 60 * 1000;

export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return bytesToBase64Url(new Uint8Array(digest));
}

/** Every field a grant body may carry (the OAuth spellings `grant_type` and `member_id` too). */
type TokenRequestFields = Partial<Record<'grantType' | 'grant_type' | 'clientId' | 'refreshToken' | 'code' | 'redirectUri' | 'codeVerifier' | 'member_id', unknown>>;

const invalidGrant = (description: string) => appError(400, 'INVALID_GRANT', description);

function knownClient(clientId: unknown, clientIds: readonly string[]): string {
  if (typeof clientId !== 'string' || !clientIds.includes(clientId)) {
    throw appError(400, 'INVALID_CLIENT', `Unknown OAuth client id ${String(clientId)}`);
  }
  return clientId;
}

export const oauthModule: SandboxModule = {
    name: 'oauth',
    handlers: {
      'oauth.token': async (ctx) => {
        // The spec's union of grant bodies, read as one: each grant below checks the fields it uses.
        const body: TokenRequestFields = ctx.input;
        const grant = body.grantType ?? body.grant_type;
        const now = ctx.now();
        switch (grant) {
          case 'anonymous': {
            const clientId = knownClient(body.clientId, ctx.options.clientIds);
            return issueTokens(ctx.db, { clientId, visitorId: ctx.newId() }, now, ctx.settings);
          }
          case 'refresh_token': {
            const clientId = knownClient(body.clientId, ctx.options.clientIds);
            const rec = ctx.db.get<TokenRecord>(TOKENS, String(body.refreshToken ?? ''));
            if (!rec || rec.kind !== 'refresh' || rec.revoked || rec.clientId !== clientId) {
              throw invalidGrant('Refresh token is not valid');
            }
            const answer = issueTokens(ctx.db, { clientId, visitorId: rec.visitorId, memberId: rec.memberId }, now, ctx.settings);
            // Keep the caller's refresh token: parallel renewals with it must all succeed.
            ctx.db.delete(TOKENS, answer.refresh_token);
            return { ...answer, refresh_token: rec.id };
          }
          case 'authorization_code': {
            const clientId = knownClient(body.clientId, ctx.options.clientIds);
            const code = ctx.db.get<AuthCodeRecord>(AUTH_CODES, String(body.code ?? ''));
            if (!code || code.used || code.clientId !== clientId) throw invalidGrant('Authorization code is not valid');
            if (code.expiresAt <= now.getTime()) throw invalidGrant('Authorization code expired');
            if (body.redirectUri !== undefined && body.redirectUri !== code.redirectUri) {
              throw invalidGrant('redirectUri does not match the one the code was issued for');
            }
            if ((await s256(String(body.codeVerifier ?? ''))) !== code.codeChallenge) {
              throw invalidGrant('PKCE verification failed: codeVerifier does not match codeChallenge');
            }
            ctx.db.put(AUTH_CODES, code.id, { ...code, used: true });
            // Same transaction: what the listeners change (the visitor's cart) is kept with the sign-in or neither is.
            ctx.announce('memberSignedIn', { visitorId: code.visitorId, memberId: code.memberId });
            return issueTokens(ctx.db, { clientId, visitorId: code.visitorId, memberId: code.memberId }, now, ctx.settings);
          }
          case 'authorized_client': {
            const header = ctx.headers.get('authorization');
            const [token, apiKey] = (header ?? '').split(',').map((s) => s.trim());
            if (!apiKey || !ctx.options.apiKeys.includes(apiKey)) {
              throw appError(401, 'UNAUTHENTICATED', 'authorized_client needs Authorization "<access token>,<api key>"');
            }
            const visitor = resolveCaller(ctx.db, token, [], null, now);
            if ('error' in visitor || visitor.caller.kind === 'anonymous' || visitor.caller.kind === 'elevated') {
              throw appError(401, 'UNAUTHENTICATED', 'authorized_client needs a valid access token before the API key');
            }
            const memberId = String(body.member_id ?? '');
            if (!ctx.db.get('members', memberId)) throw invalidGrant(`Member ${memberId} does not exist`);
            return issueTokens(
              ctx.db,
              { clientId: visitor.caller.clientId, visitorId: visitor.caller.visitorId, memberId },
              now,
              ctx.settings,
            );
          }
          default:
            throw appError(400, 'UNSUPPORTED_GRANT_TYPE', `Unsupported grant type ${String(grant)}`);
        }
      },
    } satisfies SandboxHandlers<'oauth'>,
  };
