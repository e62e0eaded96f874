/** base64 and base64url over bytes and UTF-8 text. Works in Node, browsers and edge runtimes. */
import { trimChar } from './text.ts';

/** Standard base64 (with padding) of raw bytes (the wire's `bytes` fields). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}

/** Raw bytes of base64 text (padding optional). */
export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** base64url without padding, over UTF-8: the `.r` encoding. */
export function encodeBase64Url(text: string): string {
  return bytesToBase64Url(new TextEncoder().encode(text));
}

export function decodeBase64Url(text: string): string {
  return new TextDecoder().decode(base64ToBytes(text.replace(/-/g, '+').replace(/_/g, '/')));
}

/** base64url without padding of raw bytes (PKCE challenges, random tokens). */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return trimChar(bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_'), '=');
}
