/**
 * `npm run example [-- --port N]`: builds the library when dist/ is missing and the storefront,
 * starts a seeded sandbox on 127.0.0.1 (a free port) and the storefront on 127.0.0.1 (PORT, or
 * --port, or 3000), and prints the storefront's URL. SFK_SANDBOX_URL points it at a sandbox
 * already running instead.
 */
import { buildStorefront } from './build.ts';

function portOf(args: string[]): number {
  const i = args.findIndex((a) => a === '--port' || a.startsWith('--port='));
  const text = i < 0 ? process.env.PORT : args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  if (text === undefined || text === '') return 3000;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`npm run example: the port must be a number from 0 to 65535, not ${JSON.stringify(text)}`);
  return port;
}

// React's production server renderer, as a deployed storefront runs (server.ts, and React with
// it, are imported below, after this line).
process.env.NODE_ENV ??= 'production';
const port = portOf(process.argv.slice(2));
console.log('building the storefront…');
const built = await buildStorefront();
console.log(`built in ${built.ms} ms${built.libraryBuilt ? ' (and the library into dist/)' : ''}`);
// Imported once dist/ exists (a fresh clone has none before the build above).
const { createSandboxServer } = await import('storefront-kit/sandbox');
const { startStorefront } = await import('./server.ts');
const sandbox = process.env.SFK_SANDBOX_URL ? undefined : await createSandboxServer({ port: 0 });
const sandboxUrl = process.env.SFK_SANDBOX_URL ?? sandbox!.url;
// The seeded demo member's wishlist (src/sandbox/seed/ids.ts: DEMO_MEMBER.id, WISHLIST_ID).
const wishlists = { '6a8c2f6e-0000-4000-8000-000000000001': '5f1c0000-0000-4000-8000-000000000001' };
const storefront = await startStorefront({ sandboxUrl, port, wishlists });
console.log(
  `sandbox:    ${sandboxUrl}${sandbox ? ' (seeded; demo member demo@storefront.test / demo-password-1)' : ''}`,
);
console.log(`storefront: ${storefront.url}`);

const stop = async () => {
  await storefront.close();
  await sandbox?.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
