/**
 * The first task a new user tries, without typing an id: query the products, put the SECOND
 * product in the cart by picking it from the values the page offers, and see the cart. At
 * 1440x900 the status of every answer is in view without scrolling; at 390x844 (a phone,
 * touch) the same task is done by taps and nothing scrolls sideways.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noSidewaysScroll, openOperationSearch, screenshots, statusInView, useConsole } from './support.ts';

const h = useConsole();

async function firstTask(page: Page, phone: boolean, shot: string) {
  const press = (l: ReturnType<Page['locator']>) => (phone ? l.tap() : l.click());
  // A console that remembers nothing: no tokens, no picked values, no saved forms.
  await page.goto(h.server.url + '/__sandbox/info');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(h.server.url + '/op/queryProducts');
  const send = page.getByRole('button', { name: 'Send', exact: true });

  await press(send);
  // Send moved the focus to the status line (a screen reader hears it), and the status is in view.
  expect(await statusInView(page)).toEqual({ status: '200', inView: true, focused: true });
  if (phone) expect(await noSidewaysScroll(page)).toBe(true);
  const second = await page.evaluate(() => {
    const picked = JSON.parse(localStorage.getItem('storefront-kit-console')!).picked as Record<string, string>;
    return Object.entries(picked).find(([label]) => label.endsWith(' - products[1].id'));
  });
  expect(second, 'the second product is offered by name').toBeTruthy();
  const [label, productId] = second!;

  // To addToCurrentCart: from the search on a desktop, from the drawer on a phone.
  if (phone) {
    await press(page.getByRole('button', { name: 'Operations', exact: true }));
    await press(page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: /addToCurrentCart$/ }));
  } else {
    await openOperationSearch(page, '/');
    await page.keyboard.type('add current cart');
    await page.keyboard.press('Enter');
  }
  await page.getByRole('heading', { name: /add-to-cart/ }).waitFor();
  if (phone) expect(await noSidewaysScroll(page)).toBe(true);
  await press(page.getByRole('button', { name: 'Add lineItems item' }));
  const quantity = page.locator('#field-lineItems_0__quantity');
  await press(quantity);
  await quantity.fill('1');
  // The app id is filled in and explained; the product is picked from the offered values.
  expect(await page.locator('#field-lineItems_0__catalogReference_appId').inputValue()).toBe(
    '215238eb-22a5-4c36-9e7b-e7c08025e04e',
  );
  await expect
    .poll(() => page.getByText('The Wix Stores app: catalog items from the store').count())
    .toBeGreaterThan(0);
  const picker = page.getByRole('combobox', { name: 'Pick catalogItemId from earlier answers' });
  await picker.selectOption({ label });
  expect(await page.locator('#field-lineItems_0__catalogReference_catalogItemId').inputValue()).toBe(productId);
  if (phone) expect(await noSidewaysScroll(page)).toBe(true);
  await press(send);
  expect(await statusInView(page)).toEqual({ status: '200', inView: true, focused: true });
  expect(await page.getByTestId('result').textContent()).toContain(productId);
  await page.screenshot({ path: join(screenshots, shot) });

  // See the cart.
  await page.goto(h.server.url + '/op/getCurrentCart');
  await press(send);
  expect(await statusInView(page)).toEqual({ status: '200', inView: true, focused: true });
  expect(await page.getByTestId('result').textContent()).toContain(`"catalogItemId": "${productId}"`);
  if (phone) expect(await noSidewaysScroll(page)).toBe(true);
}

describe('the first task, without typing an id', () => {
  it('at 1440x900: every answer status in view without scrolling', { timeout: 90_000 }, async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await firstTask(h.page, false, 'console-first-task-1440.png');
  });

  it('at 390x844 on a phone, by taps, with nothing scrolling sideways', { timeout: 90_000 }, async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => h.pageErrors.push(String(e)));
    try {
      await firstTask(page, true, 'console-first-task-390.png');
      // Every visible control on the page is a target a finger can hit (44 px).
      const small = await page
        .locator(
          'main button, main select, main input:not([type="checkbox"]):not([type="radio"]), header button, header a',
        )
        .evaluateAll((els) =>
          els
            .filter((e) => e.getClientRects().length > 0)
            .map((e) => ({ html: e.outerHTML.slice(0, 80), h: e.getBoundingClientRect().height }))
            .filter((x) => x.h < 44),
        );
      expect(small).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
