/**
 * The sandbox's identity services over real HTTP, through the project's client where it has the
 * call: register and login (v1, v2) in every server state, the provider's error codes, the site
 * policies (e-mail verification, owner approval, captcha) switched through the control API,
 * recovery and activation e-mails, change password, sign-on, logout, the brute-force guard and
 * redirect sessions. Every rejected input leaves the state as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApplicationError,
  authentication,
  createClient,
  LoginState,
  OAuthStrategy, withDirectLogin,
  recovery,
  redirects,
  ValidationError,
  verification,
} from '../../../src/index.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
const base = () => s.current.url;
const AUTH = '/_api/iam/authentication';
const DEMO = { email: 'demo@storefront.test', password: 'demo-password-1' };

let n = 0;
const newEmail = () => `member${++n}.${Date.now()}@example.com`;

const strategy = () => withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }));
function kit(auth = strategy()) {
  return { auth, client: createClient({ modules: { authentication, verification, recovery, redirects }, auth, host: base() }) };
}

/** The state without tokens (a client's first call gets visitor tokens; that is not the change under test). */
async function state() {
  const st = (await call(base(), 'GET', '/__sandbox/state')).body;
  delete st.collections.tokens;
  return st;
}
const settings = (patch: Record<string, unknown>) => call(base(), 'PATCH', '/__sandbox/settings', { body: patch, token: API_KEY });
async function mailTo(to: string, kind?: string): Promise<any[]> {
  const mail = (await call(base(), 'GET', `/__sandbox/outbox?to=${encodeURIComponent(to)}`)).body.mail as any[];
  return kind ? mail.filter((m) => m.kind === kind) : mail;
}
const lastCode = async (to: string) => (await mailTo(to, 'verification')).at(-1)!.data;
const memberRecord = async (id: string) => (await state()).collections.members[id];
const advance = (seconds: number) => call(base(), 'POST', '/__sandbox/clock/advance', { body: { seconds }, token: API_KEY });

async function expectUnchanged(fn: () => Promise<unknown>): Promise<void> {
  const before = await state();
  await fn();
  expect(await state()).toEqual(before);
}

/** POST as a fresh visitor (raw wire). */
async function post(path: string, body: unknown, token?: string) {
  return call(base(), 'POST', path, { body, token: token ?? (await visitorToken(base())) });
}

async function register(email: string, password = 'pass-word-1', extra: Record<string, unknown> = {}) {
  const r = await post(`${AUTH}/v2/register`, { loginId: { email }, password, ...extra });
  return r;
}

/** Member tokens for a member (the authorized_client grant), for member-only calls. */
async function memberToken(memberId: string): Promise<string> {
  const visitor = await visitorToken(base());
  const r = await call(base(), 'POST', '/oauth2/token', {
    body: { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
    headers: { authorization: `${visitor},${API_KEY}` },
  });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

/** The owner approves a member (the members API, elevated). */
async function approve(memberId: string) {
  const r = await call(base(), 'POST', `/members/v1/members/${memberId}/approve`, { body: {}, token: API_KEY });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

afterEach(async () => {
  await settings({ requireEmailVerification: false, requireOwnerApproval: false, requireCaptcha: false, redirectUris: [] });
});

describe('register and login (v2) with the default site policies', () => {
  it('registers at once with a session token, then logs in; the password is stored hashed, never echoed', async () => {
    const email = newEmail();
    const { auth } = kit();
    const registered = await auth.register({ email, password: 's3cret-pass', profile: { firstName: 'Noa', lastName: 'New' } });
    expect(registered.loginState).toBe(LoginState.SUCCESS);
    expect(registered.data!.sessionToken).toMatch(/^sfk-st\./);
    const identity = registered.data!.identity as any;
    expect(identity).toMatchObject({ email: { address: email, isVerified: false }, identityProfile: { firstName: 'Noa', lastName: 'New' }, status: { name: 'ACTIVE' } });

    const dump = JSON.stringify(await state());
    expect(dump).not.toContain('s3cret-pass');
    expect(dump).toContain('PBKDF2-SHA256');

    const before = (await memberRecord(identity.id)).lastLoginDate;
    expect(before).toEqual(expect.any(String));
    await advance(60);
    const loggedIn = await auth.login({ email: email.toUpperCase(), password: 's3cret-pass' });
    expect(loggedIn.loginState).toBe(LoginState.SUCCESS);
    expect(loggedIn.data!.sessionToken).not.toBe(registered.data!.sessionToken);
    const after = (await memberRecord(identity.id)).lastLoginDate;
    expect(Date.parse(after) - Date.parse(before)).toBeGreaterThanOrEqual(60_000);
    const events = (await call(base(), 'GET', '/__sandbox/events?entityFqdn=wix.members.v1.member')).body.events;
    expect(events.some((e: any) => e.slug === 'created' && e.entityId === identity.id)).toBe(true);
  });

  it('answers -19995 for an e-mail that exists and an EMAIL violation for a malformed one, changing nothing', async () => {
    const { auth, client } = kit();
    await client.authentication.loginV2({ loginId: { email: DEMO.email }, password: DEMO.password }); // visitor tokens first
    await expectUnchanged(async () => {
      const exists = await auth.register({ email: DEMO.email.toUpperCase(), password: 'whatever-1' });
      expect(exists).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists', error: 'Email already exists' });
      const bad = await auth.register({ email: 'not-an-email', password: 'whatever-1' });
      expect(bad).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail', error: 'must be a valid e-mail' });
    });
    const raw = await register('also bad@x');
    expect(raw.status).toBe(400);
    expect(raw.body.details.validationError.fieldViolations).toEqual([
      { field: 'loginId.email', description: 'must be a valid e-mail', violatedRule: 'FORMAT', ruleName: 'EMAIL', data: { type: 'EMAIL' } },
    ]);
    const exists = await register(DEMO.email);
    expect(exists.body).toEqual({ message: 'Email already exists', details: { applicationError: { code: '-19995', description: 'Email already exists', data: {} } } });
  });

  it('answers -19976 for a wrong password and MEMBER_NOT_FOUND for an unknown e-mail, changing nothing', async () => {
    const { auth, client } = kit();
    await client.authentication.loginV2({ loginId: { email: DEMO.email }, password: DEMO.password });
    await expectUnchanged(async () => {
      expect(await auth.login({ email: DEMO.email, password: 'nope' })).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword', error: 'Wrong password' });
      const unknown = await auth.login({ email: 'nobody@example.com', password: 'nope' });
      expect(unknown).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail', error: 'No member has the login e-mail nobody@example.com' });
      await expect(client.authentication.loginV2({ loginId: { email: DEMO.email }, password: 'nope' })).rejects.toMatchObject({ code: '-19976', status: 400 });
      await expect(client.authentication.loginV2({ loginId: { email: 'nobody@example.com' }, password: 'x' })).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND', status: 404 });
    });
  });
});

describe('site policies', () => {
  it('captcha: -19971 without a token, -19970 with a wrong one, success with the sandbox token from /__sandbox/info', async () => {
    const captcha = (await call(base(), 'GET', '/__sandbox/info')).body.captchaToken;
    expect(captcha).toBe('sandbox-captcha-ok');
    await settings({ requireCaptcha: true });
    const { auth, client } = kit();
    const email = newEmail();
    await client.authentication.loginV2({ loginId: { email: DEMO.email }, password: DEMO.password, captchaTokens: [{ Recaptcha: captcha }] });
    await expectUnchanged(async () => {
      expect(await auth.register({ email, password: 'pass-word-1' })).toMatchObject({ errorCode: 'missingCaptchaToken', error: 'Missing captcha token' });
      expect(await auth.register({ email, password: 'pass-word-1', captchaTokens: { recaptchaToken: 'guess' } })).toMatchObject({
        errorCode: 'invalidCaptchaToken',
        error: 'Invalid captcha token',
      });
      expect(await auth.login({ email: DEMO.email, password: DEMO.password })).toMatchObject({ errorCode: 'missingCaptchaToken' });
      expect(await auth.login({ email: DEMO.email, password: DEMO.password, captchaTokens: { invisibleRecaptchaToken: 'guess' } })).toMatchObject({ errorCode: 'invalidCaptchaToken' });
    });
    expect(await auth.register({ email, password: 'pass-word-1', captchaTokens: { invisibleRecaptchaToken: captcha } })).toMatchObject({ loginState: 'SUCCESS' });
    expect(await auth.login({ email, password: 'pass-word-1', captchaTokens: { recaptchaToken: captcha } })).toMatchObject({ loginState: 'SUCCESS' });
  });

  it('e-mail verification: a state token and a mailed 6-digit code; a wrong code changes nothing; resend replaces the code', async () => {
    await settings({ requireEmailVerification: true });
    const { auth } = kit();
    const email = newEmail();
    const pending = await auth.register({ email, password: 'pass-word-1' });
    expect(pending.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);
    const stateToken = pending.data!.stateToken!;
    expect(stateToken).toEqual(expect.any(String));
    expect((pending.data!.identity as any).status).toEqual({ name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] });
    const first = await lastCode(email);
    expect(first).toEqual({ code: expect.stringMatching(/^\d{6}$/), stateToken });

    const wrong = first.code === '000000' ? '111111' : '000000';
    await expectUnchanged(async () => {
      expect(await auth.processVerification({ code: wrong }, pending)).toEqual({ ...pending, error: 'Verification code is not valid' });
      const raw = await post('/_api/iam/verification/v1/auth/verify', { code: first.code, stateToken: 'sfk-state.unknown' });
      expect(raw.body.details.applicationError).toMatchObject({ code: 'INVALID_STATE_TOKEN', description: 'State token is not valid or has expired' });
    });

    // A login before verifying asks again, with a new state token and code.
    const again = await auth.login({ email, password: 'pass-word-1' });
    expect(again.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);

    expect((await post('/_api/iam/verification/v1/auth/resend', { stateToken })).status).toBe(200);
    const second = await lastCode(email);
    expect(second.stateToken).toBe(stateToken);
    expect(second.code).not.toBe(first.code);
    expect((await post('/_api/iam/verification/v1/auth/verify', { code: first.code, stateToken })).body.details.applicationError.code).toBe('INVALID_VERIFICATION_CODE');
    const done = await auth.processVerification({ verificationCode: second.code }, pending);
    expect(done.loginState).toBe(LoginState.SUCCESS);
    expect(done.data!.sessionToken).toMatch(/^sfk-st\./);
    // The state token is spent; the member is verified and logs in directly.
    expect((await post('/_api/iam/verification/v1/auth/verify', { code: second.code, stateToken })).status).toBe(400);
    expect((await auth.login({ email, password: 'pass-word-1' })).loginState).toBe(LoginState.SUCCESS);
    // The verification step is processed only while the client's state waits for it.
    expect(await auth.processVerification({ code: '123456' }, { loginState: LoginState.SUCCESS, data: { sessionToken: 'sfk-st.not-waiting' } })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
  });

  it('owner approval: PENDING until the owner approves; proceedToNextState then answers SUCCESS', async () => {
    await settings({ requireOwnerApproval: true });
    const { auth } = kit();
    const email = newEmail();
    const reg = await register(email);
    expect(reg.body).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: expect.any(String), identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } } });
    expect(reg.body.sessionToken).toBeUndefined();
    const id = reg.body.identity.id;
    expect((await memberRecord(id)).status).toBe('PENDING');
    expect(await auth.login({ email, password: 'pass-word-1' })).toMatchObject({ loginState: LoginState.OWNER_APPROVAL_REQUIRED });

    const stillPending = await post(`${AUTH}/v1/state/proceed`, { stateToken: reg.body.stateToken });
    expect(stillPending.body).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: reg.body.stateToken });
    await approve(id);
    const proceeded = await post(`${AUTH}/v1/state/proceed`, { stateToken: reg.body.stateToken });
    expect(proceeded.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^sfk-st\./), identity: { id, status: { name: 'ACTIVE' } } });
    expect((await post(`${AUTH}/v1/state/proceed`, { stateToken: reg.body.stateToken })).body.details.applicationError.code).toBe('INVALID_STATE_TOKEN');
    expect((await auth.login({ email, password: 'pass-word-1' })).loginState).toBe(LoginState.SUCCESS);
  });

  it('verification then approval: the code step comes first, then REQUIRE_OWNER_APPROVAL', async () => {
    await settings({ requireEmailVerification: true, requireOwnerApproval: true });
    const email = newEmail();
    const reg = await register(email);
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const { code } = await lastCode(email);
    const verified = await post('/_api/iam/verification/v1/auth/verify', { code, stateToken: reg.body.stateToken });
    expect(verified.body).toMatchObject({ state: 'REQUIRE_OWNER_APPROVAL', stateToken: expect.any(String), identity: { email: { isVerified: true } } });
  });
});

describe('members who cannot log in as they are', () => {
  it('a BLOCKED member gets MEMBER_BLOCKED; a member created without a password gets -19973', async () => {
    const email = newEmail();
    const id = (await register(email)).body.identity.id;
    expect((await call(base(), 'POST', `/members/v1/members/${id}/block`, { body: {}, token: API_KEY })).status).toBe(200);
    const { auth } = kit();
    await expectUnchanged(async () => {
      const blocked = await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'pass-word-1' });
      expect(blocked.status).toBe(403);
      expect(blocked.body.details.applicationError).toEqual({ code: 'MEMBER_BLOCKED', description: 'This member is blocked and cannot log in', data: {} });
    });

    // A member disconnected from the site (OFFLINE) cannot log in either.
    const gone = newEmail();
    const goneId = (await register(gone)).body.identity.id;
    expect((await call(base(), 'POST', `/members/v1/members/${goneId}/disconnect`, { body: {}, token: API_KEY })).status).toBe(200);
    const offline = await post(`${AUTH}/v2/login`, { loginId: { email: gone }, password: 'pass-word-1' });
    expect(offline.body.details.applicationError).toEqual({ code: 'MEMBER_OFFLINE', description: 'This member was disconnected from the site and cannot log in', data: {} });

    // signOn (elevated) creates a member without a password.
    const vip = newEmail();
    const signed = await call(base(), 'POST', `${AUTH}/v2/sign-on`, { body: { loginId: { email: vip }, profile: { firstName: 'Vi' } }, token: API_KEY });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ sessionToken: expect.stringMatching(/^sfk-st\./), identity: { email: { address: vip }, identityProfile: { firstName: 'Vi' } } });
    expect(await auth.login({ email: vip, password: 'anything' })).toMatchObject({ loginState: 'FAILURE', errorCode: 'resetPassword', error: 'The password must be reset' });
    // Signing on again finds the same member.
    const again = await call(base(), 'POST', `${AUTH}/v2/sign-on`, { body: { loginId: { email: vip } }, token: API_KEY });
    expect(again.body.identity.id).toBe(signed.body.identity.id);
    // Only an elevated caller may sign members on.
    expect((await post(`${AUTH}/v2/sign-on`, { loginId: { email: vip } })).status).toBe(403);
  });

  it('a login waiting for its e-mailed code is refused once the site disconnects the member', async () => {
    await settings({ requireEmailVerification: true });
    const reg = await register(newEmail());
    expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect((await call(base(), 'POST', `/members/v1/members/${reg.body.identity.id}/disconnect`, { body: {}, token: API_KEY })).status).toBe(200);
    await expectUnchanged(async () => {
      const proceeded = await post(`${AUTH}/v1/state/proceed`, { stateToken: reg.body.stateToken });
      expect(proceeded.status).toBe(403);
      expect(proceeded.body.details.applicationError).toEqual({ code: 'MEMBER_OFFLINE', description: 'This member was disconnected from the site and cannot log in', data: {} });
    });
  });

  it('a disconnected (OFFLINE) member gets no session from sign-on or from a password recovery', async () => {
    const email = newEmail();
    const id = (await register(email)).body.identity.id;
    await post('/_api/iam/recovery/v1/send-email', { email });
    const [mail] = await mailTo(email, 'recovery');
    expect((await call(base(), 'POST', `/members/v1/members/${id}/disconnect`, { body: {}, token: API_KEY })).status).toBe(200);
    await expectUnchanged(async () => {
      const signed = await call(base(), 'POST', `${AUTH}/v2/sign-on`, { body: { loginId: { email } }, token: API_KEY });
      expect(signed.status).toBe(403);
      expect(signed.body.details.applicationError).toEqual({ code: 'MEMBER_OFFLINE', description: 'This member was disconnected from the site and cannot log in', data: {} });
    });
    const recovered = await post('/_api/iam/recovery/v1/recover', { recoveryToken: mail.data.recoveryToken, password: 'new-pass-2' });
    expect(recovered.status).toBe(200);
    expect(recovered.body.identity.status).toEqual({ name: 'OFFLINE' });
    expect(recovered.body.sessionToken).toBeUndefined();
  });

  it('an activation e-mail requires a new password (-19973) until the e-mailed token sets one', async () => {
    const email = newEmail();
    const id = (await register(email, 'first-pass-1')).body.identity.id;
    const r = await call(base(), 'POST', '/_api/iam/recovery/v1/activation-email', { body: { identityId: id, emailOptions: { redirect: { url: 'http://localhost:5173/', clientId: CLIENT_ID } } }, token: API_KEY });
    expect(r.status).toBe(200);
    const [mail] = await mailTo(email, 'activation');
    expect(mail.data).toMatchObject({ recoveryToken: expect.any(String), redirectUrl: 'http://localhost:5173/', clientId: CLIENT_ID });
    const login = await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'first-pass-1' });
    expect(login.body.details.applicationError).toMatchObject({ code: '-19973', description: 'The password must be reset' });
    const recovered = await post('/_api/iam/recovery/v1/recover', { recoveryToken: mail.data.recoveryToken, password: 'second-pass-2' });
    expect(recovered.body).toMatchObject({ identity: { id, email: { address: email, isVerified: true } }, sessionToken: expect.any(String) });
    expect((await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'second-pass-2' })).body.state).toBe('SUCCESS');
    expect((await post('/_api/iam/recovery/v1/activation-email', { identityId: id })).status).toBe(403);
  });
});

describe('recovery and passwords', () => {
  it('mails a recovery link with the redirect URL and client id; recover sets the password once', async () => {
    const email = newEmail();
    await register(email, 'old-pass-1');
    const { auth, client } = kit();
    await client.authentication.loginV2({ loginId: { email }, password: 'old-pass-1' });
    await auth.sendPasswordResetEmail(email, 'http://localhost:5173/reset');
    const [mail] = await mailTo(email, 'recovery');
    expect(mail.subject).toBe('Reset your password');
    const link = new URL(mail.data.link);
    expect(link.origin).toBe(base());
    expect(link.pathname).toBe('/__sandbox/recover');
    expect(Object.fromEntries(link.searchParams)).toEqual({ token: mail.data.recoveryToken, redirectUrl: 'http://localhost:5173/reset', clientId: CLIENT_ID });

    const { identity } = await client.recovery.recover({ recoveryToken: mail.data.recoveryToken, password: 'new-pass-2' });
    expect(identity!.email!.address).toBe(email);
    expect(await auth.login({ email, password: 'old-pass-1' })).toMatchObject({ errorCode: 'invalidPassword' });
    expect(await auth.login({ email, password: 'new-pass-2' })).toMatchObject({ loginState: 'SUCCESS' });
    await expectUnchanged(async () => {
      await expect(client.recovery.recover({ recoveryToken: mail.data.recoveryToken, password: 'third-pass-3' })).rejects.toMatchObject({
        code: 'INVALID_RECOVERY_TOKEN',
        description: 'Recovery token is not valid, used or expired',
      });
      await expect(client.recovery.sendRecoveryEmail({ email: 'nobody@example.com' })).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND', status: 404 });
      await expect(client.recovery.sendRecoveryEmail({ email, redirect: { url: 'https://evil.example/steal', clientId: CLIENT_ID } })).rejects.toMatchObject({
        code: 'INVALID_REDIRECT_URI',
        status: 400,
      });
      await expect(client.recovery.sendRecoveryEmail({ email, redirect: { url: 'http://localhost:5173/reset', clientId: 'someone-else' } })).rejects.toMatchObject({
        code: 'INVALID_CLIENT',
        description: 'Unknown OAuth client id someone-else',
      });
    });
  });

  it('the set-password page of the link sets the password and goes back to the redirect URL', async () => {
    const email = newEmail();
    await register(email, 'old-pass-1');
    await post('/_api/iam/recovery/v1/send-email', { email, redirect: { url: 'http://localhost:5173/reset', clientId: CLIENT_ID } });
    const [mail] = await mailTo(email, 'recovery');
    const pageRes = await fetch(mail.data.link);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await pageRes.text();
    expect(html).toContain('<label for="password">New password</label>');
    const posted = await fetch(`${base()}/__sandbox/recover`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: mail.data.recoveryToken, redirectUrl: 'http://localhost:5173/reset', clientId: CLIENT_ID, password: 'page-pass-3' }),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('http://localhost:5173/reset');
    expect((await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'page-pass-3' })).body.state).toBe('SUCCESS');
    // The link works once; a forged redirect URL is not honoured.
    const spent = await fetch(mail.data.link);
    expect(spent.status).toBe(400);
    expect(await spent.text()).toContain('This link is not valid, was already used or has expired; ask for a new e-mail.');
    await post('/_api/iam/recovery/v1/send-email', { email });
    const fresh = (await mailTo(email, 'recovery')).at(-1)!;
    for (const redirectUrl of ['https://evil.example/', 'not a url']) {
      const forged = new URL(fresh.data.link);
      forged.searchParams.set('redirectUrl', redirectUrl);
      const res = await fetch(forged);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`Redirect URL ${redirectUrl} is not registered for client ${CLIENT_ID}.`);
    }
  });

  it('change password: a member sets a new one; a visitor may not', async () => {
    const email = newEmail();
    const id = (await register(email, 'old-pass-1')).body.identity.id;
    const token = await memberToken(id);
    const r = await call(base(), 'POST', `${AUTH}/v2/change-password`, { body: { newPassword: 'changed-pass-2' }, token });
    expect(r.status).toBe(200);
    expect((await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'old-pass-1' })).body.details.applicationError.code).toBe('-19976');
    expect((await post(`${AUTH}/v2/login`, { loginId: { email }, password: 'changed-pass-2' })).body.state).toBe('SUCCESS');
    await expectUnchanged(async () => {
      const visitor = await post(`${AUTH}/v2/change-password`, { newPassword: 'x-pass' });
      expect(visitor.status).toBe(403);
      const empty = await call(base(), 'POST', `${AUTH}/v2/change-password`, { body: { newPassword: '' }, token });
      expect(empty.status).toBe(400);
      expect(empty.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'newPassword', violatedRule: 'MIN_LENGTH' });
    });
  });
});

describe('logout', () => {
  it('ends the member login and answers a page that goes to the post-logout URL', async () => {
    const token = await memberToken('6a8c2f6e-0000-4000-8000-000000000001');
    const { client } = kit();
    const q = new URLSearchParams({ postLogoutRedirectUri: 'https://shop.example/bye', clientId: CLIENT_ID });
    // Unregistered: refused, and the member stays logged in.
    await expectUnchanged(async () => {
      const refused = await call(base(), 'GET', `${AUTH}/v1/logout?${q}`, { token });
      expect(refused.status).toBe(400);
      expect(refused.body.details.applicationError.code).toBe('INVALID_REDIRECT_URI');
    });
    await settings({ redirectUris: ['https://shop.example/bye'] });
    const out = await call(base(), 'GET', `${AUTH}/v1/logout?${q}`, { token });
    expect(out.status).toBe(200);
    expect(out.body.contentType).toBe('text/html');
    const html = Buffer.from(out.body.body, 'base64').toString('utf8');
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=https://shop.example/bye">');
    // The member's token is revoked.
    const after = await call(base(), 'POST', `${AUTH}/v2/change-password`, { body: { newPassword: 'x-pass-1' }, token });
    expect(after.status).toBe(401);
    // A visitor may log out too (nothing to end), through the client.
    const visitorOut = await client.authentication.logout({ clientId: CLIENT_ID });
    // The client decodes the page from base64 (bytes, as the official SDK returns them).
    expect(visitorOut.body).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(visitorOut.body)).toContain('Signed out.');
  });
});

describe('brute force', () => {
  it('answers 429 after 5 failed logins for one e-mail within 15 minutes, until the window passes', async () => {
    const email = newEmail();
    await register(email, 'right-pass-1');
    const token = await visitorToken(base());
    const login = (password: string) => call(base(), 'POST', `${AUTH}/v2/login`, { body: { loginId: { email }, password }, token });
    for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`)).body.details.applicationError.code).toBe('-19976');
    const before = await state();
    const limited = await login('right-pass-1');
    expect(limited.status).toBe(429);
    expect(limited.body.details.applicationError).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAfterSeconds: expect.any(Number) } });
    expect(limited.body.details.applicationError.description).toMatch(/^Too many failed logins for this e-mail; try again in \d+ seconds$/);
    expect(await state()).toEqual(before);
    // Another e-mail is not affected.
    expect((await call(base(), 'POST', `${AUTH}/v2/login`, { body: { loginId: { email: DEMO.email }, password: DEMO.password }, token })).status).toBe(200);
    await advance(15 * 60 + 1);
    expect((await login('right-pass-1')).body.state).toBe('SUCCESS');
  });
});

describe('other identity calls', () => {
  it('v1 register and login use the identity/authenticator/inputs payloads', async () => {
    const email = newEmail();
    const reg = await post(`${AUTH}/v1/register`, { identity: { identityProfile: { firstName: 'Vee' }, email: { address: email } }, authenticatorId: 'password', inputs: [{ value: 'v1-pass-1' }], captchaTokens: [] });
    expect(reg.body).toMatchObject({ state: 'SUCCESS', identity: { identityProfile: { firstName: 'Vee' } } });
    const login = await post(`${AUTH}/v1/login`, { identifier: { email }, authenticatorId: 'password', inputs: [{ value: 'v1-pass-1' }] });
    expect(login.body.state).toBe('SUCCESS');
    const bad = await post(`${AUTH}/v1/register`, { identity: { email: { address: 'nope' } }, inputs: [{ value: 'x' }] });
    expect(bad.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'identity.email.address', data: { type: 'EMAIL' } });
  });

  it('verification.start mails a code; an unknown identity is 404', async () => {
    const email = newEmail();
    const id = (await register(email)).body.identity.id;
    const r = await post('/_api/iam/verification/v1/start', { identityId: id, target: 'EMAIL' });
    expect(r.body).toEqual({ verificationId: expect.any(String) });
    expect((await lastCode(email))).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), verificationId: r.body.verificationId });
    await expectUnchanged(async () => {
      expect((await post('/_api/iam/verification/v1/start', { identityId: 'nobody', target: 'EMAIL' })).status).toBe(404);
    });
  });

  it('SSO login answers that no identity provider connection is configured', async () => {
    const r = await post(`${AUTH}/v1/sso/login-with-token-params`, { idpConnectionId: 'c0ffee', tokenParams: { id_token: 'x' } });
    expect(r.status).toBe(404);
    expect(r.body.details.applicationError).toMatchObject({ code: 'IDP_CONNECTION_NOT_FOUND', description: 'No identity provider connection c0ffee is configured in the sandbox' });
  });
});

describe('redirect sessions', () => {
  const auth = (redirectUri: string) => ({
    auth: { authRequest: { clientId: CLIENT_ID, redirectUri, codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGgSw_lEpM', codeChallengeMethod: 'S256', responseMode: 'query', responseType: 'code', state: 'st' }, prompt: 'login' },
  });
  const session = (body: unknown) => post('/_api/redirects-api/v1/redirect-session', body);

  it('honours only redirect URIs registered for the client: localhost by default, others from the settings', async () => {
    const local = await session(auth('http://localhost:5173/callback'));
    expect(local.body.redirectSession).toMatchObject({ fullUrl: expect.stringMatching(new RegExp(`^${base()}/__sandbox/login\\?session=`)), urlDetails: { endpoint: `${base()}/__sandbox/login` } });
    await expectUnchanged(async () => {
      const other = await session(auth('https://shop.example/callback'));
      expect(other.status).toBe(400);
      expect(other.body.details.applicationError).toMatchObject({ code: 'INVALID_REDIRECT_URI' });
      expect(other.body.message).toBe('Redirect URI https://shop.example/callback is not registered for this client (add it to the sandbox setting redirectUris)');
      const client = await session({ auth: { authRequest: { ...auth('http://localhost/').auth.authRequest, clientId: 'someone-else' } } });
      expect(client.body.details.applicationError.code).toBe('INVALID_CLIENT');
      const none = await session({ callbacks: { postFlowUrl: 'http://localhost/' } });
      expect(none.body.details.applicationError.code).toBe('INVALID_REDIRECT_SESSION');
      const two = await session({ ...auth('http://localhost/'), logout: { clientId: CLIENT_ID } });
      expect(two.body.details.applicationError.code).toBe('INVALID_REDIRECT_SESSION');
    });
    await settings({ redirectUris: ['https://shop.example/callback'] });
    expect((await session(auth('https://shop.example/callback'))).status).toBe(200);
  });

  it('other purposes answer a sandbox page saying, escaped, what the provider would do', async () => {
    const r = await session({ storesProduct: { productSlug: '<script>alert(1)</script>' }, callbacks: { postFlowUrl: 'http://localhost/"x' } });
    const res = await fetch(r.body.redirectSession.fullUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('the product page of product &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    const checkout = await session({ ecomCheckout: { checkoutId: 'ck-1' } });
    expect(await (await fetch(checkout.body.redirectSession.fullUrl)).text()).toContain('href="/__sandbox/checkout/ck-1"');
  });

  it('a logout session ends the member login and redirects to the post-flow URL', async () => {
    const token = await memberToken('6a8c2f6e-0000-4000-8000-000000000001');
    const r = await call(base(), 'POST', '/_api/redirects-api/v1/redirect-session', { body: { logout: { clientId: CLIENT_ID }, callbacks: { postFlowUrl: 'http://localhost:5173/' } }, token });
    expect(r.body.redirectSession.fullUrl).toMatch(/\/__sandbox\/logout\?session=/);
    // Creating it ends nothing yet.
    expect((await call(base(), 'POST', `${AUTH}/v2/change-password`, { body: { newPassword: DEMO.password }, token })).status).toBe(200);
    const page = await fetch(r.body.redirectSession.fullUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('http://localhost:5173/');
    expect((await call(base(), 'POST', `${AUTH}/v2/change-password`, { body: { newPassword: DEMO.password }, token })).status).toBe(401);
    // Used once.
    expect((await fetch(r.body.redirectSession.fullUrl, { redirect: 'manual' })).status).toBe(400);
  });
});

describe('errors the client shows', () => {
  it('are ApplicationError and ValidationError instances with the provider codes', async () => {
    const { client } = kit();
    const e1 = await client.authentication.registerV2({ loginId: { email: 'bad' }, password: 'x' }).catch((e) => e);
    expect(e1).toBeInstanceOf(ValidationError);
    const e2 = await client.authentication.registerV2({ loginId: { email: DEMO.email }, password: 'x' }).catch((e) => e);
    expect(e2).toBeInstanceOf(ApplicationError);
    expect(e2.code).toBe('-19995');
  });
});
