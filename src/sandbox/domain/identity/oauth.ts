/**
 * OAuth grants: single-use authorization codes bound to a client, a redirect URI, a PKCE S256
 * challenge and a visitor (the hosted login page issues them, the token endpoint redeems them),
 * and the refresh-token renewal. Tokens are opaque and expiring (platform/tokens.ts).
 */
import { bytesToBase64Url } from '../../../normalise/base64url.ts';
import { appError } from '../../platform/errors.ts';
import { issueTokens, randomToken, readToken, type TokenAnswer } from '../../platform/tokens.ts';
import type { Db, Entity, OperationContext } from '../../platform/types.ts';
import type { DomainContext } from '../context.ts';

/** Authorization codes the hosted login page hands out. */
export const AUTH_CODES = 'authCodes';

declare module '../../platform/types.ts' {
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

export const invalidGrant = (description: string) => appError(400, 'INVALID_GRANT', description);

/** What an authorization code is bound to. */
export interface CodeBinding {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  visitorId: string;
  memberId: string;
}

/** A single-use authorization code for the member, bound to the client, redirect URI, challenge and visitor. */
export function issueAuthCode(ctx: Pick<DomainContext, 'db' | 'now'>, binding: CodeBinding): string {
  const code = randomToken('sfk-code', 20);
  const { clientId, redirectUri, codeChallenge, visitorId, memberId } = binding;
  const expiresAt = ctx.now().getTime() + AUTH_CODE_TTL_MS;
  ctx.db.put(AUTH_CODES, code, {
    id: code,
    clientId,
    redirectUri,
    codeChallenge,
    codeChallengeMethod: 'S256',
    visitorId,
    memberId,
    expiresAt,
  });
  return code;
}

/**
 * Redeems an authorization code: it must be the client's, unused, unexpired, for the same
 * redirect URI (required when the code has one) and the verifier must match its challenge. Answers the sign-in.
 */
export async function redeemAuthCode(
  db: Db,
  now: Date,
  r: { clientId: string; code: unknown; redirectUri: unknown; codeVerifier: unknown },
): Promise<{ visitorId: string; memberId: string }> {
  const code = db.get(AUTH_CODES, String(r.code ?? ''));
  if (!code || code.used || code.clientId !== r.clientId) throw invalidGrant('Authorization code is not valid');
  if (code.expiresAt <= now.getTime()) throw invalidGrant('Authorization code expired');
  // RFC 6749 4.1.3: when the authorization request had a redirect URI, the token request must
  // repeat it, identical (the official SDK sends it whenever its OAuth data has one).
  if (code.redirectUri !== '' && r.redirectUri === undefined) {
    throw invalidGrant('redirectUri is required: the authorization request that issued this code had one');
  }
  if (r.redirectUri !== undefined && r.redirectUri !== code.redirectUri) {
    throw invalidGrant('redirectUri does not match the one the code was issued for');
  }
  if ((await s256(String(r.codeVerifier ?? ''))) !== code.codeChallenge) {
    throw invalidGrant('PKCE verification failed: codeVerifier does not match codeChallenge');
  }
  db.put(AUTH_CODES, code.id, { ...code, used: true });
  return { visitorId: code.visitorId, memberId: code.memberId };
}

/** New tokens for a refresh token of the client; the caller keeps its refresh token (parallel renewals all succeed). */
export async function renewTokens(
  ctx: Pick<OperationContext, 'db' | 'tokenSigner' | 'now' | 'settings'>,
  clientId: string,
  refreshToken: unknown,
): Promise<TokenAnswer> {
  const token = String(refreshToken ?? '');
  const read = await readToken(ctx.db, ctx.tokenSigner, token, 'refresh', ctx.now());
  if ('error' in read || read.subject.clientId !== clientId) throw invalidGrant('Refresh token is not valid');
  const answer = await issueTokens(ctx.db, ctx.tokenSigner, read.subject, ctx.now(), ctx.settings);
  return { ...answer, refresh_token: token };
}
