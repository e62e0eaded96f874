/**
 * The OAuth flows against the sandbox, driven by the project's client over real HTTP:
 * - PKCE through the hosted login page: redirect session, form post, redirect back with code
 *   and state (query and fragment), code exchange, member calls, the visitor's cart merged.
 * - The direct login: loginV2 -> session token -> the web_message page in a (test) frame.
 * - What is refused: unregistered redirect URIs, a wrong verifier, a reused or expired code,
 *   prompt=none without a session, a cancelled login.
 */
import { describe, expect, it } from 'vitest';
import {
  authentication,
  createClient,
  currentCart,
  members,
  OAuthStrategy, withDirectLogin, withHostedLogin,
  products,
  type FrameDriver,
  type FrameMessage,
} from '../../../src/index.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const base = () => s.current.url;
const DEMO = { id: '6a8c2f6e-0000-4000-8000-000000000001', email: 'demo@storefront.test', password: 'demo-password-1' };
const REDIRECT = 'http://localhost:5173/callback';
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * A frame driver for Node: loads the page like a hidden iframe would and reads the message its
 * script posts (the page embeds it as JSON beside the script); checks the target origin.
 */
function testFrame(expectedTargetOrigin: () => string | null, seen: { pages: number }): FrameDriver {
  return (url, state) => ({
    message: (async (): Promise<FrameMessage> => {
      seen.pages++;
      const res = await fetch(url);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, 'the page allows only its own nonce script').toBeTruthy();
      expect(html).toContain(`<script nonce="${nonce}">`);
      const json = /<script type="application\/json" id="sfk-auth-result">([\s\S]*?)<\/script>/.exec(html)?.[1];
      const { message, targetOrigin } = JSON.parse(json!);
      expect(targetOrigin).toBe(expectedTargetOrigin());
      if (message.state !== state && !message.error) throw new Error('message for another flow');
      return message;
    })(),
    close() {},
  });
}

function shopper(frame?: FrameDriver) {
  const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }), frame ? { frame, timeoutMs: 10_000 } : {});
  const kit = createClient({ modules: { authentication, currentCart, members, products }, auth, host: base() });
  return { auth, kit };
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** Opens the hosted page like a browser and submits its form; answers the redirect response. */
async function submitLoginForm(authUrl: string, fields: Record<string, string>): Promise<Response> {
  const pageRes = await fetch(authUrl);
  expect(pageRes.status).toBe(200);
  const html = await pageRes.text();
  const session = /name="session" value="([^"]+)"/.exec(html)![1];
  return fetch(`${base()}/__sandbox/login`, { method: 'POST', redirect: 'manual', headers: formHeaders, body: new URLSearchParams({ session, ...fields }) });
}

async function state() {
  const st = (await call(base(), 'GET', '/__sandbox/state')).body;
  return st;
}

describe('PKCE through the hosted login page', () => {
  it('signs the member in, hands back code and state, exchanges them, and merges the visitor cart', async () => {
    const { auth, kit } = shopper();
    // As a visitor: something in the cart.
    const product = (await kit.products.queryProducts({ query: { filter: { slug: 'ceramic-mug' } } })).products![0];
    await kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product.id!, appId: STORES } }] });
    expect(auth.loggedIn()).toBe(false);

    const data = await auth.generateOAuthData(REDIRECT, 'http://localhost:5173/shop');
    const { authUrl, authorizationEndpoint } = await auth.getAuthUrl(data, { responseMode: 'query' });
    expect(authorizationEndpoint).toBe(`${base()}/__sandbox/login`);

    const pageRes = await fetch(authUrl);
    const csp = pageRes.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await pageRes.text();
    expect(html).toContain('<label for="email">E-mail</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('value="cancel"');
    // A new user has no account: the sandbox's page names its demo member.
    expect(html).toContain(
      `<p class="hint">This is the sandbox: its demo member is <code>${DEMO.email}</code> with the password <code>${DEMO.password}</code>.</p>`,
    );

    const res = await submitLoginForm(authUrl, { email: DEMO.email, password: DEMO.password, action: 'login' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${REDIRECT}?`)).toBe(true);
    const { code, state: returnedState } = auth.parseFromUrl(location, 'query');
    expect(returnedState).toBe(data.state);

    const tokens = await auth.getMemberTokens(code, returnedState, data);
    auth.setTokens(tokens);
    expect(auth.loggedIn()).toBe(true);
    expect(tokens.refreshToken.role).toBe('member');

    const me = await kit.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(me.member!.id).toBe(DEMO.id);
    expect(me.member!.loginEmail).toBe(DEMO.email);
    // The visitor's cart is now the member's.
    const { cart } = await kit.currentCart.getCurrentCart();
    expect(cart!.buyerInfo!.memberId).toBe(DEMO.id);
    expect(cart!.lineItems!.map((l) => l.catalogReference!.catalogItemId)).toContain(product.id);
    // A member-only call works with the member token.
    await kit.authentication.changePassword({ newPassword: DEMO.password });
  });

  it('answers in the fragment by default, and re-renders the form (escaped) after a wrong password', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data);
    const before = await state();
    const wrong = await submitLoginForm(authUrl, { email: '"><b>x</b>', password: 'nope', action: 'login' });
    expect(wrong.status).toBe(404);
    const html = await wrong.text();
    expect(html).toContain('<p class="error" role="alert">No member has the login e-mail &quot;&gt;&lt;b&gt;x&lt;/b&gt;</p>');
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
    expect(html).not.toContain('<b>x</b>');
    const bad = await submitLoginForm(authUrl, { email: DEMO.email, password: 'nope', action: 'login' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Wrong password');
    expect(await state()).toEqual(before);

    const ok = await submitLoginForm(authUrl, { email: DEMO.email, password: DEMO.password, action: 'login' });
    const location = ok.headers.get('location')!;
    expect(new URL(location).hash).toMatch(/^#code=.+&state=/);
    const { code, state: st } = auth.parseFromUrl(location);
    expect((await auth.getMemberTokens(code, st, data)).refreshToken.role).toBe('member');
    // The session is spent once it has handed out a code.
    expect((await fetch(authUrl)).status).toBe(400);
  });

  it('cancel sends error=access_denied with a description and the state', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const res = await submitLoginForm(authUrl, { action: 'cancel' });
    expect(res.status).toBe(302);
    expect(auth.parseFromUrl(res.headers.get('location')!, 'query')).toEqual({ code: null, state: data.state, error: 'access_denied', errorDescription: 'The user canceled the login' });
  });

  it('asks for the e-mailed code on the page when the site requires verification', async () => {
    await call(base(), 'PATCH', '/__sandbox/settings', { body: { requireEmailVerification: true }, token: API_KEY });
    try {
      const email = `page.${Date.now()}@example.com`;
      const visitor = shopper();
      expect((await visitor.auth.register({ email, password: 'page-pass-1' })).loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
      const data = await visitor.auth.generateOAuthData(REDIRECT);
      const { authUrl } = await visitor.auth.getAuthUrl(data, { responseMode: 'query' });
      const step = await submitLoginForm(authUrl, { email, password: 'page-pass-1', action: 'login' });
      expect(step.status).toBe(200);
      const html = await step.text();
      expect(html).toContain('<label for="code">Verification code</label>');
      const session = /name="session" value="([^"]+)"/.exec(html)![1];
      const stateToken = /name="stateToken" value="([^"]+)"/.exec(html)![1];
      const mail = (await call(base(), 'GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`)).body.mail.filter((m: any) => m.kind === 'verification').at(-1);
      const done = await fetch(`${base()}/__sandbox/login`, { method: 'POST', redirect: 'manual', headers: formHeaders, body: new URLSearchParams({ session, stateToken, code: mail.data.code, action: 'verify' }) });
      expect(done.status).toBe(302);
      const { code, state: st } = visitor.auth.parseFromUrl(done.headers.get('location')!, 'query');
      expect((await visitor.auth.getMemberTokens(code, st, data)).refreshToken.role).toBe('member');
    } finally {
      await call(base(), 'PATCH', '/__sandbox/settings', { body: { requireEmailVerification: false }, token: API_KEY });
    }
  });
});

describe('direct login through a frame', () => {
  it('loginV2 gives a session token; with no redirect URI (as the official SDK) and no Origin (Node) the web_message page posts to no window, its result is there for the frame driver; tokens follow', async () => {
    const seen = { pages: 0 };
    const { auth, kit } = shopper(testFrame(() => null, seen));
    const login = await auth.login({ email: DEMO.email, password: DEMO.password });
    expect(login.loginState).toBe('SUCCESS');
    const tokens = await auth.getMemberTokensForDirectLogin(login.data!.sessionToken!);
    expect(seen.pages).toBe(1);
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.loggedIn()).toBe(true);
    expect((await kit.members.getCurrentMember()).member!.id).toBe(DEMO.id);
  });

  it('prompt=none without a valid session token answers login_required', async () => {
    const { auth } = shopper(testFrame(() => null, { pages: 0 }));
    await expect(auth.getMemberTokensForDirectLogin('sfk-st.not-a-session')).rejects.toThrow(
      'Failed to get member tokens: login_required (No valid session token: the member must log in)',
    );
  });

  it('prompt=none with the session token of a member the site disconnected since answers login_required', async () => {
    const email = 'gone-offline@storefront.test';
    const created = await call(base(), 'POST', '/members/v1/members', { body: { member: { loginEmail: email }, password: 'offline-pass-1' }, token: API_KEY });
    expect(created.status).toBe(200);
    const { auth } = shopper(testFrame(() => null, { pages: 0 }));
    const login = await auth.login({ email, password: 'offline-pass-1' });
    const memberId = created.body.member.id;
    expect((await call(base(), 'POST', `/members/v1/members/${memberId}/disconnect`, { body: {}, token: API_KEY })).status).toBe(200);
    await expect(auth.getMemberTokensForDirectLogin(login.data!.sessionToken!)).rejects.toThrow(
      'Failed to get member tokens: login_required (No valid session token: the member must log in)',
    );
  });

  it('a web_message request without a redirect URI (the official SDK form) posts to the origin of the page that created the session, never to any origin', async () => {
    const { auth } = shopper();
    const login = await auth.login({ email: DEMO.email, password: DEMO.password });
    const data = await auth.generateOAuthData('');
    const r = await call(base(), 'POST', '/_api/redirects-api/v1/redirect-session', {
      body: { auth: { authRequest: { clientId: CLIENT_ID, codeChallenge: data.codeChallenge, codeChallengeMethod: 'S256', responseMode: 'web_message', responseType: 'code', state: data.state, sessionToken: login.data!.sessionToken }, prompt: 'none' } },
      token: auth.getActiveToken(),
      headers: { origin: 'http://localhost:5173' },
    });
    const message = await testFrame(() => 'http://localhost:5173', { pages: 0 })(r.body.redirectSession.fullUrl, data.state).message;
    const tokens = await auth.getMemberTokens(message.code, message.state, { ...data, redirectUri: '' });
    expect(tokens.refreshToken.role).toBe('member');
  });
});

describe('what the flow refuses', () => {
  async function codeFor(auth: ReturnType<typeof withHostedLogin>, data: Awaited<ReturnType<ReturnType<typeof withHostedLogin>['generateOAuthData']>>) {
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const res = await submitLoginForm(authUrl, { email: DEMO.email, password: DEMO.password, action: 'login' });
    return auth.parseFromUrl(res.headers.get('location')!, 'query');
  }

  it('an unregistered redirect URI: no session, no page', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData('https://evil.example/callback');
    await expect(auth.getAuthUrl(data)).rejects.toMatchObject({ code: 'INVALID_REDIRECT_URI', status: 400 });
  });

  it('a verifier that does not match the challenge, leaving the code unused', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { code, state: st } = await codeFor(auth, data);
    const before = await state();
    const other = await auth.generateOAuthData(REDIRECT);
    const err = await auth.getMemberTokens(code, st, { ...data, codeVerifier: other.codeVerifier }).catch((e) => e);
    expect(err.message).toBe('Failed to get member tokens');
    expect(err.cause).toMatchObject({ code: 'INVALID_GRANT', description: 'PKCE verification failed: codeVerifier does not match codeChallenge' });
    expect(await state()).toEqual(before);
  });

  it('a code used twice', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { code, state: st } = await codeFor(auth, data);
    await auth.getMemberTokens(code, st, data);
    const err = await auth.getMemberTokens(code, st, data).catch((e) => e);
    expect(err.cause).toMatchObject({ code: 'INVALID_GRANT', description: 'Authorization code is not valid' });
  });

  it('a page for an unknown or expired session, or a form in another encoding, shows an error and redirects nowhere', async () => {
    const unknown = await fetch(`${base()}/__sandbox/login?session=nope`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This redirect session does not exist.');
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data);
    const session = new URL(authUrl).searchParams.get('session')!;
    const json = await fetch(`${base()}/__sandbox/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session, email: DEMO.email, password: DEMO.password }) });
    expect(json.status).toBe(415);
    await call(base(), 'POST', '/__sandbox/clock/advance', { body: { seconds: 60 * 60 + 1 }, token: API_KEY });
    const expired = await fetch(authUrl, { redirect: 'manual' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('This redirect session has expired; start a new one.');
  });

  it('a code older than 10 minutes (sandbox clock)', async () => {
    const { auth } = shopper();
    const data = await auth.generateOAuthData(REDIRECT);
    const { code, state: st } = await codeFor(auth, data);
    await call(base(), 'POST', '/__sandbox/clock/advance', { body: { seconds: 10 * 60 + 1 }, token: API_KEY });
    const err = await auth.getMemberTokens(code, st, data).catch((e) => e);
    expect(err.cause).toMatchObject({ code: 'INVALID_GRANT', description: 'Authorization code expired' });
  });
});
