/**
 * Direct login against the official SDK's OAuthStrategy, request by request: both strategies
 * run the same steps over one scripted provider (a capturing fetch; the SDK's strategy uses the
 * global fetch, ours the client's), and the requests they send must agree. Captcha tokens,
 * the e-mail verification retry after a refused code, and the hidden-frame login with no
 * redirect URI. Random PKCE values (state, challenge, verifier) are compared by shape.
 */
import { OAuthStrategy as SdkOAuthStrategy } from '@wix/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, OAuthStrategy, withDirectLogin } from '../../src/index.ts';
import { reduce, type WireCall } from './capture.ts';

const CLIENT_ID = 'conformance-client';
const FRAME_CODE = 'frame-code';

/** The provider, scripted: answers by path, and records every request. */
function scriptedProvider(log: WireCall[]): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const text = req.method === 'GET' ? undefined : await req.text();
    const call = reduce(req.method, req.url, text || undefined, req.headers);
    log.push(call);
    const body = call.body as Record<string, any> | undefined;
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (call.path === '/oauth2/token') return json(200, { access_token: 'at', refresh_token: 'rt', expires_in: 14400 });
    if (call.path.endsWith('/v2/login')) return json(200, { state: 'SUCCESS', sessionToken: 'session-1' });
    if (call.path.endsWith('/v2/register')) return json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-token-1' });
    if (call.path.endsWith('/auth/verify')) {
      if (body?.code !== '123456') return json(400, { message: 'Verification code is not valid', details: { applicationError: { code: 'INVALID_VERIFICATION_CODE', description: 'Verification code is not valid', data: {} } } });
      return json(200, { state: 'SUCCESS', sessionToken: 'session-2' });
    }
    if (call.path.endsWith('/redirect-session')) {
      const state = body?.auth?.authRequest?.state;
      return json(200, { redirectSession: { id: 'rs', fullUrl: `https://login.example/frame?state=${state}`, urlDetails: { endpoint: 'https://login.example' } } });
    }
    return json(404, { message: `no answer for ${call.path}` });
  };
}

/** The two strategies over one provider each; the SDK's reaches it through the global fetch. */
function both() {
  const sdkLog: WireCall[] = [];
  const ourLog: WireCall[] = [];
  globalThis.fetch = scriptedProvider(sdkLog);
  const sdk = SdkOAuthStrategy({ clientId: CLIENT_ID });
  const ours = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }), {
    frame: (url, state) => ({ message: Promise.resolve({ code: FRAME_CODE, state: new URL(url).searchParams.get('state') ?? state }), close() {} }),
  });
  createClient({ auth: ours, fetch: scriptedProvider(ourLog), retry: false });
  return { sdk, ours, sdkLog, ourLog };
}

const onPath = (calls: WireCall[], path: string) => calls.filter((c) => c.path.endsWith(path)).map(({ method, path: p, query, body }) => ({ method, path: p, query, body }));

const realFetch = globalThis.fetch;
const saved = { window: (globalThis as any).window, document: (globalThis as any).document };
beforeEach(() => {
  // The SDK's hidden frame: a window that receives the page's message, a document that "loads" the frame.
  const win = new EventTarget();
  const frames: unknown[] = [];
  (globalThis as any).window = win;
  (globalThis as any).document = {
    createElement: () => ({ style: {}, src: '' }),
    body: {
      appendChild(frame: { src: string; parentElement?: unknown }) {
        frames.push(frame);
        frame.parentElement = { removeChild: () => frames.splice(frames.indexOf(frame), 1) };
        const state = new URL(frame.src).searchParams.get('state');
        queueMicrotask(() => win.dispatchEvent(new MessageEvent('message', { data: { code: FRAME_CODE, state } })));
        return frame;
      },
      contains: (frame: unknown) => frames.includes(frame),
    },
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
  (globalThis as any).window = saved.window;
  (globalThis as any).document = saved.document;
});

describe('direct login sends what the official SDK sends', () => {
  it.each([
    ['both captcha tokens', { recaptchaToken: 'visible-token', invisibleRecaptchaToken: 'invisible-token' }],
    ['the invisible token only', { invisibleRecaptchaToken: 'invisible-token' }],
    ['no captcha', undefined],
  ] as const)('login and register with %s', async (_, captchaTokens) => {
    const { sdk, ours, sdkLog, ourLog } = both();
    for (const s of [sdk, ours] as const) {
      await s.login({ email: 'a@example.com', password: 'pw-12345678', ...(captchaTokens ? { captchaTokens } : {}) });
      await s.register({ email: 'b@example.com', password: 'pw-12345678', ...(captchaTokens ? { captchaTokens } : {}) });
    }
    const sent = (log: WireCall[]) => [...onPath(log, '/v2/login'), ...onPath(log, '/v2/register')];
    expect(sent(ourLog)).toEqual(sent(sdkLog));
    if (captchaTokens && 'recaptchaToken' in captchaTokens) expect((sent(ourLog)[0].body as { captchaTokens: unknown }).captchaTokens).toEqual([{ Recaptcha: 'visible-token', InvisibleRecaptcha: 'invisible-token' }]);
  });

  it('a refused verification code keeps the state: the retry with the right code sends the same and succeeds', async () => {
    const { sdk, ours, sdkLog, ourLog } = both();
    const sdkPending = await sdk.register({ email: 'c@example.com', password: 'pw-12345678' });
    const ourPending = await ours.register({ email: 'c@example.com', password: 'pw-12345678' });
    expect([sdkPending.loginState, ourPending.loginState]).toEqual(['EMAIL_VERIFICATION_REQUIRED', 'EMAIL_VERIFICATION_REQUIRED']);
    // The official SDK rejects and keeps its state; ours answers the state still waiting, with the message.
    await expect(sdk.processVerification({ verificationCode: '000000' })).rejects.toMatchObject({ details: { applicationError: { code: 'INVALID_VERIFICATION_CODE' } } });
    expect(await ours.processVerification({ verificationCode: '000000' })).toMatchObject({ loginState: 'EMAIL_VERIFICATION_REQUIRED', error: 'Verification code is not valid' });
    expect((await sdk.processVerification({ verificationCode: '123456' })).loginState).toBe('SUCCESS');
    expect((await ours.processVerification({ verificationCode: '123456' })).loginState).toBe('SUCCESS');
    expect(onPath(ourLog, '/auth/verify')).toEqual(onPath(sdkLog, '/auth/verify'));
    expect(onPath(ourLog, '/auth/verify').map((c) => c.body)).toEqual([
      { code: '000000', stateToken: 'state-token-1' },
      { code: '123456', stateToken: 'state-token-1' },
    ]);
  });

  it('the hidden-frame login sends no redirect URI, on the session nor on the code exchange', async () => {
    const { sdk, ours, sdkLog, ourLog } = both();
    await sdk.getMemberTokensForDirectLogin('session-1');
    await ours.getMemberTokensForDirectLogin('session-1');
    // PKCE values are random: compare them by shape, everything else as sent.
    const normalise = (calls: WireCall[]) =>
      JSON.parse(
        JSON.stringify(calls)
          .replace(/"(state|codeChallenge|codeVerifier)":"[A-Za-z0-9_~.-]{20,}"/g, '"$1":"<random>"')
          .replace(/"authorization":"[^"]*"/g, '"authorization":"<token>"'),
      );
    const session = (log: WireCall[]) => normalise(log).filter((c: WireCall) => c.path.endsWith('/redirect-session'));
    const exchange = (log: WireCall[]) => normalise(log).filter((c: WireCall) => c.path === '/oauth2/token' && (c.body as { grantType?: string }).grantType === 'authorization_code');
    expect(session(ourLog)).toEqual(session(sdkLog));
    expect(exchange(ourLog)).toEqual(exchange(sdkLog));
    expect(session(ourLog)[0].body.auth.authRequest).not.toHaveProperty('redirectUri');
    expect(exchange(ourLog)[0].body).toEqual({ clientId: CLIENT_ID, grantType: 'authorization_code', code: FRAME_CODE, codeVerifier: '<random>' });
  });
});
