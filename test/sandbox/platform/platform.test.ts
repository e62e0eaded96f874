/**
 * The sandbox platform over real HTTP on 127.0.0.1: the token endpoint, who may call what,
 * request validation and the provider's error format, malformed input, the control API.
 */
import { describe, expect, it } from 'vitest';
import { operationList } from '../../../generated/operations.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
const base = () => s.current.url;

function expectAppError(body: any, code: string) {
  expect(body).toMatchObject({ message: expect.any(String), details: { applicationError: { code, description: expect.any(String) } } });
}

describe('sandbox listens on 127.0.0.1', () => {
  it('binds the loopback address', () => {
    expect(s.current.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('sends JSON answers whole, with a Content-Length that matches the bytes (UTF-8 included)', async () => {
    const res = await fetch(`${base()}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientId: 'nö-such-client', grantType: 'anonymous' }) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.status).toBe(400);
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(JSON.parse(new TextDecoder().decode(bytes)).message).toEqual(expect.any(String));
  });
});

describe('token endpoint', () => {
  it('issues opaque expiring visitor tokens for a known client id', async () => {
    const r = await call(base(), 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 14400 });
    expect(r.body.access_token).not.toBe(r.body.refresh_token);
  });

  it('refuses an unknown client id', async () => {
    const r = await call(base(), 'POST', '/oauth2/token', { body: { clientId: 'nope', grantType: 'anonymous' } });
    expect(r.status).toBe(400);
    expectAppError(r.body, 'INVALID_CLIENT');
  });

  it('renews with a refresh token, and refuses an unknown one', async () => {
    const first = await call(base(), 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
    const renewed = await call(base(), 'POST', '/oauth2/token', {
      body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: first.body.refresh_token },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(first.body.access_token);
    expect(renewed.body.refresh_token).toBe(first.body.refresh_token);
    const bad = await call(base(), 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: 'x' } });
    expect(bad.status).toBe(400);
    expectAppError(bad.body, 'INVALID_GRANT');
  });

  it('expires access tokens by the sandbox clock', async () => {
    const token = await visitorToken(base());
    const before = await call(base(), 'GET', '/stores-reader/v1/products/00000000-0000-0000-0000-000000000000', { token });
    expect(before.status).not.toBe(401);
    await call(base(), 'POST', '/__sandbox/clock/advance', { body: { seconds: 4 * 3600 + 1 }, token: API_KEY });
    const after = await call(base(), 'GET', '/stores-reader/v1/products/00000000-0000-0000-0000-000000000000', { token });
    expect(after.status).toBe(401);
    expect(after.body.details.applicationError.description).toBe('Access token expired');
  });
});

describe('who may call what', () => {
  it('401 without a token, 401 with a forged one', async () => {
    const none = await call(base(), 'GET', '/ecom/v1/carts/current');
    expect(none.status).toBe(401);
    expectAppError(none.body, 'UNAUTHENTICATED');
    const forged = await call(base(), 'GET', '/ecom/v1/carts/current', { token: 'sfk-at.forged' });
    expect(forged.status).toBe(401);
  });

  it('403 for a visitor on an elevated operation and on a member operation', async () => {
    const token = await visitorToken(base());
    const elevated = await call(base(), 'POST', '/ecom/v1/orders/search', { token, body: {} });
    expect(elevated.status).toBe(403);
    expectAppError(elevated.body, 'PERMISSION_DENIED');
    const member = await call(base(), 'POST', '/members/v1/members/join-community', { token, body: {} });
    expect(member.status).toBe(403);
    expect(member.body.details.applicationError.description).toBe('joinCommunity requires a logged-in member');
  });

  it('403 for an API key on the caller\'s own cart', async () => {
    const r = await call(base(), 'GET', '/ecom/v1/carts/current', { token: API_KEY });
    expect(r.status).toBe(403);
  });

  it('refuses an API key on every operation the spec marks as the caller\'s own data (x-sfk-own-data)', async () => {
    const own = operationList.filter((d) => d.ownData);
    expect(own.map((d) => d.key).sort()).toEqual([
      'currentCart.addToCurrentCart',
      'currentCart.createCheckoutFromCurrentCart',
      'currentCart.deleteCurrentCart',
      'currentCart.estimateCurrentCartTotals',
      'currentCart.getCurrentCart',
      'currentCart.removeCouponFromCurrentCart',
      'currentCart.removeLineItemsFromCurrentCart',
      'currentCart.updateCurrentCart',
      'currentCart.updateCurrentCartLineItemQuantity',
      'currentCartV2.addCouponToCurrentCart',
      'currentCartV2.addGiftCardToCurrentCart',
      'currentCartV2.addLineItemsToCurrentCart',
      'currentCartV2.calculateCurrentCart',
      'currentCartV2.createCurrentCart',
      'currentCartV2.deleteCurrentCart',
      'currentCartV2.estimateCurrentCart',
      'currentCartV2.getCurrentCart',
      'currentCartV2.getUpsellOptionsForCurrentCart',
      'currentCartV2.refreshCurrentCart',
      'currentCartV2.removeCouponFromCurrentCart',
      'currentCartV2.removeDeliveryMethodFromCurrentCart',
      'currentCartV2.removeGiftCardFromCurrentCart',
      'currentCartV2.removeLineItemsFromCurrentCart',
      'currentCartV2.setDeliveryMethodForCurrentCart',
      'currentCartV2.updateCurrentCart',
      'currentCartV2.updateFormSubmissionsInCurrentCart',
      'currentCartV2.updateLineItemsInCurrentCart',
      'members.deleteMyMember',
      'members.getCurrentMember',
      'members.joinCommunity',
      'members.leaveCommunity',
      'members.updateCurrentMemberSlug',
    ]);
    for (const d of own) {
      const r = await call(base(), d.method, d.path, { token: API_KEY, body: d.body ? {} : undefined });
      expect(r.status, d.key).toBe(403);
      const reason = d.caller === 'member' ? 'requires a logged-in member' : 'acts on the calling visitor or member; an API key has none';
      expect(r.body.details.applicationError, d.key).toEqual({ code: 'PERMISSION_DENIED', description: `${d.operationId} ${reason}`, data: {} });
    }
  });
});

describe('requests the sandbox refuses, in the provider format', () => {
  it('validation errors list field violations with rule kinds', async () => {
    const r = await call(base(), 'POST', '/stores/v1/wishlists/get', { token: await visitorToken(base()), body: { limit: 1000, kind: 'x' } });
    expect(r.status).toBe(400);
    const v = r.body.details.validationError.fieldViolations;
    expect(v).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'id', violatedRule: 'REQUIRED_FIELD' }),
        expect.objectContaining({ field: 'limit', violatedRule: 'MAX' }),
      ]),
    );
    expect(r.body.message).toMatch(/^INVALID_ARGUMENT: "/);
    expect(v.map((x: { field: string }) => x.field)).toEqual([...v.map((x: { field: string }) => x.field)].sort());
  });

  it.each([
    { name: 'malformed JSON', body: '{"id": ', headers: { 'content-type': 'application/json' }, status: 400, code: 'MALFORMED_JSON' },
    { name: 'wrong content type', body: 'id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    { name: 'JSON that is not an object', body: '[1,2]', headers: { 'content-type': 'application/json' }, status: 400, code: 'INVALID_ARGUMENT' },
    { name: 'oversized body', body: JSON.stringify({ id: 'x'.repeat(1024 * 1024 + 10) }), headers: { 'content-type': 'application/json' }, status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ])('$name -> $status $code', async ({ body, headers, status, code }) => {
    const r = await call(base(), 'POST', '/stores/v1/wishlists/get', { token: await visitorToken(base()), body, headers });
    expect(r.status).toBe(status);
    expectAppError(r.body, code);
  });

  it('unknown paths and methods', async () => {
    const unknown = await call(base(), 'GET', '/nothing/here');
    expect(unknown.status).toBe(404);
    expectAppError(unknown.body, 'NOT_FOUND');
    const method = await call(base(), 'PUT', '/stores/v1/wishlists/get', { body: {} });
    expect(method.status).toBe(405);
    expectAppError(method.body, 'METHOD_NOT_ALLOWED');
  });

  it('a rejected request changes nothing', async () => {
    const before = (await call(base(), 'GET', '/__sandbox/state')).body;
    await call(base(), 'POST', '/stores/v1/wishlists/get', { token: API_KEY, body: '{', headers: { 'content-type': 'application/json' } });
    await call(base(), 'POST', '/oauth2/token', { body: { clientId: 'nope', grantType: 'anonymous' } });
    const after = (await call(base(), 'GET', '/__sandbox/state')).body;
    expect(after).toEqual(before);
  });
});

describe('control API', () => {
  it('reports the client id, API key and demo member', async () => {
    const r = await call(base(), 'GET', '/__sandbox/info');
    expect(r.body).toMatchObject({ clientId: CLIENT_ID, apiKey: API_KEY, demoMember: { email: expect.any(String), password: expect.any(String) } });
  });

  it('needs the API key to change anything', async () => {
    expect((await call(base(), 'POST', '/__sandbox/reset')).status).toBe(401);
    expect((await call(base(), 'POST', '/__sandbox/reset', { token: API_KEY })).status).toBe(200);
  });

  it('validates settings', async () => {
    const bad = await call(base(), 'PATCH', '/__sandbox/settings', { token: API_KEY, body: { requireCaptcha: 'yes', nope: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual(['nope', 'requireCaptcha']);
    const good = await call(base(), 'PATCH', '/__sandbox/settings', { token: API_KEY, body: { requireCaptcha: true } });
    expect(good.body.requireCaptcha).toBe(true);
  });

  it('lists every operation in the coverage table', async () => {
    const r = await call(base(), 'GET', '/__sandbox/coverage');
    expect(r.body.operations).toHaveLength(161);
    expect(r.body.operations.find((o: { operation: string }) => o.operation === 'oauth.token').emulated).toBe(true);
    // And apart, the services beyond the spec that the provider's storefront templates call.
    expect(r.body.beyondSpec.map((b: { path: string }) => b.path)).toEqual(['/v1/recommendations/get', '/v1/recommendations/algorithms', '/wix-data/v2/items/*, /wix-data/v2/bulk/items/*']);
  });
});
