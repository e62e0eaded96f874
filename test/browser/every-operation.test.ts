/**
 * Walks every one of the 105 operations in the console: open its route, fill the form with the
 * spec's example, send it, and see a response rendered, with no page error.
 */
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/console-data.ts';
import { useConsole } from './support.ts';

const h = useConsole();

describe('every operation in the console', () => {
  it.each(operationList.map((d) => [d.key, d.caller] as const))('%s', { timeout: 45_000 }, async (key, caller) => {
    await h.page.goto(`${h.server.url}/op/${key}`);
    // Elevated operations are sent with the sandbox's API key: the console's "Call as elevated".
    const panel = h.page.getByRole('button', { name: 'Authentication…' });
    if (await panel.isVisible()) await panel.click();
    await h.page.getByLabel('Call as elevated (use the API key)').setChecked(caller === 'elevated');
    await h.page.getByRole('button', { name: 'Hide' }).click();
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
    expect((await status.textContent())!.trim()).toMatch(/^\d{3}$/);
    expect(h.pageErrors).toEqual([]);
  });
});
