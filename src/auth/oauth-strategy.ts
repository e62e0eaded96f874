/**
 * OAuthStrategy: visitor and member tokens for storefront calls.
 *
 * - No valid access token: renew with the refresh token; if renewal fails or there is none,
 *   get anonymous visitor tokens (and emit `signedOut` when a member was dropped to a visitor).
 * - One token request in flight at a time, however many calls wait for it.
 * - `logout` clears both tokens; `loggedIn()` is true only for a member refresh token.
 * - Signing a member in is added by wrappers, kept apart so pages that never sign a member in
 *   (a product page, the cart) do not bundle it: the hosted page with PKCE is
 *   `withHostedLogin(OAuthStrategy(...))` (with-hosted-login.ts), e-mail and password on your own
 *   page `withDirectLogin(OAuthStrategy(...))` (with-direct-login.ts, which includes the former,
 *   and the provider's captcha site keys), a member your backend vouches for
 *   `withExternalLogin(OAuthStrategy(...))` (with-external-login.ts).
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
import type { WireFeatures } from '../client/wire.ts';
import { ClientError } from '../errors/client-error.ts';
import {
  DIRECT_LOGIN_NEEDED,
  EXTERNAL_LOGIN_NEEDED,
  HOSTED_LOGIN_NEEDED,
  TOKEN_REQUEST_FAILED,
} from '../errors/messages.ts';
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

type Events = { tokens: (t: Tokens) => void; signedOut: (previous: Tokens) => void };

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Expired when its expiry, in seconds, is below the current time. */
export const isExpired = (t: Tokens['accessToken']) => !t.value || t.expiresAt < nowSeconds();

/** Where withHostedLogin and withDirectLogin find what they need from the strategy they wrap (not public API). */
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
  const call = (d: OperationDescriptor, args: unknown[], wire?: WireFeatures) => invoke(context(), d, args, wire);

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

  async function redirectSession(body: Record<string, unknown>) {
    const res = (await call(createRedirectSession, [body])) as {
      redirectSession: { fullUrl: string; urlDetails?: { endpoint?: string }; sessionToken?: string };
    };
    return res.redirectSession;
  }

  const strategy = {
    clientId,
    /** For the login wrappers: calls under this strategy, token requests, tokens from an answer, redirect sessions, valid tokens. */
    [STRATEGY_INTERNALS]: { call, tokenRequest, toTokens, redirectSession, ensureTokens },
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
    async logout(originalUrl: string) {
      const session = await redirectSession({ logout: { clientId }, callbacks: { postFlowUrl: originalUrl } });
      setTokens(EMPTY_TOKENS);
      return { logoutUrl: session.fullUrl };
    },
  } satisfies AuthStrategy & Record<string, unknown>;
  // The official SDK has these on OAuthStrategy itself: code ported from it (plain JavaScript,
  // where no type error says so) gets a clear message instead of "is not a function". Not in
  // the type, and replaced by the wrapper that adds them.
  for (const [names, message] of ADDED_BY_WRAPPERS)
    for (const name of names)
      Object.defineProperty(strategy, name, {
        configurable: true,
        writable: true,
        value: () => Promise.reject(new ClientError(message(name))),
      });
  return strategy;
}

/** What each wrapper adds; a bare OAuthStrategy answers them with a rejection that names the wrapper. */
export const HOSTED_LOGIN_METHODS = ['generateOAuthData', 'getAuthUrl', 'parseFromUrl', 'getMemberTokens'] as const;
export const DIRECT_LOGIN_METHODS = [
  'login',
  'register',
  'processVerification',
  'sendPasswordResetEmail',
  'getMemberTokensForDirectLogin',
] as const;
export const EXTERNAL_LOGIN_METHODS = ['getMemberTokensForExternalLogin'] as const;
const ADDED_BY_WRAPPERS = [
  [HOSTED_LOGIN_METHODS, HOSTED_LOGIN_NEEDED],
  [DIRECT_LOGIN_METHODS, DIRECT_LOGIN_NEEDED],
  [EXTERNAL_LOGIN_METHODS, EXTERNAL_LOGIN_NEEDED],
] as const;
