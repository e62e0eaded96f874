/**
 * Every one of the 121 operations, called through the client with a representative request
 * (the spec's own request example), produces the provider's wire form: method, full path,
 * path parameters repeated in the body (POST/PATCH) or the query (GET/DELETE), the JSON body,
 * the raw Authorization header for the caller column, and JSON content type only with a body.
 */
import { describe, expect, it } from 'vitest';
import { operationList } from '../../generated/operations.ts';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { specs } from '../../generated/specs.ts';
import * as modules from '../../src/modules.ts';
import { ApiKeyStrategy, createClient, type AuthStrategy } from '../../src/index.ts';

const HOST = 'https://www.wixapis.com';

function requestExample(d: OperationDescriptor): Record<string, unknown> | undefined {
  const op = (specs[d.service] as any).paths[d.path][d.method.toLowerCase()];
  const media = op.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example) return media.example;
  const first = Object.values(media.examples ?? {})[0] as { value?: Record<string, unknown> } | undefined;
  return first?.value;
}

function pathValue(d: OperationDescriptor, i: number): string {
  return `p${i}-${d.pathParams[i].name.replace('.', '-')}`;
}

/** What the provider expects on the wire for this call, built from the spec, not from the client. */
function expected(d: OperationDescriptor, example: Record<string, unknown> | undefined) {
  let path = d.path;
  const body: Record<string, any> = structuredClone(example ?? {});
  const query = new URLSearchParams();
  d.pathParams.forEach((p, i) => {
    const v = pathValue(d, i);
    path = path.replace(`{${p.name}}`, v);
    if (p.body) {
      body[p.body[0]] = { ...(body[p.body[0]] ?? {}), [p.body[1]]: v };
    } else if (d.method === 'GET' || d.method === 'DELETE') {
      query.append(p.name, v);
    } else {
      body[p.name] = v;
    }
  });
  // A POST query operation the provider also takes as GET `.r` (x-sfk-dot-r + x-sfk-post-fallback)
  // goes as GET with the payload in `.r` (short of 4000 characters, as every example is).
  if (d.method === 'POST' && d.dotR && d.postFallback) return { method: 'GET', path, query: [], body: undefined, dotR: body };
  const hasBody = d.method !== 'GET' && d.method !== 'DELETE';
  return { method: d.method, path, query: [...query.entries()], body: hasBody ? body : undefined, dotR: undefined };
}

const auths: Record<OperationDescriptor['caller'], AuthStrategy | undefined> = {
  visitorOrMember: { getAuthHeaders: async () => ({ headers: { authorization: 'visitor-token' } }) },
  member: { getAuthHeaders: async () => ({ headers: { authorization: 'member-token' } }) },
  elevated: ApiKeyStrategy({ apiKey: 'api-key', siteId: 'site-1' }),
  anyone: undefined,
};

describe('every operation goes out in the provider wire form', () => {
  it('covers 161 operations', () => expect(operationList).toHaveLength(161));

  it.each(operationList.map((d) => [d.key, d] as const))('%s', async (_, d) => {
    const seen: { method: string; url: URL; headers: Headers; body?: string }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ method: init?.method ?? 'GET', url: new URL(String(input)), headers: new Headers(init?.headers), body: init?.body as string });
      return new Response('{}', { status: 200 });
    }) as typeof globalThis.fetch;
    const mod = (modules as unknown as Record<string, Parameters<typeof createClient>[0] extends infer C ? any : never>)[d.module];
    const kit = createClient({ modules: { [d.module]: mod }, auth: auths[d.caller], host: HOST, fetch }) as any;
    const example = requestExample(d);
    const options = example ? structuredClone(example) : {};
    // Path parameters go as arguments; leave them out of the options the caller passes.
    for (const p of d.pathParams) if (!p.body) delete (options as Record<string, unknown>)[p.name];
    const args = [...d.pathParams.map((_, i) => pathValue(d, i)), options];
    await kit[d.module][d.operationId](...args);

    expect(seen).toHaveLength(1);
    const want = expected(d, example);
    const [req] = seen;
    expect(req.method).toBe(want.method);
    expect(req.url.origin + req.url.pathname).toBe(HOST + want.path);
    if (want.body === undefined) {
      for (const [k, v] of want.query) expect(req.url.searchParams.getAll(k), `query ${k}`).toContain(v);
      if (want.dotR) expect(JSON.parse(Buffer.from(req.url.searchParams.get('.r')!, 'base64url').toString('utf8'))).toEqual(want.dotR);
      expect(req.body).toBeUndefined();
      expect(req.headers.get('content-type')).toBeNull();
    } else {
      expect(JSON.parse(req.body!)).toEqual(want.body);
      expect(req.headers.get('content-type')).toBe('application/json');
    }
    const auth = req.headers.get('authorization');
    if (d.caller === 'anyone') expect(auth).toBeNull();
    else expect(auth).toBe({ visitorOrMember: 'visitor-token', member: 'member-token', elevated: 'api-key' }[d.caller]);
    if (d.caller === 'elevated') expect(req.headers.get('wix-site-id')).toBe('site-1');
  });
});
