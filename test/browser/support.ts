/** One console server and one Debian chromium per browser test file (playwright-core). */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildConsole } from '../../scripts/build-console.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const root = resolve(import.meta.dirname, '..', '..');

export interface ConsoleHarness {
  server: SandboxServer;
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page so far. */
  pageErrors: string[];
}

/**
 * `npm test` builds the console once before vitest (a step of scripts/test.ts), so parallel
 * browser files never build it at the same time; a lone run builds it when it is missing.
 */
export function useConsole(): ConsoleHarness {
  const h = { pageErrors: [] as string[] } as ConsoleHarness;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium (.ci/run installs it)`);
    if (!existsSync(join(root, 'dist', 'console', 'index.html'))) await buildConsole();
    h.server = await createSandboxServer({ port: 0, staticDir: join(root, 'dist', 'console') });
    h.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    h.page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    h.page.on('pageerror', (e) => h.pageErrors.push(String(e)));
  }, 180_000);
  afterAll(async () => {
    await h.browser?.close();
    await h.server?.close();
  });
  return h;
}
