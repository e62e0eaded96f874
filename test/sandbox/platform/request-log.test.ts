/**
 * The request log: `--log` prints one line per request (time, caller kind, method, path,
 * operation id, status, application error code, milliseconds), `--log json` one JSON object
 * per line; `npm start` logs by default. The query string is never logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import type { RequestLogEntry } from '../../../src/sandbox/platform/request-log.ts';
import { createSandboxServer, type SandboxServer } from '../../../src/sandbox/sandbox-server.ts';
import { API_KEY, call, CLIENT_ID, visitorToken } from '../../support/sandbox.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';

describe('--log', () => {
  it('is off unless asked; `--log` alone is text; json and off as named; SFK_LOG too; npm start defaults to text', () => {
    expect(sandboxOptionsFromArgs([], {}).log).toBeUndefined();
    expect(sandboxOptionsFromArgs(['--log'], {}).log).toBe('text');
    expect(sandboxOptionsFromArgs(['--log', '--port', '0'], {})).toMatchObject({ log: 'text', port: 0 });
    expect(sandboxOptionsFromArgs(['--log', 'json'], {}).log).toBe('json');
    expect(sandboxOptionsFromArgs([], { SFK_LOG: 'json' }).log).toBe('json');
    expect(sandboxOptionsFromArgs([], {}, { log: 'text' }).log).toBe('text');
    expect(sandboxOptionsFromArgs(['--log', 'off'], {}, { log: 'text' }).log).toBeUndefined();
    expect(() => sandboxOptionsFromArgs(['--log=loud'], {})).toThrow('--log must be text, json, off (got loud)');
  });
});

/** A server whose log lines are collected; `next(n)` waits for the n-th line. */
function loggingServer(log: 'text' | 'json') {
  const lines: string[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const ref = {} as { current: SandboxServer };
  beforeAll(async () => {
    ref.current = await createSandboxServer({
      port: 0,
      log,
      logLine: (line) => {
        lines.push(line);
        for (const w of waiting.filter((w) => lines.length >= w.n)) w.resolve();
      },
    });
  });
  afterAll(() => ref.current.close());
  /** The lines logged for the requests `fn` makes (each is logged once its answer is sent). */
  async function linesOf(count: number, fn: () => Promise<unknown>): Promise<string[]> {
    const from = lines.length;
    await fn();
    await new Promise<void>((resolve) =>
      lines.length >= from + count ? resolve() : waiting.push({ n: from + count, resolve }),
    );
    return lines.slice(from, from + count);
  }
  return { ref, linesOf };
}

describe('text lines', () => {
  const { ref, linesOf } = loggingServer('text');
  const base = () => ref.current.url;

  it('says who called what, how it ended and how long it took', async () => {
    const [token] = await linesOf(1, () => visitorToken(base()));
    expect(token).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z anonymous POST \/oauth2\/token oauth\.token 200 - \d+ms$/,
    );
    const visitor = await visitorToken(base());
    const [cart] = await linesOf(1, () => call(base(), 'GET', '/ecom/v1/carts/current', { token: visitor }));
    expect(cart).toMatch(/ visitor GET \/ecom\/v1\/carts\/current currentCart\.getCurrentCart 404 [A-Z_]+ \d+ms replaced-by=currentCartV2\.getCurrentCart$/);
    const [refused] = await linesOf(1, () =>
      call(base(), 'GET', '/ecom/v1/carts/current', { token: 'sfk-at.forged.x' }),
    );
    expect(refused).toMatch(/ - GET \/ecom\/v1\/carts\/current currentCart\.getCurrentCart 401 UNAUTHENTICATED \d+ms replaced-by=currentCartV2\.getCurrentCart$/);
    const [unknown] = await linesOf(1, () => call(base(), 'GET', '/no/such/path'));
    expect(unknown).toMatch(/ - GET \/no\/such\/path - 404 NOT_FOUND \d+ms$/);
    const [info] = await linesOf(1, () => call(base(), 'GET', '/__sandbox/info'));
    expect(info).toMatch(/ - GET \/__sandbox\/info control 200 - \d+ms$/);
    const [missingImage] = await linesOf(1, () => call(base(), 'GET', '/media/none.jpg'));
    expect(missingImage).toMatch(/ - GET \/media\/none\.jpg media:\/media\/ 404 MEDIA_NOT_FOUND \d+ms$/);
  });

  it('names the caller of the routes beyond the spec too (CMS data items, recommendations)', async () => {
    const visitor = await visitorToken(base());
    const [cms] = await linesOf(1, () =>
      call(base(), 'POST', '/wix-data/v2/items/query', {
        token: visitor,
        body: { dataCollectionId: 'Menus', query: {} },
      }),
    );
    expect(cms).toMatch(/ visitor POST \/wix-data\/v2\/items\/query data-items:\/wix-data\/v2\/items 200 - \d+ms$/);
    const [missing] = await linesOf(1, () =>
      call(base(), 'POST', '/wix-data/v2/items/query', {
        token: visitor,
        body: { dataCollectionId: 'Nope', query: {} },
      }),
    );
    expect(missing).toMatch(
      / visitor POST \/wix-data\/v2\/items\/query data-items:\/wix-data\/v2\/items 404 WDE0025 \d+ms$/,
    );
    const [algorithms] = await linesOf(1, () =>
      call(base(), 'GET', '/v1/recommendations/algorithms', { token: visitor }),
    );
    expect(algorithms).toMatch(
      / visitor GET \/v1\/recommendations\/algorithms recommendations:\/v1\/recommendations\/algorithms 200 - \d+ms$/,
    );
    const [elevated] = await linesOf(1, () =>
      call(base(), 'POST', '/v1/recommendations/get', {
        token: API_KEY,
        headers: { 'wix-site-id': DEFAULT_SITE_ID },
        body: { algorithms: [], items: [] },
      }),
    );
    expect(elevated).toMatch(/ elevated POST \/v1\/recommendations\/get /);
  });
});

describe('json lines', () => {
  const { ref, linesOf } = loggingServer('json');

  it('one JSON object per request, without the query string', async () => {
    const [line] = await linesOf(1, () =>
      call(ref.current.url, 'POST', '/oauth2/token?code=secret-code', {
        body: { clientId: CLIENT_ID, grantType: 'anonymous' },
      }),
    );
    expect(line).not.toContain('secret-code');
    const entry = JSON.parse(line) as RequestLogEntry;
    expect(entry).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      caller: 'anonymous',
      method: 'POST',
      path: '/oauth2/token',
      operation: 'oauth.token',
      status: 200,
      code: null,
      ms: expect.any(Number),
    });
  });
});
