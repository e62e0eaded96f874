/**
 * The console tried as a new user would (issue 25), each task at 1440x900 and at 390x844 (a
 * phone, by taps), with no id typed by hand: every wait is on an event or on the page's state,
 * never a sleep.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noSidewaysScroll, openOperationSearch, statusInView, useConsole } from './support.ts';
import { DEMO_MEMBER } from '../../src/sandbox/seed/ids.ts';

const h = useConsole();

const SIZES = [
  { name: '1440x900', viewport: { width: 1440, height: 900 }, phone: false },
  { name: '390x844 (phone)', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** A page of its own at a size, as a new visitor: nothing remembered. */
async function newVisitor(size: (typeof SIZES)[number]): Promise<{ page: Page; press: (l: Locator) => Promise<void> }> {
  const context = await h.browser.newContext({ viewport: size.viewport, hasTouch: size.phone, isMobile: size.phone });
  const page = await context.newPage();
  page.on('pageerror', (e) => h.pageErrors.push(String(e)));
  return { page, press: (l) => (size.phone ? l.tap() : l.click()) };
}

/** Opens an operation's page and waits until it has looked at the sandbox for what the operation needs. */
async function open(page: Page, opId: string): Promise<void> {
  await page.goto(`${h.server.url}/op/${opId}`);
  await page.locator('.summary code', { hasText: new RegExp(`\\.${opId}$`) }).waitFor();
  if (await page.getByTestId('prepare').count())
    await page.locator('[data-testid="prepare"][aria-busy="false"]').waitFor({ timeout: 30_000 });
}

async function sendAndRead(
  page: Page,
  press: (l: Locator) => Promise<void>,
): Promise<{ status: string; body: string }> {
  // A remembered answer from before is no proof of this one: wait for the status line to change.
  const before = await page.locator('.status-line').textContent();
  await press(page.getByRole('button', { name: 'Send', exact: true }));
  await page.waitForFunction((b) => document.querySelector('.status-line')?.textContent !== b, before);
  const { status } = await statusInView(page);
  // An error answer has no body view.
  const result = page.getByTestId('result');
  const body = (await result.count()) ? ((await result.textContent()) ?? '') : '';
  return { status, body };
}

/** The sandbox's stored cart of the visitor the page holds, read over HTTP (not through the page). */
async function cartLines(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const tokens = JSON.parse(localStorage.getItem('storefront-kit-console')!).tokens;
    const res = await fetch('/ecom/v1/carts/current', { headers: { Authorization: tokens.accessToken.value } });
    return ((await res.json()).cart?.lineItems ?? []).length as number;
  });
}

describe.each(SIZES)('at $name', (size) => {
  it(
    'a shopper makes a cart once, then its checkout and checkout URL: each page runs only what is missing and says what it will change first',
    { timeout: 120_000 },
    async () => {
      const { page, press } = await newVisitor(size);
      try {
        await open(page, 'getCurrentCart');
        const panel = page.getByTestId('prepare');
        // Said before anything changes: what is missing and what running it changes.
        expect(await panel.textContent()).toMatch(
          /Missing: a cart with a product in it\. Running it adds one in-stock product from the catalog to your current cart/,
        );
        await press(page.getByRole('button', { name: 'Run this first' }));
        await expect.poll(() => page.getByTestId('prepared').textContent(), { timeout: 30_000 }).toMatch(/^Ready/);
        expect((await sendAndRead(page, press)).status).toBe('200');
        expect(await cartLines(page)).toBe(1);

        // The cart is there now: getCurrentCart again offers nothing to run.
        await open(page, 'getCurrentCart');
        expect(await panel.textContent()).toMatch(
          /Nothing to run first\. Already there: your current cart \(1 line item\)/,
        );
        expect(await page.getByRole('button', { name: 'Run this first' }).count()).toBe(0);

        await open(page, 'createCheckoutFromCurrentCart');
        expect(await panel.textContent()).toMatch(/Nothing to run first/);
        expect(await page.getByRole('button', { name: 'Run this first' }).count()).toBe(0);
        const made = await sendAndRead(page, press);
        expect(made.status).toBe('200');
        const checkoutId = /"checkoutId": "([^"]+)"/.exec(made.body)?.[1];
        expect(checkoutId).toBeTruthy();

        // The checkout is found too, and its id is in the form without typing it.
        await open(page, 'getCheckoutUrl');
        expect(await panel.textContent()).toMatch(
          /Nothing to run first\. Already there: your current cart \(1 line item\), the checkout of your cart/,
        );
        expect(await page.locator('#path-id').inputValue()).toBe(checkoutId);
        expect((await sendAndRead(page, press)).status).toBe('200');
        // Nothing was added on the way: still the one line.
        expect(await cartLines(page)).toBe(1);
        if (size.phone) expect(await noSidewaysScroll(page)).toBe(true);
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    "a developer reads the demo member's orders: the filter offers searchOrders' fields and operators, the member id is picked from the members offered, and an unknown field gets a hint",
    { timeout: 120_000 },
    async () => {
      const { page, press } = await newVisitor(size);
      try {
        await open(page, 'queryMembers');
        expect((await sendAndRead(page, press)).status).toBe('200');
        await press(page.getByRole('button', { name: 'Authentication…' }));
        await page.getByLabel('Call as elevated (use the API key)').setChecked(true);

        await open(page, 'searchOrders');
        await press(page.getByRole('button', { name: 'Add a condition' }));
        const field = page.getByRole('combobox', { name: 'Field', exact: true });
        // The fields offered are the ones searchOrders filters by.
        expect(await field.locator('option').allTextContents()).toContain('buyerInfo.memberId');
        expect(await field.locator('option').allTextContents()).not.toContain('memberId');
        await field.selectOption('buyerInfo.memberId');
        expect(
          await page.getByRole('combobox', { name: 'Operator', exact: true }).locator('option').allTextContents(),
        ).toEqual(['$eq', '$ne', '$in', '$nin']);
        // Only members are offered for a member id, each once, and the demo member among them.
        const picker = page.getByRole('combobox', { name: 'Pick buyerInfo.memberId from earlier answers' });
        const offered = await picker
          .locator('option')
          .evaluateAll((os) =>
            os.slice(1).map((o) => ({ label: o.textContent!, value: (o as HTMLOptionElement).value })),
          );
        expect(offered.length).toBeGreaterThan(1);
        // Each by its name: "Ava A - members[1].id".
        for (const o of offered) expect(o.label).toMatch(/^.+ - members\[\d+\]\.id$/);
        expect(new Set(offered.map((o) => o.value)).size).toBe(offered.length);
        await picker.selectOption(DEMO_MEMBER.id);
        const found = await sendAndRead(page, press);
        expect(found.status).toBe('200');
        const orders = JSON.parse(
          await page.evaluate(() => JSON.parse(sessionStorage.getItem('sfk-answer:orders.searchOrders')!).raw),
        ).orders as { id: string; buyerInfo?: { memberId?: string } }[];
        expect(orders.length).toBeGreaterThan(0);
        for (const o of orders) expect(o.buyerInfo?.memberId).toBe(DEMO_MEMBER.id);

        // "use this" on an order id in the answer fills the filter's id value.
        await field.selectOption('id');
        await press(page.getByRole('button', { name: 'Use this orders[0].id' }));
        expect(await page.locator('form [data-id-kind="order"]').inputValue()).toBe(orders[0].id);
        const one = await sendAndRead(page, press);
        expect(one.status).toBe('200');
        expect(one.body).toContain(orders[0].id);

        // A field guessed by name gets a hint naming the one it may have meant.
        await press(page.getByRole('button', { name: 'JSON', exact: true }));
        await page
          .locator('#json-editor')
          .fill(JSON.stringify({ search: { filter: { memberId: { $eq: DEMO_MEMBER.id } } } }));
        await press(page.getByRole('button', { name: 'Form', exact: true }));
        expect(await page.getByTestId('filter-hint').textContent()).toBe(
          'memberId is not a field searchOrders filters by. Did you mean buyerInfo.memberId?',
        );
        if (size.phone) expect(await noSidewaysScroll(page)).toBe(true);
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    'a shopper adding to the cart is offered only products for catalogItemId, in the answer order, each once',
    { timeout: 90_000 },
    async () => {
      const { page, press } = await newVisitor(size);
      try {
        await open(page, 'queryProducts');
        expect((await sendAndRead(page, press)).status).toBe('200');
        await open(page, 'addToCurrentCart');
        await press(page.getByRole('button', { name: 'Add lineItems item' }));
        const picker = page.getByRole('combobox', { name: 'Pick catalogItemId from earlier answers' });
        const offered = await picker
          .locator('option')
          .evaluateAll((os) =>
            os.slice(1).map((o) => ({ label: o.textContent!, value: (o as HTMLOptionElement).value })),
          );
        expect(offered.length).toBeGreaterThan(1);
        for (const o of offered) expect(o.label).toMatch(/ - products\[\d+\]\.id$/);
        expect(new Set(offered.map((o) => o.value)).size).toBe(offered.length);
        expect(offered[0].label).toMatch(/products\[0\]\.id$/);
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    'a shopper sends the browser to the hosted checkout: createRedirectSession leads with the task, and the example follows it',
    { timeout: 120_000 },
    async () => {
      const { page, press } = await newVisitor(size);
      try {
        await open(page, 'getCheckoutUrl');
        await press(page.getByRole('button', { name: 'Run this first' }));
        await expect.poll(() => page.getByTestId('prepared').textContent(), { timeout: 30_000 }).toMatch(/^Ready/);
        const checkoutId = await page.locator('#path-id').inputValue();
        expect(checkoutId).toBeTruthy();

        await open(page, 'createRedirectSession');
        // The first field of the request is the task; no login fields lead.
        const first = await page
          .locator('form[aria-label="Request"] :is(input, select, textarea)')
          .first()
          .getAttribute('id');
        expect(first).toBe('task');
        expect(await page.locator('#field-auth').count()).toBe(0);
        await page.getByLabel('What is this call for?').selectOption({ label: 'The hosted checkout page' });
        expect(await page.locator('#field-auth').count()).toBe(0);
        const picker = page.getByRole('combobox', { name: 'Pick checkoutId from earlier answers' });
        const offered = await picker
          .locator('option')
          .evaluateAll((os) => os.slice(1).map((o) => (o as HTMLOptionElement).value));
        expect(offered[0]).toBe(checkoutId);
        await picker.selectOption(checkoutId);
        const made = await sendAndRead(page, press);
        expect(made.status).toBe('200');
        expect(made.body).toContain('"fullUrl"');
        // The URL to send the browser to is a link.
        const fullUrl = /"fullUrl": "([^"]+)"/.exec(made.body)![1];
        expect(await page.getByRole('link', { name: fullUrl }).getAttribute('href')).toBe(fullUrl);

        await press(page.getByRole('button', { name: 'Fill with example' }));
        expect(await page.locator('#field-ecomCheckout_checkoutId').inputValue()).toBe(
          '8a2b1c4d-0000-4000-8000-00000000c001',
        );
        expect(await page.locator('#field-auth').count()).toBe(0);
        if (size.phone) expect(await noSidewaysScroll(page)).toBe(true);
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    'a developer copies the TypeScript of queryProducts with the form left empty: it runs the query and prints the products',
    { timeout: 60_000 },
    async () => {
      const { page } = await newVisitor(size);
      try {
        await open(page, 'queryProducts');
        const ts = page.getByTestId('snippet-ts');
        await ts.waitFor({ state: 'attached' });
        const text = (await ts.textContent())!;
        expect(text).toContain('const page = await kit.products.queryProducts().find();');
        expect(text).toContain('console.log(page.items);');
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    'a developer opens the console for the first time and reads queryProducts: no failed request, the heading says GET as sent, the target and role say the same everywhere, the fetch code is indented',
    { timeout: 60_000 },
    async () => {
      const { page } = await newVisitor(size);
      const failed: string[] = [];
      page.on('console', (m) => m.type() === 'error' && failed.push(m.text()));
      page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
      try {
        await open(page, 'queryProducts');
        await page.getByTestId('snippet-fetch').waitFor({ state: 'attached' });
        expect(failed).toEqual([]);
        expect(await page.locator('h1 .method').textContent()).toBe('GET');
        expect(await page.getByTestId('target').textContent()).toBe(`the sandbox at ${new URL(h.server.url).host}`);
        expect(await page.getByTestId('auth-role').textContent()).toBe('none');
        if (!size.phone) expect(await page.getByTestId('role').textContent()).toBe('role: none');
        const code = (await page.getByTestId('snippet-fetch').textContent())!;
        // Indented as code: a line that opens brackets indents the lines after it by two, the line that closes them comes back.
        let depth = 0;
        for (const line of code.split('\n')) {
          const net = (line.match(/[[{(]/g) ?? []).length - (line.match(/[\]})]/g) ?? []).length;
          if (net < 0) depth--;
          expect(line.match(/^ */)![0].length, line).toBe(2 * depth);
          if (net > 0) depth++;
        }
        expect(depth).toBe(0);
        // Searching with everyday words: "list products" finds queryProducts first (Catalog V1's,
        // whose route names its module since Catalog V3 has a queryProducts too).
        if (!size.phone) {
          await page.goto(`${h.server.url}/`);
          await page.getByRole('heading', { name: 'storefront-kit console' }).waitFor();
          await openOperationSearch(page, '/');
          await page.keyboard.type('list products');
          await page.keyboard.press('Enter');
          await page.waitForURL(/\/op\/products\.queryProducts$/);
        }
      } finally {
        await page.context().close();
      }
    },
  );

  it(
    'a send the console blocks (a required field empty) clears the answer of the call before',
    { timeout: 60_000 },
    async () => {
      const { page, press } = await newVisitor(size);
      try {
        await open(page, 'getCheckout');
        await page.locator('#path-id').fill('no-such-checkout');
        expect((await sendAndRead(page, press)).status).toBe('404');
        await page.locator('#path-id').fill('');
        await press(page.getByRole('button', { name: 'Send', exact: true }));
        await page.getByRole('alert').filter({ hasText: 'problem(s)' }).waitFor();
        expect(await page.locator('.status-line').textContent()).toBe('Response: nothing sent yet');
        expect(await page.getByTestId('error').count()).toBe(0);
      } finally {
        await page.context().close();
      }
    },
  );
});

it(
  'on a phone, a shopper adds to the cart: the form is not an inner scroll, and after Send the answer starts at the top of the screen',
  { timeout: 90_000 },
  async () => {
    const { page, press } = await newVisitor(SIZES[1]);
    try {
      await open(page, 'queryProducts');
      expect((await sendAndRead(page, press)).status).toBe('200');
      await open(page, 'addToCurrentCart');
      await press(page.getByRole('button', { name: 'Add lineItems item' }));
      await page.locator('#field-lineItems_0__quantity').fill('1');
      const picker = page.getByRole('combobox', { name: 'Pick catalogItemId from earlier answers' });
      await picker.selectOption({ index: 2 });
      const form = page.locator('form[aria-label="Request"]');
      expect(await form.evaluate((f) => f.scrollHeight <= f.clientHeight + 1)).toBe(true);
      expect((await sendAndRead(page, press)).status).toBe('200');
      const where = await page.evaluate(() => ({
        status: document.querySelector('.status-line')!.getBoundingClientRect().top,
        answer: document.querySelector('[data-testid="result"]')!.getBoundingClientRect().top,
      }));
      expect(where.status).toBeGreaterThanOrEqual(-1);
      expect(where.status).toBeLessThan(10);
      // The answer itself begins in the upper half of the screen.
      expect(where.answer).toBeLessThan(844 / 2);
      expect(await noSidewaysScroll(page)).toBe(true);
    } finally {
      await page.context().close();
    }
  },
);

it(
  'a developer saves a request under a name; it survives a reload, exports as JSON, imports back, and opens again with its values',
  { timeout: 90_000 },
  async () => {
    const { page, press } = await newVisitor(SIZES[0]);
    try {
      await open(page, 'queryProducts');
      expect((await sendAndRead(page, press)).status).toBe('200');
      await open(page, 'addToCurrentCart');
      await press(page.getByRole('button', { name: 'Add lineItems item' }));
      await page.locator('#field-lineItems_0__quantity').fill('2');
      await page.getByRole('combobox', { name: 'Pick catalogItemId from earlier answers' }).selectOption({ index: 1 });
      const productId = await page.locator('#field-lineItems_0__catalogReference_catalogItemId').inputValue();
      await page.getByLabel('Save this request as').fill('two of the first product');
      await press(page.getByRole('button', { name: 'Save', exact: true }));
      await page.getByText('Saved as “two of the first product”').waitFor();

      await page.reload();
      await page.goto(`${h.server.url}/history`);
      const saved = page.getByTestId('saved');
      await saved.getByText('two of the first product').waitFor();
      await press(page.getByRole('button', { name: 'Export as JSON' }));
      const json = await page.locator('#saved-export').inputValue();
      expect(JSON.parse(json)).toEqual([
        expect.objectContaining({ name: 'two of the first product', opKey: 'currentCart.addToCurrentCart' }),
      ]);

      await press(page.getByRole('button', { name: 'Delete two of the first product' }));
      expect(await saved.locator('li').count()).toBe(0);
      await page.locator('#saved-import').fill('[{"name": "x", "opKey": "nope.nothing"}]');
      await press(page.getByRole('button', { name: 'Import', exact: true }));
      expect(await page.getByTestId('import-said').textContent()).toBe(
        'Nothing imported: item 1 (“x”) names no operation of the console: nope.nothing.',
      );
      await page.locator('#saved-import').fill(json);
      await press(page.getByRole('button', { name: 'Import', exact: true }));
      expect(await page.getByTestId('import-said').textContent()).toBe('Imported 1 saved request(s).');

      await press(page.getByRole('button', { name: 'Open two of the first product' }));
      await page.locator('#field-lineItems_0__quantity').waitFor();
      expect(await page.locator('#field-lineItems_0__quantity').inputValue()).toBe('2');
      expect(await page.locator('#field-lineItems_0__catalogReference_catalogItemId').inputValue()).toBe(productId);
      const added = await sendAndRead(page, press);
      expect(added.status).toBe('200');
      expect(added.body).toContain(productId);
    } finally {
      await page.context().close();
    }
  },
);

it('raised no page errors', () => {
  expect(h.pageErrors).toEqual([]);
});
