#!/usr/bin/env node
// `npx storefront-kit sandbox [flags]`: the published package runs the built sandbox CLI.
const [command, ...rest] = process.argv.slice(2);
if (command !== 'sandbox') {
  console.error('usage: storefront-kit sandbox [--port N] [--host H] [--data FILE] [--client-id ID] [--api-key KEY] [--member-email E] [--member-password P]');
  process.exit(2);
}
const { main } = await import('../dist/src/sandbox/platform/cli.js');
await main(rest);
