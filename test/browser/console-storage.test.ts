/**
 * Issue 31, the console tried as a careless or hostile user would: an import past its size is
 * refused with the reason; a change the browser's storage cannot keep is said on the page, never
 * lost in silence; switching to another sandbox never changes the API key in use without the
 * user saying so (that sandbox's own key is offered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { useConsole } from './support.ts';

const h = useConsole();
let other: SandboxServer;
const T = { timeout: 30_000 };

beforeAll(async () => {
  other = await createSandboxServer({ port: 0, apiKeys: ['the-other-sandbox-key'] });
});
afterAll(() => other?.close());

/** The console's saved state as the browser keeps it. */
const stored = () => h.page.evaluate(() => JSON.parse(localStorage.getItem('storefront-kit-console') ?? '{}'));

describe("the console's storage", () => {
  it('refuses an import past its size, saying why, and keeps nothing of it', { timeout: 90_000 }, async () => {
    const page = h.page;
    await page.goto(`${h.server.url}/history`);
    const one = { name: 'x', opKey: 'getCurrentCart', path: {}, options: {} };
    const huge = JSON.stringify(
      Array.from({ length: 12_000 }, (_, i) => ({ ...one, name: `request ${i}`, options: { note: 'y'.repeat(60) } })),
    );
    expect(huge.length).toBeGreaterThan(1_000_000);
    await page.getByLabel('Import saved requests (JSON)').fill(huge);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('import-said').textContent(), T)
      .toBe(
        `Nothing imported: the text is ${huge.length.toLocaleString('en-US')} characters; an import takes at most 200,000.`,
      );
    expect((await stored()).saved ?? []).toEqual([]);
  });

  it(
    "says so whenever a change cannot be saved (the browser's storage full), and stops saying it once one is",
    { timeout: 90_000 },
    async () => {
      const page = h.page;
      await page.goto(`${h.server.url}/op/getCurrentCart`);
      // Another script of the origin filled the storage to its quota.
      await page.evaluate(() => {
        const chunk = 'z'.repeat(256 * 1024);
        for (let i = 0; ; i++) {
          try {
            localStorage.setItem(`filler-${i}`, chunk);
          } catch {
            break;
          }
        }
        for (let size = 1024; size >= 1; size = Math.floor(size / 2))
          for (let i = 0; ; i++) {
            try {
              localStorage.setItem(`small-${size}-${i}`, 'z'.repeat(size));
            } catch {
              break;
            }
          }
      });
      const historyBefore = ((await stored()).history ?? []).length;
      // A sent call goes into the history, which no longer fits.
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const alert = page.getByTestId('save-problem');
      await alert.waitFor(T);
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await alert.textContent()).toMatch(
        /^Your last change was not saved: the browser's storage for this console is full\./,
      );
      expect(((await stored()).history ?? []).length).toBe(historyBefore);
      // An import that does not fit is refused as such, and the list is what it was.
      await page.getByRole('link', { name: 'History' }).click();
      await page
        .getByLabel('Import saved requests (JSON)')
        .fill(
          JSON.stringify([
            {
              name: 'fits the size, not the storage',
              opKey: 'getCurrentCart',
              path: {},
              options: { note: 'n'.repeat(5000) },
            },
          ]),
        );
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('import-said').textContent(), T)
        .toMatch(/^Nothing imported: the browser's storage cannot keep them/);
      expect(await page.getByTestId('saved').textContent()).not.toContain('fits the size');
      // Room again: the next change is saved and the alert goes.
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key !== 'storefront-kit-console') localStorage.removeItem(key);
      });
      await page.getByRole('button', { name: /theme/i }).first().click();
      await alert.waitFor({ state: 'detached', ...T });
    },
  );

  it(
    "keeps the API key in use when the environment switches to another sandbox; that sandbox's key only when the user says so",
    { timeout: 90_000 },
    async () => {
      const page = h.page;
      await page.goto(`${h.server.url}/op/queryProducts`);
      await page.getByRole('button', { name: 'Authentication…' }).click();
      const key = page.getByRole('textbox', { name: 'API key' });
      const mine = (await key.inputValue()) || 'sandbox-api-key';
      await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'A running sandbox at a URL' });
      await page.getByLabel('Sandbox URL').fill(other.url);
      const offer = page.getByTestId('api-key-offer');
      await offer.waitFor(T);
      expect(await key.inputValue()).toBe(mine);
      expect((await stored()).apiKey).toBe(mine);
      await page.reload();
      await page.getByRole('button', { name: 'Authentication…' }).click();
      await offer.waitFor(T);
      expect(await key.inputValue()).toBe(mine);
      await page.getByRole('button', { name: "Use this sandbox's API key" }).click();
      expect(await key.inputValue()).toBe('the-other-sandbox-key');
      await offer.waitFor({ state: 'detached', ...T });
      await page.getByRole('combobox', { name: 'Environment' }).selectOption({ label: "This console's sandbox" });
      await offer.waitFor(T);
      expect(await key.inputValue()).toBe('the-other-sandbox-key');
    },
  );

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
