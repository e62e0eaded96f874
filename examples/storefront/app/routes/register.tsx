import { data, Form } from 'react-router';
import { toHostedLogin } from '../login.server.ts';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Sandbox Store' }];

const SAY: Record<string, string> = {
  emailAlreadyExists: 'There is already an account with this e-mail. Sign in instead.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidPassword: 'Choose a longer password.',
};

/**
 * A new member (the site's direct registration); when the site lets them in at once, signed in
 * through the hosted page with the registration's session token (it asks nothing), as the
 * official SDK's hidden frame does in a browser: this works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = context.visitor;
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!email || !password) return data({ error: 'Enter an e-mail and a password.' }, { status: 400 });
  const state = await auth.register({ email, password });
  if (state.loginState === 'SUCCESS') return toHostedLogin(context.visitor, '/account', state.data.sessionToken);
  if (state.loginState === 'FAILURE')
    return data({ error: SAY[state.errorCode ?? ''] ?? 'The account could not be created.' }, { status: 400 });
  return data({ error: 'Check your e-mail, or wait for the store to approve your account.' }, { status: 202 });
}

export default function Register({ actionData: answer }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Create an account</h1>
      {/* reloadDocument: the page after it is a member's, from the server. */}
      <Form method="post" className="form" reloadDocument>
        <label>
          E-mail
          <input type="email" name="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="new-password" required minLength={6} />
        </label>
        <button type="submit" className="primary">
          Create account
        </button>
        {answer?.error && (
          <p role="alert" className="error">
            {answer.error}
          </p>
        )}
      </Form>
    </div>
  );
}
