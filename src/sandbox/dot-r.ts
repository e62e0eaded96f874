/**
 * The `.r` query parameter: a GET's whole payload as base64url JSON (the official SDK's form
 * for complex GETs and for the POST query operations). Decoded here only, prototype-safe on its
 * own: a `__proto__`, `constructor` or `prototype` key anywhere is refused, so no decoded
 * object can reach an object's prototype whatever the code that reads it does.
 */
import { decodeBase64Url } from '../normalise/base64url.ts';
import { appError } from './errors.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function decodeDotR(text: string): Record<string, unknown> {
  let forbidden: string | undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(decodeBase64Url(text), (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden ??= key;
      return value;
    });
  } catch {
    throw appError(400, 'INVALID_ARGUMENT', 'The .r query parameter is not base64url-encoded JSON');
  }
  if (forbidden)
    throw appError(400, 'INVALID_ARGUMENT', `The .r query parameter must not contain the key ${forbidden}`);
  if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) {
    throw appError(400, 'INVALID_ARGUMENT', 'The .r query parameter must encode a JSON object');
  }
  return decoded as Record<string, unknown>;
}
