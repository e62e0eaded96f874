/**
 * The events of Cart V1 and Checkout V1 go with their API: while the setting `cartV1` answers V1
 * as removed, a cart written through Cart V2 sends only Cart V2's events (the provider sends no
 * `wix.ecom.v1.cart` or `wix.ecom.v1.checkout` event for an API it no longer runs), and they come
 * back when V1 is available again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartV2, createClient, currentCartV2, OAuthStrategy } from '../../../src/index.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer } from '../../support/sandbox.ts';

const s = useSandboxServer();
const notebook = { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID };
type Event = { entityFqdn: string; slug: string; entityId: string };
const events = async (): Promise<Event[]> =>
  (await call(s.current.url, 'GET', '/__sandbox/events', { token: API_KEY })).body.events;
const setCartV1 = async (cartV1: string) => {
  const r = await call(s.current.url, 'PATCH', '/__sandbox/settings', { token: API_KEY, body: { cartV1 } });
  expect(r.status).toBe(200);
};

/** A visitor's V2 cart from its first line to an order; the entities of the events it sent. */
async function cartToOrder(): Promise<string[]> {
  const kit = createClient({
    modules: { currentCartV2, cartV2 },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
    host: s.current.url,
  });
  const before = (await events()).length;
  const { cart } = await kit.currentCartV2.addLineItemsToCurrentCart({
    catalogItems: [{ catalogReference: notebook, quantity: 1 }],
  });
  const placed = await kit.cartV2.placeOrder(cart.id);
  expect(placed.orderId).toEqual(expect.any(String));
  return (await events())
    .slice(before)
    .filter((e) => e.entityId === cart.id)
    .map((e) => `${e.entityFqdn} ${e.slug}`);
}

afterEach(() => setCartV1('available'));

describe('the events of a retired API', () => {
  it('are not sent while V1 is removed: a V2 cart sends only Cart V2 events', async () => {
    await setCartV1('removed');
    const sent = await cartToOrder();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((e) => e.startsWith('wix.ecom.v2.cart '))).toBe(true);
  });

  it('are sent beside Cart V2 events while V1 is available', async () => {
    const sent = await cartToOrder();
    expect(sent).toContain('wix.ecom.v1.cart created');
    expect(sent).toContain('wix.ecom.v2.cart created');
  });
});
