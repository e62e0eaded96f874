/**
 * The proof storefront in a browser page, unchanged, with msw's service worker forwarding the
 * provider's hosts to a running sandbox (`setupWorker(...connect(url))`), as a vite app in dev
 * would start it. The test calls `window.shop(sandboxUrl)`.
 */
import { setupWorker } from 'msw/browser';
import { connect } from '../../src/sandbox/msw.ts';
import { shoppingVisit } from './scenario.ts';
import { createStorefront } from './storefront.ts';

(window as unknown as { shop: (sandboxUrl: string) => Promise<unknown> }).shop = async (sandboxUrl) => {
  const worker = setupWorker(...connect(sandboxUrl));
  const seen = new Set<string>();
  worker.events.on('request:start', ({ request }) => void seen.add(new URL(request.url).host));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const visit = await shoppingVisit(createStorefront('sandbox-client'));
  return { visit, hosts: [...seen].sort() };
};
