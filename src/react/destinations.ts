/**
 * Where a shopper is sent after signing in or checking out, when the address comes from a
 * request (`?back=`, a form field, the hosted login's `originalUri`): a path on the store's own
 * origin, or the fallback. Browsers read `//evil.example/x`, `/\evil.example/x` and
 * `/<TAB>/evil.example/x` (tabs and newlines are dropped from URLs) as another host, so a
 * `Location` built from them is an open redirect.
 */

/** Control characters (tabs and newlines included) and backslashes: a browser reads a URL past what it shows. */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * `value` when it is a same-origin path (one leading `/`, no `//`, no backslash, no control
 * character), else `fallback`. With `origin`, an absolute URL on that origin is taken too, as its
 * path, query and fragment (the hosted login's `originalUri` is often `window.location.href`).
 *
 *   sameOriginPath('/cart?x=1', '/account') // '/cart?x=1'
 *   sameOriginPath('//evil.example', '/account') // '/account'
 */
export function sameOriginPath(value: string | null | undefined, fallback: string, origin?: string): string {
  if (typeof value !== 'string' || UNSAFE.test(value)) return fallback;
  if (origin && !value.startsWith('/')) {
    try {
      const url = new URL(value);
      return url.origin === new URL(origin).origin
        ? sameOriginPath(url.pathname + url.search + url.hash, fallback)
        : fallback;
    } catch {
      return fallback;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // The path as a browser resolves it against any origin must stay on that origin.
  try {
    return new URL(value, 'http://same.invalid').host === 'same.invalid' ? value : fallback;
  } catch {
    return fallback;
  }
}
