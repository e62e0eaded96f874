/**
 * Edge-runtime middleware, as in the provider's template: a visitor without the session cookie
 * gets visitor tokens from the provider (the SDK's own fetch in the edge runtime), kept in the
 * cookie for the server components and actions of this request and the next ones.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { NextResponse } from 'next/server';

const SESSION_COOKIE = 'sfk-next-session';
const wix = createClient({ auth: OAuthStrategy({ clientId: process.env.WIX_CLIENT_ID }) });

export async function middleware(request) {
  const session = request.cookies.get(SESSION_COOKIE);
  if (session) return NextResponse.next();
  const tokens = await wix.auth.generateVisitorTokens();
  request.cookies.set(SESSION_COOKIE, JSON.stringify(tokens));
  const response = NextResponse.next({ request });
  response.cookies.set(SESSION_COOKIE, JSON.stringify(tokens), { maxAge: 60 * 60 * 4, httpOnly: true });
  return response;
}

export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };
