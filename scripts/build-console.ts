/**
 * Builds the console (vite) twice:
 * - dist/console: the console `npm start` serves beside the sandbox;
 * - dist/console-static: the same console for any static file host, with the sandbox in the
 *   browser behind msw's service worker. npm skips install scripts here, so instead of
 *   `npx msw init` the build copies msw's worker script into the folder itself; 404.html is
 *   index.html again so deep links (/op/<id>) work on hosts that serve it for unknown paths.
 */
import { copyFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const configFile = join(root, 'console', 'vite.config.ts');
export const CONSOLE_DIR = join(root, 'dist', 'console');
export const STATIC_CONSOLE_DIR = join(root, 'dist', 'console-static');

/**
 * A production build even when the caller runs with NODE_ENV=test (a browser test building a
 * missing console under vitest): otherwise the JSX transform emits development calls (jsxDEV)
 * that React's production runtime does not have, and the page renders nothing.
 */
async function productionBuild(mode: string): Promise<void> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile, mode, logLevel: 'warn' });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export async function buildConsole(): Promise<void> {
  await productionBuild('production');
}

export async function buildStaticConsole(): Promise<void> {
  await productionBuild('static');
  copyFileSync(join(root, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), join(STATIC_CONSOLE_DIR, 'mockServiceWorker.js'));
  copyFileSync(join(STATIC_CONSOLE_DIR, 'index.html'), join(STATIC_CONSOLE_DIR, '404.html'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildConsole();
  await buildStaticConsole();
  console.log('dist/console and dist/console-static written');
}
