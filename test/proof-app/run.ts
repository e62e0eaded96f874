/**
 * The proof storefront as a program of its own: `node --import storefront-kit/sandbox/register
 * run.ts <client id>` runs one shopper's visit and prints its result as JSON on stdout. It names
 * no sandbox: the preload sends its requests to the provider's hosts there. With a second
 * argument, it first fetches that URL (a server on another host) and prints what it got, so a
 * test can see that requests to other hosts are left alone.
 */
import { shopperVisit } from './scenario.ts';

const [clientId = 'sandbox-client', otherUrl] = process.argv.slice(2);
const other = otherUrl
  ? await fetch(otherUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-proof': 'untouched' },
      body: 'hello other host',
    }).then(async (r) => ({ status: r.status, body: await r.text() }))
  : undefined;
const visit = await shopperVisit(clientId);
process.stdout.write(JSON.stringify({ visit, other }));
