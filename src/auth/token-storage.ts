/**
 * Where an OAuthStrategy keeps its tokens: in memory (default), in localStorage (browsers), or
 * in a cookie (server-rendered storefronts: the server reads the request's Cookie header and
 * writes Set-Cookie; the browser uses document.cookie), so one visitor keeps one identity, and
 * one cart, across reloads and between server and browser.
 */
export type TokenRole = 'none' | 'visitor' | 'member';

export interface Tokens {
  /** `expiresAt` is absolute, in seconds. */
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: TokenRole };
}

export interface TokenStorage {
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
}

export const EMPTY_TOKENS: Tokens = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
};

function valid(t: unknown): t is Tokens {
  const x = t as Tokens;
  return Boolean(x && typeof x.accessToken?.value === 'string' && typeof x.refreshToken?.value === 'string');
}

export function memoryStorage(initial: Tokens = EMPTY_TOKENS): TokenStorage {
  let tokens = initial;
  return { getTokens: () => tokens, setTokens: (t) => void (tokens = t) };
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function localStorageStorage(
  key = 'storefront-kit-tokens',
  store: KeyValueStore = globalThis.localStorage,
): TokenStorage {
  return {
    getTokens() {
      try {
        const parsed = JSON.parse(store.getItem(key) ?? 'null');
        return valid(parsed) ? parsed : EMPTY_TOKENS;
      } catch {
        return EMPTY_TOKENS;
      }
    },
    setTokens(tokens) {
      if (tokens.refreshToken.role === 'none' && !tokens.accessToken.value) store.removeItem(key);
      else store.setItem(key, JSON.stringify(tokens));
    },
  };
}

export interface CookieStorageOptions {
  /** @default 'sfk-tokens' */
  name?: string;
  /** @default '/' */
  path?: string;
  /** Seconds. @default 30 days */
  maxAge?: number;
  /** @default true on https pages, false otherwise */
  secure?: boolean;
  /** @default 'Lax' */
  sameSite?: 'Lax' | 'Strict' | 'None';
  domain?: string;
  /**
   * Server side: the cookie is HttpOnly, out of page scripts' reach (the browser's client then
   * gets its access token from the store's server: storefront-kit/react's storeSessionAuth).
   * A document cannot write an HttpOnly cookie: in a browser this option is refused.
   * @default false
   */
  httpOnly?: boolean;
  /** Server side: the request's Cookie header. Default: document.cookie. */
  getCookieHeader?: () => string | undefined;
  /** Server side: receives the Set-Cookie value to send. Default: writes document.cookie. */
  setCookie?: (setCookieValue: string) => void;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

export function cookieStorage(options: CookieStorageOptions = {}): TokenStorage {
  const name = options.name ?? 'sfk-tokens';
  const doc = (globalThis as { document?: { cookie: string; location?: Location } }).document;
  const getHeader = options.getCookieHeader ?? (() => doc?.cookie);
  const set = options.setCookie ?? ((v: string) => doc && (doc.cookie = v));
  if (options.httpOnly && !options.setCookie)
    throw new TypeError('cookieStorage: httpOnly needs setCookie (a server sends the cookie; a page script cannot write an HttpOnly one)');
  let cached: Tokens | undefined;
  return {
    getTokens() {
      if (cached) return cached;
      const raw = readCookie(getHeader(), name);
      try {
        const parsed = raw ? JSON.parse(decodeURIComponent(raw)) : undefined;
        return valid(parsed) ? parsed : EMPTY_TOKENS;
      } catch {
        return EMPTY_TOKENS;
      }
    },
    setTokens(tokens) {
      cached = tokens;
      const empty = tokens.refreshToken.role === 'none' && !tokens.accessToken.value;
      const secure = options.secure ?? doc?.location?.protocol === 'https:';
      const attrs = [
        `${name}=${empty ? '' : encodeURIComponent(JSON.stringify(tokens))}`,
        `Path=${options.path ?? '/'}`,
        `Max-Age=${empty ? 0 : (options.maxAge ?? 30 * 24 * 3600)}`,
        `SameSite=${options.sameSite ?? 'Lax'}`,
      ];
      if (options.domain) attrs.push(`Domain=${options.domain}`);
      if (secure) attrs.push('Secure');
      if (options.httpOnly) attrs.push('HttpOnly');
      set(attrs.join('; '));
    },
  };
}
