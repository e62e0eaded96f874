/**
 * Request bodies the sandbox reads as JSON (operations and the control API): a size limit per
 * route (413 past it, never a parse error of a cut body), `application/json` only (a
 * CORS-safelisted type such as `text/plain` would let any web page send it without a
 * preflight), and a prototype-safe parse.
 */
import { appError } from './errors.ts';
import { isJsonObject, safeJsonParse } from './safe-object.ts';
import type { SandboxRequest } from './types.ts';
import { trimChar } from '../../normalise/text.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** A state import: its own limit, about 650 times the seeded state's export (~100 KB), so any export a development sandbox makes imports again. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** The body limit of a route: the state import has its own. */
export function bodyLimit(method: string, pathname: string): number {
  return method === 'PUT' && trimChar(pathname, '/') === '/__sandbox/state' ? MAX_IMPORT_BYTES : MAX_BODY_BYTES;
}

export const tooLarge = (limit: number) =>
  appError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`, { maxBytes: limit });

/**
 * Whether a Content-Type header is JSON: the media type `application/json` exactly, with
 * well-formed parameters and, if one is given, charset utf-8. `text/plain;+json` and
 * `application/foo+json` are not.
 */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  for (const param of params) {
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("[^"]*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*$/.exec(param);
    if (!m) return false;
    const value = m[2].replace(/^"|"$/g, '').toLowerCase();
    if (m[1].toLowerCase() === 'charset' && value !== 'utf-8' && value !== 'utf8') return false;
  }
  return true;
}

export const nestedTooDeep = (what: string, maxDepth: number) =>
  appError(400, 'INVALID_ARGUMENT', `${what} is nested deeper than ${maxDepth} levels`, { maxDepth });

/**
 * What is wrong with the shape of JSON text, read in one pass before it is parsed (brackets and
 * commas in strings do not count): objects or arrays nested more than `maxDepth` deep, or more
 * than `maxValues` values (a body of 300,000 empty objects would cost a parse and a walk of
 * each before any bound could refuse it). Undefined when neither.
 */
export function jsonTextProblem(text: string, maxDepth: number, maxValues: number): 'depth' | 'values' | undefined {
  let level = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++level > maxDepth) return 'depth';
    } else if (c === 0x7d || c === 0x5d) level--;
    else if (c === 0x2c && ++values > maxValues) return 'values';
  }
  return undefined;
}

/**
 * The most values (object members and array items) an operation's body may hold: about twenty
 * times a 300-line checkout's; a spec-sized request is far below it.
 */
export const MAX_BODY_VALUES = 100_000;

export const tooManyValues = (maxValues: number) =>
  appError(400, 'INVALID_ARGUMENT', `Request body has more than ${maxValues} values`, { maxValues });

/**
 * The body as a JSON object, or undefined when there is none. Past `limit` bytes: 413; a
 * non-empty body that is not `application/json`: 415; not JSON: 400 MALFORMED_JSON; a reserved
 * key (`__proto__`, `constructor`, `prototype`) anywhere: a validation error naming it.
 */
export async function readJsonObject(
  request: SandboxRequest,
  limit: number,
  maxDepth?: number,
): Promise<Record<string, unknown> | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const buf = new Uint8Array(await request.arrayBuffer());
  if (buf.byteLength > limit) throw tooLarge(limit);
  if (buf.byteLength === 0) return undefined;
  const type = request.headers.get('content-type');
  if (!isJsonContentType(type)) {
    throw appError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be application/json (got ${type || 'none'})`);
  }
  const text = new TextDecoder().decode(buf);
  const shape = maxDepth !== undefined ? jsonTextProblem(text, maxDepth, MAX_BODY_VALUES) : undefined;
  if (shape === 'depth') throw nestedTooDeep('Request body', maxDepth!);
  if (shape === 'values') throw tooManyValues(MAX_BODY_VALUES);
  let parsed: unknown;
  try {
    parsed = safeJsonParse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw appError(400, 'MALFORMED_JSON', `Request body is not valid JSON: ${err.message}`);
  }
  if (!isJsonObject(parsed)) {
    throw appError(400, 'INVALID_ARGUMENT', 'Request body must be a JSON object');
  }
  return parsed;
}
