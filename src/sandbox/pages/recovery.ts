/** The set-password page recovery and activation e-mails link to (`/__sandbox/recover`). */
import { esc, htmlPage } from './html.ts';

/** The form keeps the link's token, redirect URL and client id; it may post to the redirect URL's origin. */
export function setPasswordPage(d: {
  token: string;
  redirectUrl?: string | null;
  clientId?: string | null;
  formTargets: string[];
}): Response {
  const hidden = (name: string, value: string | null | undefined) =>
    value ? `<input type="hidden" name="${name}" value="${esc(value)}">` : '';
  return htmlPage(
    'Set a new password',
    `<h1>Set a new password</h1><form method="post" action="/__sandbox/recover"><input type="hidden" name="token" value="${esc(d.token)}">${hidden('redirectUrl', d.redirectUrl)}${hidden('clientId', d.clientId)}<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required><button type="submit">Set password</button></form>`,
    { formTargets: d.formTargets },
  );
}

export const passwordSetPage = (): Response =>
  htmlPage('Password set', '<h1>Password set</h1><p>You can log in with the new password.</p>');
