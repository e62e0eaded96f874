/**
 * The console for keyboard and screen-reader users: every control has an accessible name (the
 * browser's own computation), the page has landmarks, the sidebar and the Send button are
 * reached with Tab and show their focus, Enter in a field sends, and text from the server is
 * shown as text, never run as HTML.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshots, useConsole } from './support.ts';

const h = useConsole();

interface Control {
  tag: string;
  role: string;
  name: string;
  html: string;
}

/** Every visible input, select, textarea and button, with what the browser computes as its role and name. */
async function controls(): Promise<Control[]> {
  return h.page.locator('input, select, textarea, button').evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null || (e as HTMLElement).getClientRects().length > 0)
      .map((e) => {
        const ax = e as Element & { computedName?: string; computedRole?: string };
        return {
          tag: e.tagName.toLowerCase(),
          role: ax.computedRole ?? '',
          name: (ax.computedName ?? '').trim(),
          html: e.outerHTML.slice(0, 160),
        };
      }),
  );
}

async function openAuthPanel() {
  const panel = h.page.getByRole('button', { name: 'Authentication…' });
  if (await panel.isVisible()) await panel.click();
}

/** Presses Tab until `done()` holds for the focused element; the number of presses, or -1. */
async function tabUntil(done: () => Promise<boolean>, limit: number): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    await h.page.keyboard.press('Tab');
    if (await done()) return i;
  }
  return -1;
}

const focusedIs = (selector: string) => () =>
  h.page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

describe('the console is usable with a keyboard and a screen reader', () => {
  it('checks that computed accessible names are available in this chromium', async () => {
    await h.page.goto(h.server.url + '/');
    expect(
      await h.page.locator('#op-search').evaluate((e) => (e as Element & { computedName?: string }).computedName),
    ).toBe('Search operations');
  });

  it.each([
    ['/', true],
    ['/op/queryProducts', true],
    ['/op/createProduct', false],
    ['/op/addToCurrentCart', false],
    ['/sandbox', false],
    ['/flows', false],
  ] as const)('every control on %s has an accessible name', async (path, withAuthPanel) => {
    await h.page.goto(h.server.url + path);
    await h.page.getByRole('main').locator('h1').first().waitFor();
    if (withAuthPanel) await openAuthPanel();
    if (path.startsWith('/op/')) await h.page.getByRole('button', { name: 'Fill with example' }).click();
    const found = await controls();
    expect(found.length).toBeGreaterThan(3);
    expect(found.filter((c) => !c.name || !c.role)).toEqual([]);
  });

  it('has the landmarks a screen reader jumps between', async () => {
    await h.page.goto(h.server.url + '/op/queryProducts');
    await h.page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    for (const [role, name] of [
      ['banner', undefined],
      ['complementary', 'Operations sidebar'],
      ['navigation', 'Operations'],
      ['navigation', 'Views'],
      ['main', undefined],
      ['form', 'Request'],
      ['region', 'Authentication'],
    ] as const) {
      expect(await h.page.getByRole(role, name ? { name, exact: true } : {}).count(), `${role} ${name ?? ''}`).toBe(1);
    }
  });

  it(
    'reaches the sidebar and the Send button with Tab, with a visible focus ring, and sends on Enter',
    { timeout: 60_000 },
    async () => {
      const fresh = async () => {
        await h.page.goto(h.server.url + '/op/getProduct');
        await h.page.getByRole('button', { name: 'Send', exact: true }).waitFor();
      };
      // First stop on a fresh page: the skip link; then the header, then the sidebar.
      await fresh();
      await h.page.keyboard.press('Tab');
      expect(await h.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the page');
      expect(await tabUntil(focusedIs('nav[aria-label="Operations"] a'), 30)).toBeGreaterThan(0);
      const ring = await h.page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(ring).not.toMatch(/^none|\b0px/);

      // The skip link takes a keyboard user past the 161 operations to the page.
      await fresh();
      await h.page.keyboard.press('Tab');
      await h.page.keyboard.press('Enter');
      expect(await h.page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await tabUntil(focusedIs('button[type="submit"]'), 40)).toBeGreaterThan(0);
      expect(await h.page.evaluate(() => document.activeElement?.textContent)).toBe('Send');

      // Enter in a form field sends the request.
      await h.page.locator('#path-id').focus();
      await h.page.keyboard.type('no-such-product');
      await h.page.keyboard.press('Enter');
      await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
      expect((await h.page.getByTestId('status').textContent())!.trim()).toMatch(/^\d{3}$/);
    },
  );

  it('shows markup from the server as text, never as HTML', async () => {
    const payload = '<img src=x onerror="window.__sfkInjected = true">';
    await h.page.goto(h.server.url + '/op/createProduct');
    await openAuthPanel();
    await h.page.getByLabel('Call as elevated (use the API key)').setChecked(true);
    await h.page.getByRole('button', { name: 'Hide' }).click();
    const product = h.page
      .locator('fieldset')
      .filter({ has: h.page.locator('> legend', { hasText: /^product/ }) })
      .first();
    const nameField = product
      .locator('> .field')
      .filter({ has: h.page.locator('> label > code', { hasText: /^name$/ }) })
      .locator('input');
    await nameField.fill(payload);
    await h.page.getByRole('button', { name: 'Send', exact: true }).click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect((await h.page.getByTestId('status').textContent())!.trim()).toBe('200');
    // The server's answer carries the name back; the page shows the characters themselves.
    expect(await h.page.getByTestId('result').textContent()).toContain(`"name": ${JSON.stringify(payload)}`);
    expect(await h.page.locator('main img').count()).toBe(0);
    expect(
      await h.page.evaluate(() => (window as unknown as { __sfkInjected?: boolean }).__sfkInjected),
    ).toBeUndefined();
    // The new product is in the catalog: it shows as text in queryProducts' answer too.
    await h.page.goto(h.server.url + '/op/queryProducts');
    await h.page.getByRole('button', { name: 'Send', exact: true }).click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect(await h.page.getByTestId('result').textContent()).toContain(JSON.stringify(payload));
    expect(await h.page.locator('main img').count()).toBe(0);
    expect(
      await h.page.evaluate(() => (window as unknown as { __sfkInjected?: boolean }).__sfkInjected),
    ).toBeUndefined();
  });

  it('every control on /history, after calls were sent, has an accessible name', async () => {
    await h.page.goto(h.server.url + '/history');
    await h.page.getByTestId('history').locator('li').first().waitFor();
    const found = await controls();
    expect(found.filter((c) => c.name.startsWith('Open ')).length).toBeGreaterThan(0);
    expect(found.filter((c) => !c.name || !c.role)).toEqual([]);
  });

  it('keeps the focus ring visible in the dark theme too', async () => {
    await h.page.goto(h.server.url + '/op/getCurrentCart');
    await h.page.getByRole('button', { name: 'Dark theme', exact: true }).click();
    await h.page.getByRole('button', { name: 'Fill with example' }).focus();
    await h.page.keyboard.press('Shift+Tab');
    await h.page.keyboard.press('Tab');
    const ring = await h.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).not.toBe('none');
    await h.page.screenshot({ path: join(screenshots, 'console-dark-focus.png') });
    await h.page.getByRole('button', { name: 'Light theme', exact: true }).click();
  });

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
