import { Link } from 'react-router';
import { toHostedLogin } from '../login.server.ts';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Sandbox Store' }];

/** The hosted login page (PKCE): a redirect session to it, the shopper sent there. */
export function action({ context, request }: Route.ActionArgs) {
  return toHostedLogin(context.visitor, new URL(request.url).searchParams.get('back') ?? '/account');
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
