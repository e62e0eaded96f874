/**
 * Comparing a caller's text with a secret (the API keys) in constant time: how long the
 * comparison takes depends on the secret's length only, never on how much of it the caller got
 * right, so timing answers cannot guess a key one character at a time.
 *
 * Not node:crypto's timingSafeEqual: the sandbox also runs in a browser's service worker, and
 * Web Crypto's digest is asynchronous while callers are resolved synchronously. The loop below
 * is the same technique: every unit of the secret is compared, differences are OR-ed together,
 * and there is no early exit.
 */

/**
 * Every UTF-16 unit of the secret `b` is compared, whatever `a` is; no early exit. Units, not
 * bytes: two texts are the same exactly when their units are, and no text is encoded per call
 * (a caller's access token, checked against the API keys on every request, is 300 characters).
 */
function sameUnits(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= b.charCodeAt(i) ^ (a.length ? a.charCodeAt(i % a.length) : 0);
  return diff === 0;
}

/** Whether `given` is `secret`, comparing every unit of the secret whatever `given` is. */
export function sameSecret(given: string, secret: string): boolean {
  return sameUnits(given, secret);
}

/** Whether `given` is one of the API keys; every key is compared (no early exit either). */
export function isApiKey(keys: readonly string[], given: string): boolean {
  let found = false;
  for (const key of keys) found = sameUnits(given, key) || found;
  return found;
}
