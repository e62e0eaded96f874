/**
 * Walks every one of the 105 operations in the console: open its route, fill the form with the
 * spec's example, send it, and see a response rendered, with no page error. The console is
 * loaded once; each operation is opened from the sidebar, as a user would.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationList } from '../../src/console-data.ts';
import { useConsole } from './support.ts';

const h = useConsole();

beforeAll(async () => {
  await h.page.goto(`${h.server.url}/`);
  // The auth panel stays open: elevated operations are sent with the sandbox's API key ("Call as elevated").
  // A loaded CI machine can take a while for the first render; say what the page showed if it never comes.
  await h.page
    .getByRole('button', { name: 'Authentication…' })
    .click({ timeout: 90_000 })
    .catch(async (err: Error) => {
      const text = (await h.page.locator('body').innerText().catch(() => '')).slice(0, 500);
      throw new Error(`${err.message}\npage errors: ${JSON.stringify(h.pageErrors)}\npage text: ${text}`);
    });
}, 120_000);

describe('every operation in the console', () => {
  it.each(operationList.map((d) => [d.key, d.operationId, d.caller] as const))('%s', { timeout: 45_000 }, async (key, operationId, caller) => {
    const sidebar = h.page.getByRole('navigation', { name: 'Operations' });
    await sidebar.locator(`a[href="/op/${key}"], a[href="/op/${operationId}"]`).click();
    // The page of this operation, not the one before it (whose name may contain this one's).
    await h.page.locator('.summary code', { hasText: new RegExp(`^${key.replace(/\./g, '\\.')}$`) }).waitFor();
    expect([`/op/${key}`, `/op/${operationId}`]).toContain(new URL(h.page.url()).pathname);
    await h.page.getByLabel('Call as elevated (use the API key)').setChecked(caller === 'elevated');
    await h.page.getByRole('button', { name: 'Fill with example' }).click();
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
    // 500 would be a sandbox fault or an answer that does not match the spec (validated here).
    expect(code).not.toBe('500');
    expect(h.pageErrors).toEqual([]);
  });
});
