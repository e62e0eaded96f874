import { redirect } from 'react-router';
import type { OAuthData } from 'storefront-kit';
import { sameOriginPath } from 'storefront-kit/react/server';
import { oauthCookie } from '../login.server.ts';
import type { Route } from './+types/login-callback';

/** Back from the hosted login page: the code for member tokens (the visitor's cart merges into the member's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = context.visitor;
  const oauthData = (await oauthCookie.parse(request.headers.get('cookie'))) as OAuthData | null;
  const clear = { 'set-cookie': await oauthCookie.serialize('', { maxAge: 0 }) };
  if (!oauthData) return redirect('/login', { headers: clear });
  const { code, state, error } = auth.parseFromUrl(request.url, 'query');
  if (error) return redirect('/login', { headers: clear });
  auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
  // A path of this store only, whatever the cookie says (it was written from a request's `back`).
  return redirect(sameOriginPath(oauthData.originalUri, '/account'), { headers: clear });
}

export default function LoginCallback() {
  return null;
}
