/**
 * A user story across identity, members and the cart, through the project's client over real
 * HTTP: a shopper fills a cart as a visitor, registers on a site that asks for e-mail
 * verification and owner approval, reads the code from the outbox, waits for the owner, is
 * approved, logs in (direct login) and finds the cart the visitor had.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  ApiKeyStrategy,
  authentication,
  createClient,
  currentCart,
  LoginState,
  members,
  OAuthStrategy, withDirectLogin,
  products,
} from '../../../src/index.ts';
import { API_KEY, call, CLIENT_ID, nodeFrame, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const base = () => s.current.url;
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const settings = (patch: Record<string, unknown>) => call(base(), 'PATCH', '/__sandbox/settings', { body: patch, token: API_KEY });
afterAll(() => settings({ requireEmailVerification: false, requireOwnerApproval: false }));

describe('a shopper becomes a member', () => {
  it('registers with e-mail verification, waits for approval, logs in and finds the visitor cart', async () => {
    await settings({ requireEmailVerification: true, requireOwnerApproval: true });
    const auth = withDirectLogin(OAuthStrategy({ clientId: CLIENT_ID }), { frame: nodeFrame, timeoutMs: 10_000 });
    const shopper = createClient({ modules: { authentication, currentCart, members, products }, auth, host: base() });
    const owner = createClient({ modules: { members }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: 'sandbox-site' }), host: base() });

    // As a visitor: two products in the cart.
    const found = (await shopper.products.queryProducts({ query: { filter: { slug: { $in: ['ceramic-mug', 'linen-shirt'] } } } })).products!;
    const mug = found.find((p) => p.slug === 'ceramic-mug')!;
    const shirt = found.find((p) => p.slug === 'linen-shirt')!;
    const shirtVariant = shirt.variants!.find((v) => v.stock!.inStock)!;
    await shopper.currentCart.addToCurrentCart({
      lineItems: [
        { quantity: 2, catalogReference: { catalogItemId: mug.id!, appId: STORES } },
        { quantity: 1, catalogReference: { catalogItemId: shirt.id!, appId: STORES, options: { variantId: shirtVariant.id } } },
      ],
    });
    const visitorCart = (await shopper.currentCart.getCurrentCart()).cart!;

    // Register: the site asks for the e-mail code first.
    const email = `shopper.${Date.now()}@example.com`;
    const password = 'correct-horse-9';
    const registered = await auth.register({ email, password, profile: { nickname: 'New Shopper' } });
    expect(registered.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);
    const mail = (await call(base(), 'GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`)).body.mail.filter((m: { kind: string }) => m.kind === 'verification');
    expect(mail).toHaveLength(1);
    expect(JSON.stringify(mail[0])).not.toContain(password);

    // The code verified: now the owner has to approve.
    const verified = await auth.processVerification({ verificationCode: mail[0].data.code }, registered);
    expect(verified.loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);
    const pending = (await owner.members.queryMembers({ query: { filter: { loginEmail: email } }, fieldsets: ['FULL'] })).members!;
    expect(pending.map((m) => m.status)).toEqual(['PENDING']);
    expect((await auth.login({ email, password })).loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);

    // The owner approves; the login now succeeds and the session becomes member tokens.
    await owner.members.approveMember(pending[0].id!);
    const loggedIn = await auth.login({ email, password });
    expect(loggedIn.loginState).toBe(LoginState.SUCCESS);
    auth.setTokens(await auth.getMemberTokensForDirectLogin(loggedIn.data!.sessionToken!));
    expect(auth.loggedIn()).toBe(true);

    const me = (await shopper.members.getCurrentMember({ fieldsets: ['FULL'] })).member!;
    expect(me).toMatchObject({ id: pending[0].id, loginEmail: email, status: 'APPROVED', loginEmailVerified: true });
    // The cart the visitor had is the member's now: same lines, same quantities.
    const memberCart = (await shopper.currentCart.getCurrentCart()).cart!;
    expect(memberCart.buyerInfo!.memberId).toBe(me.id);
    const lines = (c: typeof memberCart) => c.lineItems!.map((l) => `${l.catalogReference!.catalogItemId}:${l.quantity}`).sort();
    expect(lines(memberCart)).toEqual(lines(visitorCart));
  });
});
