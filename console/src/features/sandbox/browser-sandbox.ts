/**
 * The static console's sandbox: the same fetch-style handler `npm start` serves, running in this
 * page behind msw's service worker. Its state lives in memory: a reload starts from the seed.
 * Loaded (dynamic import) only by the static build, so the served console never ships it.
 */
import { http, passthrough } from 'msw';
import { setupWorker } from 'msw/browser';
import { createSandbox } from '../../../../src/sandbox/create-sandbox.ts';
import { setState } from '../../core/state.ts';

/** The static files of the console itself; every other same-origin request is the sandbox's. */
const CONSOLE_FILES = /^\/(?:$|index\.html$|404\.html$|mockServiceWorker\.js$|assets\/|favicon)/;

export async function startBrowserSandbox(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    throw new Error(
      'The static console needs service workers (a secure context: https or localhost) to run the sandbox in the browser.',
    );
  }
  const sandbox = createSandbox();
  const worker = setupWorker(
    http.all(`${location.origin}/*`, ({ request }) =>
      CONSOLE_FILES.test(new URL(request.url).pathname) ? passthrough() : sandbox.handle(request),
    ),
  );
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  // Tokens kept from an earlier page belong to a sandbox that is gone with that page.
  setState({ tokens: undefined });
}
