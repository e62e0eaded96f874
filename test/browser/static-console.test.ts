/**
 * The static console (dist/console-static, written by `npm run build`) served by a plain static
 * file server with no sandbox behind it: the sandbox runs in the page behind msw's service
 * worker, so calls still answer as the provider would.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshots, useStaticConsole } from './support.ts';
import { tempFolder } from '../support/temp-folder.ts';

const h = useStaticConsole();
/** A product created in the page's sandbox (the event-stream test), gone after a reload. */
let streamedHatId = '';

async function send(path: string, fillExample = false) {
  await h.page.goto(h.server.url + path);
  if (fillExample) await h.page.getByRole('button', { name: 'Fill with example' }).click();
  await h.page.getByRole('button', { name: 'Send', exact: true }).click();
  await h.page.getByTestId('status').waitFor({ timeout: 15_000 });
  return (await h.page.getByTestId('status').textContent())!.trim();
}

describe('the static console', () => {
  it('has no sandbox behind its server: the API paths are plain 404s there', async () => {
    const res = await fetch(`${h.server.url}/__sandbox/info`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers queryProducts with products from the sandbox in the service worker', async () => {
    expect(await send('/op/queryProducts', true)).toBe('200');
    expect(await h.page.getByTestId('result').textContent()).toContain('"products"');
    expect(await h.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${h.server.url}/mockServiceWorker.js`);
  });

  it('answers getCurrentCart for a new visitor with the provider\'s 404', async () => {
    // Storage is cleared while no console page is open (one would write its state back).
    await h.page.goto(h.server.url + '/mockServiceWorker.js');
    await h.page.evaluate(() => localStorage.clear());
    expect(await send('/op/getCurrentCart')).toBe('404');
    expect(await h.page.getByTestId('error').textContent()).toContain('Cart not found');
  });

  it('says in the sandbox view that its state lives in the page\'s memory, and streams its events live', async () => {
    await h.page.goto(h.server.url + '/sandbox');
    await expect.poll(() => h.page.getByTestId('sandbox-where').textContent()).toMatch(/keeps its state in memory: a reload starts again from the seed data/);
    const log = h.page.getByRole('region', { name: 'Event log' });
    await log.getByRole('heading').waitFor();
    expect(await log.textContent()).not.toMatch(/catalog\.v1\.product created/);
    // A product created behind the view's back arrives through the event stream, not a refresh.
    const created = await h.page.evaluate(async () => {
      const res = await fetch('/stores/v1/products', {
        method: 'POST',
        headers: { authorization: 'sandbox-api-key', 'content-type': 'application/json' },
        body: JSON.stringify({ product: { name: 'Streamed hat', priceData: { price: 20 } } }),
      });
      return { status: res.status, id: (await res.json()).product?.id as string };
    });
    expect(created.status).toBe(200);
    streamedHatId = created.id;
    await expect.poll(() => log.textContent()).toMatch(/wix\.stores\.catalog\.v1\.product created/);
    await h.page.screenshot({ path: join(screenshots, 'console-static-sandbox.png') });
  });

  it('loses its state on a reload, and takes an exported state back', async () => {
    const productStatus = () =>
      h.page.evaluate(async (id) => (await fetch(`/stores-reader/v1/products/${id}`, { headers: { authorization: 'sandbox-api-key' } })).status, streamedHatId);
    expect(await productStatus()).toBe(200);
    const exported = await h.page.evaluate(async () => (await fetch('/__sandbox/state')).text());
    const file = join(tempFolder('sfk-static-'), 'sandbox-state.json');
    writeFileSync(file, exported);

    await h.page.reload();
    await h.page.getByTestId('sandbox-where').waitFor();
    expect(await productStatus()).toBe(404);

    await h.page.getByLabel('Import state').setInputFiles(file);
    await expect.poll(() => h.page.getByTestId('sandbox-message').textContent()).toBe('Import: done');
    expect(await productStatus()).toBe(200);

    // A file that is not a state: the sandbox's error, and the state stays as it was.
    const before = await h.page.evaluate(async () => (await fetch('/__sandbox/state')).text());
    const notJson = join(dirname(file), 'notes.json');
    writeFileSync(notJson, 'my notes');
    await h.page.getByLabel('Import state').setInputFiles(notJson);
    await expect.poll(() => h.page.getByTestId('sandbox-message').textContent()).toMatch(/^Import failed: notes\.json is not JSON: /);
    const notState = join(dirname(file), 'not-a-state.json');
    writeFileSync(notState, JSON.stringify({ products: [] }));
    await h.page.getByLabel('Import state').setInputFiles(notState);
    await expect.poll(() => h.page.getByTestId('sandbox-message').textContent()).toMatch(/^Import failed: State must be \{version: \d+, collections: \{\.\.\.\}\}$/);
    expect(await h.page.evaluate(async () => (await fetch('/__sandbox/state')).text())).toBe(before);
  });

  it('signs a new member up and logs them in, the hosted page read by fetch instead of a frame', async () => {
    await h.page.goto(h.server.url + '/flows');
    const section = h.page.getByRole('region', { name: 'Member sign-up', exact: true });
    await section.getByRole('button', { name: 'Run “Member sign-up”' }).click();
    await section.getByTestId('flow-done').or(section.getByTestId('flow-error')).waitFor({ timeout: 30_000 });
    expect(await section.getByTestId('flow-done').textContent()).toMatch(/^Signed up and logged in as /);
    expect(await h.page.getByTestId('auth-role').textContent()).toBe('member');
  });

  it('starts a reloaded page as nobody: the tokens of the page before belong to a sandbox that is gone', async () => {
    await h.page.reload();
    await h.page.getByRole('heading', { name: 'Guided flows' }).waitFor();
    expect(await h.page.getByTestId('auth-role').textContent()).toBe('none');
  });

  it('explains that the hosted login page needs `npm start`', async () => {
    await h.page.getByRole('button', { name: 'Authentication…' }).click();
    const hosted = h.page.getByRole('button', { name: 'Log in on the hosted page (PKCE)' });
    expect(await hosted.isDisabled()).toBe(true);
    expect(await h.page.locator('#hosted-login-hint').textContent()).toMatch(/use `npm start` for it, or log in directly/);
  });

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
