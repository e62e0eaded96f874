/**
 * Comparing a caller's text with a secret (the API keys) in constant time: how long the
 * comparison takes depends on the secret's length only, never on how much of it the caller got
 * right, so timing answers cannot guess a key one character at a time.
 *
 * Not node:crypto's timingSafeEqual: the sandbox also runs in a browser's service worker, and
 * Web Crypto's digest is asynchronous while callers are resolved synchronously. The loop below
 * is the same technique: every byte of the secret is compared, differences are OR-ed together,
 * and there is no early exit.
 */

const encoder = new TextEncoder();

/** The secrets' bytes, encoded once (the API keys: a few, fixed for the sandbox's life). */
const encodedSecrets = new Map<string, Uint8Array>();
/** Secrets are the sandbox's own, never a caller's text; the bound only keeps a misuse from growing it. */
const MAX_ENCODED_SECRETS = 64;

function secretBytes(secret: string): Uint8Array {
  let bytes = encodedSecrets.get(secret);
  if (!bytes) {
    if (encodedSecrets.size >= MAX_ENCODED_SECRETS) encodedSecrets.clear();
    encodedSecrets.set(secret, (bytes = encoder.encode(secret)));
  }
  return bytes;
}

/** Every byte of the secret `b` is compared, whatever `a` is; no early exit. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= b[i] ^ (a.length ? a[i % a.length] : 0);
  return diff === 0;
}

/** Whether `given` is `secret`, comparing every byte of the secret whatever `given` is. */
export function sameSecret(given: string, secret: string): boolean {
  return sameBytes(encoder.encode(given), secretBytes(secret));
}

/** Whether `given` is one of the API keys; every key is compared (no early exit either). */
export function isApiKey(keys: readonly string[], given: string): boolean {
  const bytes = encoder.encode(given);
  let found = false;
  for (const key of keys) found = sameBytes(bytes, secretBytes(key)) || found;
  return found;
}
