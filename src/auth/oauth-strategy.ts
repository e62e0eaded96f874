/**
 * OAuthStrategy: visitor and member tokens for storefront calls.
 *
 * - No valid access token: renew with the refresh token; if renewal fails or there is none,
 *   get anonymous visitor tokens (and emit `signedOut` when a member was dropped to a visitor).
 * - One token request in flight at a time, however many calls wait for it.
 * - Member tokens after the PKCE code exchange on the hosted page; `logout` clears both tokens;
 *   `loggedIn()` is true only for a member refresh token. Login with e-mail and password on
 *   your own page is `withDirectLogin(OAuthStrategy(...))` (with-direct-login.ts), kept apart so
 *   pages that never sign a member in do not bundle it.
 *
 * Calls go through the generated operation descriptors, so no path is written here.
 */
// Single operations, not whole modules: an app bundles only what the strategy calls.
import { token } from '../../generated/modules/oauth.ts';
import { createRedirectSession } from '../../generated/modules/redirects.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import type { AuthEnvironment, AuthStrategy } from '../client/auth-strategy.ts';
import { DEFAULT_HOST } from '../client/defaults.ts';
import { invoke, type ClientContext } from '../client/invoke.ts';
import { ClientError } from '../errors/client-error.ts';
import {
  DIRECT_LOGIN_NEEDED,
  INVALID_STATE,
  MEMBER_TOKENS_FAILED,
  MISSING_CODE_OR_STATE,
  TOKEN_REQUEST_FAILED,
} from '../errors/messages.ts';
import { codeChallenge, generateCodeVerifier, randomState } from './pkce.ts';
import { EMPTY_TOKENS, memoryStorage, type Tokens, type TokenStorage } from './token-storage.ts';

export interface OAuthStrategyOptions {
  clientId: string;
  /** Start with these tokens (in-memory storage). */
  tokens?: Tokens;
  /** Keep tokens elsewhere: localStorageStorage(), cookieStorage(), your own (the official SDK's name). */
  tokenStorage?: TokenStorage;
  /** The same as `tokenStorage`. */
  storage?: TokenStorage;
}

/** The options as given; a key OAuthStrategyOptions does not name fails to compile with a message naming it. */
type KnownOnly<O> = {
  [K in keyof O]: K extends keyof OAuthStrategyOptions ? O[K] : `${K & string} is not an option of OAuthStrategy`;
};

export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri: string;
}

type Prompt = 'login' | 'none' | 'consent' | 'select_account';
type ResponseMode = 'fragment' | 'query' | 'web_message';
type Events = { tokens: (t: Tokens) => void; signedOut: (previous: Tokens) => void };

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Expired when its expiry, in seconds, is below the current time. */
export const isExpired = (t: Tokens['accessToken']) => !t.value || t.expiresAt < nowSeconds();

/** Where withDirectLogin finds what it needs from the strategy it wraps (not public API). */
export const STRATEGY_INTERNALS = Symbol('storefront-kit.oauth-strategy');

export function OAuthStrategy<O extends OAuthStrategyOptions>(options: KnownOnly<O>) {
  const { clientId } = options;
  const storage = options.tokenStorage ?? options.storage ?? memoryStorage(options.tokens ?? EMPTY_TOKENS);
  let env: AuthEnvironment = { host: DEFAULT_HOST, fetch: (i, init) => globalThis.fetch(i, init) };
  let inflight: Promise<Tokens> | undefined;
  const listeners: { [K in keyof Events]: Set<Events[K]> } = { tokens: new Set(), signedOut: new Set() };

  const getTokens = () => storage.getTokens();
  const setTokens = (tokens: Tokens) => {
    storage.setTokens(tokens);
    for (const l of listeners.tokens) l(tokens);
  };

  const context = (): ClientContext => ({
    host: env.host,
    fetch: env.fetch,
    headers: {},
    auth: strategy,
    retry: false,
  });
  const call = (d: OperationDescriptor, args: unknown[]) => invoke(context(), d, args);

  async function tokenRequest(body: Record<string, unknown>, headers?: Record<string, string>): Promise<TokenAnswer> {
    try {
      return (await call(token, [body, headers ? { headers } : undefined])) as TokenAnswer;
    } catch (err) {
      throw new ClientError(TOKEN_REQUEST_FAILED, {}, { cause: err });
    }
  }

  const toTokens = (a: TokenAnswer, role: 'visitor' | 'member', refresh?: Tokens['refreshToken']): Tokens => ({
    accessToken: { value: a.access_token, expiresAt: nowSeconds() + a.expires_in },
    refreshToken: refresh ?? { value: a.refresh_token, role },
  });

  async function renewToken(refreshToken: Tokens['refreshToken']): Promise<Tokens> {
    const a = await tokenRequest({ clientId, grantType: 'refresh_token', refreshToken: refreshToken.value });
    return toTokens(a, refreshToken.role === 'member' ? 'member' : 'visitor', refreshToken);
  }

  /** Valid tokens: the given ones, else renewed, else new anonymous visitor tokens. */
  async function generateVisitorTokens(tokens: Partial<Tokens> = getTokens()): Promise<Tokens> {
    if (tokens.accessToken && tokens.refreshToken?.value && !isExpired(tokens.accessToken)) return tokens as Tokens;
    if (tokens.refreshToken?.value) {
      try {
        return await renewToken(tokens.refreshToken);
      } catch {
        // fall through to a new visitor
      }
    }
    return toTokens(await tokenRequest({ clientId, grantType: 'anonymous' }), 'visitor');
  }

  /** One token request at a time: concurrent callers share the same promise. */
  function ensureTokens(force = false): Promise<Tokens> {
    const current = getTokens();
    if (!force && current.accessToken.value && !isExpired(current.accessToken)) return Promise.resolve(current);
    inflight ??= (async () => {
      const before = getTokens();
      const next = await generateVisitorTokens(force ? { refreshToken: before.refreshToken } : before);
      setTokens(next);
      if (before.refreshToken.role === 'member' && next.refreshToken.role !== 'member') {
        for (const l of listeners.signedOut) l(before);
      }
      return next;
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  async function generateOAuthData(redirectUri: string, originalUri = '', verifierLength?: number): Promise<OAuthData> {
    const codeVerifier = generateCodeVerifier(verifierLength);
    return {
      redirectUri,
      originalUri,
      codeVerifier,
      state: randomState(),
      codeChallenge: await codeChallenge(codeVerifier),
    };
  }

  async function redirectSession(body: Record<string, unknown>) {
    const res = (await call(createRedirectSession, [body])) as {
      redirectSession: { fullUrl: string; urlDetails?: { endpoint?: string }; sessionToken?: string };
    };
    return res.redirectSession;
  }

  async function getAuthUrl(
    data: OAuthData,
    opts: { prompt?: Prompt; responseMode?: ResponseMode; sessionToken?: string } = {},
  ) {
    const session = await redirectSession({
      auth: {
        authRequest: {
          ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
          clientId,
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: opts.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
          ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}),
        },
        prompt: opts.prompt ?? 'login',
      },
    });
    return {
      authUrl: session.fullUrl,
      authorizationEndpoint: session.urlDetails?.endpoint,
      sessionToken: session.sessionToken,
    };
  }

  function parseFromUrl(url?: string, responseMode: 'fragment' | 'query' = 'fragment') {
    const href = url ?? (globalThis as { location?: Location }).location?.href;
    if (!href) throw new ClientError('parseFromUrl needs a URL outside a browser');
    const u = new URL(href);
    // Read the mode asked for; fall back to the other, since providers differ on where they put it.
    const primary = responseMode === 'query' ? u.searchParams : new URLSearchParams(u.hash.slice(1));
    const secondary = responseMode === 'query' ? new URLSearchParams(u.hash.slice(1)) : u.searchParams;
    const p = primary.has('code') || primary.has('error') ? primary : secondary;
    const error = p.get('error');
    return {
      code: p.get('code'),
      state: p.get('state'),
      ...(error ? { error, errorDescription: p.get('error_description') } : {}),
    };
  }

  async function getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    data: Pick<OAuthData, 'state' | 'codeVerifier' | 'redirectUri'>,
  ): Promise<Tokens> {
    if (!code || !state) throw new ClientError(MISSING_CODE_OR_STATE);
    if (state !== data.state) throw new ClientError(INVALID_STATE);
    let answer: TokenAnswer;
    try {
      answer = (await call(token, [
        {
          clientId,
          grantType: 'authorization_code',
          ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
          code,
          codeVerifier: data.codeVerifier,
        },
      ])) as TokenAnswer;
    } catch (err) {
      throw new ClientError(MEMBER_TOKENS_FAILED, {}, { cause: err });
    }
    return toTokens(answer, 'member');
  }

  const strategy = {
    clientId,
    /** For withDirectLogin: calls under this strategy. */
    [STRATEGY_INTERNALS]: { call },
    captchaInvisibleSiteKey: '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v',
    captchaVisibleSiteKey: '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy',
    attach(e: AuthEnvironment) {
      env = e;
    },
    async getAuthHeaders() {
      return { headers: { authorization: (await ensureTokens()).accessToken.value } };
    },
    async onUnauthorized() {
      await ensureTokens(true);
      return true;
    },
    getTokens,
    setTokens,
    generateVisitorTokens,
    renewToken,
    loggedIn: () => getTokens().refreshToken.role === 'member',
    getActiveToken: () => getTokens().accessToken.value,
    on<K extends keyof Events>(event: K, listener: Events[K]): () => void {
      listeners[event].add(listener as never);
      return () => listeners[event].delete(listener as never);
    },
    generateOAuthData,
    getAuthUrl,
    parseFromUrl,
    getMemberTokens,
    async logout(originalUrl: string) {
      const session = await redirectSession({ logout: { clientId }, callbacks: { postFlowUrl: originalUrl } });
      setTokens(EMPTY_TOKENS);
      return { logoutUrl: session.fullUrl };
    },
    /** Member tokens for a member your backend vouches for (authorized_client grant). */
    async getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
      const visitor = await ensureTokens();
      const a = await tokenRequest(
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        { authorization: `${visitor.accessToken.value},${apiKey}` },
      );
      return toTokens(a, 'member');
    },
  } satisfies AuthStrategy & Record<string, unknown>;
  // The official SDK has these on OAuthStrategy itself: code ported from it (plain JavaScript,
  // where no type error says so) gets a clear message instead of "is not a function". Not in
  // the type, and replaced by withDirectLogin.
  for (const name of DIRECT_LOGIN_METHODS) {
    Object.defineProperty(strategy, name, {
      configurable: true,
      writable: true,
      value: () => Promise.reject(new ClientError(DIRECT_LOGIN_NEEDED(name))),
    });
  }
  return strategy;
}

/** What withDirectLogin adds; a bare OAuthStrategy answers them with DIRECT_LOGIN_NEEDED. */
export const DIRECT_LOGIN_METHODS = [
  'login',
  'register',
  'processVerification',
  'sendPasswordResetEmail',
  'getMemberTokensForDirectLogin',
] as const;
