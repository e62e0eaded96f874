/**
 * Tokens as an app keeps them (a cookie, a build cache, a test fixture): a token the sandbox
 * issued stays valid for its lifetime across a restart, with `--data` or without (a visitor
 * whose state the restart forgot is a new visitor with the same id); a forged or edited token,
 * or one of another sandbox, is refused; a logout or a member-wide revocation ends exactly the
 * tokens issued before it.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSandboxServer,
  type SandboxServer,
  type SandboxServerOptions,
} from '../../../src/sandbox/sandbox-server.ts';
import { revokeMemberTokens } from '../../../src/sandbox/platform/tokens.ts';
import { loadTokenSecret } from '../../../src/sandbox/platform/token-secret.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { API_KEY, call, CLIENT_ID } from '../../support/sandbox.ts';
import { tempFolder } from '../../support/temp-folder.ts';

const running: SandboxServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

const folder = () => tempFolder('sfk-tokens-');

async function start(options: SandboxServerOptions): Promise<SandboxServer> {
  const s = await createSandboxServer({ port: 0, validateResponses: true, ...options });
  running.push(s);
  return s;
}

async function stop(s: SandboxServer): Promise<void> {
  running.splice(running.indexOf(s), 1);
  await s.close();
}

async function anonymousTokens(url: string) {
  const r = await call(url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
  expect(r.status).toBe(200);
  return r.body as { access_token: string; refresh_token: string };
}

const cart = (url: string, token: string) => call(url, 'GET', '/ecom/v1/carts/current', { token });
const addMug = (url: string, token: string) =>
  call(url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: {
      lineItems: [
        {
          quantity: 1,
          catalogReference: {
            catalogItemId: PRODUCT.ceramicMug,
            appId: STORES_APP_ID,
            options: { options: { Color: 'Green' } },
          },
        },
      ],
    },
  });

const INVALID = { message: 'Access token is not valid', details: { applicationError: { code: 'UNAUTHENTICATED' } } };

describe('a token outlives a restart', () => {
  it('without --data: the access and refresh tokens still work; the visitor is a new visitor with the same id', async () => {
    const tokenSecretFile = join(folder(), 'secret');
    const first = await start({ tokenSecretFile });
    const tokens = await anonymousTokens(first.url);
    expect((await addMug(first.url, tokens.access_token)).status).toBe(200);
    await stop(first);

    const second = await start({ tokenSecretFile });
    // The cart was in the forgotten state: this visitor has none yet, and can start one.
    const forgotten = await cart(second.url, tokens.access_token);
    expect(forgotten.status).toBe(404);
    const added = await addMug(second.url, tokens.access_token);
    expect(added.status).toBe(200);
    expect(added.body.cart.lineItems).toHaveLength(1);
    const renewed = await call(second.url, 'POST', '/oauth2/token', {
      body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: tokens.refresh_token },
    });
    expect(renewed.status).toBe(200);
    // Same visitor: the renewed token finds the cart the old one started.
    expect((await cart(second.url, renewed.body.access_token)).body.cart.id).toBe(added.body.cart.id);
  });

  it('with --data: the token finds the cart it had before the restart', async () => {
    const dir = folder();
    const options = { tokenSecretFile: join(dir, 'secret'), data: join(dir, 'state.json') };
    const first = await start(options);
    const { access_token } = await anonymousTokens(first.url);
    const before = (await addMug(first.url, access_token)).body.cart;
    await stop(first);
    const second = await start(options);
    const after = await cart(second.url, access_token);
    expect(after.status).toBe(200);
    expect(after.body.cart.id).toBe(before.id);
  });

  it("keeps the secret in a file only its owner reads, and refuses another sandbox's tokens", async () => {
    const file = join(folder(), 'sub', 'secret');
    const mine = await start({ tokenSecretFile: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadTokenSecret(file)).toEqual(loadTokenSecret(file));
    const other = await start({ tokenSecretFile: join(folder(), 'secret') });
    const foreign = await anonymousTokens(other.url);
    expect((await cart(mine.url, foreign.access_token)).body).toMatchObject(INVALID);
    const refresh = await call(mine.url, 'POST', '/oauth2/token', {
      body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken: foreign.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.details.applicationError.code).toBe('INVALID_GRANT');
  });
});

describe('forged and edited tokens', () => {
  it('refuses a token whose claims or signature were changed, and a refresh token used as an access token', async () => {
    const s = await start({ tokenSecretFile: join(folder(), 'secret') });
    const { access_token, refresh_token } = await anonymousTokens(s.url);
    const [prefix, claims, mac] = access_token.split('.');
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
    const longer = Buffer.from(JSON.stringify({ ...decoded, exp: decoded.exp + 10 ** 9 })).toString('base64url');
    const flipped = mac.slice(0, -2) + (mac.at(-2) === 'A' ? 'B' : 'A') + mac.at(-1);
    // Every other spelling of the MAC's last character, the 2 bits base64 leaves unused included.
    const lastSpellings = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
      .filter((c) => c !== mac.at(-1))
      .map((c) => `${prefix}.${claims}.${mac.slice(0, -1)}${c}`);
    for (const forged of [
      `${prefix}.${longer}.${mac}`,
      `${prefix}.${claims}.${flipped}`,
      `${prefix}.${claims}`,
      `sfk-rt.${claims}.${mac}`,
      refresh_token,
      `${access_token}x`,
      access_token.toUpperCase(),
      ...lastSpellings,
    ]) {
      const r = await cart(s.url, forged);
      expect(r.status, forged).toBe(401);
      expect(r.body).toMatchObject(INVALID);
    }
    expect((await cart(s.url, access_token)).status).toBe(404); // the genuine one: a visitor without a cart
  });
});

describe('revocation', () => {
  async function memberTokens(url: string, memberId: string) {
    const visitor = await anonymousTokens(url);
    const r = await call(url, 'POST', '/oauth2/token', {
      body: { grant_type: 'authorized_client', member_id: memberId },
      headers: { authorization: `${visitor.access_token},${API_KEY}` },
    });
    expect(r.status).toBe(200);
    return r.body as { access_token: string; refresh_token: string };
  }
  const me = (url: string, token: string) => call(url, 'GET', '/members/v1/members/my', { token });
  const renew = (url: string, refreshToken: string) =>
    call(url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken } });
  const DEMO = '6a8c2f6e-0000-4000-8000-000000000001';

  it('a logout ends that login (access and refresh) and no other; the next login works at once, and after a restart', async () => {
    const tokenSecretFile = join(folder(), 'secret');
    const dir = folder();
    const s = await start({ tokenSecretFile, data: join(dir, 'state.json') });
    const [a, b] = [await memberTokens(s.url, DEMO), await memberTokens(s.url, DEMO)];
    expect((await call(s.url, 'GET', '/_api/iam/authentication/v1/logout', { token: a.access_token })).status).toBe(
      200,
    );
    expect((await me(s.url, a.access_token)).body).toMatchObject(INVALID);
    expect((await renew(s.url, a.refresh_token)).status).toBe(400);
    expect((await me(s.url, b.access_token)).status).toBe(200);
    const again = await memberTokens(s.url, DEMO);
    expect((await me(s.url, again.access_token)).status).toBe(200);
    await stop(s);
    const restarted = await start({ tokenSecretFile, data: join(dir, 'state.json') });
    expect((await me(restarted.url, a.access_token)).status).toBe(401);
    expect((await me(restarted.url, b.access_token)).status).toBe(200);
  });

  it('without --data, a logout is not forgotten by a restart: member tokens are bound to the state that records their logouts; visitor tokens outlive it', async () => {
    const tokenSecretFile = join(folder(), 'secret');
    const s = await start({ tokenSecretFile });
    const visitor = await anonymousTokens(s.url);
    const [out, kept] = [await memberTokens(s.url, DEMO), await memberTokens(s.url, DEMO)];
    expect((await call(s.url, 'GET', '/_api/iam/authentication/v1/logout', { token: out.access_token })).status).toBe(
      200,
    );
    await stop(s);
    const restarted = await start({ tokenSecretFile });
    // The logged-out login stays out, access and refresh.
    expect((await me(restarted.url, out.access_token)).body).toMatchObject(INVALID);
    const renewed = await renew(restarted.url, out.refresh_token);
    expect(renewed.status).toBe(400);
    expect(renewed.body.details.applicationError.code).toBe('INVALID_GRANT');
    // Every member token of the forgotten state goes with it (the state that would know its logouts is gone) ...
    expect((await me(restarted.url, kept.access_token)).body).toMatchObject(INVALID);
    expect((await renew(restarted.url, kept.refresh_token)).status).toBe(400);
    // ... while a visitor's tokens keep working, and the member signs in again at once.
    expect((await cart(restarted.url, visitor.access_token)).status).toBe(404);
    expect((await renew(restarted.url, visitor.refresh_token)).status).toBe(200);
    expect((await me(restarted.url, (await memberTokens(restarted.url, DEMO)).access_token)).status).toBe(200);
  });

  it('a reset of the state ends the member tokens issued before it, as a restart without --data does', async () => {
    const s = await start({ tokenSecretFile: join(folder(), 'secret') });
    const member = await memberTokens(s.url, DEMO);
    const visitor = await anonymousTokens(s.url);
    await s.sandbox.reset();
    expect((await me(s.url, member.access_token)).body).toMatchObject(INVALID);
    expect((await cart(s.url, visitor.access_token)).status).toBe(404);
  });

  it('revokeMemberTokens(member, T) ends every token of the member issued up to T, and none issued after', async () => {
    const s = await start({ tokenSecretFile: join(folder(), 'secret') });
    const old = await memberTokens(s.url, DEMO);
    await s.sandbox.runAs({ kind: 'anonymous' }, '', (ctx) => revokeMemberTokens(ctx.db, DEMO, ctx.now()));
    const fresh = await memberTokens(s.url, DEMO);
    expect((await me(s.url, old.access_token)).status).toBe(401);
    expect((await renew(s.url, old.refresh_token)).status).toBe(400);
    expect((await me(s.url, fresh.access_token)).status).toBe(200);
    expect((await renew(s.url, fresh.refresh_token)).status).toBe(200);
  });

  it('stores nothing per token: 300 token requests leave the state export as it was', async () => {
    const s = await start({ tokenSecretFile: join(folder(), 'secret') });
    const count = async () =>
      Object.values((await call(s.url, 'GET', '/__sandbox/state')).body.collections as Record<string, object>).reduce(
        (n, c) => n + Object.keys(c).length,
        0,
      );
    const before = await count();
    for (let i = 0; i < 300; i++) await anonymousTokens(s.url);
    expect(await count()).toBe(before);
  });
});
