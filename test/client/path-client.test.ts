/** The typed openapi-fetch path clients, against the sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { createPathClient, serialiseBody, serialiseQuery, type OAuthPaths, type WishlistPaths } from '../../src/path-client.ts';
import { OAuthStrategy } from '../../src/index.ts';
import { CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';

const s = useSandboxServer();

describe('path clients', () => {
  it('call the spec paths and answer { data, error }', async () => {
    const oauthClient = createPathClient<OAuthPaths>({ host: s.current.url });
    const { data, error } = await oauthClient.POST('/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ access_token: expect.any(String), expires_in: 14400 });
    const bad = await oauthClient.POST('/oauth2/token', { body: { clientId: 'nope', grantType: 'anonymous' } });
    expect(bad.data).toBeUndefined();
    expect(bad.error).toMatchObject({ details: { applicationError: { code: 'INVALID_CLIENT' } } });
  });

  it('authorise with the same strategies as the module functions', async () => {
    const wishlist = createPathClient<WishlistPaths>({ host: s.current.url, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
    const { response } = await wishlist.POST('/stores/v1/wishlists/get', { body: { id: '5f1c0c6e-6f7b-4a55-9a3e-0a1f2b3c4d5e' } });
    expect(response.status).not.toBe(401);
    const anonymous = createPathClient<WishlistPaths>({ host: s.current.url });
    const denied = await anonymous.POST('/stores/v1/wishlists/get', { body: { id: '5f1c0c6e-6f7b-4a55-9a3e-0a1f2b3c4d5e' } });
    expect(denied.response.status).toBe(401);
  });

  it('serialise the provider way', () => {
    expect(serialiseBody({ price: NaN, w: Infinity, d: new Date(0) })).toBe('{"price":"NaN","w":"Infinity","d":"1970-01-01T00:00:00.000Z"}');
    expect(serialiseQuery({ fieldsets: ['FULL', 'PUBLIC'], paging: { limit: 5 } })).toBe('fieldsets=FULL&fieldsets=PUBLIC&paging.limit=5');
  });
  it('shares the module functions\' pipeline: hooks and auth, token requests included', async () => {
    const traced: string[] = [];
    const wishlist = createPathClient<WishlistPaths>({
      host: s.current.url,
      auth: OAuthStrategy({ clientId: CLIENT_ID }),
      hooks: { beforeRequest: (request) => void (request.headers['x-trace-id'] = `t${traced.push(new URL(request.url).pathname)}`) },
    });
    const { response } = await wishlist.POST('/stores/v1/wishlists/get', { body: { id: '5f1c0c6e-6f7b-4a55-9a3e-0a1f2b3c4d5e' } });
    expect(response.status).not.toBe(401);
    expect(traced).toEqual(['/oauth2/token', '/stores/v1/wishlists/get']);
  });
});
