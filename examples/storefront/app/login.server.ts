/** Member sign-in on the server: the hosted login page (PKCE), its code exchanged on /login/callback. */
import { createCookie, redirect } from 'react-router';
import { sameOriginPath } from 'storefront-kit/react/server';
import type { Visitor } from './context.ts';

/** Where the PKCE data waits for the hosted page to send the shopper back (the code verifier stays on the server). */
export const oauthCookie = createCookie('sfk-oauth', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 600 });

/**
 * A redirect to the hosted login page, back on /login/callback and then on `back` when it is a
 * path of this store (sameOriginPath: never `//evil.example`), else on /account. With a
 * `sessionToken` (a registration or login that already succeeded) the page asks nothing
 * (prompt none) and sends the code straight back.
 */
export async function toHostedLogin({ auth, origin }: Visitor, back: string, sessionToken?: string): Promise<Response> {
  const oauthData = await auth.generateOAuthData(`${origin}/login/callback`, sameOriginPath(back, '/account'));
  const { authUrl } = await auth.getAuthUrl(oauthData, {
    responseMode: 'query',
    ...(sessionToken ? { prompt: 'none' as const, sessionToken } : {}),
  });
  return redirect(authUrl, { headers: { 'set-cookie': await oauthCookie.serialize(oauthData) } });
}
