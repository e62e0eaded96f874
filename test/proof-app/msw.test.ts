/**
 * The proof storefront in process, unchanged, served by msw: an in-process sandbox
 * (`setupServer(...sandboxHandlers(createSandbox()))`, as a vitest or jest suite would), and a
 * sandbox already running (`setupServer(...connect(url))`). Any request msw does not catch fails
 * the test, so every request the official SDK makes is to a provider host.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSandbox, createSandboxServer } from '../../src/sandbox/index.ts';
import { connect, PROVIDER_HOSTS, sandboxHandlers } from '../../src/sandbox/msw.ts';
import { expectShopperVisit } from './expect-visit.ts';
import { shopperVisit } from './scenario.ts';

const servers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('the proof storefront under msw', () => {
  it('runs a whole visit against an in-process sandbox (sandboxHandlers), every provider host caught', async () => {
    expect(PROVIDER_HOSTS.map((h) => h.host)).toEqual(['www.wixapis.com', 'edge.wixapis.com', 'static.wixstatic.com']);
    const sandbox = createSandbox({ validateResponses: true });
    const msw = setupServer(...sandboxHandlers(sandbox));
    msw.listen({ onUnhandledRequest: 'error' });
    servers.push(msw);
    const hosts = new Set<string>();
    msw.events.on('request:start', ({ request }) => void hosts.add(new URL(request.url).host));

    const visit = await shopperVisit('sandbox-client');
    // The links the sandbox writes point at the host the request came to: msw serves them too.
    expectShopperVisit(visit, ['https://www.wixapis.com', 'https://edge.wixapis.com']);
    expect([...hosts].sort()).toEqual(['edge.wixapis.com', 'www.wixapis.com']);
    const checkout = sandbox.store.db.get('checkouts', visit.checkout.checkoutId) as {
      lineItems: { quantity: number }[];
    };
    expect(checkout.lineItems.map((l) => l.quantity)).toEqual([3]);
  });

  it('runs a whole visit against a sandbox already running (connect(url))', async () => {
    const server = await createSandboxServer({ port: 0, validateResponses: true });
    servers.push(server);
    const msw = setupServer(...connect(server.url));
    // The app's own requests go to provider hosts; only the browser's visits to the hosted pages go to the sandbox itself.
    const strays: string[] = [];
    msw.listen({
      onUnhandledRequest: (request) => void (new URL(request.url).origin === server.url || strays.push(request.url)),
    });
    servers.push(msw);

    const visit = await shopperVisit('sandbox-client');
    expectShopperVisit(visit, [server.url]);
    expect(strays).toEqual([]);
    const state = await (await fetch(`${server.url}/__sandbox/state`)).json();
    expect(state.collections.checkouts[visit.checkout.checkoutId].lineItems).toHaveLength(1);
  });

  it('refuses a connect() URL that is not a sandbox origin, with a clear message', () => {
    expect(() => connect('')).toThrow(
      'The sandbox URL given to connect() is not set: give the URL of a running sandbox, e.g. http://127.0.0.1:4010',
    );
    expect(() => connect('https://www.wixapis.com')).toThrow(
      'The sandbox URL given to connect() "https://www.wixapis.com" is the provider itself, not a sandbox',
    );
  });
});
