/**
 * The hosted login pages (the PKCE authorization request's `/__sandbox/login`): the login form,
 * the e-mail code form, the owner-approval notice, and the page that posts the result to the
 * opener or parent window (`responseMode: web_message`).
 */
import { esc, htmlPage, scriptNonce } from './html.ts';

/** Where the login's forms may go: the session, the redirect URI's origin, framing for web_message. */
export interface LoginSession {
  sessionId: string;
  /** Origins the forms may post to and be redirected to (the redirect URI's). */
  formTargets: string[];
  /** The one origin that may frame the page and receive its result (web_message), if any. */
  appOrigin?: string;
}

const errorLine = (error?: string) => (error ? `<p class="error" role="alert">${esc(error)}</p>` : '');

export function loginPage(
  s: LoginSession,
  o: {
    error?: string;
    email?: string;
    status?: number;
    /** Shown when the site asks for a captcha. */ captchaToken?: string;
    /** The sandbox's demo member, named on the page (a new user has no account yet). */
    demoAccount?: { email: string; password: string };
  } = {},
): Response {
  const captcha =
    o.captchaToken !== undefined
      ? `<label for="captcha">Captcha answer (the sandbox accepts <code>${esc(o.captchaToken)}</code>)</label><input id="captcha" name="captcha" autocomplete="off">`
      : '';
  return htmlPage(
    'Log in',
    `<h1>Log in</h1>${errorLine(o.error)}${
      o.demoAccount
        ? `<p class="hint">This is the sandbox: its demo member is <code>${esc(o.demoAccount.email)}</code> with the password <code>${esc(o.demoAccount.password)}</code>.</p>`
        : ''
    }
<form method="post" action="/__sandbox/login">
<input type="hidden" name="session" value="${esc(s.sessionId)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(o.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
${captcha}
<button type="submit" name="action" value="login">Log in</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
    { status: o.status, formTargets: s.formTargets, frameAncestors: s.appOrigin ? [s.appOrigin] : [] },
  );
}

export function verificationCodePage(
  s: LoginSession,
  stateToken: string,
  o: { error?: string; status?: number } = {},
): Response {
  return htmlPage(
    'Verify your e-mail',
    `<h1>Verify your e-mail</h1>${errorLine(o.error)}<p>A 6-digit code was sent to your e-mail (the sandbox's outbox).</p>
<form method="post" action="/__sandbox/login">
<input type="hidden" name="session" value="${esc(s.sessionId)}"><input type="hidden" name="stateToken" value="${esc(stateToken)}">
<label for="code">Verification code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit" name="action" value="verify">Verify</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
    { status: o.status, formTargets: s.formTargets, frameAncestors: s.appOrigin ? [s.appOrigin] : [] },
  );
}

export const awaitingApprovalPage = (email?: string): Response =>
  htmlPage(
    'Waiting for approval',
    `<h1>Waiting for approval</h1><p>The site owner must approve ${esc(email ?? 'this member')} before they can log in.</p>`,
    {
      status: 403,
    },
  );

/**
 * The web_message answer: posts `message` to the parent and opener windows at `targetOrigin`
 * exactly (never "*") from its one nonce script (the data travels as JSON beside it, never
 * inside the script); only that origin may frame it. Without an origin it posts nothing (the
 * JSON is still there for a driver that reads the page, as the tests' Node frame does).
 */
export function authResultPage(
  message: Record<string, string>,
  targetOrigin: string | undefined,
  text: string,
): Response {
  const nonce = scriptNonce();
  const data = JSON.stringify({ message, targetOrigin: targetOrigin ?? null }).replace(/</g, '\\u003c');
  const script = `var d=JSON.parse(document.getElementById('sfk-auth-result').textContent);if(d.targetOrigin){if(window.parent&&window.parent!==window)window.parent.postMessage(d.message,d.targetOrigin);if(window.opener)window.opener.postMessage(d.message,d.targetOrigin);}`;
  return htmlPage(
    'Signing in',
    `<p>${esc(text)}</p><script type="application/json" id="sfk-auth-result">${data}</script><script nonce="${nonce}">${script}</script>`,
    {
      nonce,
      frameAncestors: targetOrigin ? [targetOrigin] : [],
    },
  );
}
