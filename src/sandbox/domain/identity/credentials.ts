/**
 * Members' credentials: one record per member with a password hash (PBKDF2-SHA256 from Web
 * Crypto, so the same code runs in Node and in the browser's service worker). Passwords are
 * never stored or echoed in clear.
 */
import { bytesToBase64Url } from '../../../normalise/base64url.ts';
import type { Db, Entity } from '../../platform/types.ts';
import { normaliseEmail } from './email.ts';

export const CREDENTIALS = 'credentials';

declare module '../../platform/types.ts' {
  interface Collections {
    credentials: CredentialRecord;
  }
}

export interface CredentialRecord extends Entity {
  /** The member id. */
  id: string;
  /** Login e-mail in its comparison form (email.ts: NFKC, lower case; unique). */
  email: string;
  algorithm: 'PBKDF2-SHA256';
  iterations: number;
  salt: string;
  hash: string;
  /** Set by an activation e-mail: login answers -19973 until a new password is set. */
  resetRequired?: boolean;
}

/**
 * PBKDF2 work factor. Low next to a production login service (the sandbox hashes on every seed
 * and reset, in tests and in a service worker) but real: nothing recovers the password from it.
 */
const ITERATIONS = 5_000;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  // `as`: TypeScript's lib types a Uint8Array over any buffer as not a BufferSource; Web Crypto takes it.
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return bytesToBase64Url(new Uint8Array(bits));
}

export async function hashPassword(password: string, saltBytes = crypto.getRandomValues(new Uint8Array(16))) {
  return {
    algorithm: 'PBKDF2-SHA256' as const,
    iterations: ITERATIONS,
    salt: bytesToBase64Url(saltBytes),
    hash: await derive(password, saltBytes, ITERATIONS),
  };
}

/** Constant-time comparison of the derived hash. */
export async function verifyPassword(cred: CredentialRecord, password: string): Promise<boolean> {
  const candidate = await derive(password, saltFromText(cred.salt), cred.iterations);
  if (candidate.length !== cred.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < candidate.length; i++) diff |= candidate.charCodeAt(i) ^ cred.hash.charCodeAt(i);
  return diff === 0;
}

function saltFromText(salt: string): Uint8Array {
  const bin = atob(salt.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (salt.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function findCredential(db: Db, email: string): CredentialRecord | undefined {
  return db.find(CREDENTIALS, { email: normaliseEmail(email) });
}

export async function setPassword(db: Db, memberId: string, email: string, password: string): Promise<void> {
  db.put(CREDENTIALS, memberId, { id: memberId, email: normaliseEmail(email), ...(await hashPassword(password)) });
}

/** Until the member sets a password (through an activation e-mail), a login answers -19973. */
export function requirePasswordReset(db: Db, email: string): void {
  const cred = findCredential(db, email);
  if (cred) db.put(CREDENTIALS, cred.id, { ...cred, resetRequired: true });
}
