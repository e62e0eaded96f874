/**
 * Load and fault: the sandbox runs as a child process with `--data FILE`; several visitors
 * (the project's client with OAuthStrategy) add to their carts, raise quantities and turn carts
 * into checkouts and orders, and a merchant (API key) tags those orders, while the test kills the
 * process with SIGKILL and starts it again on the same port and file. Afterwards every acknowledged write (a 200 the client received) is
 * there, nothing appeared that no client sent, and cart totals add up.
 */
import { type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, checkout, createClient, currentCart, OAuthStrategy, orders, products } from '../../src/index.ts';
import { API_KEY, call, CLIENT_ID } from '../support/sandbox.ts';
import { recordFigures } from './support.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';
import { tempFolder } from '../support/temp-folder.ts';

const CLIENTS = Number(process.env.SFK_FAULT_CLIENTS ?? 4);
const RESTARTS = Number(process.env.SFK_FAULT_RESTARTS ?? 4);
/** Acknowledged writes between kills (or MAX_RUN_MS, whichever comes first). */
const WRITES_PER_RUN = 6 * CLIENTS;
const MAX_RUN_MS = 15_000;

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startSandbox(port: number, data: string): Promise<ChildProcess> {
  return (await startSandboxProcess(['--port', String(port), '--data', data], children)).child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const amount = (m: { amount?: string } | undefined) => Number(m?.amount ?? 0);

type Cart = { id?: string; lineItems?: { id?: string; quantity?: number; price?: { amount?: string }; availability?: { status?: string } }[]; subtotal?: { amount?: string } };

/** Sum of line price x quantity, to the cent, against the cart's subtotal. */
function totalsProblem(cart: Cart): string | undefined {
  const sum = (cart.lineItems ?? []).reduce((s, l) => s + amount(l.price) * (l.quantity ?? 0), 0);
  return Math.abs(sum - amount(cart.subtotal)) > 0.005 ? `cart ${cart.id}: lines add up to ${sum.toFixed(2)}, subtotal says ${cart.subtotal?.amount}` : undefined;
}

const quantities = (cart: Cart) => new Map((cart.lineItems ?? []).map((l) => [l.id!, l.quantity ?? 0]));
const totalQuantity = (cart: Cart) => (cart.lineItems ?? []).reduce((s, l) => s + (l.quantity ?? 0), 0);

/** Is this a failure to reach the server (killed, restarting), not an answer? */
const unreachable = (err: unknown) => typeof (err as { status?: unknown })?.status !== 'number';

interface Shopper {
  kit: ReturnType<typeof shopper>;
  /** The cart of the last acknowledged cart write. */
  acked?: Cart;
  /** Quantity sent in writes without an answer since the last acknowledged one (they may or may not have landed). */
  unackedQuantity: number;
  checkouts: string[];
  orders: string[];
}

function shopper(host: string) {
  return createClient({ modules: { currentCart, checkout, products }, auth: OAuthStrategy({ clientId: CLIENT_ID }), host, retry: false, timeoutMs: 5_000 });
}

describe('load and fault: concurrent visitors while the sandbox is killed and restarted', () => {
  it('keeps every acknowledged write and consistent totals across SIGKILL restarts', async () => {
    const data = join(tempFolder('sfk-fault-'), 'state.json');
    const port = await freePort();
    const host = `http://127.0.0.1:${port}`;
    let child = await startSandbox(port, data);

    const catalog = (await shopper(host).products.queryProducts({ query: { paging: { limit: 100 } } })).products!;
    // Items whose stock is not tracked: every quantity stays available, so subtotal = sum of lines.
    const items = catalog.filter((p) => p.visible && p.stock?.trackInventory === false && !p.productOptions?.length).map((p) => p.id!);
    expect(items.length).toBeGreaterThan(0);

    const shoppers: Shopper[] = Array.from({ length: CLIENTS }, () => ({ kit: shopper(host), unackedQuantity: 0, checkouts: [], orders: [] }));
    const figures = { writesAcknowledged: 0, writesUnanswered: 0, restarts: 0, totalsChecked: 0 };
    const problems: string[] = [];
    let stop = false;
    // After a failed write, a shopper waits for the sandbox to answer again instead of hammering a closed port.
    async function untilUp(): Promise<void> {
      while (!stop) {
        if (await fetch(`${host}/__sandbox/info`).then((r) => r.ok, () => false)) return;
        await sleep(100);
      }
    }

    async function write<T>(s: Shopper, quantity: number, send: () => Promise<T>, ack: (r: T) => void): Promise<void> {
      try {
        const r = await send();
        figures.writesAcknowledged++;
        ack(r);
      } catch (err) {
        if (!unreachable(err)) {
          problems.push(`an answer other than 200 during the run: ${(err as Error).message}`);
          return;
        }
        figures.writesUnanswered++;
        s.unackedQuantity += quantity;
        await untilUp();
      }
    }

    const ackCart = (s: Shopper, cart: Cart | undefined) => {
      const problem = cart ? totalsProblem(cart) : 'a cart write answered without a cart';
      figures.totalsChecked++;
      if (problem) problems.push(problem);
      s.acked = cart;
      s.unackedQuantity = 0;
    };

    async function shop(s: Shopper, n: number): Promise<void> {
      for (let step = 0; !stop; step++) {
        const roll = (step * 7 + n * 3) % 10;
        const line = s.acked?.lineItems?.[step % (s.acked.lineItems.length || 1)];
        if (roll < 6 || !line) {
          const item = items[(step + n) % items.length];
          await write(s, 1, () => s.kit.currentCart.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { catalogItemId: item, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } }] }), (r) => ackCart(s, r.cart as Cart));
        } else if (roll < 8) {
          // Quantities only grow, so "every acknowledged write is there" is a lower bound per line.
          await write(s, 1, () => s.kit.currentCart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: line.id!, quantity: (line.quantity ?? 0) + 1 }] }), (r) => ackCart(s, r.cart as Cart));
        } else {
          let checkoutId: string | undefined;
          await write(s, 0, () => s.kit.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' }), (r) => {
            checkoutId = r.checkoutId;
            s.checkouts.push(r.checkoutId!);
          });
          if (checkoutId) await write(s, 0, () => s.kit.checkout.createOrder(checkoutId!, {}), (r) => void s.orders.push(r.orderId!));
        }
      }
    }

    // Beside the shoppers, the merchant tags their orders (API key): each acknowledged tag must stay.
    const admin = createClient({ modules: { orders }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: 'sandbox-site' }), host, retry: false, timeoutMs: 5_000 });
    const tags: { orderId: string; tag: string }[] = [];
    async function tagOrders(): Promise<void> {
      for (let n = 0; !stop; n++) {
        const placed = shoppers.flatMap((s) => s.orders);
        if (!placed.length) {
          await sleep(50);
          continue;
        }
        const orderId = placed[n % placed.length];
        const tag = `fault-${n}`;
        try {
          const r = await admin.orders.bulkUpdateOrderTags({ orderIds: [orderId], assignTags: { tags: { tagIds: [tag] } } });
          if (r.results?.[0]?.itemMetadata?.success) {
            figures.writesAcknowledged++;
            tags.push({ orderId, tag });
          } else problems.push(`tagging order ${orderId} failed: ${JSON.stringify(r.results)}`);
        } catch (err) {
          if (!unreachable(err)) problems.push(`an answer other than 200 during the run: ${(err as Error).message}`);
          else {
            figures.writesUnanswered++;
            await untilUp();
          }
        }
      }
    }

    const running = [...shoppers.map((s, n) => shop(s, n)), tagOrders()];
    // Each run of the sandbox lasts until the shoppers got a few writes through (a slow machine
    // gets more time), then it is killed in the middle of whatever is in flight.
    const runUntilWrites = async () => {
      const mark = figures.writesAcknowledged;
      const started = Date.now();
      while (figures.writesAcknowledged < mark + WRITES_PER_RUN && Date.now() - started < MAX_RUN_MS) await sleep(20);
    };
    for (let r = 0; r < RESTARTS; r++) {
      await runUntilWrites();
      await kill(child);
      figures.restarts++;
      await sleep(100);
      child = await startSandbox(port, data);
    }
    await runUntilWrites();
    stop = true;
    await Promise.all(running);

    // Afterwards, from a fresh start on the same file.
    await kill(child);
    child = await startSandbox(port, data);
    let lost = 0;
    const state = (await call(host, 'GET', '/__sandbox/state')).body as { collections: Record<string, Record<string, any>> };
    for (const s of shoppers) {
      if (!s.acked) continue;
      const now = (await s.kit.currentCart.getCurrentCart()).cart as Cart;
      const have = quantities(now);
      for (const [id, q] of quantities(s.acked)) {
        if ((have.get(id) ?? 0) < q) {
          lost++;
          problems.push(`line ${id}: acknowledged quantity ${q}, found ${have.get(id) ?? 'no line'}`);
        }
      }
      if (totalQuantity(now) > totalQuantity(s.acked) + s.unackedQuantity) {
        problems.push(`cart ${now.id} holds ${totalQuantity(now)} items; acknowledged ${totalQuantity(s.acked)} plus ${s.unackedQuantity} unanswered`);
      }
      const problem = totalsProblem(now);
      figures.totalsChecked++;
      if (problem) problems.push(problem);
      for (const id of s.checkouts) {
        const ck = await s.kit.checkout.getCheckout(id).catch((e: Error) => e);
        if (ck instanceof Error) {
          lost++;
          problems.push(`acknowledged checkout ${id}: ${ck.message}`);
        }
      }
      for (const id of s.orders) {
        if (!state.collections.orders?.[id]) {
          lost++;
          problems.push(`acknowledged order ${id} is missing`);
        }
      }
    }
    for (const { orderId, tag } of tags) {
      if (!state.collections.orders?.[orderId]?.tags?.tags?.tagIds?.includes(tag)) {
        lost++;
        problems.push(`acknowledged tag ${tag} is missing from order ${orderId}`);
      }
    }
    const placedOrders = shoppers.reduce((n, s) => n + s.orders.length, 0);
    recordFigures(
      'load-and-fault',
      `load-and-fault: ${figures.writesAcknowledged} writes acknowledged (${CLIENTS} shoppers and a merchant: ${placedOrders} orders placed, ${tags.length} order tags), writes lost: ${lost}, ` +
        `${figures.restarts} restarts (SIGKILL), ${figures.writesUnanswered} writes unanswered at a kill, ${figures.totalsChecked} cart totals checked`,
      { ...figures, clients: CLIENTS, orders: placedOrders, tags: tags.length, writesLost: lost, problems: problems.length },
    );
    expect(problems).toEqual([]);
    expect(lost).toBe(0);
    expect(figures.restarts).toBe(RESTARTS);
    expect(figures.writesAcknowledged).toBeGreaterThanOrEqual(WRITES_PER_RUN * (RESTARTS + 1));
  }, 120_000);
});
