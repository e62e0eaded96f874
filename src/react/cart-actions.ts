/**
 * The cart's changes, one table: each kind of change declared once, with
 * - `show`: how the cart looks while it is underway (add, quantity, remove, clear and the note
 *   show at once; a coupon needs the server's pricing, so it shows when answered);
 * - `merge`: how a newer change of the same kind folds into one still queued (one request for
 *   both), when it can;
 * - `v2`: its request on Cart V2, answering `{ cart }` (no cart: the visitor has none after it),
 *   read by `readV2Cart`.
 * A new action is one entry here (and, while Cart V1 is an option, its V1 request in
 * cart-v1.ts's table, which the compiler asks for; it goes with V1 on 2027-02-01), and its
 * action in store-actions.ts with its hook in cart.ts (or `changeCart(store, change)`). Cart V1's
 * requests live apart so that an app on V2 does not bundle them.
 *
 * Each rule is its own constant and CART_CHANGES only gathers them, so an action alone
 * (`useAddLines()`) bundles its rule and no other. The store queues each change with its rule and
 * knows only the read (READ_CART): a page that only reads the cart (a badge) bundles no change;
 * `useCartActions()` brings them all.
 */
import type {
  CartLine,
  CartV1Operations,
  CartV2Operations,
  LineItemInput,
  ServerCart,
  StorefrontClient,
} from './client-types.ts';
import { ClientError } from '../index.ts';

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
export type LineDetails = Pick<CartLine, 'name' | 'pricing' | 'attributes'>;

/** The cart as shown: the server's cart with changes drawn over it (optional fields: see StorefrontCart). */
export type CartDraft = Partial<Omit<ServerCart, 'lineItems'>> & { lineItems: CartLine[] };

type Of<K extends CartChange['kind']> = Extract<CartChange, { kind: K }>;

/** What a request is sent with: the abort signal (reads only) and the server's last cart (undefined: not read). */
export interface SendContext {
  signal: AbortSignal;
  cart: ServerCart | null | undefined;
}

/** An answer carrying the cart after the change (V1's cart on V1); none: the visitor has no cart. */
type Answer = { cart?: unknown };

export interface ChangeRule<K extends CartChange['kind']> {
  /** The cart shown while the change is underway (a draft: lines are copies the rule may change). */
  show?(cart: CartDraft, change: Of<K>): CartDraft;
  /**
   * The one change that does what `queued` (not sent yet) and then `next` do, or undefined when
   * they cannot be one. `same` tells whether two line ids name one line (a temporary id names the
   * server's line once the add has answered).
   */
  merge?(queued: Of<K>, next: Of<K>, same: (a: string, b: string) => boolean): Of<K> | undefined;
  /** The request on Cart V2. */
  v2(cart: CartV2Operations, change: Of<K>, context: SendContext): Promise<Answer>;
  /** The change with the lines it names by a temporary id named by the server's ids, once known (`id` maps one). */
  resolve?(change: Of<K>, id: (id: string) => string): Of<K>;
  /** After its answer: each temporary id the change gave a line, and the server's line it names (`made`: a line the change made). */
  named?(change: Of<K>, after: ServerCart | null, before: ServerCart | null | undefined): NamedLine[];
}

/** A temporary line id and the server's line it became. */
export interface NamedLine {
  tempId: string;
  lineId: string;
  /** The change made the line (not added to one there): the line keeps the temporary id as its key. */
  made: boolean;
}

/**
 * Which of the provider's cart APIs the hooks call: Cart V2 (`'v2'`, the default), or Cart V1
 * (`cartApiV1` of storefront-kit/react) until its removal on 2027-02-01.
 */
export type CartApi = 'v2' | CartApiV1;

/** Cart V1, an option until the provider removes it (2027-02-01): its request per kind and its reader (cart-v1.ts). */
export interface CartApiV1 {
  requests: {
    [K in CartChange['kind']]: (cart: CartV1Operations, change: Of<K>, context: SendContext) => Promise<Answer>;
  };
  read(answer: Answer): ServerCart | null;
  /** Sends a change with its V1 request and reads the answer (here, not in `sendChange`, so an app on V2 does not bundle it). */
  send(client: StorefrontClient, change: CartChange, context: SendContext): Promise<ServerCart | null>;
  /** The checkout of the visitor's cart, created from it (on V2 the cart's id is its checkout's). */
  checkoutId(client: StorefrontClient): Promise<string | undefined>;
}

/** A line's catalog reference (Cart V2 keeps it under `source`). */
const referenceOf = (line: CartLine) => line.source?.catalogReference;

/** Two line references name the same item (product, variant, options): the server adds to that line. */
export const sameItem = (line: CartLine, input: LineItemInput): boolean => {
  const a = referenceOf(line);
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
export const NO_CART: Answer = {};

/** The cart's read: the one change the store itself knows (it reads the cart before any change is made). */
export const READ_CART: ChangeRule<'refresh'> = {
  // Reads already queued are one read.
  merge: (queued) => queued,
  // Only a read is ever aborted (a change answers with the whole cart, so it supersedes a read on its way).
  v2: (cart, _c, { signal }) => cart.getCurrentCart({}, { signal }),
};

export const ADD_LINES: ChangeRule<'add'> = {
  show(cart, c) {
    const lines = [...cart.lineItems];
    c.lines.forEach((input, i) => {
      const at = lines.findIndex((l) => sameItem(l, input));
      const quantity = input.quantity ?? 1;
      if (at >= 0) lines[at] = { ...lines[at], quantity: lines[at].quantity + quantity, pending: true };
      else
        lines.push({
          ...c.details[i],
          id: c.tempIds[i],
          key: c.tempIds[i],
          quantity,
          source: { catalogReference: input.catalogReference },
          pending: true,
          optimistic: true,
        });
    });
    return withLines(cart, lines);
  },
  v2: (cart, c) => cart.addLineItemsToCurrentCart({ catalogItems: c.lines }),
  // The server adds an item to the line holding it, or makes a line.
  named(c, after, before) {
    const had = new Set((before?.lineItems ?? []).map((l) => l.id));
    return c.lines.flatMap((input, i) => {
      const line = after?.lineItems.find((l) => sameItem(l as CartLine, input));
      return line ? [{ tempId: c.tempIds[i], lineId: line.id, made: !had.has(line.id) }] : [];
    });
  },
};

export const SET_QUANTITY: ChangeRule<'quantity'> = {
  resolve: (c, id) => ({ ...c, lineId: id(c.lineId) }),
  // Quantity 0 takes the line out, as the server does.
  show: (cart, c) =>
    withLines(
      cart,
      cart.lineItems.flatMap((l) =>
        l.id !== c.lineId ? [l] : c.quantity > 0 ? [{ ...l, quantity: c.quantity, pending: true }] : [],
      ),
    ),
  // A newer quantity for the same line replaces the one still waiting.
  merge: (queued, next, same) => (same(queued.lineId, next.lineId) ? next : undefined),
  // Cart V2 takes no quantity 0: the line is removed.
  v2: (cart, c) =>
    c.quantity > 0
      ? cart.updateLineItemsInCurrentCart({
          lineItems: [{ lineItemId: c.lineId, quantity: { newQuantity: c.quantity } }],
        })
      : cart.removeLineItemsFromCurrentCart({ lineItemIds: [c.lineId] }),
};

export const REMOVE_LINES: ChangeRule<'remove'> = {
  resolve: (c, id) => ({ ...c, lineIds: c.lineIds.map(id) }),
  show: (cart, c) =>
    withLines(
      cart,
      cart.lineItems.filter((l) => !c.lineIds.includes(l.id)),
    ),
  v2: (cart, c) => cart.removeLineItemsFromCurrentCart({ lineItemIds: c.lineIds }),
};

export const CLEAR_CART: ChangeRule<'clear'> = {
  // The visitor has no cart after it: shown as an empty one.
  show: () => ({ lineItems: [] }),
  v2: async (cart) => (await cart.deleteCurrentCart(), NO_CART),
};

export const APPLY_COUPON: ChangeRule<'applyCoupon'> = {
  // The newest code is the one the cart keeps.
  merge: (_queued, next) => next,
  // Cart V2 holds one coupon and adds, where V1 replaced: the one there is removed first, and put
  // back when the new code is refused (so a refusal changes nothing, as on V1).
  async v2(cart, c, { cart: known }) {
    const had = known?.coupons[0];
    if (had?.code.toUpperCase() === c.code.toUpperCase()) return cart.getCurrentCart();
    if (had) await cart.removeCouponFromCurrentCart({ couponId: had.id });
    try {
      return await cart.addCouponToCurrentCart({ coupon: { code: c.code } });
    } catch (e) {
      if (had) await cart.addCouponToCurrentCart({ coupon: { code: had.code } }).catch(() => undefined);
      throw e;
    }
  },
};

export const REMOVE_COUPON: ChangeRule<'removeCoupon'> = {
  merge: (queued) => queued,
  // Cart V2 removes a coupon by its id in the cart (none there: nothing to remove, the cart is read).
  async v2(cart, _c, { cart: known }) {
    const coupon = (known === undefined ? (await cart.getCurrentCart()).cart : known)?.coupons[0];
    return coupon ? cart.removeCouponFromCurrentCart({ couponId: coupon.id }) : cart.getCurrentCart();
  },
};

export const SET_NOTE: ChangeRule<'note'> = {
  show: (cart, c) => ({ ...cart, note: c.note }),
  merge: (_queued, next) => next,
  v2: (cart, c) => cart.updateCurrentCart({ cart: { note: c.note }, fieldMask: ['note'] }),
};

/** Every kind's rule, by kind: what `changeCart` and `useCartActions()` queue a change with. */
export const CART_CHANGES: { [K in CartChange['kind']]: ChangeRule<K> } = {
  refresh: READ_CART,
  add: ADD_LINES,
  quantity: SET_QUANTITY,
  remove: REMOVE_LINES,
  clear: CLEAR_CART,
  applyCoupon: APPLY_COUPON,
  removeCoupon: REMOVE_COUPON,
  note: SET_NOTE,
};

/** A rule of any kind, as the store holds it beside its change. */
export type AnyRule = { [K in CartChange['kind']]: ChangeRule<K> }[CartChange['kind']];

/** How each API reads an answer into the cart the hooks show (V1's cart in V2's shape: cart-v1.ts). */
export type CartReader = (answer: Answer, client: StorefrontClient) => Promise<ServerCart | null>;
export type { Answer as CartAnswer };

/**
 * Cart V2's reader: the answer's cart; a cart with a coupon is estimated too, since only the
 * estimate says what the coupon takes off (its `priceSummary` and `discounts`).
 */
export const readV2Cart: CartReader = async (answer, client) => {
  const cart = (answer.cart as ServerCart | undefined) ?? null;
  if (!cart?.coupons.length) return cart;
  const { cart: priced, summary } = await client.currentCartV2!.estimateCurrentCart({});
  return { ...priced, priceSummary: summary.priceSummary, discounts: summary.discounts };
};

/** Sends a change (its rule's request on Cart V2, or Cart V1's) and reads its answer. */
export async function sendChange(
  client: StorefrontClient,
  api: 'v2' | CartApiV1,
  change: CartChange,
  rule: AnyRule,
  context: SendContext,
): Promise<ServerCart | null> {
  if (api !== 'v2') return api.send(client, change, context);
  if (!client.currentCartV2) throw missingModule('currentCartV2', 'Cart V2 (the default cartApi)');
  return readV2Cart(await rule.v2(client.currentCartV2, change as never, context), client);
}

/** The error of a cart API whose module the client lacks. */
export const missingModule = (module: string, what: string) =>
  new ClientError(
    `storefront-kit/react: ${what} needs the ${module} module in the client (createClient({ modules: { ${module}, ... } }))`,
  );
