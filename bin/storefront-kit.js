#!/usr/bin/env node
// `npx storefront-kit [sandbox] [flags]`: the sandbox with the console beside it, from the
// installed package's build (dist/), as `npm start` runs it in the repository.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = `usage: storefront-kit [sandbox] [--port N] [--host H] [--data FILE] [--client-id ID] [--api-key KEY]
       [--member-email E] [--member-password P] [--validate-responses] [--allowed-host H1,H2]
       [--allowed-origin O1,O2] [--public-url URL] [--log text|json|off]
       [--fault operation=OP|service=S,status=503|code=CODE|drop|delayMs=MS[,times=N][,share=0.5][,retryAfterSeconds=S]]
       [--store demo|empty|catalog-v3|large] [--rate-limit] [--rate-limit-per-minute N] [--strict] [--report-calls] [--webhook-private-key FILE]
Starts the sandbox (default http://127.0.0.1:4010) with the console at the same address.`;

const args = process.argv.slice(2);
if (args[0] === 'sandbox') args.shift();
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args[0] !== undefined && !args[0].startsWith('-')) {
  console.error(`storefront-kit: unknown command ${args[0]}\n${USAGE}`);
  process.exit(2);
}
const consoleDir = fileURLToPath(new URL('../dist/console', import.meta.url));
if (
  !existsSync(`${consoleDir}/index.html`) ||
  !existsSync(new URL('../dist/src/sandbox/start.js', import.meta.url))
) {
  console.error(
    `storefront-kit: this copy has no build (${consoleDir} or dist/src missing): in a clone, run \`npm run build\` or \`npm start\``,
  );
  process.exit(1);
}
const { main } = await import('../dist/src/sandbox/start.js');
// Logs each request by default, as `npm start` does.
await main(args, { staticDir: consoleDir, name: 'storefront-kit', log: 'text' });
