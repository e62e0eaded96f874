/**
 * Model-based: two visitors and an admin run random sequences of cart, checkout, order,
 * payment, stock, price and catalog operations and the clock against the sandbox (in process,
 * responses validated), and after every step the answers and the state are compared with a small
 * reference model of the rules:
 * - stock is never oversold nor created: each variant's stock is what the model says, never
 *   below zero, lines drawing on one stock share it, and a restock gives back what an order took,
 *   even after the admin removed the product's options;
 * - prices follow the catalog, discounts and variant surcharges included; totals add up in cents;
 * - a merchant discount set on the cart (on the whole cart or on one line, never more than it) is
 *   what the cart, its checkout and the order take off; a negative one is refused;
 * - a gift card pays what the buyer asked for, at most its balance and the total, and its
 *   balance goes down by what the order took;
 * - an open checkout read answers the prices of now, as the order charges;
 * - nothing is captured from a canceled order, and what is still authorized is released;
 * - a refused request changes nothing;
 * - Catalog V3 and V1 are one store: a shopper adds items by either catalog's references (V3's
 *   product and variant ids, a combination's id for a product without managed variants), a V3
 *   reader sees the prices and stock the model says, and the admin's V3 price change (at the
 *   product's current revision only) is what carts, checkouts and orders then charge;
 * - Cart V1 and Cart V2 are one cart: a shopper adds through either, and both read the same lines,
 *   quantities, prices and subtotal, and V2's estimate the discounts the model says.
 * fast-check's commands, a fixed seed (MODEL_SEED overrides it, MODEL_RUNS the number of runs)
 * and a bounded number of runs and steps.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { combinationVariantId } from '../../../src/sandbox/domain/catalog/catalog.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/create-sandbox.ts';
import { GIFT_CARD, PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { DEFAULT_API_KEY, DEFAULT_CLIENT_ID } from '../../../src/sandbox/platform/defaults.ts';

type Json = Record<string, any>;
const SEED = Number(process.env.MODEL_SEED ?? 1515);
const RUNS = Number(process.env.MODEL_RUNS ?? 50);
const DAY = 86_400_000;

// ---------------- the items shoppers buy ----------------

interface Item {
  name: string;
  product: string;
  choice?: Record<string, string>;
  /** Bought by options (a product without managed variants): gone when the admin removes its options. */
  byOptions?: boolean;
  /** The stock it draws on (items of one stock share it). */
  unit: string;
}
const ITEMS: Item[] = [
  { name: 'green mug', product: PRODUCT.ceramicMug, choice: { Color: 'Green' }, unit: 'mug/green' },
  { name: 'red mug', product: PRODUCT.ceramicMug, choice: { Color: 'Red' }, unit: 'mug/red' },
  { name: 'shirt S', product: PRODUCT.linenShirt, choice: { Size: 'S' }, unit: 'shirt/S' },
  { name: 'shirt XL', product: PRODUCT.linenShirt, choice: { Size: 'XL' }, unit: 'shirt/XL' },
  { name: 'beanie M', product: PRODUCT.woolBeanie, choice: { Size: 'M' }, unit: 'beanie/M' },
  { name: 'candle', product: PRODUCT.scentedCandle, unit: 'candle' },
  { name: 'red bandana', product: PRODUCT.cottonBandana, choice: { Color: 'Red' }, byOptions: true, unit: 'bandana' },
  { name: 'plain bandana', product: PRODUCT.cottonBandana, unit: 'bandana' },
];
const PRODUCTS = [...new Set(ITEMS.map((i) => i.product))];

// ---------------- the model ----------------

/** Minor units of a catalog number (two decimals). */
const cents = (n: number) => Math.round(n * 100);
const halfUp = (numerator: number, denominator: number) =>
  Math.sign(numerator) * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));

interface Auth {
  remaining: number;
  at?: { action: 'CAPTURE' | 'VOID'; day: number };
}
/** A merchant discount on a cart: an amount in cents, on the whole cart or on one item's line. */
interface Discount {
  amount: number;
  item?: number;
}
type Line = { item: number; quantity: number };
interface Checkout {
  id: string;
  completed: boolean;
  lines: Line[];
  pickup: boolean;
  discount?: Discount;
  /** A gift card on it, with the amount asked for (undefined: what it can pay). */
  gift?: { requested?: number };
}
interface Order {
  id: string;
  lines: { item: number; quantity: number; taken: number }[];
  total: number;
  paid: number;
  auths: Auth[];
  canceled: boolean;
}
interface Model {
  base: Record<string, number>;
  discount: Record<string, { type: string; value: number }>;
  /** Each item's surcharge over its product's base price. */
  surcharge: number[];
  /** Stock per unit. */
  stock: Record<string, number>;
  carts: Line[][];
  discounts: (Discount | undefined)[];
  checkouts: (Checkout | undefined)[];
  orders: Order[];
  day: number;
  /** The admin removed the bandana's options: bought by options, it is gone. */
  optionsRemoved: boolean;
  giftBalance: number;
}

const fullPrice = (m: Model, i: number) => Math.max(0, m.base[ITEMS[i].product] + m.surcharge[i]);
function unitPrice(m: Model, i: number): number {
  const full = fullPrice(m, i);
  const d = m.discount[ITEMS[i].product];
  if (d.type === 'AMOUNT') return Math.max(0, full - cents(d.value));
  if (d.type === 'PERCENT') return full - halfUp(full * d.value, 100);
  return full;
}
/** Whether an item can still be bought (one bought by options is gone once its options are). */
const sold = (m: Model, i: number) => !(ITEMS[i].byOptions && m.optionsRemoved);
/** Each line's availability in order (lines drawing on one stock share it) and what of it can be paid for. */
function availability(m: Model, lines: Line[]) {
  const left = { ...m.stock };
  return lines.map((l) => {
    if (!sold(m, l.item)) return { ...l, status: 'NOT_FOUND', payable: 0 };
    const unit = ITEMS[l.item].unit;
    const available = left[unit];
    const payable = Math.min(l.quantity, available);
    left[unit] -= payable;
    const status = available === 0 ? 'NOT_AVAILABLE' : available < l.quantity ? 'PARTIALLY_AVAILABLE' : 'AVAILABLE';
    return { ...l, status, payable };
  });
}
/** What a discount takes off payable lines: at most the whole subtotal, or its line. */
function discountOf(m: Model, payable: Line[], d: Discount | undefined): number {
  if (!d) return 0;
  const of = payable.filter((l) => d.item === undefined || l.item === d.item);
  return Math.min(
    d.amount,
    of.reduce((t, l) => t + unitPrice(m, l.item) * l.quantity, 0),
  );
}
/** What a checkout charges: payable quantities, subtotal, discount, shipping, US tax at 8.875 %, gift card, total. */
function checkoutTotals(m: Model, lines: Line[], pickup: boolean, discount?: Discount, gift?: Checkout['gift']) {
  const payable = availability(m, lines)
    .filter((l) => l.payable > 0)
    .map((l) => ({ item: l.item, quantity: l.payable }));
  const subtotal = payable.reduce((t, l) => t + unitPrice(m, l.item) * l.quantity, 0);
  const off = discountOf(m, payable, discount);
  const shipping = payable.length && !pickup ? 500 : 0;
  const tax = halfUp((subtotal - off) * 8875, 100_000);
  const total = subtotal - off + shipping + tax;
  const giftCard = gift ? Math.min(gift.requested ?? Infinity, m.giftBalance, total) : 0;
  return { payable, subtotal, discount: off, shipping, tax, total, giftCard };
}
const cents2 = (n: number) => (n / 100).toFixed(2);

// ---------------- the sandbox ----------------

interface Real {
  sandbox: Sandbox;
  tokens: string[];
}
async function api(
  r: Real,
  caller: number | 'admin',
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { authorization: caller === 'admin' ? DEFAULT_API_KEY : r.tokens[caller] };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await r.sandbox.handle(
    new Request(`http://sandbox.test${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const answer = await res.json();
  // A 5xx names its error, so a failing run says what broke.
  expect(res.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(500);
  return { status: res.status, body: answer };
}
/** The store's state, read in place (the test only reads it). */
const stateOf = (r: Real) => r.sandbox.store.snapshot().collections as Record<string, Record<string, Json>>;
const refOf = (item: Item, variants: Json[]) =>
  item.byOptions
    ? { appId: STORES_APP_ID, catalogItemId: item.product, options: { options: item.choice } }
    : item.choice
      ? { appId: STORES_APP_ID, catalogItemId: item.product, options: { variantId: variantOf(item, variants).id } }
      : { appId: STORES_APP_ID, catalogItemId: item.product };
const variantOf = (item: Item, variants: Json[]) =>
  item.byOptions || !item.choice || variants.length === 1
    ? variants[0]
    : variants.find((v) => Object.entries(item.choice!).every(([k, c]) => v.choices[k] === c))!;
/** Whether a shopper can name the item by a V3 reference (the plain bandana is V1's default variant of an optioned product: V3 has none). */
const hasV3Ref = (item: Item) => !(item.product === PRODUCT.cottonBandana && !item.choice);
/** The item's variant in V3's view of its product (by its choices' names), or undefined. */
const v3VariantOf = (item: Item, product: Json): Json | undefined =>
  (product.variantsInfo.variants as Json[]).find((v) =>
    item.choice
      ? Object.entries(item.choice).every(([k, c]) =>
          (v.choices as Json[]).some(
            (x) => x.optionChoiceNames?.optionName === k && x.optionChoiceNames?.choiceName === c,
          ),
        )
      : (v.choices as Json[]).length === 0,
  );
/** The V3 catalog reference a V3 storefront sends: the product id and its V3 variant's id, read from V3. */
async function v3RefOf(r: Real, caller: number | 'admin', item: Item) {
  const res = await api(r, caller, 'GET', `/stores/v3/products/${item.product}?fields=VARIANT_OPTION_CHOICE_NAMES`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A combination of the bandana whose options are gone: the id a V3 storefront read before.
  const id = v3VariantOf(item, res.body.product)?.id ?? combinationVariantId(item.product, item.choice ?? {});
  return { appId: STORES_APP_ID, catalogItemId: item.product, options: { variantId: id } };
}
const money = (p: Json | undefined) => Math.round(Number(p?.amount ?? 'NaN') * 100);
const addsUp = (p: Json) =>
  expect(money(p.total)).toBe(money(p.subtotal) - money(p.discount) + money(p.shipping) + money(p.tax));

/** Refused: the answer is an error with this status and the state did not move. */
async function refused(r: Real, status: number, attempt: () => Promise<{ status: number; body: Json }>) {
  const before = JSON.stringify(stateOf(r));
  const res = await attempt();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const after = JSON.stringify(stateOf(r));
  if (after !== before) expect(JSON.parse(after)).toEqual(JSON.parse(before));
}

/** After every step: stock, orders and their money as the model says. */
function check(m: Model, r: Real) {
  const st = stateOf(r);
  ITEMS.forEach((item) => {
    const q = variantOf(item, st.products[item.product].variants).stock.quantity;
    expect(q, `${item.name} in stock`).toBe(m.stock[item.unit]);
    expect(q).toBeGreaterThanOrEqual(0);
  });
  expect(Math.round(st.giftCards[GIFT_CARD.code].balance * 100), 'gift card balance').toBe(m.giftBalance);
  for (const o of m.orders) {
    const real = st.orders[o.id];
    addsUp(real.priceSummary);
    expect(money(real.priceSummary.total), 'order total').toBe(o.total);
    expect(real.lineItems.map((l: Json) => l.quantity)).toEqual(o.lines.map((l) => l.quantity));
    expect(money(real.balanceSummary.paid), 'paid').toBe(o.paid);
    expect(money(real.balanceSummary.authorized), 'authorized').toBe(o.auths.reduce((t, a) => t + a.remaining, 0));
    expect(real.status === 'CANCELED').toBe(o.canceled);
  }
}

// ---------------- the commands ----------------

type Cmd = fc.AsyncCommand<Model, Real>;
/** Steps run, over all runs (the run must have done real work). */
let steps = 0;
/** Steps run per kind of command (printed: the run must reach every rule). */
const kinds = new Map<string, number>();
const cmd = (
  name: string,
  run: (m: Model, r: Real) => Promise<void>,
  can: (m: Model) => boolean = () => true,
): Cmd => ({
  check: can,
  async run(m, r) {
    steps++;
    const kind = ITEMS.reduce((k, item) => k.replace(item.name, 'ITEM'), name).replace(/-?[\d.]+/g, 'N');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    await run(m, r);
    check(m, r);
  },
  toString: () => name,
});

/** A visitor reads their checkout: an open one answers the prices, discount and gift card of now. */
async function readsCheckout(m: Model, r: Real, v: number) {
  const ck = m.checkouts[v]!;
  const res = await api(r, v, 'GET', `/ecom/v1/checkouts/${ck.id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (ck.completed) return;
  const p = res.body.checkout.priceSummary;
  const t = checkoutTotals(m, ck.lines, ck.pickup, ck.discount, ck.gift);
  const gift = res.body.checkout.giftCard?.amount ?? { amount: '0' };
  addsUp({ ...p, total: { amount: cents2(money(p.total) + money(gift)) } });
  expect(
    [p.subtotal, p.discount, p.shipping, p.tax, p.total].map(money),
    'checkout subtotal, discount, shipping, tax, total',
  ).toEqual([t.subtotal, t.discount, t.shipping, t.tax, t.total - t.giftCard]);
  expect(money(gift), 'gift card pays').toBe(t.giftCard);
}

const visitorArb = fc.integer({ min: 0, max: 1 });
/** A command drawn `weight` times as often as the others (adding, checking out and ordering make the rest reachable). */
const weighted = (weight: number, arbitrary: fc.Arbitrary<Cmd>) => ({ weight, arbitrary });
const itemArb = fc.integer({ min: 0, max: ITEMS.length - 1 });

const commands = [
  weighted(
    3,
    fc.tuple(visitorArb, itemArb, fc.integer({ min: 1, max: 4 }), fc.boolean()).map(([v, i, q, v3]) =>
      cmd(
        `visitor ${v} adds ${q} ${ITEMS[i].name}${v3 && hasV3Ref(ITEMS[i]) ? ' by its V3 references' : ''}`,
        async (m, r) => {
          const variants = stateOf(r).products[ITEMS[i].product].variants;
          const path = '/ecom/v1/carts/current/add-to-cart';
          const ref = v3 && hasV3Ref(ITEMS[i]) ? await v3RefOf(r, v, ITEMS[i]) : refOf(ITEMS[i], variants);
          const body = { lineItems: [{ quantity: q, catalogReference: ref }] };
          if (!sold(m, i)) return refused(r, 400, () => api(r, v, 'POST', path, body));
          const res = await api(r, v, 'POST', path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const cart = m.carts[v];
          const same = cart.find((l) => l.item === i);
          if (same) same.quantity += q;
          else cart.push({ item: i, quantity: q });
          const lines: Json[] = res.body.cart.lineItems;
          expect(lines.map((l) => l.quantity)).toEqual(cart.map((l) => l.quantity));
          const expected = availability(m, cart);
          cart.forEach((l, k) => {
            expect(lines[k].availability.status, `${ITEMS[l.item].name} availability`).toBe(expected[k].status);
            if (!sold(m, l.item)) return;
            expect(money(lines[k].price), `${ITEMS[l.item].name} price`).toBe(unitPrice(m, l.item));
            expect(money(lines[k].fullPrice)).toBe(fullPrice(m, l.item));
          });
          const t = checkoutTotals(m, cart, true, m.discounts[v]);
          expect(money(res.body.cart.subtotal), 'cart subtotal').toBe(t.subtotal);
          const merchant = (res.body.cart.appliedDiscounts as Json[]).filter((d) => d.merchantDiscount);
          expect(
            merchant.map((d) => money(d.merchantDiscount.amount)),
            'cart merchant discount',
          ).toEqual(m.discounts[v] ? [t.discount] : []);
        },
      ),
    ),
  ),
  // Cart V2 is a view of the same cart: a line added through it is the model's line as well.
  weighted(
    2,
    fc.tuple(visitorArb, itemArb, fc.integer({ min: 1, max: 4 })).map(([v, i, q]) =>
      cmd(`visitor ${v} adds ${q} ${ITEMS[i].name} through Cart V2`, async (m, r) => {
        const variants = stateOf(r).products[ITEMS[i].product].variants;
        const path = '/ecom/v2/carts/current/add-line-items';
        const body = { catalogItems: [{ quantity: q, catalogReference: refOf(ITEMS[i], variants) }] };
        if (!sold(m, i)) return refused(r, 400, () => api(r, v, 'POST', path, body));
        const res = await api(r, v, 'POST', path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const cart = m.carts[v];
        const same = cart.find((l) => l.item === i);
        if (same) same.quantity += q;
        else cart.push({ item: i, quantity: q });
        const lines: Json[] = res.body.cart.lineItems;
        expect(lines.map((l) => l.quantityInfo.requestedQuantity)).toEqual(cart.map((l) => l.quantity));
        const expected = availability(m, cart);
        cart.forEach((l, k) => {
          expect(lines[k].quantityInfo.confirmedQuantity, `${ITEMS[l.item].name} confirmed`).toBe(expected[k].payable);
          if (!sold(m, l.item)) return;
          expect(money(lines[k].pricing.unitPrice), `${ITEMS[l.item].name} V2 price`).toBe(unitPrice(m, l.item));
        });
        expect(money(res.body.cart.subtotal), 'V2 cart subtotal').toBe(checkoutTotals(m, cart, true, m.discounts[v]).subtotal);
      }),
    ),
  ),
  visitorArb.map((v) =>
    cmd(`visitor ${v} reads their cart through Cart V1 and Cart V2`, async (m, r) => {
      const v1 = await api(r, v, 'GET', '/ecom/v1/carts/current');
      const v2 = await api(r, v, 'GET', '/ecom/v2/carts/current');
      expect(v2.status, JSON.stringify(v2.body)).toBe(v1.status);
      if (!m.carts[v].length) return;
      expect(v1.status, JSON.stringify(v1.body)).toBe(200);
      expect(v2.body.cart.id).toBe(v1.body.cart.id);
      const quantities = m.carts[v].map((l) => l.quantity);
      expect(v1.body.cart.lineItems.map((l: Json) => l.quantity)).toEqual(quantities);
      expect(v2.body.cart.lineItems.map((l: Json) => l.quantityInfo.requestedQuantity)).toEqual(quantities);
      expect(v2.body.cart.lineItems.map((l: Json) => l.id)).toEqual(v1.body.cart.lineItems.map((l: Json) => l.id));
      const t = checkoutTotals(m, m.carts[v], true, m.discounts[v]);
      expect(money(v1.body.cart.subtotal)).toBe(t.subtotal);
      expect(money(v2.body.cart.subtotal)).toBe(t.subtotal);
      // V2's estimate prices the cart with the same rules: subtotal and discounts as the model says.
      const estimate = await api(r, v, 'POST', '/ecom/v2/carts/current/estimate', { calculateTax: false, calculateDelivery: false });
      expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
      const p = estimate.body.summary.priceSummary;
      expect([p.subtotal, p.discount].map(money), 'V2 estimate subtotal, discount').toEqual([t.subtotal, t.discount]);
    }),
  ),
  weighted(
    2,
    fc.tuple(visitorArb, fc.boolean()).map(([v, pickup]) =>
      cmd(`visitor ${v} checks out${pickup ? ' for pickup' : ''}`, async (m, r) => {
        if (!m.carts[v].length) {
          const res = await api(r, v, 'POST', '/ecom/v1/carts/current/create-checkout', {});
          expect([400, 404]).toContain(res.status);
          return;
        }
        const res = await api(r, v, 'POST', '/ecom/v1/carts/current/create-checkout', {
          shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York' },
          ...(pickup ? { selectedShippingOption: { code: 'pickup' } } : {}),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const discount = m.discounts[v];
        m.checkouts[v] = {
          id: res.body.checkoutId,
          completed: false,
          lines: m.carts[v].map((l) => ({ ...l })),
          pickup,
          ...(discount ? { discount: { ...discount } } : {}),
        };
        await readsCheckout(m, r, v);
      }),
    ),
  ),
  weighted(
    2,
    visitorArb.map((v) =>
      cmd(
        `visitor ${v} reads their checkout`,
        async (m, r) => readsCheckout(m, r, v),
        (m) => m.checkouts[v] !== undefined,
      ),
    ),
  ),
  fc
    .tuple(visitorArb, fc.constantFrom(50, 300, 1000, 20_000, -100), fc.option(itemArb, { nil: undefined }))
    .map(([v, amount, item]) =>
      cmd(
        `visitor ${v} is given ${cents2(amount)} off ${item === undefined ? 'the cart' : `the ${ITEMS[item].name}`}`,
        async (m, r) => {
          const path = '/ecom/v1/carts/current';
          const cart = await api(r, v, 'GET', path);
          // The model's lines are the cart's, in order.
          const k = item === undefined ? -1 : m.carts[v].findIndex((l) => l.item === item);
          const line = k < 0 ? undefined : cart.body.cart.lineItems[k];
          const body = {
            merchantDiscounts: [
              {
                amount: cents2(amount),
                ...(item === undefined ? {} : { lineItemIds: [line?.id ?? 'not-in-the-cart'] }),
              },
            ],
          };
          if (amount < 0 || (item !== undefined && !line)) return refused(r, 400, () => api(r, v, 'PATCH', path, body));
          const res = await api(r, v, 'PATCH', path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          m.discounts[v] = { amount, item };
          const t = checkoutTotals(m, m.carts[v], true, m.discounts[v]);
          const applied = (res.body.cart.appliedDiscounts as Json[]).filter((d) => d.merchantDiscount);
          expect(
            applied.map((d) => money(d.merchantDiscount.amount)),
            'merchant discount',
          ).toEqual([t.discount]);
          expect(applied[0].discountType).toBe(item === undefined ? 'GLOBAL' : 'SPECIFIC_ITEMS');
        },
      ),
    ),
  weighted(
    2,
    fc.tuple(visitorArb, fc.constantFrom(undefined, 0, 500, 2000, 100_000, -1)).map(([v, requested]) =>
      cmd(
        `visitor ${v} pays with the gift card${requested === undefined ? '' : ` (${cents2(requested)} of it)`}`,
        async (m, r) => {
          const ck = m.checkouts[v]!;
          const path = `/ecom/v1/checkouts/${ck.id}`;
          const body = {
            checkout: {},
            giftCardCode: GIFT_CARD.code,
            ...(requested === undefined ? {} : { giftCardRedeemAmount: cents2(requested) }),
          };
          if (ck.completed) return refused(r, 409, () => api(r, v, 'PATCH', path, body));
          if (requested !== undefined && requested < 0) return refused(r, 400, () => api(r, v, 'PATCH', path, body));
          const res = await api(r, v, 'PATCH', path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          ck.gift = { requested };
          await readsCheckout(m, r, v);
        },
        (m) => m.checkouts[v] !== undefined,
      ),
    ),
  ),
  weighted(
    3,
    fc.tuple(visitorArb, fc.boolean()).map(([v, delay]) =>
      cmd(
        `visitor ${v} places the order${delay ? ' (authorize only)' : ''}`,
        async (m, r) => {
          const ck = m.checkouts[v]!;
          const path = `/ecom/v1/checkouts/${ck.id}/create-order`;
          if (ck.completed) return refused(r, 409, () => api(r, v, 'POST', path, { delayCapture: delay }));
          const t = checkoutTotals(m, ck.lines, ck.pickup, ck.discount, ck.gift);
          if (!t.payable.length) return refused(r, 400, () => api(r, v, 'POST', path, { delayCapture: delay }));
          const res = await api(r, v, 'POST', path, { delayCapture: delay });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          ck.completed = true;
          for (const l of t.payable) m.stock[ITEMS[l.item].unit] -= l.quantity;
          m.giftBalance -= t.giftCard;
          const due = t.total - t.giftCard;
          m.orders.push({
            id: res.body.orderId,
            lines: t.payable.map((l) => ({ item: l.item, quantity: l.quantity, taken: l.quantity })),
            total: t.total,
            paid: t.giftCard,
            auths: delay && due > 0 ? [{ remaining: due, at: { action: 'VOID', day: m.day + 7 } }] : [],
            canceled: false,
          });
          const order = stateOf(r).orders[res.body.orderId];
          expect(money(order.priceSummary.discount), 'order discount').toBe(t.discount);
        },
        (m) => m.checkouts.some((c, k) => c && k === v),
      ),
    ),
  ),
  fc.tuple(itemArb, fc.integer({ min: 1, max: 3 })).map(([i, q]) =>
    cmd(`admin orders ${q} ${ITEMS[i].name}`, async (m, r) => {
      const variants = stateOf(r).products[ITEMS[i].product].variants;
      const body = { order: { lineItems: [{ quantity: q, catalogReference: refOf(ITEMS[i], variants) }] } };
      if (!sold(m, i)) return refused(r, 400, () => api(r, 'admin', 'POST', '/ecom/v1/orders', body));
      if (q > m.stock[ITEMS[i].unit]) return refused(r, 409, () => api(r, 'admin', 'POST', '/ecom/v1/orders', body));
      const res = await api(r, 'admin', 'POST', '/ecom/v1/orders', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      m.stock[ITEMS[i].unit] -= q;
      m.orders.push({
        id: res.body.order.id,
        lines: [{ item: i, quantity: q, taken: q }],
        total: unitPrice(m, i) * q,
        paid: 0,
        auths: [],
        canceled: false,
      });
    }),
  ),
  weighted(
    2,
    fc.tuple(fc.nat(), fc.boolean(), fc.boolean()).map(([k, restock, open]) =>
      cmd(
        `admin cancels ${open ? 'an open' : 'any'} order${restock ? ' and restocks' : ''}`,
        async (m, r) => {
          const candidates = open && m.orders.some((o) => !o.canceled) ? m.orders.filter((o) => !o.canceled) : m.orders;
          const o = candidates[k % candidates.length];
          const path = `/ecom/v1/orders/${o.id}/cancel`;
          if (o.canceled) return refused(r, 409, () => api(r, 'admin', 'POST', path, { restockAllItems: restock }));
          const res = await api(r, 'admin', 'POST', path, { restockAllItems: restock });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          o.canceled = true;
          for (const a of o.auths) a.remaining = 0;
          if (restock)
            for (const l of o.lines) {
              m.stock[ITEMS[l.item].unit] += l.taken;
              l.taken = 0;
            }
        },
        (m) => m.orders.length > 0,
      ),
    ),
  ),
  fc.nat().map((k) =>
    cmd(
      'admin authorizes what is left to pay, captured in 2 days',
      async (m, r) => {
        const o = m.orders[k % m.orders.length];
        const left = o.total - o.paid - o.auths.reduce((t, a) => t + a.remaining, 0);
        const path = `/ecom/v1/payments-collector/orders/${o.id}/prepare-payment-collection`;
        const body = {
          amount: { amount: (Math.max(left, 1) / 100).toFixed(2) },
          delayedCapture: true,
          delayedCaptureSettings: { scheduledAction: 'CAPTURE', delayDuration: { unit: 'DAYS', count: 2 } },
        };
        if (o.canceled || left <= 0)
          return refused(r, o.canceled || o.paid >= o.total ? 409 : 400, () => api(r, 'admin', 'POST', path, body));
        const res = await api(r, 'admin', 'POST', path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        o.auths.push({ remaining: left, at: { action: 'CAPTURE', day: m.day + 2 } });
      },
      (m) => m.orders.length > 0,
    ),
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(([k, part]) =>
    cmd(
      `admin captures ${part ? '1.00 of ' : ''}an authorization`,
      async (m, r) => {
        const authorized = m.orders.filter((x) => x.auths.length > 0);
        const o = authorized[k % authorized.length];
        const ids = (stateOf(r).orders[o.id].activities as Json[])
          .filter((a) => a.type === 'AUTHORIZED_PAYMENT_CREATED')
          .map((a) => a.paymentId);
        const n = o.auths.findIndex((a) => a.remaining > 0);
        const path = `/ecom/v1/payments-collector/orders/${o.id}/capture-authorized-payments`;
        const take = n < 0 ? 0 : part ? Math.min(100, o.auths[n].remaining) : o.auths[n].remaining;
        const body = {
          payments: [
            {
              paymentId: ids[n < 0 ? ids.length - 1 : n],
              ...(part ? { amount: { amount: (take / 100).toFixed(2) } } : {}),
            },
          ],
        };
        if (o.canceled || n < 0) return refused(r, 409, () => api(r, 'admin', 'POST', path, body));
        const res = await api(r, 'admin', 'POST', path, body);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        o.auths[n].remaining -= take;
        o.paid += take;
      },
      (m) => m.orders.some((o) => o.auths.length > 0),
    ),
  ),
  fc.tuple(fc.integer({ min: 0, max: PRODUCTS.length - 1 }), fc.constantFrom(-10, -1, 5, 10)).map(([p, pct]) =>
    cmd(`admin changes ${ITEMS.find((i) => i.product === PRODUCTS[p])!.name}'s price by ${pct} %`, async (m, r) => {
      const res = await api(r, 'admin', 'POST', '/stores/v1/bulk/products/adjust-properties', {
        ids: [PRODUCTS[p]],
        adjust: { price: { percentage: pct } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const base = m.base[PRODUCTS[p]];
      m.base[PRODUCTS[p]] = Math.max(0, base + halfUp(base * pct, 100));
    }),
  ),
  weighted(
    2,
    fc.tuple(visitorArb, itemArb).map(([v, i]) =>
      cmd(`a V3 reader (visitor ${v}) reads ${ITEMS[i].name}`, async (m, r) => {
        const item = ITEMS[i];
        const res = await api(
          r,
          v,
          'GET',
          `/stores/v3/products/${item.product}?fields=CURRENCY&fields=VARIANT_OPTION_CHOICE_NAMES`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const product = res.body.product;
        // The plain bandana is any of its combinations (they all sell from its one variant).
        const variant = hasV3Ref(item) ? v3VariantOf(item, product) : product.variantsInfo.variants[0];
        if (!sold(m, i))
          return expect(variant, `${item.name} has no V3 variant once its options are gone`).toBeUndefined();
        const price = variant!.price;
        expect(money(price.actualPrice), `${item.name} V3 actual price`).toBe(unitPrice(m, i));
        expect(price.actualPrice.formattedAmount).toBe(`$${cents2(unitPrice(m, i))}`);
        const full = fullPrice(m, i);
        expect(price.compareAtPrice ? money(price.compareAtPrice) : undefined, `${item.name} V3 compare-at price`).toBe(
          full > unitPrice(m, i) ? full : undefined,
        );
        expect(variant!.inventoryStatus.inStock, `${item.name} V3 in stock`).toBe(m.stock[item.unit] > 0);
      }),
    ),
  ),
  fc
    .tuple(
      fc.constantFrom(...ITEMS.map((item, i) => i).filter((i) => ITEMS[i].product !== PRODUCT.cottonBandana)),
      fc.constantFrom(0, 350, 1200),
      fc.boolean(),
    )
    .map(([i, surcharge, stale]) =>
      cmd(
        `admin sets ${ITEMS[i].name}'s list price to its base + ${cents2(surcharge)} through V3${stale ? ' at a stale revision' : ''}`,
        async (m, r) => {
          const item = ITEMS[i];
          const read = await api(
            r,
            'admin',
            'GET',
            `/stores/v3/products/${item.product}?fields=VARIANT_OPTION_CHOICE_NAMES`,
          );
          const variant = v3VariantOf(item, read.body.product)!;
          const revision = read.body.product.revision;
          // What the product's discount makes of the new list price: the price paid.
          const next = { ...m, surcharge: m.surcharge.map((x, k) => (k === i ? surcharge : x)) };
          const [full, paid] = [fullPrice(next, i), unitPrice(next, i)];
          const body = {
            product: {
              id: item.product,
              revision: stale ? String(Number(revision) + 1) : revision,
              variantsInfo: {
                variants: [
                  {
                    id: variant.id,
                    price: {
                      actualPrice: { amount: cents2(paid) },
                      ...(full > paid ? { compareAtPrice: { amount: cents2(full) } } : {}),
                    },
                  },
                ],
              },
            },
          };
          const path = `/stores/v3/products/${item.product}`;
          if (stale) return refused(r, 409, () => api(r, 'admin', 'PATCH', path, body));
          const res = await api(r, 'admin', 'PATCH', path, body);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.product.revision).toBe(String(Number(revision) + 1));
          m.surcharge[i] = surcharge;
        },
      ),
    ),
  fc.constant(
    cmd(
      "admin removes the bandana's options",
      async (m, r) => {
        const res = await api(r, 'admin', 'DELETE', `/stores/v1/products/${PRODUCT.cottonBandana}/options`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        m.optionsRemoved = true;
      },
      // Once a run, while an order of a bandana bought by its options is open (its restock comes after the change).
      (m) => !m.optionsRemoved && m.orders.some((o) => !o.canceled && o.lines.some((l) => ITEMS[l.item].byOptions)),
    ),
  ),
  fc.integer({ min: 1, max: 8 }).map((days) =>
    cmd(`${days} days pass`, async (m, r) => {
      await r.sandbox.advanceClock(days * 86_400);
      m.day += days;
      for (const o of m.orders)
        for (const a of o.auths) {
          if (a.remaining > 0 && a.at && a.at.day <= m.day) {
            if (a.at.action === 'CAPTURE') o.paid += a.remaining;
            a.remaining = 0;
          }
        }
    }),
  ),
];

// ---------------- the run ----------------

let real: Real;
let seeded: Json;

beforeAll(async () => {
  const sandbox = createSandbox({
    validateResponses: true,
    clientIds: [DEFAULT_CLIENT_ID],
    apiKeys: [DEFAULT_API_KEY],
    settings: { accessTokenTtlSeconds: 365 * 86_400 },
  });
  const tokens: string[] = [];
  for (let v = 0; v < 2; v++) {
    const res = await sandbox.handle(
      new Request('http://sandbox.test/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: DEFAULT_CLIENT_ID, grantType: 'anonymous' }),
      }),
    );
    tokens.push(((await res.json()) as Json).access_token);
  }
  real = { sandbox, tokens };
  seeded = structuredClone(sandbox.store.snapshot());
});

function initialModel(): Model {
  const st = stateOf(real);
  const base: Record<string, number> = {};
  const discount: Model['discount'] = {};
  for (const p of PRODUCTS) {
    base[p] = cents(st.products[p].priceData.price);
    discount[p] = st.products[p].discount ?? { type: 'NONE', value: 0 };
  }
  const variantPrice = (i: number) =>
    cents(variantOf(ITEMS[i], st.products[ITEMS[i].product].variants).variant.priceData.price);
  return {
    base,
    discount,
    surcharge: ITEMS.map((item, i) => variantPrice(i) - base[item.product]),
    stock: Object.fromEntries(
      ITEMS.map((item) => [item.unit, variantOf(item, st.products[item.product].variants).stock.quantity]),
    ),
    carts: [[], []],
    discounts: [undefined, undefined],
    checkouts: [undefined, undefined],
    orders: [],
    day: 0,
    optionsRemoved: false,
    giftBalance: Math.round(st.giftCards[GIFT_CARD.code].balance * 100),
  };
}

it('keeps the rules through random shoppers, an admin and the clock', async () => {
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(
      fc.commands([fc.oneof(...commands.map((c) => ('weight' in c ? c : { weight: 1, arbitrary: c })))], {
        maxCommands: 60,
        size: 'max',
      }),
      async (cmds) => {
        // Every run starts from the seeded state at the same clock.
        real.sandbox.store.load(structuredClone(seeded) as never);
        await fc.asyncModelRun(() => ({ model: initialModel(), real }), cmds);
      },
    ),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(steps).toBeGreaterThan(RUNS * 5);
  console.log(`model run: seed ${SEED}, ${RUNS} runs, ${steps} steps, ${Date.now() - started} ms`);
  console.log([...kinds].map(([k, n]) => `${n}\t${k}`).join('\n'));
}, 300_000);
