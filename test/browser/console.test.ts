/**
 * The console in Debian's chromium (playwright-core), served the way `npm start` serves it:
 * the sidebar lists every operation, calls go through the client to the sandbox, validation
 * errors show their field, the guided flow reaches an order, history survives a reload, the
 * dark theme toggles. Screenshots go to docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import rows from '../data/operations.json' with { type: 'json' };
import { DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';
import { root, useConsole } from './support.ts';

const DEMO_MEMBER_ID = DEMO_MEMBER.id;

const shots = join(root, 'docs', 'screenshots');
const h = useConsole();
let page: typeof h.page;
let server: typeof h.server;
const pageErrors = h.pageErrors;
beforeAll(() => {
  ({ page, server } = h);
  mkdirSync(shots, { recursive: true });
});

/** Opens `path` in a console that remembers nothing (no tokens, no history): storage is cleared while no console page is open. */
async function fresh(path: string) {
  await page.goto(server.url + '/__sandbox/info');
  await page.evaluate(() => localStorage.clear());
  await page.goto(server.url + path);
}

async function send(path: string, fillExample = false) {
  await page.goto(server.url + path);
  if (fillExample) await page.getByRole('button', { name: 'Fill with example' }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('status').waitFor({ timeout: 15_000 });
  return (await page.getByTestId('status').textContent())!.trim();
}

describe('the console', () => {
  it('lists every operation of the provider in the sidebar', async () => {
    await page.goto(server.url + '/');
    const nav = page.getByRole('navigation', { name: 'Operations' });
    const text = (await nav.textContent())!;
    for (const row of rows) expect(text, row.operationId).toContain(row.operationId);
    await page.screenshot({ path: join(shots, 'console-home.png') });
  });

  it('/op/queryProducts answers 200 with products, through the client', async () => {
    expect(await send('/op/queryProducts', true)).toBe('200');
    expect(await page.getByTestId('result').textContent()).toContain('"products"');
    await page.screenshot({ path: join(shots, 'console-operation.png') });
  });

  it('/op/getCurrentCart shows what the sandbox answers a new visitor', async () => {
    await fresh('/');
    expect(await send('/op/getCurrentCart')).toBe('404');
    expect(await page.getByTestId('error').textContent()).toContain('Cart not found');
  });

  it('shows a validation error with its field marked', async () => {
    await page.goto(server.url + '/op/getWishlistById');
    await page.getByRole('button', { name: 'JSON' }).click();
    await page.getByLabel('Options as JSON').fill('{"id": "5f1c0000-0000-4000-8000-000000000001", "limit": 1000}');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(async () => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('limit at most 100')]));
    await page.getByRole('button', { name: 'Send anyway' }).click();
    await page.getByTestId('error').waitFor();
    expect(await page.getByTestId('error').textContent()).toContain('INVALID_ARGUMENT: "options.limit"');
    await page.getByRole('button', { name: 'Form' }).click();
    expect(await page.locator('.field.marked').count()).toBeGreaterThan(0);
  });

  it('runs the guided visitor-to-order flow', async () => {
    await page.goto(server.url + '/flows');
    await page.getByRole('button', { name: 'Run “Visitor to order on Cart V2”' }).click();
    await page.getByTestId('flow-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('flow-done').textContent()).toMatch(/Order created/);
    await page.screenshot({ path: join(shots, 'console-flow.png') });
  });

  it('keeps the history across a reload', async () => {
    const entries = page.getByTestId('history').locator('li');
    await page.goto(server.url + '/history');
    await entries.first().waitFor();
    const before = await entries.allTextContents();
    expect(before.length).toBeGreaterThan(0);
    await page.reload();
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual(before);
  });

  it('toggles the dark theme', async () => {
    await page.goto(server.url + '/op/getCurrentCart');
    // The button says the theme it switches to; its accessible name is that text.
    const toggle = page.getByRole('button', { name: /^(Dark|Light) theme$/ });
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const first = await theme();
    await toggle.click();
    expect(await theme()).not.toBe(first);
    await page.screenshot({ path: join(shots, 'console-dark.png') });
    await toggle.click();
    expect(await theme()).toBe(first);
  });

  it('logs in as a member through the hosted page (PKCE) and comes back to the console', async () => {
    await fresh('/op/getCurrentMember');
    expect(await page.getByTestId('auth-role').textContent()).toBe('none');
    await page.getByRole('button', { name: 'Authentication…' }).click();
    await page.getByRole('button', { name: 'Log in on the hosted page (PKCE)' }).click();
    // The sandbox's hosted login page (not the console).
    await page.waitForURL(/\/__sandbox\/login\?/);
    await page.screenshot({ path: join(shots, 'hosted-login.png') });
    await page.getByLabel('E-mail').fill('demo@storefront.test');
    await page.getByLabel('Password').fill('demo-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back through /callback (code + state exchanged with the PKCE verifier) to where the login started.
    await page.waitForURL((url) => url.pathname === '/op/getCurrentMember', { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('auth-role').textContent()).toBe('member');
    expect(await page.getByTestId('role').textContent()).toContain('member');
    // The member's tokens work: the demo member's own record answers.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect((await page.getByTestId('status').textContent())!.trim()).toBe('200');
    expect(await page.getByTestId('result').textContent()).toContain(`"id": "${DEMO_MEMBER_ID}"`);
    await page.screenshot({ path: join(shots, 'console-member.png') });
  });

  it('says so when the login is canceled on the hosted page, and stays logged out', async () => {
    await fresh('/op/getCurrentMember');
    await page.getByRole('button', { name: 'Authentication…' }).click();
    await page.getByRole('button', { name: 'Log in on the hosted page (PKCE)' }).click();
    await page.waitForURL(/\/__sandbox\/login\?/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/callback');
    await expect
      .poll(() => page.getByRole('main').getByRole('status').last().textContent())
      .toBe('Login failed: access_denied The user canceled the login');
    expect(await page.getByTestId('auth-role').textContent()).not.toBe('member');
  });

  it('logs the demo member in directly with e-mail and password, and out again', async () => {
    await fresh('/');
    await page.getByRole('button', { name: 'Authentication…' }).click();
    // The panel fills in the sandbox's demo member (from /__sandbox/info).
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe('demo@storefront.test');
    await page.getByRole('button', { name: 'Log in directly' }).click();
    await expect.poll(() => page.getByTestId('auth-role').textContent()).toBe('member');
    expect(await page.locator('.auth-message').textContent()).toBe('Login: logged in as a member');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByTestId('auth-role').textContent()).toBe('none');
    // A wrong password shows the server's error; the login call itself made the console a visitor, no more.
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in directly' }).click();
    await expect.poll(() => page.locator('.auth-message').textContent()).toMatch(/^Login failed: .*Wrong password/);
    expect(await page.getByTestId('auth-role').textContent()).toBe('visitor');
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
