/** Builds the console (vite) into dist/console. */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export async function buildConsole(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL('../console/vite.config.ts', import.meta.url)), logLevel: 'warn' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildConsole();
  console.log('dist/console written');
}
