/**
 * Builds the wire request for one operation from its descriptor and the caller's arguments:
 * path parameters first (in path order), then the options object (body fields and query
 * parameters by their wire names). Table-driven: nothing here knows a single operation.
 */
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { ClientError } from '../errors/client-error.ts';
import { appendQuery } from '../normalise/query.ts';
import { basicToWire, mapShape } from '../normalise/shape.ts';
import type { WireFeatures } from './wire.ts';

/** The provider's threshold for the GET -> POST fallback (serialised query string length). */
export const QUERY_LENGTH_LIMIT = 4000;

export interface WireRequest {
  method: string;
  /** Path plus query string, without the host. */
  url: string;
  /** JSON text, when the request has a body. */
  body?: string;
}

/** Sets `value` at `path` inside a copy-on-write object tree. */
function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const next = node[path[i]];
    const copy = next && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
    node[path[i]] = copy;
    node = copy;
  }
  node[path[path.length - 1]] = value;
}

function getPath(source: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = source;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** `wire`: what the operation's module passes in for `.r` and for address and bytes leaves (src/client/wire.ts). */
export function buildRequest(
  d: OperationDescriptor,
  pathValues: unknown[],
  options: unknown,
  wire: WireFeatures = {},
): WireRequest {
  const payload = {
    ...((mapShape(options ?? {}, d.request, d.shapes, wire.leaves?.toWire ?? basicToWire, true) ?? {}) as Record<
      string,
      unknown
    >),
  };
  // A POST query operation the provider also takes as GET `.r` goes as GET first (the official
  // SDK's form, which the provider's edge cache can serve), as POST only past the length limit.
  const getFirst = d.dotR && d.postFallback && d.method === 'POST';
  const hasBody = d.method !== 'GET' && d.method !== 'DELETE' && !getFirst;

  // Path parameters: into the path, and repeated where the provider's SDK repeats them
  // (the JSON body for POST/PATCH, the query string for GET/DELETE; provider wire, "Requests").
  let path = d.path;
  d.pathParams.forEach((p, i) => {
    let value = pathValues[i];
    if (value === undefined && p.body) value = getPath(payload, p.body);
    if (value === undefined || value === null || value === '') {
      throw new ClientError(`${d.key}: path parameter "${p.name}" is required`);
    }
    path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    if (p.body) setPath(payload, p.body, value);
    else payload[p.name] = value;
  });

  if (hasBody) {
    return { method: d.method, url: path, body: JSON.stringify(payload) };
  }

  // `.r`: the official SDK sends a complex GET's whole payload as one base64url parameter.
  const params = new URLSearchParams();
  const dotR = d.dotR ? wire.dotR?.(payload) : undefined;
  if (dotR) {
    params.set('.r', dotR);
  } else {
    for (const [k, v] of Object.entries(payload)) appendQuery(params, k, v);
  }
  const qs = params.toString();
  if (d.postFallback && qs.length > QUERY_LENGTH_LIMIT) {
    return { method: 'POST', url: path, body: JSON.stringify(payload) };
  }
  return { method: getFirst ? 'GET' : d.method, url: qs ? `${path}?${qs}` : path };
}

/** The argument name a server field maps back to: a path parameter's, or `options.<field>`. */
export function argumentNameFor(d: OperationDescriptor, field: string): string {
  for (const p of d.pathParams) {
    if (field === p.name) return pathArgumentName(p.name);
  }
  return `options.${field}`;
}

/** `checkout.id` -> `checkoutId`; `id`, `slug`, `ecomOrderId` stay as they are. */
export function pathArgumentName(name: string): string {
  const parts = name.split('.');
  return parts.map((s, i) => (i === 0 ? s : s[0].toUpperCase() + s.slice(1))).join('');
}
