/**
 * A visitor's cart follows them into their membership, whichever way they sign in: the token
 * endpoint announces the sign-in (`memberSignedIn`) and the cart module merges the visitor's
 * cart into the member's in the same transaction. A listener that fails fails the sign-in and
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { authentication, createClient, currentCart, OAuthStrategy, withDirectLogin } from '../../../src/index.ts';
import type { SandboxModule } from '../../../src/sandbox/platform/module.ts';
import { DEMO_MEMBER, PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { API_KEY, call, CLIENT_ID, nodeFrame, useSandboxServer } from '../../support/sandbox.ts';

const REDIRECT = 'http://localhost:5173/callback';

function shopper(host: string) {
  const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }), { frame: nodeFrame, timeoutMs: 10_000 });
  return { auth, kit: createClient({ modules: { authentication, currentCart }, auth, host }) };
}
type Shopper = ReturnType<typeof shopper>;

/** Each way a visitor becomes a member; both end with the code exchange at the token endpoint. */
const SIGN_INS: Record<string, (s: Shopper, host: string) => Promise<void>> = {
  'the hosted login page (PKCE code exchange)': async ({ auth }, host) => {
    const data = await auth.generateOAuthData(REDIRECT);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const html = await (await fetch(authUrl)).text();
    const session = /name="session" value="([^"]+)"/.exec(html)![1];
    const res = await fetch(`${host}/__sandbox/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, action: 'login' }),
    });
    const { code, state } = auth.parseFromUrl(res.headers.get('location')!, 'query');
    auth.setTokens(await auth.getMemberTokens(code, state, data));
  },
  'direct login (session token, web_message page, code exchange)': async ({ auth }) => {
    const loggedIn = await auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    auth.setTokens(await auth.getMemberTokensForDirectLogin(loggedIn.data!.sessionToken!));
  },
};

const line = (catalogItemId: string, quantity: number) => ({
  quantity,
  catalogReference: { catalogItemId, appId: STORES_APP_ID },
});
const quantities = (cart: {
  lineItems?: { quantity?: number | null; catalogReference?: { catalogItemId?: string } | null }[] | null;
}) => Object.fromEntries((cart.lineItems ?? []).map((l) => [l.catalogReference!.catalogItemId!, l.quantity]));

describe("the visitor's cart after sign-in", () => {
  const s = useSandboxServer();
  const host = () => s.current.url;

  for (const [path, signIn] of Object.entries(SIGN_INS)) {
    it(`${path}: the member finds the visitor's lines, added to the cart they had`, async () => {
      // The member already has a cart with one notebook.
      const before = shopper(host());
      await signIn(before, host());
      await before.kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.notebook, 1)] });
      const had = quantities((await before.kit.currentCart.getCurrentCart()).cart!);

      // A visitor puts two notebooks and a bag of coffee beans in their cart, then signs in.
      const visitor = shopper(host());
      await visitor.kit.currentCart.addToCurrentCart({
        lineItems: [line(PRODUCT.notebook, 2), line(PRODUCT.coffeeBeans, 1)],
      });
      const visitorCartId = (await visitor.kit.currentCart.getCurrentCart()).cart!.id;
      await signIn(visitor, host());

      const merged = (await visitor.kit.currentCart.getCurrentCart()).cart!;
      expect(merged.buyerInfo!.memberId).toBe(DEMO_MEMBER.id);
      expect(quantities(merged)).toEqual({
        ...had,
        [PRODUCT.notebook]: had[PRODUCT.notebook]! + 2,
        [PRODUCT.coffeeBeans]: (had[PRODUCT.coffeeBeans] ?? 0) + 1,
      });
      // The visitor's cart was folded in, not left behind.
      const carts = (await call(host(), 'GET', '/__sandbox/state', { token: API_KEY })).body.collections.carts;
      expect(carts[visitorCartId!]).toBeUndefined();
    });
  }
});

describe('a cart listener that fails', () => {
  const failingCart: SandboxModule = {
    name: 'failing-cart',
    on: {
      memberSignedIn: () => {
        throw new Error('the cart could not be merged');
      },
    },
  };
  const s = useSandboxServer({ modules: [failingCart] });
  const host = () => s.current.url;

  it('fails the sign-in: no member tokens, the code stays unused, the visitor keeps their cart', async () => {
    const visitor = shopper(host());
    await visitor.kit.currentCart.addToCurrentCart({ lineItems: [line(PRODUCT.notebook, 1)] });
    const cart = (await visitor.kit.currentCart.getCurrentCart()).cart!;
    const state = async () => (await call(host(), 'GET', '/__sandbox/state', { token: API_KEY })).body.collections;
    const tokensBefore = Object.keys((await state()).tokens ?? {}).length;

    await expect(
      SIGN_INS['direct login (session token, web_message page, code exchange)'](visitor, host()),
    ).rejects.toThrow();

    const after = await state();
    expect(Object.values(after.authCodes).map((c) => (c as { used?: boolean }).used ?? false)).toEqual([false]);
    expect(Object.keys(after.tokens ?? {})).toHaveLength(tokensBefore);
    expect(after.carts[cart.id!].buyerInfo).toEqual(cart.buyerInfo);
    expect(visitor.auth.loggedIn()).toBe(false);
  });
});
