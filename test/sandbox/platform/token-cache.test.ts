/**
 * Each token's signature is checked once: a client sends the same access token with every call,
 * and checking it again each time (Web Crypto's HMAC, in the thread pool) was a sixth of a cart
 * read's time. What the token allows is still decided on every call: an expired or revoked
 * token is refused however often it was accepted before, and a forged one never gets in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../../src/sandbox/index.ts';
import { TokenSigner, VERIFIED_TOKENS_KEPT } from '../../../src/sandbox/platform/token-signer.ts';

const API = 'https://www.wixapis.com';

async function anonymousToken(sandbox: ReturnType<typeof createSandbox>): Promise<string> {
  const res = await sandbox.handle(
    new Request(`${API}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'sandbox-client', grantType: 'anonymous' }),
    }),
  );
  return ((await res.json()) as { access_token: string }).access_token;
}

const cartRead = (sandbox: ReturnType<typeof createSandbox>, token: string) =>
  sandbox.handle(new Request(`${API}/ecom/v1/carts/current`, { headers: { authorization: token } }));

afterEach(() => vi.restoreAllMocks());

describe('verified tokens', () => {
  it('checks a token’s signature once however many calls carry it', async () => {
    const sandbox = createSandbox();
    const token = await anonymousToken(sandbox);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    for (let i = 0; i < 20; i++) expect([200, 404]).toContain((await cartRead(sandbox, token)).status);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('still refuses an accepted token once it has expired', async () => {
    const sandbox = createSandbox();
    const token = await anonymousToken(sandbox);
    expect((await cartRead(sandbox, token)).status).not.toBe(401);
    await sandbox.advanceClock(5 * 60 * 60);
    const res = await cartRead(sandbox, token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Access token expired');
  });

  it('refuses an edited copy of an accepted token', async () => {
    const sandbox = createSandbox();
    const token = await anonymousToken(sandbox);
    expect((await cartRead(sandbox, token)).status).not.toBe(401);
    const edited = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await cartRead(sandbox, edited)).status).toBe(401);
  });

  it('keeps a bounded number: past it, the oldest is checked again, and still accepted', async () => {
    const signer = TokenSigner.random();
    const claims = (n: number) => ({
      kind: 'access' as const,
      clientId: 'c',
      visitorId: `v${n}`,
      iat: 0,
      nonce: `${n}`,
    });
    const first = await signer.sign(claims(0));
    expect(await signer.read(first)).toMatchObject({ visitorId: 'v0' });
    for (let i = 1; i <= VERIFIED_TOKENS_KEPT; i++) await signer.read(await signer.sign(claims(i)));
    const verify = vi.spyOn(crypto.subtle, 'verify');
    expect(await signer.read(first)).toMatchObject({ visitorId: 'v0' });
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
