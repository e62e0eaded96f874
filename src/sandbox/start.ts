/**
 * `storefront-kit sandbox` (and `npm run sandbox`, `npm start`): starts the sandbox with the
 * built-in modules and seeds (modules.ts) from command-line flags; the flags, their environment
 * variables and what is printed are platform/cli.ts's.
 */
import { startFromArgs } from './platform/cli.ts';
import { builtInSandbox } from './modules.ts';

export const main = (args: string[], options?: Parameters<typeof startFromArgs>[2]): Promise<void> =>
  startFromArgs(builtInSandbox, args, options);

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main(process.argv.slice(2).filter((a) => a !== 'sandbox'));
}
