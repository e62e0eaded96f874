/**
 * The store's server-side door for requests that change something (any method but GET and HEAD):
 * one check in front of every route, resource routes and routes added later included. React
 * Router checks the Origin of a document or data action, but not of a resource route's (a route
 * with an action and no component: `/checkout`, `/logout`), and it reads whatever body it is
 * given; this guard refuses, before any route runs:
 *
 * - a foreign Origin (403): a page on another site posting to the store with the shopper's
 *   cookies (cross-site request forgery); also `Origin: null` and, when a browser sends no
 *   Origin, a `Sec-Fetch-Site` other than `same-origin` (or `none`, the user's own navigation);
 * - a method a form cannot send (405, with `Allow`);
 * - a request that is not a form (415: no Content-Type, or another one), a form that does not
 *   parse (400), a body past the limit (413, read no further than the limit).
 *
 * Requests without a browser's headers (a server's `fetch`, curl) are not cross-site requests:
 * nothing of the shopper's rides on them, so they pass the Origin check.
 */

/** The methods an HTML form (and React Router's `<Form>`) sends to change something. */
export const STATE_CHANGING_METHODS = ['POST'] as const;

/** A form's body past this many bytes is refused with 413 (the store's forms are a few fields). @default 64 KiB */
export const DEFAULT_FORM_BODY_LIMIT = 64 * 1024;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export interface RequestGuardOptions {
  /**
   * The store's own origins (`https://shop.example`). Default: the origin the request was
   * addressed to (its Host header, as the request's URL carries it).
   */
  origins?: readonly string[];
  /** Bytes. @default 65536 */
  bodyLimit?: number;
  /** Methods let through besides GET and HEAD. @default ['POST'] */
  methods?: readonly string[];
  /** Content types a body may have. @default the two form types */
  contentTypes?: readonly string[];
}

/** Why a request was refused: the answer to send, its status one of 400, 403, 405, 413, 415. */
export class RequestRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 405 | 413 | 415,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
  /** A plain-text answer saying why. */
  toResponse(): Response {
    return new Response(`${this.message}\n`, {
      status: this.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...this.headers },
    });
  }
}

const safe = (method: string) => method === 'GET' || method === 'HEAD';

/** The refusal of a cross-site request, or undefined when the request came from the store's own pages. */
function foreignOrigin(request: Request, own: readonly string[]): RequestRefused | undefined {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (own.includes(origin.toLowerCase())) return undefined;
    return new RequestRefused(
      403,
      `Refused: a request from ${origin === 'null' ? 'an opaque origin' : origin} may not change anything on this store`,
    );
  }
  // Browsers send Origin with every POST; one that did not still says where the request came from.
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none')
    return new RequestRefused(403, `Refused: a ${site} request may not change anything on this store`);
  return undefined;
}

/** The body, read to at most `limit` bytes (a longer one is refused without reading the rest). */
async function limitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const tooLarge = () => new RequestRefused(413, `Refused: the body is larger than ${limit} bytes`);
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * The request if it may reach the app's routes (a state-changing one with its body read, checked
 * and handed on), or the refusal to answer instead. Run it first, in the server's request handler,
 * before React Router's (or any router's) handler:
 *
 *   const checked = await guardRequest(request);
 *   if (checked instanceof Response) return checked;
 *   return handle(checked, context);
 */
export async function guardRequest(request: Request, options: RequestGuardOptions = {}): Promise<Request | Response> {
  try {
    return await checkedRequest(request, options);
  } catch (e) {
    if (e instanceof RequestRefused) return e.toResponse();
    throw e;
  }
}

/** guardRequest's check, throwing RequestRefused (for servers that answer refusals their own way). */
export async function checkedRequest(request: Request, options: RequestGuardOptions = {}): Promise<Request> {
  const method = request.method.toUpperCase();
  if (safe(method)) return request;
  const methods = options.methods ?? STATE_CHANGING_METHODS;
  if (!methods.includes(method))
    throw new RequestRefused(405, `Refused: ${method} is not a method this store answers`, {
      allow: ['GET', 'HEAD', ...methods].join(', '),
    });
  const own = (options.origins ?? [new URL(request.url).origin]).map((o) => o.toLowerCase());
  const foreign = foreignOrigin(request, own);
  if (foreign) throw foreign;
  // The type first: a body of the wrong type is refused without reading it.
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const types = options.contentTypes ?? FORM_TYPES;
  if (!types.includes(type)) {
    await request.body?.cancel().catch(() => undefined);
    throw new RequestRefused(
      415,
      `Refused: a ${method} here must send ${types.join(' or ')}${type ? `, not ${type}` : ' (the request names no Content-Type)'}`,
    );
  }
  const body = await limitedBody(request, options.bodyLimit ?? DEFAULT_FORM_BODY_LIMIT);
  const checked = new Request(request.url, {
    method,
    headers: request.headers,
    signal: request.signal,
    ...(body.byteLength ? { body } : {}),
  });
  // A form that does not parse is the sender's error, answered before any action reads it.
  if (type === 'multipart/form-data')
    await checked
      .clone()
      .formData()
      .catch(() => {
        throw new RequestRefused(400, 'Refused: the multipart form does not parse');
      });
  return checked;
}
