// @vitest-environment happy-dom
/**
 * The cart's store (store.ts) through its hooks, against the in-process sandbox: one read for the
 * page, one queue of changes, what a shopper sees while changes are underway (optimistic lines,
 * rollbacks), what the server ends with, how many requests and renders one change costs.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError } from '../../src/index.ts';
import {
  StorefrontProvider,
  useCart,
  useCartActions,
  useCartCount,
  useCartLine,
  useCartTotals,
  useStorefront,
  type CartActions,
  type CartResult,
  type StorefrontStore,
} from '../../src/react/index.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { CART_API, CART_REQUESTS, linesOf, mount, renderCounter, TEN_SLUGS, visitorKit, type Kit } from './support.tsx';

const renders = renderCounter();

function Line({ id }: { id: string }) {
  const line = useCartLine(id);
  renders.count(`line:${id}`);
  return (
    <li data-line={line?.id} data-key={id} data-pending={line?.pending} data-optimistic={line?.optimistic}>
      {line?.quantity}
      <button type="button" aria-label={`more of ${id}`} />
    </li>
  );
}

function Lines() {
  const keys = useCart((cart) => cart?.lineItems.map((l) => l.key));
  renders.count('lines');
  return (
    <ul>
      {keys?.map((key) => (
        <Line key={key} id={key} />
      ))}
    </ul>
  );
}

function Badge() {
  const count = useCartCount();
  renders.count('badge');
  return <span data-badge>{count}</span>;
}

function Subtotal() {
  const totals = useCartTotals();
  renders.count('subtotal');
  return <span data-subtotal={totals.subtotal} data-pending={totals.pending} />;
}

/** An action-only component: hands out the actions and the store, renders once. */
let actions: CartActions;
let store: StorefrontStore;
const seenActions = new Set<CartActions>();
function Buttons() {
  actions = useCartActions();
  store = useStorefront();
  seenActions.add(actions);
  renders.count('buttons');
  return null;
}

function CartPage({ kit }: { kit: Kit }) {
  return (
    <StorefrontProvider client={kit.client} cartApi={CART_API}>
      <Badge />
      <Lines />
      <Subtotal />
      <Buttons />
    </StorefrontProvider>
  );
}

/** A visitor with these lines in the cart, the cart page mounted and its first read answered. */
async function cartPage(slugs: string[], quantity = 1) {
  const kit = visitorKit();
  if (slugs.length) await kit.addLines(await linesOf(kit, slugs, quantity));
  const from = kit.requests.length;
  renders.reset();
  const page = await mount(<CartPage kit={kit} />);
  await act(() => store.cartSettled());
  return { kit, page, from, lineIds: () => [...page.container.querySelectorAll('li')].map((li) => li.dataset.line!) };
}

const quantities = (root: HTMLElement) => [...root.querySelectorAll('li')].map((li) => Number(li.textContent));
const serverCart = (kit: Kit) => kit.serverCart();

describe('the cart store, through its hooks', () => {
  it('read the cart once for every consumer on the page', async () => {
    const { kit, page, from } = await cartPage(['linen-shirt', 'canvas-tote']);
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.read]);
    expect(page.container.querySelector('[data-badge]')!.textContent).toBe('2');
    expect(quantities(page.container)).toEqual([1, 1]);
    page.unmount();
  });

  it('one quantity change in a 10-line cart: one request, the line renders twice at most, the other lines and the actions not at all', async () => {
    const { kit, page, lineIds } = await cartPage(TEN_SLUGS);
    const ids = lineIds();
    expect(ids).toHaveLength(10);
    renders.reset();
    const from = kit.requests.length;

    let done!: Promise<CartResult>;
    act(() => void (done = actions.updateQuantity(ids[3], 4)));
    // Shown in the same update as the tap, marked pending.
    const li = page.container.querySelector<HTMLElement>(`[data-line="${ids[3]}"]`)!;
    expect(li.textContent).toBe('4');
    expect(li.dataset.pending).toBe('true');
    const result = await act(() => done);

    expect(result.error).toBeUndefined();
    expect(result.cart!.lineItems.find((l) => l.id === ids[3])!.quantity).toBe(4);
    expect(li.dataset.pending).toBe('false');
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.quantity]);
    expect(renders.of(`line:${ids[3]}`)).toBeGreaterThan(0);
    expect(renders.of(`line:${ids[3]}`)).toBeLessThanOrEqual(2);
    for (const id of ids.filter((id) => id !== ids[3])) expect(renders.of(`line:${id}`), `line ${id}`).toBe(0);
    expect(renders.of('lines'), 'the list of ids did not change').toBe(0);
    expect(renders.of('buttons'), 'an action-only component').toBe(0);
    expect(renders.of('badge'), 'the count changed once (10 -> 13)').toBe(1);
    console.log('renders for one quantity change in a 10-line cart:', renders.all());
    page.unmount();
  });

  it('five rapid taps on one line: at most 2 requests, and the server ends with the last tap', async () => {
    const { kit, page, lineIds } = await cartPage(['linen-shirt', 'canvas-tote']);
    const [id] = lineIds();
    const from = kit.requests.length;
    let taps!: Promise<CartResult>[];
    act(() => void (taps = [2, 3, 4, 5, 6].map((q) => actions.updateQuantity(id, q))));
    expect(quantities(page.container)).toEqual([6, 1]);
    const results = await act(() => Promise.all(taps));

    const sent = kit.cartRequests(from);
    console.log('requests for five rapid taps:', sent.length);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.every((r) => r === CART_REQUESTS.quantity)).toBe(true);
    // Every tap resolves, the superseded ones with the cart after the last.
    for (const r of results.slice(1)) expect(r.cart!.lineItems.find((l) => l.id === id)!.quantity).toBe(6);
    expect((await serverCart(kit)).lineItems.find((l) => l.id === id)!.quantity).toBe(6);
    expect(quantities(page.container)).toEqual([6, 1]);
    page.unmount();
  });

  it('two different actions back to back are both applied, in order', async () => {
    const { kit, page, lineIds } = await cartPage(['linen-shirt', 'canvas-tote']);
    const [shirt, tote] = lineIds();
    const from = kit.requests.length;
    let both!: Promise<CartResult[]>;
    act(() => void (both = Promise.all([actions.removeLines([tote]), actions.updateQuantity(shirt, 3)])));
    expect(quantities(page.container)).toEqual([3]);
    const [removed, updated] = await act(() => both);
    expect(removed.error).toBeUndefined();
    expect(updated.error).toBeUndefined();
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.remove, CART_REQUESTS.quantity]);
    expect((await serverCart(kit)).lineItems.map((l) => [l.id, l.quantity])).toEqual([[shirt, 3]]);
    page.unmount();
  });

  it('an add shows at once as an optimistic, pending line, then as the server line', async () => {
    const { kit, page } = await cartPage(['linen-shirt']);
    const [mug] = await linesOf(kit, ['ceramic-mug']);
    let done!: Promise<CartResult>;
    act(() => void (done = actions.addLines([mug])));
    const shown = page.container.querySelectorAll<HTMLElement>('li');
    expect(shown).toHaveLength(2);
    expect(shown[1].dataset).toMatchObject({ optimistic: 'true', pending: 'true' });
    expect(page.container.querySelector('[data-badge]')!.textContent).toBe('2');
    const result = await act(() => done);
    const line = result.cart!.lineItems[1];
    expect(line).toMatchObject({ optimistic: false, pending: false, name: { original: 'Ceramic mug' } });
    expect(page.container.querySelectorAll<HTMLElement>('li')[1].dataset).toMatchObject({
      line: line.id,
      optimistic: 'false',
    });
    page.unmount();
  });

  it('a line just added stays the same element when the server names it: the focus on its button is kept', async () => {
    const { kit, page } = await cartPage(['linen-shirt']);
    const [mug] = await linesOf(kit, ['ceramic-mug']);
    let added!: Promise<CartResult>;
    act(() => void (added = actions.addLines([mug])));
    const row = page.container.querySelectorAll<HTMLElement>('li')[1];
    const tempKey = row.dataset.key!;
    expect(row.dataset.optimistic).toBe('true');
    // A keyboard shopper on the new line's button presses it while the add is underway.
    row.querySelector('button')!.focus();
    let more!: Promise<CartResult>;
    act(() => void (more = actions.updateQuantity(tempKey, 2)));
    const result = await act(() => added);
    await act(() => more);
    const serverLine = result.cart!.lineItems[1];
    expect(serverLine.id).not.toBe(tempKey);
    expect(serverLine.key, 'the line keeps the key it was shown with').toBe(tempKey);
    const after = page.container.querySelectorAll<HTMLElement>('li')[1];
    expect(after, 'the same element, not a remounted one').toBe(row);
    expect(after.dataset).toMatchObject({ line: serverLine.id, key: tempKey, optimistic: 'false' });
    expect(document.activeElement, 'the focus stays on the button').toBe(row.querySelector('button'));
    expect(quantities(page.container)).toEqual([1, 2]);
    // A line that was already in the cart keeps its id as its key when an add adds to it.
    const [shirt] = await linesOf(kit, ['linen-shirt']);
    const first = page.container.querySelectorAll<HTMLElement>('li')[0];
    await act(() => actions.addLines([shirt]));
    expect(page.container.querySelectorAll<HTMLElement>('li')[0]).toBe(first);
    expect(store.getSnapshot().cart!.lineItems[0].key).toBe(store.getSnapshot().cart!.lineItems[0].id);
    page.unmount();
  });

  it('an add of an item already in the cart adds to its line at once', async () => {
    const { kit, page } = await cartPage(['linen-shirt']);
    const [shirt] = await linesOf(kit, ['linen-shirt'], 2);
    let done!: Promise<CartResult>;
    act(() => void (done = actions.addLines([shirt])));
    expect(quantities(page.container)).toEqual([3]);
    await act(() => done);
    expect((await serverCart(kit)).lineItems.map((l) => l.quantity)).toEqual([3]);
    page.unmount();
  });

  it('a quantity change to a line still being added is sent with the line the server made', async () => {
    const { kit, page } = await cartPage(['linen-shirt']);
    const [tote] = await linesOf(kit, ['canvas-tote']);
    let done!: Promise<CartResult>;
    act(() => {
      void actions.addLines([tote]);
      const tempId = store.getSnapshot().cart!.lineItems[1].id;
      done = actions.updateQuantity(tempId, 5);
    });
    expect(quantities(page.container)).toEqual([1, 5]);
    const result = await act(() => done);
    expect(result.error).toBeUndefined();
    expect((await serverCart(kit)).lineItems.map((l) => l.quantity)).toEqual([1, 5]);
    expect(quantities(page.container)).toEqual([1, 5]);
    page.unmount();
  });

  it('a refused add is rolled back to the server cart and resolves a typed error', async () => {
    const { kit, page } = await cartPage(['linen-shirt']);
    const before = store.getSnapshot().cart;
    const missing = '6b3a0000-0000-4000-8000-0000000009ff';
    let done!: Promise<CartResult>;
    act(
      () =>
        void (done = actions.addLines([
          { quantity: 1, catalogReference: { catalogItemId: missing, appId: STORES_APP_ID } },
        ])),
    );
    expect(quantities(page.container)).toEqual([1, 1]);
    const result = await act(() => done);
    expect(result.error).toBeInstanceOf(ApplicationError);
    expect(result.error!.code).toBe(CART_API === 'v2' ? 'ITEM_NOT_FOUND_IN_CATALOG' : 'ITEM_NOT_FOUND');
    expect(result.error!.message).toBe(`Product ${missing} not found in the catalog`);
    expect(quantities(page.container)).toEqual([1]);
    expect(store.getSnapshot().cart, 'the cart the server had before').toEqual(before);
    expect((await serverCart(kit)).lineItems).toHaveLength(1);
    page.unmount();
  });

  it('a request that never reaches the server resolves a SystemError, rolls back, and the cart is read again', async () => {
    let offline = false;
    const kit = visitorKit(undefined, () => offline);
    await kit.addLines(await linesOf(kit, ['linen-shirt']));
    const page = await mount(<CartPage kit={kit} />);
    await act(() => store.cartSettled());
    const [id] = [...page.container.querySelectorAll('li')].map((li) => (li as HTMLElement).dataset.line!);
    offline = true;
    const from = kit.requests.length;
    const result = await act(() => actions.updateQuantity(id, 9));
    offline = false;
    expect(result.error).toBeInstanceOf(SystemError);
    expect(result.error!.code).toBe('SYSTEM_ERROR');
    await act(() => store.cartSettled());
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.quantity, CART_REQUESTS.read]);
    expect(quantities(page.container)).toEqual([1]);
    page.unmount();
  });

  it('a change made while the first read is on its way aborts the read and answers for it', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const readSent = new Promise<void>((resolve) => (arrived = resolve));
    const kit = visitorKit(undefined, undefined, (request) => {
      if (request.method !== 'GET' || !request.url.includes('/carts/current')) return undefined;
      arrived();
      return released;
    });
    const [shirt, tote] = await linesOf(kit, ['linen-shirt', 'canvas-tote']);
    await kit.addLines([shirt]);
    const from = kit.requests.length;
    const page = await mount(<CartPage kit={kit} />);
    await act(() => readSent);
    // The first read is held on its way; the tote is added meanwhile and shows at once.
    let add!: Promise<CartResult>;
    act(() => void (add = actions.addLines([tote])));
    expect(quantities(page.container)).toEqual([1]);
    const result = await act(() => add);
    release();
    expect(result.error).toBeUndefined();
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.read, CART_REQUESTS.add]);
    // The add's answer is the whole cart: both lines, and no read after it.
    expect(quantities(page.container)).toEqual([1, 1]);
    await act(() => store.cartSettled());
    expect(kit.cartRequests(from)).toHaveLength(2);
    page.unmount();
  });

  it('a refused change after a superseded first read reads the cart again', async () => {
    let holding = true;
    let arrived!: () => void;
    const readSent = new Promise<void>((resolve) => (arrived = resolve));
    const kit = visitorKit(undefined, undefined, (request) => {
      if (!holding || request.method !== 'GET' || !request.url.includes('/carts/current')) return undefined;
      arrived();
      // The first read never answers (only the abort ends it).
      return new Promise<void>(() => {});
    });
    await kit.addLines(await linesOf(kit, ['linen-shirt']));
    const from = kit.requests.length;
    const page = await mount(<CartPage kit={kit} />);
    await act(() => readSent);
    let refused!: Promise<CartResult>;
    act(() => void (refused = actions.removeLines(['no-such-line'])));
    holding = false;
    const result = await act(() => refused);
    expect(result.error!.code).toBe(CART_API === 'v2' ? 'LINE_ITEM_NOT_FOUND_IN_CART' : 'LINE_ITEM_NOT_FOUND');
    await act(() => store.cartSettled());
    expect(kit.cartRequests(from)).toEqual([CART_REQUESTS.read, CART_REQUESTS.remove, CART_REQUESTS.read]);
    expect(quantities(page.container)).toEqual([1]);
    page.unmount();
  });

  it('stock and coupon warnings come as data; a wrong coupon is a typed error', async () => {
    const { kit, page } = await cartPage([]);
    const [mug] = await linesOf(kit, ['ceramic-mug'], 5);
    const added = await act(() => actions.addLines([mug]));
    const mugLine = added.cart!.lineItems[0];
    expect(added.cart!.warnings).toEqual([
      { kind: 'availability', lineItemId: mugLine.id, status: 'PARTIALLY_IN_STOCK', quantityAvailable: 2 },
    ]);
    const wrong = await act(() => actions.applyCoupon('NOPE'));
    expect(wrong.error).toBeInstanceOf(ApplicationError);
    expect(wrong.error!.code).toBe(CART_API === 'v2' ? 'INVALID_COUPON_CODE' : 'COUPON_DOES_NOT_EXIST');
    const applied = await act(() => actions.applyCoupon('SAVE10'));
    expect(applied.cart!.coupons?.map((c) => c.code)).toEqual(['SAVE10']);
    expect(applied.cart!.warnings.filter((w) => w.kind === 'coupon')).toEqual([]);
    const removed = await act(() => actions.removeCoupon());
    expect(removed.cart!.coupons).toEqual([]);
    page.unmount();
  });

  it('a note shows at once and is saved; clear empties the cart at once and deletes it', async () => {
    const { kit, page } = await cartPage(['linen-shirt', 'canvas-tote']);
    let note!: Promise<CartResult>;
    act(() => void (note = actions.setNote('Gift wrap, please')));
    expect(store.getSnapshot().cart!.note).toBe('Gift wrap, please');
    await act(() => note);
    expect((await serverCart(kit)).note).toBe('Gift wrap, please');

    let cleared!: Promise<CartResult>;
    act(() => void (cleared = actions.clear()));
    expect(quantities(page.container)).toEqual([]);
    expect(page.container.querySelector('[data-badge]')!.textContent).toBe('0');
    const result = await act(() => cleared);
    expect(result.cart!.lineItems).toEqual([]);
    await expect(serverCart(kit)).rejects.toMatchObject({ code: 'OWNED_CART_NOT_FOUND' });
    // A visitor without a cart is shown an empty one after a refresh too.
    const refreshed = await act(() => actions.refresh());
    expect(refreshed.cart).toMatchObject({ lineItems: [], pending: false, warnings: [] });
    page.unmount();
  });

  it('the actions keep their identity across renders', async () => {
    seenActions.clear();
    const { page, lineIds } = await cartPage(['linen-shirt']);
    await act(() => actions.updateQuantity(lineIds()[0], 2));
    await act(() => actions.refresh());
    expect(seenActions.size).toBe(1);
    page.unmount();
  });
});
