/**
 * Webhooks the official SDK accepts (issue 33): an app's handler written on `@wix/sdk` (its
 * `AppStrategy` with the sandbox's public key, `webhooks.process(body)` and `on...` handlers of
 * `@wix/ecom`) runs unchanged on the sandbox's deliveries, for an order created through the
 * sandbox and for a cart; a delivery signed with another key is refused by the SDK itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppStrategy, createClient as createWixClient } from '@wix/sdk';
import { cart, orders } from '@wix/ecom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../../src/sandbox/sandbox-server.ts';
import { WebhookSigner } from '../../../src/sandbox/platform/webhook-signing.ts';
import { PRODUCT } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, visitorToken } from '../../support/sandbox.ts';

const APP_ID = '8f0f1d6e-0000-4000-8000-00000000a991';

let sandbox: SandboxServer;
let receiver: Server;
let hook: string;
/** What the app's server did with each delivery: the handler's event, or the SDK's refusal. */
const seen: { kind: 'order' | 'cart' | 'refused'; detail: unknown }[] = [];
let publicKey = '';

/** The app as its authors write it on the official SDK: AppStrategy, event handlers, webhooks.process. */
function appServer(key: () => string): Server {
  return createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const client = createWixClient({
        auth: AppStrategy({ appId: APP_ID, publicKey: key() }),
        modules: { orders, cart },
      });
      client.orders.onOrderCreated((event) => void seen.push({ kind: 'order', detail: event }));
      client.cart.onCartCreated((event) => void seen.push({ kind: 'cart', detail: event }));
      try {
        await client.webhooks.process(body);
        res.writeHead(200).end();
      } catch (err) {
        // The SDK refuses an event type the app has no handler for; the app takes it (200) and does nothing.
        const unhandled = String(err).includes('Unexpected event type');
        if (!unhandled) seen.push({ kind: 'refused', detail: String(err) });
        res.writeHead(unhandled ? 200 : 401).end();
      }
    });
  });
}

beforeAll(async () => {
  sandbox = await createSandboxServer({ port: 0, validateResponses: true });
  publicKey = (await call(sandbox.url, 'GET', '/__sandbox/info')).body.webhookPublicKey;
  receiver = appServer(() => publicKey);
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  sandbox.sandbox.events.retryDelaysMs = [10, 10, 10];
  await call(sandbox.url, 'PATCH', '/__sandbox/settings', { body: { webhookUrls: [hook] }, token: API_KEY });
});
afterAll(async () => {
  await sandbox.close();
  receiver.close();
});

describe('webhook deliveries on the official SDK', () => {
  it('the public key is in /__sandbox/info as SPKI PEM', () => {
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);
  });

  it('runs the app’s onOrderCreated handler for an order created through the sandbox, and onCartCreated for a cart', async () => {
    const token = await visitorToken(sandbox.url);
    const added = await call(sandbox.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: [{ quantity: 1, catalogReference: { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID } }],
      },
    });
    expect(added.status).toBe(200);
    const created = await call(sandbox.url, 'POST', '/ecom/v1/orders', {
      token: API_KEY,
      headers: { 'wix-site-id': DEFAULT_SITE_ID },
      body: {
        order: {
          lineItems: [{ quantity: 2, catalogReference: { catalogItemId: PRODUCT.notebook, appId: STORES_APP_ID } }],
          buyerInfo: { email: 'webhooks@example.com' },
        },
      },
    });
    expect(created.status).toBe(200);
    const orderId = created.body.order.id;
    // Both handlers ran (deliveries are signed and sent in the background).
    await expect
      .poll(() => ['order', 'cart'].every((kind) => seen.some((s) => s.kind === kind)), { timeout: 30_000 })
      .toBe(true);

    const order = seen.find((s) => s.kind === 'order')!.detail as {
      entity: { _id: string; buyerInfo: { email: string }; _createdDate: Date };
      metadata: { entityId: string; instanceId: string; eventType?: string };
    };
    // The SDK's own envelope: the entity in its SDK form (_id, Date), the metadata from the delivery.
    expect(order.entity._id).toBe(orderId);
    expect(order.entity.buyerInfo.email).toBe('webhooks@example.com');
    expect(order.entity._createdDate).toBeInstanceOf(Date);
    expect(order.metadata).toMatchObject({ entityId: orderId, instanceId: DEFAULT_SITE_ID });
    const cartEvent = seen.find((s) => s.kind === 'cart')!.detail as {
      entity: { _id: string };
      metadata: { entityId: string };
    };
    expect(cartEvent.entity._id).toBe(added.body.cart.id);
    expect(seen.filter((s) => s.kind === 'refused')).toEqual([]);
  }, 60_000);

  it('a delivery signed with another key is refused by the SDK', async () => {
    const other = await WebhookSigner.generate();
    const forged = await other.sign(
      { entityFqdn: 'wix.ecom.v1.order', slug: 'created', entityId: 'x' },
      DEFAULT_SITE_ID,
    );
    const res = await fetch(hook, { method: 'POST', body: forged });
    expect(res.status).toBe(401);
    expect(seen.at(-1)).toMatchObject({ kind: 'refused' });
  });

  it('signs with a private key it is given, whose public key it reports', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    );
    const b64 = (der: ArrayBuffer) =>
      Buffer.from(der)
        .toString('base64')
        .match(/.{1,64}/g)!
        .join('\n');
    const privatePem = `-----BEGIN PRIVATE KEY-----\n${b64(await crypto.subtle.exportKey('pkcs8', pair.privateKey))}\n-----END PRIVATE KEY-----\n`;
    const publicPem = `-----BEGIN PUBLIC KEY-----\n${b64(await crypto.subtle.exportKey('spki', pair.publicKey))}\n-----END PUBLIC KEY-----\n`;
    const given = await WebhookSigner.fromPrivateKeyPem(privatePem);
    expect(given.publicKeyPem).toBe(publicPem);
    await expect(WebhookSigner.fromPrivateKeyPem('not a key')).rejects.toThrow(
      'The webhook private key must be PEM text (-----BEGIN PRIVATE KEY-----)',
    );
  });
});
