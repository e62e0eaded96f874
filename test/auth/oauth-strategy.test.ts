/**
 * OAuthStrategy against a stubbed token endpoint: the token lifecycle, single-flight token
 * requests, member sign-out events, PKCE, the login state machine and every exact string.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  codeChallenge,
  cookieStorage,
  createClient,
  currentCart,
  EMPTY_TOKENS,
  generateCodeVerifier,
  localStorageStorage,
  LoginState,
  MESSAGES,
  OAuthStrategy,
  type Tokens,
  withDirectLogin,
  withExternalLogin,
  withHostedLogin,
} from '../../src/index.ts';

const HOST = 'https://www.wixapis.com';
const now = () => Math.floor(Date.now() / 1000);

interface Seen {
  path: string;
  body: any;
  headers: Headers;
}

/** A fake provider: token grants and a few IAM answers, scripted per test. */
function provider(answer: (req: Seen) => { status?: number; body: unknown } | undefined = () => undefined) {
  const seen: Seen[] = [];
  let n = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const req = { path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init?.headers) };
    seen.push(req);
    await new Promise((r) => setTimeout(r, 5));
    const custom = answer(req);
    if (custom) return new Response(JSON.stringify(custom.body), { status: custom.status ?? 200 });
    if (req.path === '/oauth2/token') {
      n++;
      return new Response(JSON.stringify({ access_token: `at-${n}`, refresh_token: req.body.refreshToken ?? `rt-${n}`, expires_in: 14400 }), { status: 200 });
    }
    if (req.path === '/_api/redirects-api/v1/redirect-session') {
      return new Response(JSON.stringify({ redirectSession: { id: 's1', fullUrl: `https://login.example/s1?state=${req.body.auth?.authRequest?.state ?? ''}`, urlDetails: { endpoint: 'https://login.example' } } }));
    }
    return new Response(JSON.stringify({ cart: { id: 'c1' } }), { status: 200 });
  }) as typeof globalThis.fetch;
  const tokenCalls = () => seen.filter((s) => s.path === '/oauth2/token');
  return { fetch, seen, tokenCalls };
}

const member = (expiresAt: number): Tokens => ({ accessToken: { value: 'member-at', expiresAt }, refreshToken: { value: 'member-rt', role: 'member' } });

describe('token lifecycle', () => {
  it('100 concurrent first calls make exactly one token request and all carry the same visitor token', async () => {
    const p = provider();
    const kit = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }), fetch: p.fetch });
    await Promise.all(Array.from({ length: 100 }, () => kit.currentCart.getCurrentCart()));
    expect(p.tokenCalls()).toHaveLength(1);
    expect(p.tokenCalls()[0].body).toEqual({ clientId: 'c', grantType: 'anonymous' });
    const cartCalls = p.seen.filter((s) => s.path === '/ecom/v1/carts/current');
    expect(cartCalls).toHaveLength(100);
    expect(new Set(cartCalls.map((c) => c.headers.get('authorization')))).toEqual(new Set(['at-1']));
  });

  it('an expired token with 100 concurrent calls makes exactly one refresh', async () => {
    const p = provider();
    const auth = OAuthStrategy({ clientId: 'c', tokens: member(now() - 10) });
    const kit = createClient({ modules: { currentCart }, auth, fetch: p.fetch });
    await Promise.all(Array.from({ length: 100 }, () => kit.currentCart.getCurrentCart()));
    expect(p.tokenCalls().map((c) => c.body)).toEqual([{ clientId: 'c', grantType: 'refresh_token', refreshToken: 'member-rt' }]);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'member-rt', role: 'member' });
    expect(auth.loggedIn()).toBe(true);
  });

  it('a failed renewal falls back to visitor tokens and tells the app the member was signed out', async () => {
    const p = provider((req) => (req.body?.grantType === 'refresh_token' ? { status: 400, body: { message: 'revoked' } } : undefined));
    const auth = OAuthStrategy({ clientId: 'c', tokens: member(now() - 10) });
    const signedOut = vi.fn();
    auth.on('signedOut', signedOut);
    const kit = createClient({ modules: { currentCart }, auth, fetch: p.fetch, retry: false });
    await kit.currentCart.getCurrentCart();
    expect(p.tokenCalls().map((c) => c.body.grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(auth.loggedIn()).toBe(false);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('a valid token is used as is; a token is expired when its expiry in seconds is below now', async () => {
    const p = provider();
    const auth = OAuthStrategy({ clientId: 'c', tokens: member(now() + 60) });
    createClient({ auth, fetch: p.fetch });
    expect((await auth.getAuthHeaders()).headers.authorization).toBe('member-at');
    expect(p.tokenCalls()).toHaveLength(0);
  });

  it('a token answer other than 200 is "something went wrong"', async () => {
    const p = provider((req) => (req.path === '/oauth2/token' ? { status: 503, body: {} } : undefined));
    const auth = OAuthStrategy({ clientId: 'c' });
    createClient({ auth, fetch: p.fetch, retry: false });
    await expect(auth.generateVisitorTokens()).rejects.toThrow(MESSAGES.tokenRequestFailed);
    expect(MESSAGES.tokenRequestFailed).toBe('something went wrong');
  });

  it('logout clears both tokens, sets role none and returns the logout URL', async () => {
    const p = provider();
    const auth = OAuthStrategy({ clientId: 'c', tokens: member(now() + 60) });
    createClient({ auth, fetch: p.fetch });
    const { logoutUrl } = await auth.logout('https://shop.example/');
    expect(logoutUrl).toMatch(/^https:\/\/login.example/);
    expect(p.seen.find((s) => s.path.endsWith('/redirect-session'))!.body).toEqual({ logout: { clientId: 'c' }, callbacks: { postFlowUrl: 'https://shop.example/' } });
    expect(auth.getTokens()).toEqual({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    expect(auth.loggedIn()).toBe(false);
  });

  it('getTokens/setTokens and the tokens event', () => {
    const auth = OAuthStrategy({ clientId: 'c' });
    const seen: Tokens[] = [];
    auth.on('tokens', (t) => seen.push(t));
    auth.setTokens(member(1));
    expect(auth.getTokens()).toEqual(member(1));
    expect(seen).toEqual([member(1)]);
  });

  it('the authorized_client grant (withExternalLogin) sends "<access token>,<api key>" and snake_case', async () => {
    const p = provider();
    const auth = withExternalLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch });
    const t = await auth.getMemberTokensForExternalLogin('m-1', 'KEY');
    const grant = p.tokenCalls().at(-1)!;
    expect(grant.body).toEqual({ grant_type: 'authorized_client', scope: 'offline_access', member_id: 'm-1' });
    expect(grant.headers.get('authorization')).toBe('at-1,KEY');
    expect(t.refreshToken.role).toBe('member');
  });

  it('a bare OAuthStrategy types no external login and names its wrapper when called', async () => {
    const p = provider();
    const plain = OAuthStrategy({ clientId: 'c' });
    createClient({ auth: plain, fetch: p.fetch });
    // @ts-expect-error getMemberTokensForExternalLogin is withExternalLogin's
    await expect(plain.getMemberTokensForExternalLogin('m-1', 'KEY')).rejects.toMatchObject({ name: 'ClientError', message: 'getMemberTokensForExternalLogin is added by withExternalLogin: create the strategy as withExternalLogin(OAuthStrategy({ clientId }))' });
    expect(p.seen).toEqual([]);
  });

  it("withDirectLogin exposes the provider's public captcha site keys (a bare strategy, which signs no one in, has none)", () => {
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    expect([auth.captchaInvisibleSiteKey, auth.captchaVisibleSiteKey]).toEqual(['6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v', '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy']);
    // @ts-expect-error not on a bare strategy
    expect(OAuthStrategy({ clientId: 'c' }).captchaInvisibleSiteKey).toBeUndefined();
  });
});

describe('PKCE', () => {
  it.each([42, 129, 0])('refuses a verifier of length %i with the exact message', (n) => {
    expect(() => generateCodeVerifier(n)).toThrow(`Expected a length between 43 and 128. Received ${n}.`);
  });
  it.each([43, 64, 128])('makes a verifier of length %i from the unreserved set', (n) => {
    const v = generateCodeVerifier(n);
    expect(v).toHaveLength(n);
    expect(v).toMatch(/^[A-Za-z0-9._~-]+$/);
  });
  it('defaults to 43 characters', () => expect(generateCodeVerifier()).toHaveLength(43));
  it('S256 challenge (RFC 7636 appendix B)', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('getAuthUrl sends the PKCE authorization request through a redirect session', async () => {
    const p = provider();
    const auth = withHostedLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch });
    const data = await auth.generateOAuthData('http://localhost:5173/callback', '/account');
    const { authUrl } = await auth.getAuthUrl(data, { prompt: 'login', responseMode: 'query' });
    expect(authUrl).toContain('https://login.example/s1');
    expect(p.seen.find((s) => s.path.endsWith('/redirect-session'))!.body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'http://localhost:5173/callback', clientId: 'c', codeChallenge: data.codeChallenge, codeChallengeMethod: 'S256',
          responseMode: 'query', responseType: 'code', scope: 'offline_access', state: data.state,
        },
        prompt: 'login',
      },
    });
    expect(data.codeChallenge).toBe(await codeChallenge(data.codeVerifier));
  });

  it.each([
    ['https://app/cb?code=C1&state=S1', 'query', { code: 'C1', state: 'S1' }],
    ['https://app/cb#code=C2&state=S2', 'fragment', { code: 'C2', state: 'S2' }],
    ['https://app/cb#error=access_denied&error_description=nope&state=S3', 'fragment', { code: null, state: 'S3', error: 'access_denied', errorDescription: 'nope' }],
  ] as const)('parseFromUrl %s', (url, mode, want) => {
    expect(withHostedLogin(OAuthStrategy({ clientId: 'c' })).parseFromUrl(url, mode)).toEqual(want);
  });

  it('getMemberTokens: missing code or state, invalid state, failed exchange, success', async () => {
    const p = provider((req) => (req.body?.code === 'bad' ? { status: 400, body: { message: 'invalid grant' } } : undefined));
    const auth = withHostedLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch, retry: false });
    const data = await auth.generateOAuthData('http://localhost/cb');
    await expect(auth.getMemberTokens(null, data.state, data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('c', undefined, data)).rejects.toThrow(MESSAGES.missingCodeOrState);
    await expect(auth.getMemberTokens('c', 'other', data)).rejects.toThrow('Invalid _state');
    await expect(auth.getMemberTokens('bad', data.state, data)).rejects.toThrow('Failed to get member tokens');
    const tokens = await auth.getMemberTokens('good', data.state, data);
    expect(tokens.refreshToken.role).toBe('member');
    expect(p.tokenCalls().at(-1)!.body).toEqual({ clientId: 'c', grantType: 'authorization_code', redirectUri: 'http://localhost/cb', code: 'good', codeVerifier: data.codeVerifier });
  });

  it('direct login through the frame, and its 120000 ms timeout', async () => {
    const p = provider();
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }), { frame: (url, state) => ({ message: Promise.resolve({ code: 'fc', state }), close() {} }) });
    createClient({ auth, fetch: p.fetch });
    const t = await auth.getMemberTokensForDirectLogin('session-1');
    expect(t.refreshToken.role).toBe('member');
    const session = p.seen.find((s) => s.path.endsWith('/redirect-session'))!.body;
    expect(session.auth).toMatchObject({ prompt: 'none', authRequest: { responseMode: 'web_message', sessionToken: 'session-1' } });
    // No redirect URI on the session nor on the code exchange, as the official SDK sends.
    expect(session.auth.authRequest).not.toHaveProperty('redirectUri');
    expect(p.tokenCalls().at(-1)!.body).toEqual({ clientId: 'c', grantType: 'authorization_code', code: 'fc', codeVerifier: expect.any(String) });

    // The wait starts only once the frame is open (after real async work: WebCrypto, the
    // redirect session), so drive the clock until then, then measure the 120000 ms from there.
    let frameOpen = false;
    const silent = withDirectLogin(OAuthStrategy({ clientId: 'c' }), {
      frame: () => {
        frameOpen = true;
        return { message: new Promise(() => {}), close() {} };
      },
    });
    createClient({ auth: silent, fetch: p.fetch });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      let settled = false;
      const pending = silent.getMemberTokensForDirectLogin('session-2').catch((e: Error) => e).finally(() => (settled = true));
      for (let i = 0; i < 1000 && !frameOpen; i++) {
        await vi.advanceTimersByTimeAsync(10);
        await new Promise((r) => setImmediate(r)); // let real async work (WebCrypto) finish
      }
      expect(frameOpen).toBe(true);
      await vi.advanceTimersByTimeAsync(119_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(((await pending) as Error).message).toBe('OAuth flow timed out');
    } finally {
      vi.useRealTimers();
    }
  });
});

const appError = (code: string) => ({ status: 400, body: { message: `failed ${code}`, details: { applicationError: { code, description: `failed ${code}` } } } });

describe('withHostedLogin', () => {
  it('adds the hosted-login methods to the same strategy; a bare OAuthStrategy types none and names the wrapper when called', async () => {
    const p = provider();
    const plain = OAuthStrategy({ clientId: 'c' });
    createClient({ auth: plain, fetch: p.fetch });
    // @ts-expect-error getAuthUrl is withHostedLogin's
    await expect(plain.getAuthUrl({})).rejects.toThrow(
      'getAuthUrl is added by withHostedLogin: create the strategy as withHostedLogin(OAuthStrategy({ clientId }))',
    );
    for (const m of ['generateOAuthData', 'parseFromUrl', 'getMemberTokens'] as const)
      // @ts-expect-error none of them is in the bare strategy's type
      await expect(plain[m]()).rejects.toMatchObject({ name: 'ClientError', message: MESSAGES.hostedLoginNeeded(m) });
    expect(p.seen).toEqual([]);
    const wrapped = withHostedLogin(plain);
    expect(wrapped).toBe(plain);
    const data = await wrapped.generateOAuthData('http://localhost/cb');
    expect((await wrapped.getAuthUrl(data)).authUrl).toContain('https://login.example/s1');
    // Logout stays on the bare strategy: it is no sign-in.
    expect(typeof plain.logout).toBe('function');
  });

  it('withDirectLogin includes it (the hidden frame is the hosted page)', () => {
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    for (const m of ['generateOAuthData', 'getAuthUrl', 'parseFromUrl', 'getMemberTokens'] as const) expect(typeof auth[m]).toBe('function');
    expect(auth.parseFromUrl('https://app/cb#code=C&state=S')).toEqual({ code: 'C', state: 'S' });
  });
});

describe('withDirectLogin', () => {
  it('adds the direct-login methods to the same strategy; a bare OAuthStrategy types none and names the wrapper when called', async () => {
    const p = provider();
    const plain = OAuthStrategy({ clientId: 'c' });
    createClient({ auth: plain, fetch: p.fetch });
    // @ts-expect-error login is withDirectLogin's
    await expect(plain.login({ email: 'a@b.c', password: 'pw' })).rejects.toThrow(
      'login is added by withDirectLogin: create the strategy as withDirectLogin(OAuthStrategy({ clientId }))',
    );
    // @ts-expect-error also not in the type
    await expect(plain.getMemberTokensForDirectLogin('st')).rejects.toMatchObject({ name: 'ClientError', message: MESSAGES.directLoginNeeded('getMemberTokensForDirectLogin') });
    expect(p.seen).toEqual([]);
    const wrapped = withDirectLogin(plain);
    expect(wrapped).toBe(plain);
    for (const m of ['login', 'register', 'processVerification', 'sendPasswordResetEmail', 'getMemberTokensForDirectLogin'] as const) expect(typeof wrapped[m]).toBe('function');
    await wrapped.sendPasswordResetEmail('a@b.c', 'https://shop/reset');
    expect(p.seen.map((s) => s.path)).toContain('/_api/iam/recovery/v1/send-email');
  });
});

describe('login, register and verification states', () => {
  async function run(kind: 'login' | 'register', answer: { status?: number; body: unknown }) {
    const p = provider((req) => (req.path.includes('/authentication/v2/') ? answer : undefined));
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch, retry: false });
    const result = await auth[kind]({ email: 'a@b.c', password: 'pw', captchaTokens: { invisibleRecaptchaToken: 'inv' } });
    return { result, sent: p.seen.find((s) => s.path.includes('/authentication/v2/'))! };
  }

  it('sends e-mail as loginId and captcha tokens as InvisibleRecaptcha/Recaptcha values', async () => {
    const { sent } = await run('login', { body: { state: 'SUCCESS', sessionToken: 'st' } });
    expect(sent.path).toBe('/_api/iam/authentication/v2/login');
    expect(sent.body).toEqual({ loginId: { email: 'a@b.c' }, password: 'pw', captchaTokens: [{ InvisibleRecaptcha: 'inv' }] });
  });

  it('sends both captcha tokens in one array element, as the official SDK does', async () => {
    for (const kind of ['login', 'register'] as const) {
      const p = provider((req) => (req.path.includes('/authentication/v2/') ? { body: { state: 'SUCCESS', sessionToken: 'st' } } : undefined));
      const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
      createClient({ auth, fetch: p.fetch });
      await auth[kind]({ email: 'a@b.c', password: 'pw', captchaTokens: { recaptchaToken: 'vis', invisibleRecaptchaToken: 'inv' } });
      expect(p.seen.find((s) => s.path.includes('/authentication/v2/'))!.body.captchaTokens, kind).toEqual([{ Recaptcha: 'vis', InvisibleRecaptcha: 'inv' }]);
    }
  });

  it.each([
    [{ state: 'SUCCESS', sessionToken: 'st' }, { loginState: 'SUCCESS', data: { sessionToken: 'st' } }],
    [{ state: 'REQUIRE_OWNER_APPROVAL' }, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [{ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt' }, { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'stt' } }],
    [{ state: 'STATUS_CHECK' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    // A state without the token it is for is no state to go on from (its type promises the token).
    [{ state: 'SUCCESS' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{ state: 'REQUIRE_EMAIL_VERIFICATION' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('server state %j -> %j', async (body, want) => {
    for (const kind of ['login', 'register'] as const) expect((await run(kind, { body })).result).toMatchObject(want);
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-12345', 'invalidEmail'],
    // The code is the server's text: a name Object.prototype has is no code of the table.
    ['constructor', 'invalidEmail'],
    ['__proto__', 'invalidEmail'],
  ])('login failure %s -> %s', async (code, errorCode) => {
    const { result } = await run('login', appError(code));
    expect(result).toEqual({ loginState: LoginState.FAILURE, error: `failed ${code}`, errorCode });
  });

  it.each([
    ['-19971', 'missingCaptchaToken'],
    ['-19995', 'emailAlreadyExists'],
    ['-19970', 'invalidCaptchaToken'],
  ])('register failure %s -> %s', async (code, errorCode) => {
    expect((await run('register', appError(code))).result).toEqual({ loginState: 'FAILURE', error: `failed ${code}`, errorCode });
  });

  it('register: an EMAIL violation is invalidEmail with its description; other failures carry the message only', async () => {
    const violation = { status: 400, body: { message: 'bad', details: { validationError: { fieldViolations: [{ field: 'loginId.email', description: 'not an e-mail', data: { type: 'EMAIL' } }] } } } };
    expect((await run('register', violation)).result).toEqual({ loginState: 'FAILURE', error: 'not an e-mail', errorCode: 'invalidEmail' });
    expect((await run('register', appError('-1'))).result).toEqual({ loginState: 'FAILURE', error: 'failed -1' });
    expect((await run('register', appError('toString'))).result).toEqual({ loginState: 'FAILURE', error: 'failed toString' });
  });

  it('processVerification only while EMAIL_VERIFICATION_REQUIRED, with code or verificationCode and the state token', async () => {
    const p = provider((req) => {
      if (req.path.endsWith('/v2/register')) return { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt' } };
      if (req.path.endsWith('/auth/verify')) return { body: { state: 'SUCCESS', sessionToken: 'st2' } };
      return undefined;
    });
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch });
    expect(await auth.processVerification({ code: '1' }, { loginState: 'INITIAL' })).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    await auth.register({ email: 'a@b.c', password: 'pw' });
    expect(await auth.processVerification({ verificationCode: '123456' })).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: 'st2' } });
    expect(p.seen.find((s) => s.path.endsWith('/auth/verify'))!.body).toEqual({ code: '123456', stateToken: 'stt' });
  });

  it('a refused code keeps EMAIL_VERIFICATION_REQUIRED (not invalidEmail), and the retry with the right code succeeds', async () => {
    const p = provider((req) => {
      if (req.path.endsWith('/v2/register')) return { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'stt' } };
      if (req.path.endsWith('/auth/verify') && req.body.code !== '123456') {
        return { status: 400, body: { message: 'Verification code is not valid', details: { applicationError: { code: 'INVALID_VERIFICATION_CODE', description: 'Verification code is not valid' } } } };
      }
      if (req.path.endsWith('/auth/verify')) return { body: { state: 'SUCCESS', sessionToken: 'st2' } };
      return undefined;
    });
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch });
    await auth.register({ email: 'a@b.c', password: 'pw' });
    expect(await auth.processVerification({ code: '000000' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'stt', identity: undefined },
      error: 'Verification code is not valid',
    });
    expect(await auth.processVerification({ code: '123456' })).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'st2', identity: undefined } });
    expect(p.seen.filter((s) => s.path.endsWith('/auth/verify')).map((s) => s.body)).toEqual([
      { code: '000000', stateToken: 'stt' },
      { code: '123456', stateToken: 'stt' },
    ]);
  });

  it('sendPasswordResetEmail sends the redirect URL with the client id', async () => {
    const p = provider();
    const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' }));
    createClient({ auth, fetch: p.fetch });
    await auth.sendPasswordResetEmail('a@b.c', 'https://shop/reset');
    expect(p.seen.find((s) => s.path.endsWith('/send-email'))!.body).toEqual({ email: 'a@b.c', redirect: { url: 'https://shop/reset', clientId: 'c' } });
  });
});

describe('token storage', () => {
  it('takes the official SDK\'s option name tokenStorage, the same contract as storage', async () => {
    const kept: Tokens[] = [];
    const tokenStorage = { getTokens: () => kept.at(-1) ?? EMPTY_TOKENS, setTokens: (t: Tokens) => void kept.push(t) };
    const p = provider();
    const auth = OAuthStrategy({ clientId: 'c', tokenStorage });
    createClient({ auth, fetch: p.fetch });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(kept.map((t) => [t.accessToken.value, t.refreshToken])).toEqual([['at-1', { value: 'rt-1', role: 'visitor' }]]);
    // The stored tokens are used by a second strategy over the same storage: no new token request.
    const again = OAuthStrategy({ clientId: 'c', tokenStorage });
    createClient({ auth: again, fetch: p.fetch });
    expect(await again.getAuthHeaders()).toEqual({ headers: { authorization: 'at-1' } });
    expect(p.tokenCalls()).toHaveLength(1);
  });

  const tokens = member(123);
  it('localStorage keeps tokens across strategies (a reload)', () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
    OAuthStrategy({ clientId: 'c', storage: localStorageStorage('k', store) }).setTokens(tokens);
    expect(OAuthStrategy({ clientId: 'c', storage: localStorageStorage('k', store) }).getTokens()).toEqual(tokens);
  });

  it('the cookie helper writes path / by default and reads a server Cookie header', () => {
    const written: string[] = [];
    cookieStorage({ setCookie: (v) => written.push(v) }).setTokens(tokens);
    expect(written[0]).toMatch(/^sfk-tokens=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const header = `other=1; ${written[0].split(';')[0]}`;
    expect(cookieStorage({ getCookieHeader: () => header }).getTokens()).toEqual(tokens);
    expect(cookieStorage({ getCookieHeader: () => 'sfk-tokens=garbage' }).getTokens().refreshToken.role).toBe('none');
  });
});
