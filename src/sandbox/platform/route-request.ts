/**
 * Reading a request that reaches a module route rather than an operation of the spec (the
 * services the provider's storefront templates call beyond it): who calls, and its input from
 * the query (`.r` included) and the JSON body, with the same limits and prototype-safety as an
 * operation's.
 */
import { parseQuery } from './dot-r.ts';
import { unauthenticated } from './errors.ts';
import { bodyLimit, readJsonObject } from './json-body.ts';
import type { RouteEnv } from './module.ts';
import { resolveCaller, tokenRefusal } from './tokens.ts';
import type { Caller, SandboxRequest } from './types.ts';

/** The caller of a route that any visitor, member or API key may call, as an operation with the caller column `visitor` would have it. */
export async function routeCaller(
  request: SandboxRequest,
  env: RouteEnv,
): Promise<Exclude<Caller, { kind: 'anonymous' }>> {
  const { sandbox } = env;
  const resolved = await resolveCaller(
    sandbox.store.db,
    sandbox.tokenSigner,
    request.headers.get('authorization'),
    sandbox.options.apiKeys,
    request.headers.get('wix-site-id'),
    sandbox.now(),
  );
  if ('error' in resolved) throw tokenRefusal(resolved.error);
  env.note.caller = resolved.caller.kind;
  if (resolved.caller.kind === 'anonymous')
    throw unauthenticated('Authorization header is missing: send an access token or an API key');
  return resolved.caller;
}

/** The query (or its `.r` payload) with the JSON body's fields over it. */
export async function routeInput(request: SandboxRequest, url: URL): Promise<Record<string, unknown>> {
  const query = parseQuery(url.searchParams);
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? undefined
      : await readJsonObject(request, bodyLimit(request.method, url.pathname));
  return { ...query, ...body };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-wix-request-id': crypto.randomUUID() },
  });
}
