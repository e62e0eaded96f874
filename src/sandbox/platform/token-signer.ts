/**
 * Signs and reads the sandbox's access and refresh tokens: claims as base64url JSON and an
 * HMAC-SHA-256 over them (Web Crypto, so it runs in Node, pages and workers alike). What the
 * claims mean, and revocation, is tokens.ts.
 */
import { base64ToBytes, bytesToBase64Url, decodeBase64Url, encodeBase64Url } from '../../normalise/base64url.ts';
import { isJsonObject } from './safe-object.ts';

/** What a token says, signed. */
export interface TokenClaims {
  kind: 'access' | 'refresh';
  clientId: string;
  visitorId: string;
  memberId?: string;
  /** A member token's state epoch (tokens.ts): valid only while the state it was issued in is. */
  epoch?: string;
  /** Issue time, epoch ms by the sandbox clock. */
  iat: number;
  /** Expiry, epoch ms; absent for refresh tokens. */
  exp?: number;
  /** Random, so two tokens issued in the same millisecond differ. */
  nonce: string;
}

const PREFIX = { access: 'sfk-at', refresh: 'sfk-rt' } as const;
const text = new TextEncoder();
/**
 * Tokens verified so far, remembered so each is checked once: a client sends the same access
 * token with every call, and Web Crypto's HMAC runs in the thread pool (a round trip per call).
 * Bounded: past this, the oldest verified token is forgotten (and checked again when it comes back).
 */
export const VERIFIED_TOKENS_KEPT = 4096;

/** Signs and reads tokens with one secret (a sandbox has one; the server keeps it across restarts). */
export class TokenSigner {
  private readonly key: Promise<CryptoKey>;
  /** token -> its claims (frozen), in the order first verified. */
  private readonly verified = new Map<string, Readonly<TokenClaims>>();

  constructor(secret: Uint8Array) {
    if (secret.byteLength < 32) throw new Error('The token secret must be at least 32 bytes');
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  /** A signer with a new random secret (a sandbox in a page or a test: its tokens live as long as it does). */
  static random(): TokenSigner {
    return new TokenSigner(crypto.getRandomValues(new Uint8Array(32)));
  }

  async sign(claims: TokenClaims): Promise<string> {
    const body = `${PREFIX[claims.kind]}.${encodeBase64Url(JSON.stringify(claims))}`;
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await this.key, text.encode(body)));
    return `${body}.${bytesToBase64Url(mac)}`;
  }

  /** The claims of a token `read` has verified and still remembers; undefined otherwise (nothing is verified here). */
  verifiedClaims(token: string): Readonly<TokenClaims> | undefined {
    return this.verified.get(token);
  }

  /**
   * The claims of a token this signer made and nobody changed; undefined for anything else.
   * Only the signature is remembered: what the claims allow (expiry, revocation) is tokens.ts's
   * business on every call.
   */
  async read(token: string): Promise<Readonly<TokenClaims> | undefined> {
    const known = this.verified.get(token);
    if (known) return known;
    const claims = await this.verify(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verify(token: string): Promise<Readonly<TokenClaims> | undefined> {
    const parts = token.split('.');
    if (parts.length !== 3 || (parts[0] !== PREFIX.access && parts[0] !== PREFIX.refresh)) return undefined;
    if (!/^[A-Za-z0-9_-]{1,2048}$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) return undefined;
    const mac = new Uint8Array(base64ToBytes(parts[2].replace(/-/g, '+').replace(/_/g, '/')));
    // The last character of 32 bytes in base64 carries 2 unused bits: only the one spelling is the token.
    if (bytesToBase64Url(mac) !== parts[2]) return undefined;
    const body = `${parts[0]}.${parts[1]}`;
    // verify compares in constant time.
    if (!(await crypto.subtle.verify('HMAC', await this.key, mac, text.encode(body)))) return undefined;
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!isJsonObject(claims) || PREFIX[claims.kind as TokenClaims['kind']] !== parts[0]) return undefined;
    return Object.freeze(claims) as unknown as Readonly<TokenClaims>;
  }
}
