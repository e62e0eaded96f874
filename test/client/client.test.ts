/** createClient end to end over a stubbed fetch: headers, auth, errors, hooks, context. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Operation } from '../../generated/runtime-types.ts';
import { setAmbientContext } from '../../src/client/context.ts';
import { defineModule } from '../../src/client/define-module.ts';
import {
  ApiKeyStrategy,
  ApplicationError,
  ClientError,
  createClient,
  elevate,
  fetchWithAuth,
  graphql,
  MESSAGES,
  SystemError,
  type AuthStrategy,
} from '../../src/index.ts';
import { descriptor } from '../support/descriptors.ts';

const testModule = defineModule({
  getThing: descriptor({ key: 'things.getThing', method: 'GET', path: '/things/v1/things/{id}', response: { o: { thing: { o: { createdDate: 'date' } } } } }) as Operation<unknown, readonly ['id']>,
  addThing: descriptor({ key: 'things.addThing', method: 'POST', path: '/things/v1/things' }) as Operation,
  deleteThing: descriptor({ key: 'things.deleteThing', method: 'DELETE', path: '/things/v1/things/{id}', caller: 'elevated' }) as Operation,
});

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function stub(answer: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Seen = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body as string | undefined,
    };
    seen.push(req);
    return answer(req);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

const ok = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

const staticAuth = (token: string): AuthStrategy => ({ getAuthHeaders: async () => ({ headers: { authorization: token } }) });

afterEach(() => setAmbientContext(undefined));

describe('createClient', () => {
  it('sends the raw token, JSON content type only with a body, and returns normalised data', async () => {
    const { fetch, seen } = stub(() => ok({ thing: { createdDate: '2026-01-01T00:00:00.000Z' } }));
    const kit = createClient({ modules: { things: testModule }, auth: staticAuth('tok-1'), host: 'http://127.0.0.1:1', fetch });
    const res = (await kit.things.getThing('t1')) as unknown as { thing: { createdDate: Date } };
    expect(res.thing.createdDate).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    await kit.things.addThing({ name: 'x' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: 'http://127.0.0.1:1/things/v1/things/t1?id=t1' });
    expect(seen[0].headers.authorization).toBe('tok-1');
    expect(seen[0].headers['content-type']).toBeUndefined();
    expect(seen[1]).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(seen[1].headers['content-type']).toBe('application/json');
  });

  it('replays X-Wix-Consistent on later requests', async () => {
    const { fetch, seen } = stub(() => ok({}, { 'x-wix-consistent': 'c-42' }));
    const kit = createClient({ modules: { things: testModule }, fetch });
    await kit.things.addThing();
    await kit.things.addThing();
    expect(seen[0].headers['x-wix-consistent']).toBeUndefined();
    expect(seen[1].headers['x-wix-consistent']).toBe('c-42');
  });

  it('throws catalogue errors carrying args, status and request id, after the onError hook', async () => {
    const { fetch } = stub(
      () =>
        new Response(JSON.stringify({ message: 'Nope', details: { applicationError: { code: 'NOPE', description: 'Nope' } } }), {
          status: 409,
          headers: { 'x-wix-request-id': 'r-9' },
        }),
    );
    const hooked: unknown[] = [];
    const kit = createClient({ modules: { things: testModule }, fetch, onError: (e, info) => hooked.push([e, info]) });
    const err = await kit.things.getThing('t1', { x: 1 } as never).catch((e) => e);
    expect(err).toBeInstanceOf(ApplicationError);
    expect([err.message, err.code, err.status, err.requestId, err.operation]).toEqual(['Nope', 'NOPE', 409, 'r-9', 'things.getThing']);
    expect(err.args).toEqual(['t1', { x: 1 }]);
    expect(hooked).toEqual([[err, { operation: 'things.getThing', args: ['t1', { x: 1 }] }]]);
  });

  it('wraps network failures as SystemError', async () => {
    const { fetch } = stub(() => {
      throw new TypeError('fetch failed');
    });
    const kit = createClient({ modules: { things: testModule }, fetch, retry: false });
    const err = await kit.things.addThing().catch((e) => e);
    expect(err).toBeInstanceOf(SystemError);
    expect(err.message).toBe('System error occurred');
  });

  it('refuses elevated operations without an elevated client, before any request', async () => {
    const { fetch, seen } = stub(() => ok({}));
    const kit = createClient({ modules: { things: testModule }, auth: staticAuth('visitor'), fetch });
    const err = await kit.things.deleteThing('t1').catch((e) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect(err.message).toBe(MESSAGES.elevatedRequired);
    expect(seen).toHaveLength(0);
    const admin = createClient({ modules: { things: testModule }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch });
    await admin.things.deleteThing('t1');
    expect(seen[0].headers).toMatchObject({ authorization: 'k', 'wix-site-id': 's' });
  });

  it('asks the strategy to renew once on 401 and repeats the call', async () => {
    let token = 'old';
    const { fetch, seen } = stub((req) => (req.headers.authorization === 'old' ? new Response('{}', { status: 401 }) : ok({ ok: true })));
    const auth: AuthStrategy = {
      getAuthHeaders: async () => ({ headers: { authorization: token } }),
      onUnauthorized: async () => {
        token = 'new';
        return true;
      },
    };
    const kit = createClient({ modules: { things: testModule }, auth, fetch });
    expect(await kit.things.addThing()).toEqual({ ok: true });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['old', 'new']);
  });

  it('fetchWithAuth sends the token to the configured host and never elsewhere', async () => {
    const { fetch, seen } = stub(() => ok({}));
    const kit = createClient({ auth: staticAuth('secret'), host: 'https://www.wixapis.com', fetch });
    await kit.fetchWithAuth('/some/v1/thing');
    expect(seen[0]).toMatchObject({ url: 'https://www.wixapis.com/some/v1/thing' });
    expect(seen[0].headers.authorization).toBe('secret');
    for (const other of ['https://evil.example/steal', 'http://www.wixapis.com/x', 'https://www.wixapis.com.evil.example/x']) {
      const err = await kit.fetchWithAuth(other).catch((e) => e);
      expect(err).toBeInstanceOf(ClientError);
    }
    expect(seen).toHaveLength(1);
  });
});

describe('ambient context', () => {
  it('bare module calls need a context', async () => {
    await expect(testModule.addThing()).rejects.toThrow(MESSAGES.contextUnavailable);
    expect(() => fetchWithAuth('/x')).toThrow(MESSAGES.contextUnavailable);
  });

  it('bare module calls use the enabled client', async () => {
    const { fetch, seen } = stub(() => ok({ ok: 1 }));
    createClient({ auth: staticAuth('amb'), fetch, host: 'http://h' }).enableContext();
    expect(await testModule.addThing({ a: 1 })).toEqual({ ok: 1 });
    expect(seen[0].headers.authorization).toBe('amb');
  });

  it('fetchWithAuth and graphql are not available in a context without them', () => {
    setAmbientContext({ host: 'http://h', fetch: globalThis.fetch, headers: {} });
    expect(() => fetchWithAuth('/x')).toThrow('fetchWithAuth is not available in this context');
    expect(() => graphql('{x}')).toThrow('graphql is not available in this context');
  });

  it('elevate() refuses a non-elevated context', async () => {
    const { fetch } = stub(() => ok({}));
    createClient({ auth: staticAuth('v'), fetch }).enableContext();
    expect(() => elevate(testModule.addThing)()).toThrow(MESSAGES.elevatedRequired);
    createClient({ auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }), fetch }).enableContext();
    await expect(elevate(testModule.addThing)()).resolves.toEqual({});
  });
});

describe('hooks', () => {
  it('a beforeRequest hook adds a header to every request of a client, token requests included', async () => {
    const { OAuthStrategy } = await import('../../src/index.ts');
    const { fetch, seen } = stub((req) =>
      req.url.endsWith('/oauth2/token')
        ? ok({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3600 })
        : ok({}),
    );
    let n = 0;
    const answers: number[] = [];
    const kit = createClient({
      modules: { things: testModule },
      auth: OAuthStrategy({ clientId: 'c' }),
      host: 'http://127.0.0.1:1',
      fetch,
      hooks: {
        beforeRequest: (request) => void (request.headers['x-trace-id'] = `trace-${++n}`),
        afterResponse: (response) => void answers.push(response.status),
      },
    });
    await kit.things.getThing('t1');
    await kit.things.addThing({ name: 'x' });
    expect(seen.map((r) => [r.method, new URL(r.url).pathname, r.headers['x-trace-id']])).toEqual([
      ['POST', '/oauth2/token', 'trace-1'],
      ['GET', '/things/v1/things/t1', 'trace-2'],
      ['POST', '/things/v1/things', 'trace-3'],
    ]);
    expect(seen[1].headers.authorization).toBe('at-1');
    expect(answers).toEqual([200, 200, 200]);
  });

  it('hooks.onError sees the catalogue error before it is rethrown', async () => {
    const { fetch } = stub(() => new Response('{}', { status: 500 }));
    const seenErrors: [string, string][] = [];
    const kit = createClient({
      modules: { things: testModule },
      fetch,
      retry: false,
      hooks: { onError: (e, info) => void seenErrors.push([e.name, info.operation]) },
    });
    await expect(kit.things.getThing('t1')).rejects.toBeInstanceOf(SystemError);
    expect(seenErrors).toEqual([['SystemError', 'things.getThing']]);
  });
});
