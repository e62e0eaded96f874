/**
 * The demo member's open cart and the checkout made from it, so the cart and checkout examples
 * work on a fresh sandbox. Made through the commerce handlers themselves (as the member would:
 * add a linen shirt, size S, then check out), with the ids of seed/ids.ts, so they are priced
 * and stored exactly as a real cart and checkout; a drift from those ids fails the seed loudly.
 */
import { operationList } from '../../../generated/operations.ts';
import type { SandboxModule, SeedContext } from '../platform/module.ts';
import type { HandlerTable, OperationContext, SandboxSettings } from '../platform/types.ts';
import {
  CART_ID,
  CART_LINE_ITEM_ID,
  CHECKOUT_ID,
  DEMO_MEMBER,
  PRODUCT,
  seededVisitorId,
  STORES_APP_ID,
  variantId,
} from './ids.ts';

/** The seeded cart's one line: the linen shirt the add-to-cart examples name, size S. */
const SEEDED_CART_LINE = {
  quantity: 1,
  catalogReference: {
    catalogItemId: PRODUCT.linenShirt,
    appId: STORES_APP_ID,
    options: { variantId: variantId(1, 0) },
  },
};

const byKey = new Map(operationList.map((d) => [d.key, d]));

export function memberCartModule(commerce: HandlerTable): SandboxModule {
  return {
    name: 'member-cart',
    async seed(seed: SeedContext) {
      const ids = [CART_ID, CART_LINE_ITEM_ID, CHECKOUT_ID];
      const asMember = (key: string, input: Record<string, unknown>): OperationContext => ({
        op: byKey.get(key)!,
        input,
        params: {},
        caller: {
          kind: 'member',
          memberId: DEMO_MEMBER.id,
          visitorId: seededVisitorId(3),
          clientId: seed.options.clientIds[0],
          token: '',
        },
        db: seed.db,
        // The site's settings, as the sandbox seeded them first.
        settings: seed.db.get('settings', 'site') as unknown as SandboxSettings,
        now: () => seed.now,
        // The cart, its line and the checkout take the seeded ids in the order the handlers ask.
        newId: () => ids.shift() ?? seed.newId(),
        emit: () => undefined,
        announce: () => undefined,
        sendMail: () => undefined,
        origin: '',
        headers: { get: () => null },
        options: seed.options,
      });
      const added = (await commerce['currentCart.addToCurrentCart'](
        asMember('currentCart.addToCurrentCart', { lineItems: [SEEDED_CART_LINE] }),
      )) as { cart: { id: string; lineItems: { id: string }[] } };
      const made = (await commerce['currentCart.createCheckoutFromCurrentCart'](
        asMember('currentCart.createCheckoutFromCurrentCart', {}),
      )) as { checkoutId: string };
      const got = { cart: added.cart.id, line: added.cart.lineItems[0]?.id, checkout: made.checkoutId };
      const want = { cart: CART_ID, line: CART_LINE_ITEM_ID, checkout: CHECKOUT_ID };
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        throw new Error(
          `member-cart seed: the commerce handlers now ask for ids in another order (got ${JSON.stringify(got)}, want ${JSON.stringify(want)})`,
        );
      }
    },
  };
}
