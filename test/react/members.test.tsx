// @vitest-environment happy-dom
/**
 * The member hooks (members.ts) against the in-process sandbox (renderWithSandbox, no mocks):
 * sign in and out on the app's page and through the hosted page, the member, the wishlist.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ApplicationError } from '../../src/index.ts';
import {
  useAuth,
  useCart,
  useCartActions,
  useMember,
  useWishlist,
  type Auth,
  type LoginResult,
} from '../../src/react/index.ts';
import { renderWithSandbox } from '../../src/react/testing.tsx';
import { DEMO_MEMBER, WISHLIST_ID } from '../../src/sandbox/seed/ids.ts';
import { renderCounter, socks, untilDom } from './support.tsx';

const renders = renderCounter();
const text = (container: HTMLElement, selector: string) => container.querySelector(selector)?.textContent;

describe('members', () => {
  let auth!: Auth;
  let actions!: ReturnType<typeof useCartActions>;
  function Account() {
    auth = useAuth();
    actions = useCartActions();
    const member = useMember({ fieldsets: ['FULL'] });
    const lines = useCart((cart) => cart?.lineItems.map((l) => `${l.quantity}`).join(','));
    renders.count('account');
    return (
      <section>
        <p data-status>{auth.status}</p>
        <p data-member>{member.status === 'success' ? (member.data?.loginEmail ?? 'nobody') : member.status}</p>
        <p data-lines>{lines ?? '…'}</p>
      </section>
    );
  }

  it('signs in on the app’s page: a member, their cart (the visitor’s lines merged), their data; out again: a visitor', async () => {
    const view = await renderWithSandbox(<Account />, {
      setup: async (client) =>
        void (await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [socks(2)] })),
    });
    await untilDom(view.container, () => text(view.container, '[data-lines]') === '2');
    expect(text(view.container, '[data-status]')).toBe('visitor');
    expect(text(view.container, '[data-member]')).toBe('nobody');
    // A visitor's member read sends nothing.
    expect(view.requestCount(/members\/v1\/members\/my/)).toBe(0);

    const refused = await act(() => auth.login({ email: DEMO_MEMBER.email, password: 'not-the-password' }));
    expect(refused).toMatchObject({ state: 'FAILURE', errorCode: 'invalidPassword' });
    expect(text(view.container, '[data-status]')).toBe('visitor');

    let result!: LoginResult;
    await act(
      async () => void (result = await auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password })),
    );
    await view.settled();
    expect(result).toEqual({ state: 'SUCCESS' });
    expect(text(view.container, '[data-status]')).toBe('member');
    expect(text(view.container, '[data-member]')).toBe(DEMO_MEMBER.email);
    // The cart read again is the member's, with the visitor's two pairs of socks in it.
    const memberCart = (await view.client.currentCartV2.getCurrentCart()).cart;
    expect(memberCart.customerInfo?.memberId).toBe(DEMO_MEMBER.id);
    expect(text(view.container, '[data-lines]')).toBe(
      memberCart.lineItems.map((l) => l.quantityInfo.requestedQuantity).join(','),
    );

    // A page the client may not send the shopper back to: refused with its code, still signed in.
    const refusedOut = await act(() => auth.logout({ postFlowUrl: 'https://elsewhere.example/' }));
    expect(refusedOut.error instanceof ApplicationError && refusedOut.error.code).toBe('INVALID_REDIRECT_URI');
    expect(text(view.container, '[data-status]')).toBe('member');

    const out = await act(() => auth.logout({ postFlowUrl: 'http://localhost:5173/' }));
    await view.settled();
    if (out.error) throw out.error;
    expect(out.url).toMatch(/^https?:\/\//);
    expect(text(view.container, '[data-status]')).toBe('visitor');
    expect(text(view.container, '[data-member]')).toBe('nobody');
    // A new visitor: an empty cart.
    expect(text(view.container, '[data-lines]')).toBe('');
    view.unmount();
  });

  it('signs in through the hosted login page (PKCE): start, the page, complete', async () => {
    const view = await renderWithSandbox(<Account />);
    const start = await act(() => auth.startHostedLogin({ redirectUri: 'http://localhost:5173/callback' }));
    if (start.error) throw start.error;
    // The shopper signs in on the provider's page (here the sandbox's), which sends them back with a code.
    const page = await (await view.sandbox.handle(new Request(start.url))).text();
    const session = /name="session" value="([^"]+)"/.exec(page)![1];
    const answer = await view.sandbox.handle(
      new Request(new URL('/__sandbox/login', start.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          session,
          email: DEMO_MEMBER.email,
          password: DEMO_MEMBER.password,
          action: 'login',
        }),
      }),
    );
    const back = answer.headers.get('location')!;
    expect(back.startsWith('http://localhost:5173/callback')).toBe(true);

    // A code for another login's data is refused.
    const other = await act(() => auth.startHostedLogin({ redirectUri: 'http://localhost:5173/callback' }));
    const wrong = await act(() => auth.completeHostedLogin({ oauthData: other.oauthData!, url: back }));
    expect(wrong.state).toBe('FAILURE');

    const done = await act(() => auth.completeHostedLogin({ oauthData: start.oauthData, url: back }));
    await view.settled();
    // Where to go next: the start's originalUri when it is on the page's origin, else '/' (never another site).
    expect(done).toEqual({ state: 'SUCCESS', back: '/' });
    expect(text(view.container, '[data-status]')).toBe('member');
    expect(text(view.container, '[data-member]')).toBe(DEMO_MEMBER.email);
    view.unmount();
  });

  it('registers: the site may want the e-mailed code first (typed states)', async () => {
    const view = await renderWithSandbox(<Account />, { sandbox: { settings: { requireEmailVerification: true } } });
    const email = 'new.shopper@example.com';
    const taken = await act(() => auth.register({ email: DEMO_MEMBER.email, password: 'another-pass-1' }));
    expect(taken).toMatchObject({ state: 'FAILURE', errorCode: 'emailAlreadyExists' });

    const registered = await act(() => auth.register({ email, password: 'correct-horse-9' }));
    if (registered.state !== 'EMAIL_VERIFICATION_REQUIRED') throw new Error(`unexpected ${registered.state}`);
    const refused = await act(() => registered.verify('000000'));
    expect(refused.state).toBe('EMAIL_VERIFICATION_REQUIRED');
    const outbox = await view.sandbox.handle(
      new Request(`http://sandbox.test/__sandbox/outbox?to=${encodeURIComponent(email)}`, {
        headers: { authorization: view.sandbox.options.apiKeys[0] },
      }),
    );
    const mail = ((await outbox.json()) as { mail: { kind: string; data: { code: string } }[] }).mail.filter(
      (m) => m.kind === 'verification',
    );
    const verified = await act(() => registered.verify(mail[0].data.code));
    await view.settled();
    expect(verified).toEqual({ state: 'SUCCESS' });
    expect(text(view.container, '[data-member]')).toBe(email);
    view.unmount();
  });
});

describe('what was read for the person before', () => {
  let auth!: Auth;
  function Saved() {
    auth = useAuth();
    const list = useWishlist({ id: WISHLIST_ID, limit: 1 });
    return <p data-saved>{list.status === 'success' ? `${auth.status}:${list.data.totalCount}` : list.status}</p>;
  }

  it('is read again for the member who signed in (same query, same component)', async () => {
    const view = await renderWithSandbox(<Saved />);
    await untilDom(view.container, () => text(view.container, '[data-saved]')?.startsWith('visitor:') ?? false);
    expect(view.requestCount(/wishlists\/get/)).toBe(1);
    await act(() => auth.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }));
    await view.settled();
    await untilDom(view.container, () => text(view.container, '[data-saved]')?.startsWith('member:') ?? false);
    expect(view.requestCount(/wishlists\/get/)).toBe(2);
    view.unmount();
  });
});

describe('useWishlist', () => {
  function Wishes({ offset }: { offset: number }) {
    const list = useWishlist({ id: WISHLIST_ID, limit: 2, offset });
    if (list.status === 'error')
      return <p data-wishes>{list.error instanceof ApplicationError ? list.error.code : 'other'}</p>;
    if (list.status !== 'success') return <p>…</p>;
    return (
      <p data-wishes>
        {list.data.items!.map((i) => i.id).join(',')}|{list.data.totalCount}|
        {list.data.items![0].dateAdded instanceof Date ? 'dates' : 'text'}
      </p>
    );
  }

  it('pages the member’s wishlist by limit and offset, dates as Dates; an unknown list answers its code', async () => {
    const view = await renderWithSandbox(<Wishes offset={0} />);
    await untilDom(view.container, () => text(view.container, '[data-wishes]')?.includes('|') ?? false);
    const whole = (await view.client.wishlist.getWishlistById({ id: WISHLIST_ID })).wishlist;
    const ids = whole.items!.map((i) => i.id);
    expect(text(view.container, '[data-wishes]')).toBe(`${ids.slice(0, 2).join(',')}|${ids.length}|dates`);
    await view.rerender(<Wishes offset={2} />);
    await untilDom(view.container, () => text(view.container, '[data-wishes]')?.startsWith(ids[2]!) ?? false);
    view.unmount();

    function Missing() {
      const list = useWishlist({ id: '5f1c0000-0000-4000-8000-0000000000ff' });
      return (
        <p data-wishes>
          {list.status === 'error' && list.error instanceof ApplicationError ? list.error.code : list.status}
        </p>
      );
    }
    const missing = await renderWithSandbox(<Missing />);
    await untilDom(missing.container, () => text(missing.container, '[data-wishes]') === 'WISHLIST_NOT_FOUND');
    missing.unmount();
  });
});
