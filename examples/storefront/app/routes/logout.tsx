import { redirect, type ActionFunctionArgs } from 'react-router';

/** Sign out: the member's tokens dropped (the cookie cleared) and the provider's logout page, back to the home page. */
export async function action({ context }: ActionFunctionArgs) {
  const { auth, origin } = context.visitor;
  const { logoutUrl } = await auth.logout(`${origin}/`);
  return redirect(logoutUrl);
}

export function loader() {
  return redirect('/account');
}
