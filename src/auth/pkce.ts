/**
 * PKCE (RFC 7636): a code verifier of 43 to 128 characters from the unreserved set
 * (letters, digits, `-._~`) and its S256 challenge, base64url(SHA-256(verifier)) via WebCrypto.
 */
import { ClientError } from '../errors/client-error.ts';
import { VERIFIER_LENGTH } from '../errors/messages.ts';
import { bytesToBase64Url } from '../normalise/base64url.ts';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const DEFAULT_VERIFIER_LENGTH = 43;

export function generateCodeVerifier(length = DEFAULT_VERIFIER_LENGTH): string {
  if (!Number.isInteger(length) || length < 43 || length > 128) throw new ClientError(VERIFIER_LENGTH(length));
  // 66 symbols: reject bytes >= 198 (3 * 66) so every symbol is equally likely.
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 198 && out.length < length) out += UNRESERVED[b % 66];
    }
  }
  return out;
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return bytesToBase64Url(new Uint8Array(digest));
}

/** A random `state` value (checked when the provider redirects back). */
export function randomState(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
