/**
 * The storefront's own store (no React, so the server runs it too): the cart with its queue of
 * changes, and the catalog's resources (a product, a page of products) by key. One store per
 * provider, no globals; React reads it through useSyncExternalStore.
 *
 * The cart: every change goes into one queue and is sent after the one before has been answered,
 * so two changes back to back are both applied and answers arrive in order (each answer is the
 * newest). The cart shown is the server's last answer with the queued changes drawn over it;
 * a refused change leaves the queue and the server's cart shows again. A change folds into one
 * of its kind still queued when its kind says how (cart-actions.ts: repeated quantities of one
 * line, the newest note or coupon): one request for both. A change already sent is not aborted:
 * the server may have applied it, and the one after sets the quantity anyway. A read on its way
 * is aborted by a change (whose answer is the whole cart, and newer).
 *
 * The cart is Cart V2's (`api` 'v2', the default) or Cart V1's read into V2's shape (cartApiV1).
 */
import { ApplicationError, HttpError, SystemError, ValidationError } from '../index.ts';
import {
  READ_CART,
  sendChange,
  type AnyRule,
  type CartApi,
  type CartChange,
  type CartDraft,
  type LineDetails,
} from './cart-actions.ts';
import type {
  CartActionErrors,
  CartLine,
  CartResult,
  CartWarning,
  LineItemInput,
  ServerCart,
  StorefrontCart,
  StorefrontClient,
  StorefrontError,
} from './client-types.ts';
import { decode, deepFreeze, shareEqual, type JsonValue } from './data.ts';

/** A catalog read by key: loading, its data, or its error. */
export type Resource =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: unknown; error?: undefined }
  | { status: 'error'; error: StorefrontError; data?: undefined };

export interface StoreSnapshot {
  /** The cart as shown; undefined before the first read. */
  readonly cart: StorefrontCart | undefined;
  readonly resources: Readonly<Record<string, Resource>>;
}

/** What `dehydrate()` writes and `<StorefrontProvider state>` reads: JSON (Dates and non-finite numbers tagged). */
export interface DehydratedState {
  version: 1;
  /** Present when the cart was read: the server's cart, or null when the visitor has none. */
  cart?: JsonValue;
  resources: Record<string, JsonValue>;
}

/**
 * The cart's actions; each resolves `{ cart }` or `{ error }` and never rejects. Each error is
 * typed by the action's operation: after `instanceof ApplicationError`, `error.code` is one of
 * its catalogue codes (CartActionErrors).
 */
export interface CartActions {
  /** The add-to-cart operation's own line items. */
  addLines(lines: LineItemInput[]): Promise<CartResult<CartActionErrors['addLines']>>;
  /** Sets a line's quantity (0 takes it out). */
  updateQuantity(lineId: string, quantity: number): Promise<CartResult<CartActionErrors['updateQuantity']>>;
  removeLines(lineIds: string[]): Promise<CartResult<CartActionErrors['removeLines']>>;
  applyCoupon(code: string): Promise<CartResult<CartActionErrors['applyCoupon']>>;
  removeCoupon(): Promise<CartResult<CartActionErrors['removeCoupon']>>;
  setNote(note: string): Promise<CartResult<CartActionErrors['setNote']>>;
  /** Deletes the cart: the visitor has none after it (shown as an empty cart). */
  clear(): Promise<CartResult<CartActionErrors['clear']>>;
  /** Reads the cart again. */
  refresh(): Promise<CartResult<CartActionErrors['refresh']>>;
}

export interface StorefrontStore {
  readonly client: StorefrontClient;
  /** Which of the provider's cart APIs the cart is read and changed through. */
  readonly cartApi: CartApi;
  getSnapshot(): StoreSnapshot;
  /** The snapshot the store was made from (the server's render), for hydration. */
  getInitialSnapshot(): StoreSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * Queues a change with its rule (how it shows, merges and is sent): `useCartActions()` and
   * `changeCart(store, change)` pass the rule of CART_CHANGES for its kind.
   */
  queueChange<E extends StorefrontError = StorefrontError>(change: CartChange, rule: AnyRule): Promise<CartResult<E>>;
  /** Reads the cart once if it has not been read (however many components ask). */
  ensureCart(): void;
  /** Resolves when every queued cart change has been answered. */
  cartSettled(): Promise<void>;
  /** Why the last cart read failed while no cart is known (kept until the next read is queued: for Suspense's error boundary). */
  cartReadError(): StorefrontError | undefined;
  /** Publishes the catalog's reads, changed by `update` (resources.ts reads and forgets them: a page without catalog reads does not bundle it). */
  updateResources(update: (resources: Readonly<Record<string, Resource>>) => Record<string, Resource>): void;
  /** What the server read: its cart (undefined: not read) and the catalog reads that succeeded; `dehydrate()` of react/server encodes it. */
  known(): { cart: ServerCart | null | undefined; resources: Record<string, unknown> };
  /** How a line just added is shown before the answer (set by the catalog hooks: from a product the page has read). */
  setLineDescriber(describe: LineDescriber): void;
  /** What a line about to be added shows before the answer (the line describer's, or nothing). */
  describeLine(line: LineItemInput): LineDetails;
}

/**
 * What `make` makes of a store, made once per store and kept for its life (the same function,
 * map or object every time: React's dependency lists rely on it). For what belongs to a store but
 * only some pages use (the actions, the catalog's reads), so a page without them does not bundle it.
 */
export function oncePerStore<T extends object>(make: (store: StorefrontStore) => T): (store: StorefrontStore) => T {
  const made = new WeakMap<StorefrontStore, T>();
  return (store) => {
    let value = made.get(store);
    if (!value) made.set(store, (value = make(store)));
    return value;
  };
}

export type LineDescriber = (line: LineItemInput, snapshot: StoreSnapshot) => LineDetails;

interface QueuedChange {
  change: CartChange;
  rule: AnyRule;
  waiters: ((result: CartResult) => void)[];
  sent: boolean;
  /** Set when the request is sent. */
  controller?: AbortController;
}

/**
 * A thrown value as one of the catalogue's errors an action resolves with (anything else is a
 * SystemError with it as cause). `E` names the operations that may have thrown it
 * (`ActionError<typeof op>`): the client types what each operation throws by its catalogue.
 */
export function storefrontError<E extends StorefrontError = StorefrontError>(e: unknown): E {
  if (
    e instanceof ApplicationError ||
    e instanceof ValidationError ||
    e instanceof HttpError ||
    e instanceof SystemError
  )
    return e as E;
  return new SystemError({}, { cause: e }) as E;
}

const noCart = (e: unknown) => e instanceof ApplicationError && e.code === 'OWNED_CART_NOT_FOUND';

/** Stock and coupon warnings of a cart, as data. */
function warningsOf(cart: CartDraft): CartWarning[] {
  const warnings: CartWarning[] = [];
  for (const line of cart.lineItems) {
    const status = line.status;
    if (status && status !== 'IN_STOCK')
      warnings.push({
        kind: 'availability',
        lineItemId: line.id,
        status,
        quantityAvailable: line.quantityInfo?.availableQuantity ?? 0,
      });
  }
  // The discounts are known when the cart with a coupon was estimated.
  const code = cart.coupons?.[0]?.code;
  if (code && cart.discounts && !cart.discounts.some((d) => d.source?.couponCode?.toUpperCase() === code.toUpperCase()))
    warnings.push({ kind: 'coupon', couponCode: code, status: 'NOT_APPLIED' });
  return warnings;
}

/** The server's cart as a draft to draw changes over (no cart: an empty one); `keyOf` names each line by its id. */
const draftOf = (cart: ServerCart | null, keyOf: (id: string) => string = (id) => id): CartDraft => ({
  ...cart,
  lineItems: (cart?.lineItems ?? []).map((l): CartLine => ({
    ...l,
    key: keyOf(l.id),
    quantity: l.quantityInfo.requestedQuantity,
    pending: false,
    optimistic: false,
  })),
});

const viewOf = (draft: CartDraft, pending: boolean): StorefrontCart => ({
  ...draft,
  currency: draft.businessInfo?.currencyCode,
  pending,
  warnings: warningsOf(draft),
});

export function createStorefrontStore(
  client: StorefrontClient,
  state?: DehydratedState,
  api: CartApi = 'v2',
): StorefrontStore {
  // The server's truth: undefined before the first read, null when the visitor has no cart.
  let serverCart = deepFreeze(state && 'cart' in state ? (decode(state.cart ?? null) as ServerCart | null) : undefined);
  const queue: QueuedChange[] = [];
  // A line added before the server answered has a temporary id until the answer names its line;
  // the line keeps that id as its key, so its element is not remounted when the answer comes.
  const realIds = new Map<string, string>();
  const keys = new Map<string, string>();
  const keyOf = (id: string) => keys.get(id) ?? id;
  let pumping = false;
  let settledWaiters: (() => void)[] = [];
  let readError: StorefrontError | undefined;
  const listeners = new Set<() => void>();

  const initialResources: Record<string, Resource> = {};
  for (const [key, value] of Object.entries(state?.resources ?? {}))
    initialResources[key] = { status: 'success', data: deepFreeze(decode(value)) };

  const resolveId = (id: string) => realIds.get(id) ?? id;
  // The change with the server's ids for lines a change just added named by their temporary ids.
  const resolved = ({ change, rule }: QueuedChange): CartChange =>
    rule.resolve ? rule.resolve(change as never, resolveId) : change;

  const shownCart = (): StorefrontCart | undefined => {
    const drawn = queue.filter((q) => q.rule.show);
    if (serverCart === undefined && drawn.length === 0) return undefined;
    const draft = drawn.reduce(
      (cart, q) => q.rule.show!(cart, resolved(q) as never),
      draftOf(serverCart ?? null, keyOf),
    );
    return viewOf(
      draft,
      queue.some((q) => q.change.kind !== 'refresh'),
    );
  };

  let snapshot: StoreSnapshot = { cart: shownCart(), resources: initialResources };
  const initial = snapshot;

  const publish = (next: Partial<StoreSnapshot>) => {
    const merged = shareEqual(snapshot, { ...snapshot, ...next });
    if (merged === snapshot) return;
    snapshot = merged;
    for (const listener of [...listeners]) listener();
  };
  const publishCart = () => publish({ cart: shownCart() });

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    while (queue.length) {
      const entry = queue[0];
      entry.sent = true;
      const controller = (entry.controller = new AbortController());
      const change = resolved(entry);
      let result: CartResult;
      try {
        const before = serverCart;
        serverCart = await sendChange(client, api, change, entry.rule, { signal: controller.signal, cart: before });
        // Each temporary id now names the server's line; a line the change made keeps it as its key.
        for (const n of entry.rule.named?.(entry.change as never, serverCart, before) ?? []) {
          realIds.set(n.tempId, n.lineId);
          if (n.made && !keys.has(n.lineId)) keys.set(n.lineId, n.tempId);
        }
        result = { cart: viewOf(draftOf(serverCart, keyOf), false) };
      } catch (e) {
        if (controller.signal.aborted) {
          // Superseded: its waiters wait on the change that aborted it.
          queue.shift();
          continue;
        }
        if (noCart(e) && (change.kind === 'refresh' || change.kind === 'clear')) {
          serverCart = null;
          result = { cart: viewOf(draftOf(null), false) };
        } else {
          if (noCart(e)) serverCart = null;
          const error = storefrontError(e);
          result = { error };
          if (change.kind === 'refresh' && serverCart === undefined) readError = error;
          // The server's truth is unknown after a failure on the way, or was never read (its read superseded): read it.
          if (
            (error instanceof SystemError || serverCart === undefined) &&
            change.kind !== 'refresh' &&
            !queue.some((q) => q.change.kind === 'refresh')
          )
            queue.push({ change: { kind: 'refresh' }, rule: READ_CART, waiters: [], sent: false });
        }
      }
      queue.shift();
      publishCart();
      for (const waiter of entry.waiters) waiter(result);
    }
    pumping = false;
    const waiting = settledWaiters;
    settledWaiters = [];
    for (const w of waiting) w();
  }

  /**
   * The action's promise. Its error is typed by the action's operation (CartActionErrors): the
   * error is the one the change's own request threw, which the client types by its catalogue.
   */
  function enqueue<E extends StorefrontError>(change: CartChange, rule: AnyRule): Promise<CartResult<E>> {
    return new Promise<CartResult>((resolve) => {
      const last = queue[queue.length - 1];
      // A newer change of the kind still waiting folds into it when its rule says how.
      const merged =
        last &&
        !last.sent &&
        last.change.kind === change.kind &&
        rule.merge?.(last.change as never, change as never, (a, b) => resolveId(a) === resolveId(b));
      if (last && merged) {
        // Folded into the change still waiting: one request for both, and one answer.
        last.change = merged;
        last.waiters.push(resolve);
      } else {
        if (change.kind === 'refresh') readError = undefined;
        const entry: QueuedChange = { change, rule, waiters: [resolve], sent: false };
        queue.push(entry);
        const head = queue[0];
        if (change.kind !== 'refresh' && head.change.kind === 'refresh' && head.controller && queue.length === 2) {
          // A read on its way is superseded by a change, which answers with the whole cart:
          // aborted, and its waiters answered by the change.
          entry.waiters.push(...head.waiters);
          head.waiters = [];
          head.controller.abort();
        }
      }
      publishCart();
      void pump();
    }) as Promise<CartResult<E>>;
  }

  // The catalog hooks teach the store what a line just added shows (so a page without them does not bundle it).
  let describeLine: LineDescriber = () => ({});

  return {
    client,
    cartApi: api,
    getSnapshot: () => snapshot,
    getInitialSnapshot: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    queueChange: enqueue,
    ensureCart() {
      if (serverCart === undefined && !queue.some((q) => q.change.kind === 'refresh'))
        void enqueue({ kind: 'refresh' }, READ_CART);
    },
    cartSettled: () =>
      queue.length ? new Promise<void>((resolve) => settledWaiters.push(resolve)) : Promise.resolve(),
    cartReadError: () => readError,
    updateResources(update) {
      publish({ resources: update(snapshot.resources) });
    },
    setLineDescriber(describe) {
      describeLine = describe;
    },
    describeLine: (line) => describeLine(line, snapshot),
    known() {
      const resources: Record<string, unknown> = {};
      for (const [key, r] of Object.entries(snapshot.resources)) if (r.status === 'success') resources[key] = r.data;
      return { cart: serverCart, resources };
    },
  };
}
