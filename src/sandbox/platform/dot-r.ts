/**
 * The `.r` query parameter: a GET's whole payload as base64url JSON (the official SDK's form
 * for complex GETs and for the POST query operations). Decoded here only, through the one
 * prototype-safe parser: a `__proto__`, `constructor` or `prototype` key anywhere is refused as a
 * validation error naming it, so no decoded object can reach a prototype.
 */
import { decodeBase64Url } from '../../normalise/base64url.ts';
import { appError, SandboxError } from './errors.ts';
import { isJsonObject, queryObject, safeJsonParse } from './safe-object.ts';

export function decodeDotR(text: string): Record<string, unknown> {
  let decoded: unknown;
  try {
    decoded = safeJsonParse(decodeBase64Url(text), ['.r']);
  } catch (err) {
    if (err instanceof SandboxError) throw err;
    throw appError(400, 'INVALID_ARGUMENT', 'The .r query parameter is not base64url-encoded JSON');
  }
  if (!isJsonObject(decoded)) {
    throw appError(400, 'INVALID_ARGUMENT', 'The .r query parameter must encode a JSON object');
  }
  return decoded;
}

/** Query parameters -> one object: dotted keys nest, repeated keys become arrays, `.r` is decoded. Reserved keys are refused. */
export function parseQuery(params: URLSearchParams): Record<string, unknown> {
  const r = params.get('.r');
  return r !== null ? decodeDotR(r) : queryObject(params);
}
