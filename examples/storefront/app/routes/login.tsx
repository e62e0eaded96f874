import { createCookie, redirect, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { Link } from 'react-router';

/** Where the PKCE data waits for the hosted login page to send the shopper back (the code verifier stays on the server). */
export const oauthCookie = createCookie('sfk-oauth', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 600 });

export const meta: MetaFunction = () => [{ title: 'Sign in · Sandbox Store' }];

/** The hosted login page (PKCE): a redirect session to it, the shopper sent there. */
export async function action({ context, request }: ActionFunctionArgs) {
  const { auth, origin } = context.visitor;
  const back = new URL(request.url).searchParams.get('back') ?? '/account';
  const oauthData = await auth.generateOAuthData(`${origin}/login/callback`, back.startsWith('/') ? back : '/account');
  const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query' });
  return redirect(authUrl, { headers: { 'set-cookie': await oauthCookie.serialize(oauthData) } });
}

export default function Login() {
  return (
    <div className="page">
      <h1>Sign in</h1>
      <p>You sign in on the store's secure login page and come back here, your cart with you.</p>
      {/* A full page load: the shopper leaves for the login page. */}
      <form method="post" action="/login" className="form">
        <button type="submit" className="primary">
          Continue to sign in
        </button>
      </form>
      <p>
        New here? <Link to="/register">Create an account</Link>
      </p>
    </div>
  );
}
