/**
 * The cart's changes, one table: for each, the one request that makes it and how it is shown
 * before the server answers (add, quantity, remove, clear and the note show at once; a coupon
 * needs the server's pricing, so it shows when answered).
 */
import type { CartLine, LineItemInput, ServerCart, StorefrontClient } from './client-types.ts';

export type CartChange =
  | { kind: 'refresh' }
  | { kind: 'add'; lines: LineItemInput[]; tempIds: string[]; details: LineDetails[] }
  | { kind: 'quantity'; lineId: string; quantity: number }
  | { kind: 'remove'; lineIds: string[] }
  | { kind: 'clear' }
  | { kind: 'applyCoupon'; code: string }
  | { kind: 'removeCoupon' }
  | { kind: 'note'; note: string };

/** What a line just added shows before the server answers, when the page has read its product (name, unit price, image). */
export type LineDetails = Pick<CartLine, 'productName' | 'price' | 'image'>;

/** The cart as shown: the server's cart with changes drawn over it (optional fields: see StorefrontCart). */
export type CartDraft = Partial<Omit<ServerCart, 'lineItems'>> & { lineItems: CartLine[] };

type Of<K extends CartChange['kind']> = Extract<CartChange, { kind: K }>;

interface ChangeRule<K extends CartChange['kind']> {
  /** The request; resolves the server's cart after it (null: the visitor has no cart). */
  send(client: StorefrontClient, change: Of<K>, signal: AbortSignal): Promise<ServerCart | null>;
  /** The cart shown while the change is underway (a draft: lines are copies the rule may change). */
  show?(cart: CartDraft, change: Of<K>): CartDraft;
}

const cartOf = async (answer: Promise<{ cart?: ServerCart }>): Promise<ServerCart | null> =>
  (await answer).cart ?? null;

/** Two line references name the same item (product, variant, options): the server adds to that line. */
export const sameItem = (line: CartLine, input: LineItemInput): boolean => {
  const a = line.catalogReference;
  const b = input.catalogReference;
  return (
    !!a &&
    !!b &&
    a.catalogItemId === b.catalogItemId &&
    a.appId === b.appId &&
    stableOptions(a.options) === stableOptions(b.options)
  );
};
const stableOptions = (o: unknown) =>
  JSON.stringify(o ?? {}, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

const withLines = (cart: CartDraft, lineItems: CartLine[]): CartDraft => ({ ...cart, lineItems });

export const CART_CHANGES: { [K in CartChange['kind']]: ChangeRule<K> } = {
  refresh: {
    // Only a read is ever aborted (a change answers with the whole cart, so it supersedes a read on its way).
    send: (client, _change, signal) => cartOf(client.currentCart.getCurrentCart({}, { signal })),
  },
  add: {
    send: (client, c) => cartOf(client.currentCart.addToCurrentCart({ lineItems: c.lines })),
    show(cart, c) {
      const lines = [...cart.lineItems];
      c.lines.forEach((input, i) => {
        const at = lines.findIndex((l) => sameItem(l, input));
        if (at >= 0) lines[at] = { ...lines[at], quantity: lines[at].quantity + input.quantity, pending: true };
        else
          lines.push({
            ...c.details[i],
            id: c.tempIds[i],
            key: c.tempIds[i],
            quantity: input.quantity,
            catalogReference: input.catalogReference,
            pending: true,
            optimistic: true,
          });
      });
      return withLines(cart, lines);
    },
  },
  quantity: {
    send: (client, c) =>
      cartOf(
        client.currentCart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: c.lineId, quantity: c.quantity }] }),
      ),
    show: (cart, c) =>
      withLines(
        cart,
        // Quantity 0 takes the line out, as the server does.
        cart.lineItems.flatMap((l) =>
          l.id !== c.lineId ? [l] : c.quantity > 0 ? [{ ...l, quantity: c.quantity, pending: true }] : [],
        ),
      ),
  },
  remove: {
    send: (client, c) => cartOf(client.currentCart.removeLineItemsFromCurrentCart({ lineItemIds: c.lineIds })),
    show: (cart, c) =>
      withLines(
        cart,
        cart.lineItems.filter((l) => !c.lineIds.includes(l.id)),
      ),
  },
  clear: {
    send: async (client) => {
      await client.currentCart.deleteCurrentCart();
      return null;
    },
    // The visitor has no cart after it: shown as an empty one.
    show: () => ({ lineItems: [] }),
  },
  applyCoupon: {
    send: (client, c) => cartOf(client.currentCart.updateCurrentCart({ couponCode: c.code })),
  },
  removeCoupon: {
    send: (client) => cartOf(client.currentCart.removeCouponFromCurrentCart()),
  },
  note: {
    send: (client, c) =>
      cartOf(client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: c.note }, cartFieldmask: ['buyerNote'] })),
    show: (cart, c) => ({ ...cart, buyerNote: c.note }),
  },
};

/** Runs a change's rule with its own type (the table is indexed by kind). */
export const sendChange = (
  client: StorefrontClient,
  change: CartChange,
  signal: AbortSignal,
): Promise<ServerCart | null> =>
  (CART_CHANGES[change.kind] as ChangeRule<CartChange['kind']>).send(client, change as never, signal);

export const showChange = (cart: CartDraft, change: CartChange): CartDraft => {
  const rule = CART_CHANGES[change.kind] as ChangeRule<CartChange['kind']>;
  return rule.show ? rule.show(cart, change as never) : cart;
};
