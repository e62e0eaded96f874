/**
 * The store server's half of storeSessionAuth (session-auth.ts): the visitor's access token for
 * the browser's client, renewed with the refresh token the server keeps in its HttpOnly cookie.
 * The answer carries the access token and its expiry only, never the refresh token, and is not
 * cached.
 */
import type { AccessTokenAnswer } from './session-auth.ts';

/** What the handler needs of the server's OAuthStrategy (its token storage the request's cookie). */
export interface AccessTokenSource {
  getAuthHeaders(): Promise<unknown>;
  onUnauthorized?(): Promise<boolean>;
  getTokens(): { accessToken: { value: string; expiresAt: number } };
}

/**
 * Answers the browser's POST for an access token: the current one while it is valid, a renewed
 * one when it has expired or the form says `renew=1` (the API answered the browser 401).
 */
export async function accessTokenResponse(auth: AccessTokenSource, request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  if (form.get('renew') === '1' && auth.onUnauthorized) await auth.onUnauthorized();
  else await auth.getAuthHeaders();
  const { accessToken } = auth.getTokens();
  const answer: AccessTokenAnswer = { accessToken: accessToken.value, expiresAt: accessToken.expiresAt };
  return new Response(JSON.stringify(answer), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
