/**
 * Walks every one of the 161 operations in the console, each on a fresh sandbox (the same state
 * restored before it, so one example's delete does not break the next): open its route,
 * fill the form with the spec's example, run the page's offered preparation ("Run this first")
 * where it has one, send it, and see a response rendered, with no page error. The answers that
 * are not 2xx are listed with the reason the page gives; at least `MIN_2XX` must be 2xx.
 * Visitor-or-member operations are sent as the demo member (signed in directly in the auth
 * panel), whose seeded cart, checkout and wishlist the examples name.
 * The console is loaded once and the demo member signed in once; the state restored before each
 * operation is the one taken right after that login. Member tokens carry the state's token epoch
 * (src/sandbox/platform/tokens.ts), which the restored state keeps, so the console's session stays
 * valid across restores; should the console ever show another role, the member signs in again.
 * Each operation is opened from the sidebar, as a user would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../src/console-data.ts';
import { DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';
import { DEFAULT_API_KEY } from '../../src/sandbox/platform/defaults.ts';
import { call } from '../support/sandbox.ts';
import { useConsole } from './support.ts';

const h = useConsole();

/**
 * The issue's target: at least 100 answer 2xx (measured: 150 of 161 on 2026-11-28 with Cart V2; 118 of 121 on 2026-11-25, before the console's
 * Fill with example stopped making up a catalogReference for createOrder's custom line; two that
 * cannot are preparePaymentCollection on the seeded order, already paid, and loginWithTokenParams,
 * which needs an identity-provider connection the sandbox does not have).
 */
const MIN_2XX = 100;
const answers: { key: string; status: string; reason: string }[] = [];
/** The seeded state with the demo member signed in from the console, taken once. */
let signedIn: unknown;
/** How many times the console had lost the member session and the member signed in again (printed). */
let signInsAgain = 0;

/** Signs the demo member in directly in the auth panel, as a user would. */
async function signInAsDemoMember(): Promise<void> {
  await h.page.getByLabel('E-mail', { exact: true }).fill(DEMO_MEMBER.email);
  await h.page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await h.page.getByRole('button', { name: 'Log in directly' }).click();
  // What the login came to ("Login: ..." or "Login failed: ..."), not its "Login…" while it runs.
  const message = h.page.locator('.auth-message');
  await message.filter({ hasText: /^Login(:| failed)/ }).waitFor({ timeout: 15_000 });
  expect(await message.textContent()).toBe('Login: logged in as a member');
}

/** Puts the signed-in state back. */
async function freshSandbox(): Promise<void> {
  const put = await call(h.server.url, 'PUT', '/__sandbox/state', { token: DEFAULT_API_KEY, body: signedIn });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

/**
 * Sends as elevated (the API key) or as the console's own tokens, the demo member's: signs the
 * member in again if the console no longer shows a member (the role it shows when the API key is off).
 */
async function callAs(caller: string): Promise<void> {
  const elevated = caller === 'elevated';
  await h.page.getByLabel('Call as elevated (use the API key)').setChecked(elevated);
  if (!elevated && (await h.page.getByTestId('auth-role').textContent()) !== 'member') {
    signInsAgain++;
    await signInAsDemoMember();
  }
}

beforeAll(async () => {
  await h.page.goto(`${h.server.url}/`);
  // The auth panel stays open: elevated operations are sent with the sandbox's API key ("Call as elevated").
  // A loaded CI machine can take a while for the first render; say what the page showed if it never comes.
  await h.page
    .getByRole('button', { name: 'Authentication…' })
    .click({ timeout: 90_000 })
    .catch(async (err: Error) => {
      const text = (
        await h.page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 500);
      throw new Error(`${err.message}\npage errors: ${JSON.stringify(h.pageErrors)}\npage text: ${text}`);
    });
  await signInAsDemoMember();
  signedIn = (await call(h.server.url, 'GET', '/__sandbox/state')).body;
}, 120_000);

describe('every operation in the console', () => {
  it.each(operationList.map((d) => [d.key, d.operationId, d.caller] as const))(
    '%s',
    { timeout: 45_000 },
    async (key, operationId, caller) => {
      await freshSandbox();
      const sidebar = h.page.getByRole('navigation', { name: 'Operations' });
      await sidebar.locator(`a[href="/op/${key}"], a[href="/op/${operationId}"]`).click();
      // The page of this operation, not the one before it (whose name may contain this one's).
      await h.page.locator('.summary code', { hasText: new RegExp(`^${key.replace(/\./g, '\\.')}$`) }).waitFor();
      expect([`/op/${key}`, `/op/${operationId}`]).toContain(new URL(h.page.url()).pathname);
      await callAs(caller);
      await h.page.getByRole('button', { name: 'Fill with example' }).click();
      // The page first looks at the sandbox for what the operation needs; then it offers to make what is missing.
      if (await h.page.getByTestId('prepare').count())
        await h.page.locator('[data-testid="prepare"][aria-busy="false"]').waitFor({ timeout: 30_000 });
      const prepare = h.page.getByRole('button', { name: 'Run this first' });
      if (await prepare.isVisible()) {
        await prepare.click();
        await expect
          .poll(() => h.page.getByTestId('prepared').textContent(), { timeout: 30_000 })
          .toMatch(/^(Ready|The preparation stopped)/);
      }
      for (const input of await h.page.locator('input[id^="path-"]').all()) {
        if (!(await input.inputValue())) await input.fill('sandbox-example-id');
      }
      await h.page.getByRole('button', { name: 'Send', exact: true }).click();
      const anyway = h.page.getByRole('button', { name: 'Send anyway' });
      const status = h.page.getByTestId('status');
      await Promise.race([status.waitFor({ timeout: 15_000 }), anyway.waitFor({ timeout: 15_000 })]);
      if (await anyway.isVisible()) await anyway.click();
      await status.waitFor({ timeout: 15_000 });
      const code = (await status.textContent())!.trim();
      expect(code).toMatch(/^\d{3}$/);
      const reason = code.startsWith('2')
        ? ''
        : [
            await h.page
              .getByTestId('error')
              .textContent({ timeout: 100 })
              .catch(() => ''),
            await h.page
              .getByTestId('prepared')
              .textContent({ timeout: 100 })
              .catch(() => ''),
          ]
            .filter(Boolean)
            .join(' | ');
      answers.push({ key, status: code, reason: reason.slice(0, 300) });
      // 500 would be a sandbox fault or an answer that does not match the spec (validated here).
      expect(code).not.toBe('500');
      expect(h.pageErrors).toEqual([]);
    },
  );
});

afterAll(() => {
  const failed = answers.filter((a) => !a.status.startsWith('2'));
  console.log(
    `${answers.length - failed.length} of ${answers.length} operations answered 2xx (the member signed in again ${signInsAgain} times); the others:\n${failed.map((a) => `  ${a.key} ${a.status}: ${a.reason}`).join('\n')}`,
  );
});

describe('the walk as a whole', () => {
  it(`answers 2xx for at least ${MIN_2XX} of the operations`, () => {
    expect(answers).toHaveLength(operationList.length);
    expect(answers.filter((a) => a.status.startsWith('2')).length).toBeGreaterThanOrEqual(MIN_2XX);
  });
});
