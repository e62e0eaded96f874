/**
 * The operation page's promises to a user: nothing typed or answered is lost on navigation or
 * reload; bad JSON is never sent; each problem links to its field; the search finds operations
 * by words in any order and Enter opens the top hit; names shared by two modules say their
 * module; the snippets shown before Send run as pasted; a missing role or key is said in plain
 * words with a button to the right part of the auth panel.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openOperationSearch, useConsole } from './support.ts';

const h = useConsole();
// Asynchronous: the sandbox answering these commands runs in this very process.
const run = async (file: string, args: string[]) =>
  (await promisify(execFile)(file, args, { encoding: 'utf8', timeout: 20_000 })).stdout;
const send = () => h.page.getByRole('button', { name: 'Send', exact: true });

/** The auth panel moves focus to the key's checkbox on the next frame: a key pressed before lands elsewhere. */
async function focusMovedToTheKeyBox() {
  await expect
    .poll(() => h.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
    .toBe('checkbox');
}

async function fresh(path: string) {
  await h.page.goto(h.server.url + '/__sandbox/info');
  await h.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await h.page.goto(h.server.url + path);
  await h.page.getByRole('main').locator('h1').first().waitFor();
}

describe('the operation page', () => {
  it('keeps form values and the last answer across navigation and a reload', { timeout: 60_000 }, async () => {
    await fresh('/op/getProduct');
    await h.page.locator('#path-id').fill('no-such-product');
    await send().click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    const status = await h.page.getByTestId('status').textContent();
    await h.page
      .getByRole('navigation', { name: 'Operations' })
      .getByRole('link', { name: /products\.queryProducts$/ })
      .click();
    await h.page.getByRole('heading', { name: /query-platformized/ }).waitFor();
    await h.page.goBack();
    await h.page.locator('#path-id').waitFor();
    expect(await h.page.locator('#path-id').inputValue()).toBe('no-such-product');
    expect(await h.page.getByTestId('status').textContent()).toBe(status);
    await h.page.reload();
    await h.page.locator('#path-id').waitFor();
    expect(await h.page.locator('#path-id').inputValue()).toBe('no-such-product');
    expect(await h.page.getByTestId('status').textContent()).toBe(status);
    // The history keeps the answer too.
    await h.page.goto(h.server.url + '/history');
    await h.page.getByTestId('history').getByText('Answer').first().click();
    expect(await h.page.getByTestId('history').textContent()).toContain('products.getProduct');
  });

  it(
    'shows the answer foldable, searchable and focusable, its ids with a "use this" action',
    { timeout: 60_000 },
    async () => {
      await fresh('/op/queryProducts');
      await send().click();
      await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
      const body = h.page.getByRole('region', { name: 'Response body' });
      expect(await body.getAttribute('tabindex')).toBe('0');
      const all = (await body.textContent())!;
      const firstId = all.match(/"id": "([^"]+)"/)![1];
      await h.page.getByRole('searchbox', { name: 'Search the answer' }).fill(firstId);
      await expect.poll(async () => (await body.textContent())!.length).toBeLessThan(all.length / 2);
      expect(await body.textContent()).toContain(firstId);
      await h.page.getByRole('searchbox', { name: 'Search the answer' }).fill('');
      // Folding the top object hides everything in it.
      await body.locator('summary').first().click();
      expect(await body.locator('.json-children').first().isVisible()).toBe(false);
      await body.locator('summary').first().click();
      await body.getByRole('button', { name: /^Use this products\[0\]\.id$/ }).click();
      const first = await h.page.evaluate(
        () => Object.keys(JSON.parse(localStorage.getItem('storefront-kit-console')!).picked)[0],
      );
      expect(first).toBe('products[0].id (chosen)');
    },
  );

  it('does not send JSON that does not parse, and says why', async () => {
    await fresh('/op/queryProducts');
    await h.page.getByRole('button', { name: 'JSON' }).click();
    await h.page.getByLabel('Options as JSON').fill('{"query": {');
    expect(await h.page.getByTestId('json-error').textContent()).toMatch(/^Does not parse: /);
    expect(await send().isDisabled()).toBe(true);
    await h.page.getByLabel('Options as JSON').press('Enter');
    expect(await h.page.getByTestId('status').count()).toBe(0);
    await h.page.getByLabel('Options as JSON').fill('{"query": {"paging": {"limit": 1}}}');
    await send().click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect(await h.page.getByTestId('status').textContent()).toBe('200');
    await expect
      .poll(() => h.page.getByTestId('snippet-curl').textContent())
      .toContain(`?.r=${Buffer.from('{"query":{"paging":{"limit":1}}}').toString('base64url')}`);
  });

  it('links each problem to its field', async () => {
    await fresh('/op/addToCurrentCart');
    await h.page.getByRole('button', { name: 'Add lineItems item' }).click();
    await send().click();
    const link = h.page.getByRole('alert').getByRole('link', { name: 'lineItems[0].quantity is required' });
    await link.click();
    expect(await h.page.evaluate(() => document.activeElement?.id)).toBe('field-lineItems_0__quantity');
  });

  it('finds operations by words in any order; Enter opens the top hit; says when nothing matches', async () => {
    await fresh('/');
    await openOperationSearch(h.page, 'Control+k');
    await h.page.keyboard.type('cart add');
    const links = h.page.getByRole('navigation', { name: 'Operations' }).getByRole('link');
    await expect.poll(() => links.allTextContents()).toContain('POST addToCurrentCart');
    await h.page.keyboard.press('Enter');
    await h.page.getByRole('heading', { name: /add-to-cart/ }).waitFor();
    await h.page.locator('#op-search').fill('add item');
    await expect.poll(() => links.allTextContents()).toContain('POST addToCurrentCart');
    await h.page.locator('#op-search').fill('zebra crossing');
    await expect.poll(() => h.page.locator('#op-search-count').textContent()).toBe('No matches');
    await h.page.locator('#op-search').fill('createOrder');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(expect.arrayContaining(['POST checkout.createOrder', 'POST orders.createOrder']));
    await h.page.locator('#op-search').fill('getCollectionBySlug');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['GET products.getCollectionBySlug', 'GET collections.getCollectionBySlug']);
  });

  it('shows curl and fetch before Send that run as pasted, against the real host', { timeout: 60_000 }, async () => {
    await fresh('/op/queryProducts');
    const curl = (await h.page.getByTestId('snippet-curl').textContent())!;
    expect(curl).toContain(h.server.url);
    const out = await run('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`]);
    expect(out).toBe('200');
    const code = (await h.page.getByTestId('snippet-fetch').textContent())!;
    const printed = await run(process.execPath, ['--input-type=module', '-e', code]);
    expect(printed).toMatch(/^200 /);
    const ts = (await h.page.getByTestId('snippet-ts').textContent())!;
    expect(ts).toContain(`host: "${h.server.url}"`);
    expect(ts).toMatch(/OAuthStrategy\(\{ clientId: "[^"]+" \}\)/);
    // No options: the builder is run, and its items printed (test/spec/ts-snippets.test.ts runs every snippet).
    expect(ts).toContain('const page = await kit.products.queryProducts().find();\nconsole.log(page.items);');
  });

  it('shows no code for a form it would not send, and says what is missing', async () => {
    await fresh('/op/createMember');
    await expect
      .poll(() => h.page.getByText('The client would not send this yet').textContent())
      .toBe('The client would not send this yet: member is required');
    expect(await h.page.getByTestId('snippet-ts').count()).toBe(0);
  });

  it('says in plain words what an admin operation needs, with a button to the API key', async () => {
    await fresh('/op/searchOrders');
    const note = h.page.getByTestId('caller-note');
    expect(await note.textContent()).toContain("needs the site's API key");
    await note.getByRole('button', { name: 'Use the API key…' }).click();
    await focusMovedToTheKeyBox();
    await h.page.keyboard.press('Space');
    await expect.poll(() => h.page.getByTestId('auth-role').textContent()).toBe('elevated');
    await send().click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect(await h.page.getByTestId('status').textContent()).toBe('200');
  });

  it('a visitor operation shows no warning before the first call', async () => {
    await fresh('/op/getCurrentCart');
    expect(await h.page.getByTestId('caller-note').count()).toBe(0);
    expect(await h.page.getByText('your role').count()).toBe(0);
  });

  it("sends an example's custom line as the example has it, and fills the stores app id in a line the user adds", async () => {
    await fresh('/op/orders.createOrder');
    await h.page.getByRole('button', { name: 'Fill with example' }).click();
    const appId = (i: number) => h.page.locator(`#field-order_lineItems_${i}__catalogReference_appId`);
    await appId(0).waitFor();
    // The example's line is a custom one: it points at no catalog, so no app id is made up for it.
    expect(await appId(0).inputValue()).toBe('');
    await h.page.getByRole('button', { name: 'Add lineItems item' }).click();
    await expect.poll(() => appId(1).inputValue()).toBe('215238eb-22a5-4c36-9e7b-e7c08025e04e');
    await h.page.getByRole('button', { name: 'Remove lineItems[1]' }).click();
    await h.page.getByTestId('caller-note').getByRole('button', { name: 'Use the API key…' }).click();
    await focusMovedToTheKeyBox();
    await h.page.keyboard.press('Space');
    await expect.poll(() => h.page.getByTestId('auth-role').textContent()).toBe('elevated');
    await send().click();
    await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
    expect(await h.page.getByTestId('status').textContent()).toBe('200');
  });

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
