/** The sandbox's start flags and their environment variables: what scripts and CI rely on. */
import { describe, expect, it } from 'vitest';
import { describeStart, sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';

describe('sandbox flags', () => {
  it('defaults to 127.0.0.1:4010 in memory', () => {
    expect(sandboxOptionsFromArgs([], {})).toMatchObject({ port: 4010, host: '127.0.0.1', data: undefined, validateResponses: false });
  });

  it('reads every flag, and the environment when a flag is absent (flags win)', () => {
    const env = { SFK_PORT: '5000', SFK_DATA: '/tmp/env.json', SFK_CLIENT_ID: 'env-client', SFK_API_KEY: 'env-key', SFK_VALIDATE_RESPONSES: '1' };
    const o = sandboxOptionsFromArgs(['--port', '4999', '--member-email', 'a@b.test', '--member-password', 'pw-123456', '--host', '0.0.0.0'], env);
    expect(o).toMatchObject({
      port: 4999,
      host: '0.0.0.0',
      data: '/tmp/env.json',
      clientIds: ['env-client'],
      apiKeys: ['env-key'],
      memberEmail: 'a@b.test',
      memberPassword: 'pw-123456',
      validateResponses: true,
    });
  });

  it('reads the public URL from --public-url or SFK_PUBLIC_URL', () => {
    expect(sandboxOptionsFromArgs(['--public-url', 'https://sandbox.lan:4010'], {}).publicUrl).toBe('https://sandbox.lan:4010');
    expect(sandboxOptionsFromArgs([], { SFK_PUBLIC_URL: 'http://box.test:4010' }).publicUrl).toBe('http://box.test:4010');
    expect(sandboxOptionsFromArgs([], {}).publicUrl).toBeUndefined();
  });

  it('sets the site\'s catalog version from --catalog-version or SFK_CATALOG_VERSION, and refuses another value', () => {
    expect(sandboxOptionsFromArgs(['--catalog-version', 'V3_CATALOG'], {}).settings).toEqual({ catalogVersion: 'V3_CATALOG' });
    expect(sandboxOptionsFromArgs([], { SFK_CATALOG_VERSION: 'V1_CATALOG' }).settings).toEqual({ catalogVersion: 'V1_CATALOG' });
    expect(sandboxOptionsFromArgs([], {}).settings).toBeUndefined();
    expect(() => sandboxOptionsFromArgs(['--catalog-version', 'V2'], {})).toThrow('--catalog-version must be V1_AND_V3, V1_CATALOG, V3_CATALOG (got V2)');
  });

  it('refuses a port that is not a number and an unknown flag', () => {
    expect(() => sandboxOptionsFromArgs(['--port', 'eighty'], {})).toThrow('--port must be a number (got eighty)');
    expect(() => sandboxOptionsFromArgs(['--prot', '1'], {})).toThrow(/Unknown option '--prot'/);
  });

  it('prints the URL, client id, API key, demo member and where the state lives', () => {
    const text = describeStart('http://127.0.0.1:4010', { clientIds: ['c'], apiKeys: ['k'], memberEmail: 'm@x.test', memberPassword: 'p', siteId: 's' }, '/data.json');
    expect(text).toContain('listening on http://127.0.0.1:4010');
    expect(text).toContain('client id:        c');
    expect(text).toContain('API key:          k');
    expect(text).toContain('m@x.test / p');
    expect(text).toContain('/data.json (durable)');
  });
});

describe("an app's own OAuth client id, and how to connect an app", () => {
  it('accepts a comma-separated list of client ids from --client-id or SFK_CLIENT_ID', () => {
    expect(sandboxOptionsFromArgs(['--client-id', 'my-app-id, sandbox-client'], {}).clientIds).toEqual(['my-app-id', 'sandbox-client']);
    expect(sandboxOptionsFromArgs([], { SFK_CLIENT_ID: '5d1f3a2b-0000-4000-8000-00000000c11e' }).clientIds).toEqual(['5d1f3a2b-0000-4000-8000-00000000c11e']);
    expect(sandboxOptionsFromArgs([], {}).clientIds).toBeUndefined();
  });

  it('says at start which client ids it accepts and prints the three ways to connect an app', () => {
    const text = describeStart('http://127.0.0.1:4010', { clientIds: ['my-app-id', 'sandbox-client'], apiKeys: ['k'], memberEmail: 'm@x.test', memberPassword: 'p', siteId: 's' });
    expect(text).toContain("client id:        my-app-id, sandbox-client  (OAuth client ids accepted; your app's own: --client-id ID[,ID...])");
    expect(text).toContain('SFK_SANDBOX_URL=http://127.0.0.1:4010 node --import storefront-kit/sandbox/register app.js');
    expect(text).toContain("setupServer(...connect('http://127.0.0.1:4010')) from 'storefront-kit/sandbox/msw'");
    expect(text).toContain("setupWorker(...connect('http://127.0.0.1:4010')).start()");
  });
});
