/**
 * Issue 4's acceptance: the provider's official SDK (`@wix/sdk` createClient with its own
 * OAuthStrategy), pointed at the sandbox, gets visitor tokens, logs the demo member in through
 * the PKCE flow and the sandbox's hosted login page, and reads the current member. Also the
 * SDK's own register(), login(), direct login (its hidden frame stood in for), password-reset
 * e-mail and logout, each against the sandbox.
 *
 * The hosted page's contract: the redirect session's `fullUrl` serves a form on the sandbox;
 * posting its hidden fields with `email` and `password` answers 302 to the redirect URI with
 * `code` and `state` (or `error` and `error_description`).
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { members } from '@wix/members';
import { currentCart } from '@wix/ecom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

const DEMO = { id: '6a8c2f6e-0000-4000-8000-000000000001', email: 'demo@storefront.test', password: 'demo-password-1' };
const REDIRECT_URI = 'http://localhost:5173/callback';

/** The hidden fields of the hosted page's form, plus the given ones, as the browser would post them. */
async function submitLoginForm(fullUrl: string, fields: Record<string, string>): Promise<Response> {
  const page = await fetch(fullUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = html.match(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/);
  expect(form, 'a login form on the hosted page').not.toBeNull();
  const body = new URLSearchParams();
  for (const m of form![2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) body.set(m[1], m[2]);
  expect(html).toMatch(/name="email"/);
  expect(html).toMatch(/name="password"/);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return fetch(new URL(form![1], fullUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
}

/** The session token of a successful login() of the SDK. */
function sessionTokenOf(state: { loginState: string }): string {
  const token = (state as { data?: { sessionToken?: string } }).data?.sessionToken;
  expect(token, `session token of ${JSON.stringify(state)}`).toEqual(expect.any(String));
  return token!;
}

/**
 * Stands in for the browser while the SDK's getMemberTokensForDirectLogin runs: its hidden
 * iframe loads the sandbox's page (over HTTP), and the message that page posts to its parent
 * (the JSON the page's script sends) is dispatched on `window`, as the browser would.
 */
function useFakeFrameHost(): void {
  const saved = { window: (globalThis as any).window, document: (globalThis as any).document };
  beforeAll(() => {
    const win = new EventTarget();
    const body = {
      frames: [] as unknown[],
      appendChild(frame: { src: string; parentElement?: unknown }) {
        frame.parentElement = { removeChild: () => body.frames.splice(body.frames.indexOf(frame), 1) };
        body.frames.push(frame);
        void fetch(frame.src)
          .then((r) => r.text())
          .then((html) => {
            const json = html.match(/<script type="application\/json" id="sfk-auth-result">([\s\S]*?)<\/script>/)?.[1];
            if (json) win.dispatchEvent(new MessageEvent('message', { data: JSON.parse(json).message }));
          });
        return frame;
      },
      contains: (frame: unknown) => body.frames.includes(frame),
    };
    (globalThis as any).window = win;
    (globalThis as any).document = { body, createElement: () => ({ style: {}, src: '' }) };
  });
  afterAll(() => {
    (globalThis as any).window = saved.window;
    (globalThis as any).document = saved.document;
  });
}

describe('the official SDK against the sandbox', () => {
  it('gets visitor tokens on its first call and acts as that visitor', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const sdk = createClient({ modules: { currentCart }, auth });
    await expect(sdk.currentCart.getCurrentCart()).rejects.toMatchObject({ details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } } });
    const tokens = auth.getTokens();
    expect(tokens.accessToken.value).toEqual(expect.any(String));
    expect(tokens.refreshToken.role).toBe('visitor');
    // The token lives about 4 hours (expiresAt is in seconds).
    expect(tokens.accessToken.expiresAt - Date.now() / 1000).toBeGreaterThan(4 * 3600 - 120);
    const renewed = await auth.renewToken(tokens.refreshToken);
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
  });

  it('logs the demo member in through the hosted page (PKCE) and reads the current member', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const sdk = createClient({ modules: { members }, auth });
    const oauthData = auth.generateOAuthData(REDIRECT_URI, 'http://localhost:5173/shop');
    const { authUrl } = await auth.getAuthUrl(oauthData);
    expect(new URL(authUrl).origin).toBe(s.current.url);

    const res = await submitLoginForm(authUrl, { email: DEMO.email, password: DEMO.password, action: 'login' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(REDIRECT_URI)).toBe(true);
    const { code, state, error } = auth.parseFromUrl(location);
    expect(error).toBeUndefined();
    expect(state).toBe(oauthData.state);

    const memberTokens = await auth.getMemberTokens(code, state, oauthData);
    expect(memberTokens.refreshToken.role).toBe('member');
    auth.setTokens(memberTokens);
    expect(auth.loggedIn()).toBe(true);

    const { member } = await sdk.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member?._id).toBe(DEMO.id);
    expect(member?.loginEmail).toBe(DEMO.email);
    const stored = (await call(s.current.url, 'GET', '/__sandbox/state')).body.collections.members[DEMO.id];
    expect(member?.profile?.nickname).toBe(stored.profile.nickname);
    expect(member?._createdDate).toBeInstanceOf(Date);
  });

  it('gets the error back in the redirect for a wrong password, and no code', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const oauthData = auth.generateOAuthData(REDIRECT_URI);
    const { authUrl } = await auth.getAuthUrl(oauthData);
    const res = await submitLoginForm(authUrl, { email: DEMO.email, password: 'not-the-password', action: 'login' });
    // The page shows the form again with the provider's message; nothing is redirected.
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Wrong password');
    const cancel = await submitLoginForm(authUrl, { action: 'cancel' });
    expect(cancel.status).toBe(302);
    const parsed = auth.parseFromUrl(cancel.headers.get('location')!);
    expect(parsed).toMatchObject({ code: null, error: 'access_denied', state: oauthData.state });
    await expect(auth.getMemberTokens(parsed.code!, parsed.state!, oauthData)).rejects.toThrow('Missing code or _state');
  });

  it('refuses a code exchange with the wrong PKCE verifier', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const oauthData = auth.generateOAuthData(REDIRECT_URI);
    const { authUrl } = await auth.getAuthUrl(oauthData);
    const res = await submitLoginForm(authUrl, { email: DEMO.email, password: DEMO.password, action: 'login' });
    const { code, state } = auth.parseFromUrl(res.headers.get('location')!);
    const other = auth.generateOAuthData(REDIRECT_URI);
    await expect(auth.getMemberTokens(code, state, { ...oauthData, codeVerifier: other.codeVerifier })).rejects.toThrow(/Failed to fetch tokens from OAuth API/);
  });

});

describe('the official SDK\'s direct login (its hidden frame stood in for)', () => {
  useFakeFrameHost();

  it('registers and logs in with the SDK\'s own register() and login(), then direct login through the hidden frame', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const sdk = createClient({ modules: { members }, auth });
    const email = 'sdk.direct@example.com';
    const registered = await auth.register({ email, password: 'direct-pass-1', profile: { nickname: 'Direct' } });
    expect(registered.loginState).toBe('SUCCESS');
    expect(await auth.register({ email, password: 'direct-pass-1' })).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
    expect(await auth.login({ email, password: 'wrong-pass-1' })).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });

    const login = await auth.login({ email, password: 'direct-pass-1' });
    expect(login.loginState).toBe('SUCCESS');
    const tokens = await auth.getMemberTokensForDirectLogin(sessionTokenOf(login));
    auth.setTokens(tokens);
    const { member } = await sdk.members.getCurrentMember({});
    const stored = Object.values((await call(s.current.url, 'GET', '/__sandbox/state')).body.collections.members as Record<string, { id: string; loginEmail: string }>).find((m) => m.loginEmail === email)!;
    expect(member?._id).toBe(stored.id);
  });

  it('sends the password-reset e-mail and logs out through the hosted logout page', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    await auth.sendPasswordResetEmail(DEMO.email, 'http://localhost:5173/reset');
    const mail = (await call(s.current.url, 'GET', `/__sandbox/outbox?to=${encodeURIComponent(DEMO.email)}`)).body.mail as { kind: string; data: { redirectUrl?: string } }[];
    expect(mail.filter((m) => m.kind === 'recovery').at(-1)?.data.redirectUrl).toBe('http://localhost:5173/reset');

    const login = await auth.login({ email: DEMO.email, password: DEMO.password });
    const memberTokens = await auth.getMemberTokensForDirectLogin(sessionTokenOf(login));
    auth.setTokens(memberTokens);
    const { logoutUrl } = await auth.logout('http://localhost:5173/bye');
    expect(new URL(logoutUrl).origin).toBe(s.current.url);
    const res = await fetch(logoutUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:5173/bye');
    // The member's tokens are refused after the logout.
    const stale = createClient({ modules: { members }, auth: OAuthStrategy({ clientId: CLIENT_ID, tokens: memberTokens }) });
    await expect(stale.members.getCurrentMember({})).rejects.toMatchObject({ details: { applicationError: { code: 'UNAUTHENTICATED' } } });
  });
});
