/**
 * Walks every one of the 105 operations in the console: open its route, fill the form with the
 * spec's example, send it, and see a response rendered, with no page error.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../src/console-data.ts';
import { buildConsole } from '../../scripts/build-console.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const root = resolve(import.meta.dirname, '..', '..');
let server: SandboxServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium (.ci/run installs it)`);
  if (!existsSync(join(root, 'dist', 'console', 'index.html'))) await buildConsole();
  server = await createSandboxServer({ port: 0, staticDir: join(root, 'dist', 'console') });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('every operation in the console', () => {
  it.each(operationList.map((d) => [d.key, d.caller] as const))('%s', { timeout: 45_000 }, async (key, caller) => {
    await page.goto(`${server.url}/op/${key}`);
    // Elevated operations are sent with the sandbox's API key: the console's "Call as elevated".
    const panel = page.getByRole('button', { name: 'Authentication…' });
    if (await panel.isVisible()) await panel.click();
    await page.getByLabel('Call as elevated (use the API key)').setChecked(caller === 'elevated');
    await page.getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('button', { name: 'Fill with example' }).click();
    for (const input of await page.locator('input[id^="path-"]').all()) {
      if (!(await input.inputValue())) await input.fill('sandbox-example-id');
    }
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const anyway = page.getByRole('button', { name: 'Send anyway' });
    const status = page.getByTestId('status');
    await Promise.race([status.waitFor({ timeout: 15_000 }), anyway.waitFor({ timeout: 15_000 })]);
    if (await anyway.isVisible()) await anyway.click();
    await status.waitFor({ timeout: 15_000 });
    expect((await status.textContent())!.trim()).toMatch(/^\d{3}$/);
    expect(pageErrors).toEqual([]);
  });
});
