// @vitest-environment happy-dom
/**
 * A kind of cart change is one entry of CART_CHANGES: declared there with how it shows, how it
 * merges with one still queued and its requests, the store shows it at once, folds repeated ones
 * into one request and reads its answer, with nothing else written for it.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_CHANGES, StorefrontProvider, useStorefront, type StorefrontStore } from '../../src/react/index.ts';
import { linesOf, mount, visitorKit } from './support.tsx';

/** A change the layer has no action for: the buyer's e-mail on the cart (V2: customerInfo.email). */
type EmailChange = { kind: 'email'; email: string };
const table = CART_CHANGES as unknown as Record<string, unknown>;
afterEach(() => void delete table.email);

let store: StorefrontStore;
function Capture() {
  store = useStorefront();
  return null;
}

describe('a new kind of cart change', () => {
  it('is one table entry: shown at once, merged while queued, sent and read (Cart V2, V1 removed)', async () => {
    table.email = {
      show: (cart: { customerInfo?: object }, c: EmailChange) => ({
        ...cart,
        customerInfo: { ...cart.customerInfo, email: c.email },
      }),
      merge: (_queued: EmailChange, next: EmailChange) => next,
      v2: (cart: { updateCurrentCart: (o: object) => Promise<object> }, c: EmailChange) =>
        cart.updateCurrentCart({ cart: { customerInfo: { email: c.email } }, fieldMask: ['customerInfo.email'] }),
    };
    const kit = visitorKit();
    await kit.addLines(await linesOf(kit, ['linen-shirt']));
    const page = await mount(
      <StorefrontProvider client={kit.client}>
        <Capture />
      </StorefrontProvider>,
    );
    await act(() => store.cartSettled());
    const from = kit.requests.length;
    // Three in a row: the first is sent at once, the next two fold into one.
    const changes = ['a@example.test', 'b@example.test', 'c@example.test'].map((email) =>
      store.changeCart({ kind: 'email', email } as never),
    );
    expect(store.getSnapshot().cart!.customerInfo?.email).toBe('c@example.test');
    const results = await act(() => Promise.all(changes));
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(kit.cartRequests(from).filter((r) => !r.includes('/estimate'))).toHaveLength(2);
    expect(results[2].cart!.customerInfo?.email).toBe('c@example.test');
    expect((await kit.client.currentCartV2.getCurrentCart()).cart.customerInfo?.email).toBe('c@example.test');
    page.unmount();
  });
});
