/**
 * The cart's actions bound to a store (store-actions.ts): one object for the store's life, each
 * queuing its kind with the rule CART_CHANGES holds for it; the store alone knows only the read.
 */
import { describe, expect, it } from 'vitest';
import { CART_CHANGES, changeCart } from '../../src/react/index.ts';
import { createStorefrontStore } from '../../src/react/store.ts';
import { cartActionsOf } from '../../src/react/store-actions.ts';
import { CART_API, CART_REQUESTS, linesOf, visitorKit } from './support.tsx';

describe("a store's cart actions", () => {
  it('are one object for the store, another for another store', () => {
    const kit = visitorKit();
    const store = createStorefrontStore(kit.client, undefined, CART_API);
    expect(cartActionsOf(store)).toBe(cartActionsOf(store));
    expect(cartActionsOf(createStorefrontStore(kit.client, undefined, CART_API))).not.toBe(cartActionsOf(store));
  });

  it('queue each change with its rule: an add shows at once, is sent once and names its line', async () => {
    const kit = visitorKit();
    const store = createStorefrontStore(kit.client, undefined, CART_API);
    const [line] = await linesOf(kit, ['linen-shirt']);
    const from = kit.requests.length;
    const added = cartActionsOf(store).addLines([line]);
    const shown = store.getSnapshot().cart!.lineItems;
    expect(shown).toMatchObject([{ optimistic: true, pending: true, quantity: line.quantity ?? 1 }]);
    const result = await added;
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.add]);
    // The line keeps the key it was shown with, under the server's id.
    expect(result.cart!.lineItems).toMatchObject([{ key: shown[0].key, optimistic: false }]);
    expect(result.cart!.lineItems[0].id).not.toBe(shown[0].key);
  });

  it('changeCart(store, change) queues a kind by its CART_CHANGES rule, as the action does', async () => {
    const kit = visitorKit();
    const store = createStorefrontStore(kit.client, undefined, CART_API);
    await cartActionsOf(store).addLines(await linesOf(kit, ['linen-shirt']));
    const lineId = store.getSnapshot().cart!.lineItems[0].id;
    const changed = changeCart(store, { kind: 'quantity', lineId, quantity: 3 });
    expect(store.getSnapshot().cart!.lineItems[0].quantity).toBe(3);
    expect((await changed).cart!.lineItems[0].quantity).toBe(3);
    expect(Object.keys(CART_CHANGES)).toContain('quantity');
  });
});
