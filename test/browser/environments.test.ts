/**
 * The environment chosen in one place (issue 25): the header's Environment picks the console's
 * own sandbox, a running sandbox at a URL, or the provider with a client id; the choice is kept
 * across reloads and every call and snippet follows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { useConsole } from './support.ts';

const h = useConsole();
let other: SandboxServer;

beforeAll(async () => {
  other = await createSandboxServer({ port: 0 });
});
afterAll(() => other?.close());

describe('the environment', () => {
  it(
    'is chosen in one visible control: a running sandbox at a URL gets the calls, the provider gets a client id, both kept across a reload',
    { timeout: 90_000 },
    async () => {
      const page = h.page;
      await page.goto(`${h.server.url}/op/queryProducts`);
      const environment = page.getByRole('combobox', { name: 'Environment' });
      expect(await environment.inputValue()).toBe('sandbox');
      expect(await page.getByTestId('target').textContent()).toBe(`the sandbox at ${new URL(h.server.url).host}`);

      // A running sandbox at a URL: the call goes there.
      await environment.selectOption({ label: 'A running sandbox at a URL' });
      await page.getByLabel('Sandbox URL').fill(other.url);
      expect(await page.getByTestId('target').textContent()).toBe(`the sandbox at ${other.url}`);
      await page.reload();
      expect(await environment.inputValue()).toBe('sandbox-url');
      expect(await page.getByLabel('Sandbox URL').inputValue()).toBe(other.url);
      const sentTo = page.waitForRequest((r) => r.url().startsWith(`${other.url}/stores`));
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await sentTo;
      await page.locator('[data-testid="status"]', { hasText: '200' }).waitFor();
      expect(await page.getByTestId('snippet-ts').textContent()).toContain(`host: "${other.url}"`);

      // The provider with a client id: the snippet says so, and so does the console after a reload.
      await environment.selectOption({ label: 'The provider (or another host) with a client id' });
      expect(await page.getByLabel('Host', { exact: true }).inputValue()).toBe('https://www.wixapis.com');
      await page.getByLabel('Client id', { exact: true }).fill('my-app-client-id');
      await page.reload();
      expect(await environment.inputValue()).toBe('remote');
      expect(await page.getByLabel('Client id', { exact: true }).inputValue()).toBe('my-app-client-id');
      expect(await page.getByTestId('target').textContent()).toBe('https://www.wixapis.com');
      const ts = (await page.getByTestId('snippet-ts').textContent())!;
      expect(ts).toContain('OAuthStrategy({ clientId: "my-app-client-id" })');
      expect(ts).toContain('host: "https://www.wixapis.com"');

      // Back to the console's own sandbox.
      await environment.selectOption({ label: "This console's sandbox" });
      await page.reload();
      expect(await environment.inputValue()).toBe('sandbox');
      expect(await page.getByTestId('target').textContent()).toBe(`the sandbox at ${new URL(h.server.url).host}`);
    },
  );

  it(
    "keeps the client id typed for the provider when the sandbox's info answers after the switch",
    { timeout: 90_000 },
    async () => {
      const page = h.page;
      await page.goto(`${h.server.url}/op/queryProducts`);
      const environment = page.getByRole('combobox', { name: 'Environment' });
      // The running sandbox's info is held until the user has switched to the provider and typed.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const asked = new Promise<void>(
        (resolve) =>
          void page.route(`${other.url}/__sandbox/info`, async (route) => {
            resolve();
            await released;
            await route.continue();
          }),
      );
      await environment.selectOption({ label: 'A running sandbox at a URL' });
      await page.getByLabel('Sandbox URL').fill(other.url);
      await asked;
      await environment.selectOption({ label: 'The provider (or another host) with a client id' });
      await page.getByLabel('Client id', { exact: true }).fill('typed-client-id');
      const answered = page.waitForResponse(`${other.url}/__sandbox/info`);
      release();
      await (await answered).finished();
      // The answer's page work has run once the page has had a frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await page.getByLabel('Client id', { exact: true }).inputValue()).toBe('typed-client-id');
      await page.unroute(`${other.url}/__sandbox/info`);
      await environment.selectOption({ label: "This console's sandbox" });
    },
  );

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
