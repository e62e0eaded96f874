/**
 * Domain events leave the sandbox three ways: the event log, the server-sent event stream and
 * webhook POSTs (retried until the receiver answers 2xx).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY, call, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let b = '';
    req.on('data', (d) => (b += d)).on('end', () => resolve(b));
  });

async function addSomething(token: string) {
  const product = (await call(s.current.url, 'POST', '/stores-reader/v1/products/query-platformized', { body: { query: { filter: { slug: 'ceramic-mug' } } }, token })).body.products[0];
  const r = await call(s.current.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: product.id, appId: STORES } }] },
    token,
  });
  expect(r.status).toBe(200);
  return r.body.cart.id as string;
}

const receivers: ReturnType<typeof createServer>[] = [];
afterAll(() => receivers.forEach((r) => r.close()));

describe('domain events', () => {
  it('are POSTed to registered webhooks, retried after a failure, once delivered stop', async () => {
    const received: { status: number; event: { id: string; entityFqdn: string; slug: string; entityId: string } }[] = [];
    const receiver = createServer(async (req, res) => {
      // The body is the provider's signed JWT (webhook-signing.ts; webhooks.test.ts verifies it): the event is in its data.
      const jwt = await readBody(req);
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
      const event = JSON.parse(JSON.parse(claims.data).data);
      // The first attempt of each event fails: the sandbox must retry it.
      const status = received.some((r) => r.event.id === event.id) ? 200 : 503;
      received.push({ status, event });
      res.writeHead(status).end();
    });
    receivers.push(receiver);
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect((await call(s.current.url, 'PATCH', '/__sandbox/settings', { body: { webhookUrls: [hook] }, token: API_KEY })).status).toBe(200);

    const cartId = await addSomething(await visitorToken(s.current.url));
    // Waits for this event's own retry: each cart write also emits its Cart V2 events, whose
    // retries may land first (a wait for any delivered event raced it on a loaded machine).
    const createdOf = () => received.filter((r) => r.event.entityFqdn === 'wix.ecom.v1.cart' && r.event.slug === 'created');
    await expect.poll(() => createdOf().map((r) => r.status), { timeout: 30_000 }).toEqual([503, 200]);
    const created = createdOf();
    expect(created[0].event.entityId).toBe(cartId);
    const deliveries = (await call(s.current.url, 'GET', '/__sandbox/webhooks/deliveries')).body.deliveries;
    expect(deliveries.find((d: { eventId: string }) => d.eventId === created[0].event.id)).toMatchObject({ url: hook, attempts: 2, ok: true });
    await call(s.current.url, 'PATCH', '/__sandbox/settings', { body: { webhookUrls: [] }, token: API_KEY });
  });

  it('stream to server-sent event subscribers as they happen', async () => {
    const controller = new AbortController();
    const res = await fetch(`${s.current.url}/__sandbox/events/stream`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const cartId = await addSomething(await visitorToken(s.current.url));
    let text = '';
    while (!text.includes(cartId)) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const frame = text.split('\n\n').find((f) => f.includes(cartId))!;
    expect(frame).toMatch(/^id: \d+\nevent: domain-event\ndata: /);
    expect(JSON.parse(frame.split('data: ')[1])).toMatchObject({ entityFqdn: 'wix.ecom.v1.cart', slug: 'created', entityId: cartId });
  });

  it('are logged in order and filterable by entity and sequence', async () => {
    const all = (await call(s.current.url, 'GET', '/__sandbox/events')).body.events as { sequence: number; entityFqdn: string }[];
    expect(all.map((e) => e.sequence)).toEqual([...all.map((e) => e.sequence)].sort((a, b) => a - b));
    const since = all.at(-1)!.sequence;
    await addSomething(await visitorToken(s.current.url));
    const later = (await call(s.current.url, 'GET', `/__sandbox/events?since=${since}&entityFqdn=wix.ecom.v1.cart`)).body.events;
    expect(later.length).toBeGreaterThanOrEqual(1);
    expect(later.every((e: { sequence: number; entityFqdn: string }) => e.sequence > since && e.entityFqdn === 'wix.ecom.v1.cart')).toBe(true);
  });
});
