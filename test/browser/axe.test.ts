/**
 * axe-core (the maintained rule set) on every main screen of the console, in both themes: no
 * serious or critical violation on home, an operation before and after Send, the auth panel,
 * the sandbox view, the guided flows (after a run) and the history. The theme follows the
 * system's setting until the user picks one, and the theme button's name is what it says.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, useConsole } from './support.ts';

const h = useConsole();

const theme = () => h.page.evaluate(() => document.documentElement.dataset.theme);

async function freshConsole(scheme: 'light' | 'dark') {
  await h.page.emulateMedia({ colorScheme: scheme });
  await h.page.goto(h.server.url + '/__sandbox/info');
  await h.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

async function open(path: string) {
  await h.page.goto(h.server.url + path);
  await h.page.getByRole('main').locator('h1').first().waitFor();
}

/** The screens, each brought to the state axe looks at. */
const SCREENS: [string, () => Promise<void>][] = [
  ['home', () => open('/')],
  ['an operation before Send', () => open('/op/queryProducts')],
  [
    'an operation after Send',
    async () => {
      await open('/op/queryProducts');
      await h.page.getByRole('button', { name: 'Send', exact: true }).click();
      await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    },
  ],
  [
    'an operation with problems and the JSON view',
    async () => {
      await open('/op/getWishlistById');
      await h.page.getByRole('button', { name: 'JSON' }).click();
      await h.page.getByLabel('Options as JSON').fill('{"id": ');
      await h.page.getByTestId('json-error').waitFor();
    },
  ],
  [
    'an operation a visitor may not call',
    async () => {
      await open('/op/searchOrders');
      await h.page.getByTestId('caller-note').waitFor();
    },
  ],
  [
    'the auth panel',
    async () => {
      await open('/op/getCurrentMember');
      await h.page.getByRole('button', { name: 'Authentication…' }).click();
      await h.page.getByRole('group', { name: 'Elevated (API key)' }).waitFor();
    },
  ],
  [
    'the sandbox view',
    async () => {
      await open('/sandbox');
      await h.page.waitForLoadState('networkidle');
    },
  ],
  [
    'the guided flows after a run',
    async () => {
      await open('/flows');
      await h.page.getByRole('button', { name: 'Run “Visitor to order on Cart V2”' }).click();
      await h.page.getByTestId('flow-done').waitFor({ timeout: 30_000 });
    },
  ],
  [
    'the history',
    async () => {
      await open('/history');
      await h.page.getByTestId('history').locator('li').first().waitFor();
    },
  ],
];

describe('axe-core finds no serious or critical violation', () => {
  for (const scheme of ['light', 'dark'] as const) {
    describe(`in the ${scheme} theme (the system's setting)`, () => {
      beforeAll(() => freshConsole(scheme));
      it.each(SCREENS)('%s', { timeout: 60_000 }, async (_, reach) => {
        await reach();
        expect(await theme()).toBe(scheme);
        expect(await seriousViolations(h.page)).toEqual([]);
      });
    });
  }
});

describe('the theme', () => {
  it("follows the system's setting until the user picks one, with a button whose name is what it says", async () => {
    await freshConsole('dark');
    await open('/');
    expect(await theme()).toBe('dark');
    await h.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    const button = h.page.getByRole('button', { name: 'Dark theme', exact: true });
    expect(
      await button.evaluate((b) => [(b as Element & { computedName?: string }).computedName, b.textContent]),
    ).toEqual(['Dark theme', 'Dark theme']);
    await button.click();
    expect(await theme()).toBe('dark');
    // Picked: the system's setting no longer changes it, across a reload too.
    await h.page.emulateMedia({ colorScheme: 'light' });
    await h.page.reload();
    await h.page.getByRole('main').locator('h1').first().waitFor();
    expect(await theme()).toBe('dark');
    await h.page.getByRole('button', { name: 'Light theme', exact: true }).click();
    expect(await theme()).toBe('light');
  });

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
