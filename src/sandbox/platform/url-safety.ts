/**
 * URLs taken from callers: redirect-URI patterns matched on the parsed URL, and no control
 * characters (CR/LF would split a Location header; the URL parser silently drops tabs and
 * newlines, so a check on the parsed URL alone would let them through into what is stored).
 */
import { validationError } from './errors.ts';
import { fieldName } from './safe-object.ts';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A URL a user gives for a server (a public URL, the sandbox's URL): its http(s) origin, or why
 * it is not one. Credentials, a path, a query or a fragment would be silently dropped, so they
 * are refused.
 */
export function httpOrigin(value: string): { origin: string } | { problem: 'not a URL' | 'not an origin' } {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return { problem: 'not a URL' };
  }
  const bare = !u.username && !u.password && !u.search && !u.hash && u.pathname === '/';
  return (u.protocol === 'http:' || u.protocol === 'https:') && bare
    ? { origin: u.origin }
    : { problem: 'not an origin' };
}

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** Fields whose name says they hold a URL (`redirectUri`, `postFlowUrl`, `thankYouPageUrl`, `url`). */
const URL_FIELD = /(url|uri)s?$/i;

/**
 * The first string under a URL-named field of `value` (or in a list under one) that holds a
 * control character, as a field name; undefined when there is none.
 */
export function findUnsafeUrl(value: unknown, path: (string | number)[] = [], inUrlField = false): string | undefined {
  if (typeof value === 'string') return inUrlField && hasControlCharacters(value) ? fieldName(path) : undefined;
  if (!value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const [i, child] of value.entries()) {
      const found = findUnsafeUrl(child, [...path, i], inUrlField);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const found = findUnsafeUrl(child, [...path, key], URL_FIELD.test(key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses a request whose URL fields hold control characters, before anything is committed. */
export function assertSafeUrls(value: unknown): void {
  const field = findUnsafeUrl(value);
  if (field !== undefined)
    throw validationError([{ field, description: 'must not contain control characters', violatedRule: 'FORMAT' }]);
}

/** A URL without control characters or credentials (`https://shop.test@evil.example` names evil.example), parsed; else undefined. */
export function parseCallerUrl(text: string): URL | undefined {
  if (hasControlCharacters(text)) return undefined;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return undefined;
  }
  return u.username || u.password ? undefined : u;
}

/**
 * Whether `uri` matches a registered redirect-URI pattern. Both are parsed: scheme, host and port
 * must be equal; a pattern ending in `*` matches any path that starts with its own path (the `*`
 * is allowed only there), else the whole URL must be equal. So `https://shop.test*` matches
 * `https://shop.test/cb` and never `https://shop.test@evil.example/cb` or
 * `https://shop.test.evil.example/cb`.
 */
export function matchesRedirectPattern(pattern: string, uri: string): boolean {
  const wildcard = pattern.endsWith('*');
  const base = wildcard ? pattern.slice(0, -1) : pattern;
  if (base.includes('*')) return false;
  const p = parseCallerUrl(base);
  const u = parseCallerUrl(uri);
  if (!p || !u) return false;
  if (p.protocol !== u.protocol || p.hostname !== u.hostname || p.port !== u.port) return false;
  if (!wildcard) return p.href === u.href;
  return !p.search && !p.hash && u.pathname.startsWith(p.pathname);
}
