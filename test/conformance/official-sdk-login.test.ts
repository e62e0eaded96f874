/**
 * Issue 4's acceptance: the provider's official SDK (`@wix/sdk` createClient with its own
 * OAuthStrategy), pointed at the sandbox, gets visitor tokens, logs the demo member in through
 * the PKCE flow and the sandbox's hosted login page, and reads the current member.
 *
 * The hosted page's contract: the redirect session's `fullUrl` serves a form on the sandbox;
 * posting its hidden fields with `email` and `password` answers 302 to the redirect URI with
 * `code` and `state` (or `error` and `error_description`).
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { members } from '@wix/members';
import { currentCart } from '@wix/ecom';
import { describe, expect, it } from 'vitest';
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
