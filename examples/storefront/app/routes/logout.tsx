import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/** Sign out: the member's tokens dropped (the cookie cleared) and the provider's logout page, back to the home page. */
export async function action({ context }: Route.ActionArgs) {
  const { auth, origin } = context.visitor;
  const { logoutUrl } = await auth.logout(`${origin}/`);
  return redirect(logoutUrl);
}

export function loader() {
  return redirect('/account');
}
