/**
 * The console's guided flows, each run from /flows in chromium against `npm start`'s sandbox:
 * member sign-up under the site's policies (plain, e-mail verification, owner approval),
 * an admin capturing an authorized payment, and a failing step that shows the server's error.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshots, useConsole } from './support.ts';
import { userProject } from '../support/user-code.ts';

const h = useConsole();

async function settings(patch: Record<string, boolean | string>) {
  const res = await fetch(`${h.server.url}/__sandbox/settings`, {
    method: 'PATCH',
    headers: { authorization: 'sandbox-api-key', 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBe(200);
}

/** Runs a flow from a fresh console (no tokens) and waits for its end; the steps' lines and the outcome. */
async function runFlow(title: string) {
  // Storage is cleared while no console page is open (one would write its state back).
  await h.page.goto(h.server.url + '/__sandbox/info');
  await h.page.evaluate(() => localStorage.clear());
  await h.page.goto(h.server.url + '/flows');
  const section = h.page.getByRole('region', { name: title, exact: true });
  await section.getByRole('button', { name: `Run “${title}”` }).click();
  const end = section.getByTestId('flow-done').or(section.getByTestId('flow-error'));
  await end.waitFor({ timeout: 30_000 });
  await end.scrollIntoViewIfNeeded();
  // Whichever ended the flow is read without a short timeout: on a loaded machine one browser
  // round trip can take longer than 100 ms, which read a finished flow's result as missing.
  const textOf = async (testId: string) => {
    const el = section.getByTestId(testId);
    return (await el.count()) ? ((await el.textContent()) ?? undefined) : undefined;
  };
  return {
    steps: await section.getByTestId('flow-results').locator('li').allTextContents(),
    done: await textOf('flow-done'),
    error: await textOf('flow-error'),
  };
}

describe('guided flows', () => {
  it('member sign-up with no verification or approval: registered, logged in as a member', async () => {
    await settings({ requireEmailVerification: false, requireOwnerApproval: false, requireCaptcha: false });
    const r = await runFlow('Member sign-up');
    expect(r.error).toBeUndefined();
    expect(r.steps[0]).toMatch(/Register a new member: SUCCESS/);
    expect(r.steps[1]).toMatch(/skipped/);
    expect(r.steps[2]).toMatch(/skipped/);
    expect(r.done).toMatch(/^Signed up and logged in as shopper-\w+@storefront\.test \(member [0-9a-f-]{36}\)$/);
    expect(await h.page.getByTestId('auth-role').textContent()).toBe('member');
  });

  it('member sign-up when the site asks for e-mail verification and owner approval: code from the outbox, approved, logged in', async () => {
    await settings({ requireEmailVerification: true, requireOwnerApproval: true });
    try {
      const r = await runFlow('Member sign-up');
      expect(r.error).toBeUndefined();
      expect(r.steps[0]).toMatch(/Register a new member: EMAIL_VERIFICATION_REQUIRED/);
      expect(r.steps[1]).toMatch(/Verify the e-mail with the code from the outbox: OWNER_APPROVAL_REQUIRED/);
      expect(r.steps[2]).toMatch(/The site owner approves the member: SUCCESS/);
      expect(r.done).toMatch(/^Signed up and logged in as /);
      expect(await h.page.getByTestId('auth-role').textContent()).toBe('member');
      await h.page.screenshot({ path: join(screenshots, 'console-flow-signup.png') });
    } finally {
      await settings({ requireEmailVerification: false, requireOwnerApproval: false });
    }
  });

  it("stops at the failing step with the server's error", async () => {
    await settings({ requireCaptcha: true });
    try {
      const r = await runFlow('Member sign-up');
      expect(r.done).toBeUndefined();
      expect(r.steps).toEqual([expect.stringMatching(/Register a new member: failed/)]);
      expect(r.error).toMatch(/^Register a new member failed: .*Missing captcha token/);
    } finally {
      await settings({ requireCaptcha: false });
    }
  });

  it('admin payment capture: finds the order with an authorized payment, captures it, shows it PAID', async () => {
    const r = await runFlow('Admin: capture a payment');
    expect(r.error).toBeUndefined();
    expect(r.steps).toEqual([
      expect.stringMatching(/Find an order with an authorized payment: 200/),
      expect.stringMatching(/Capture the authorized payments: 200/),
      expect.stringMatching(/Read the order's payment status: 200/),
    ]);
    expect(r.done).toMatch(
      /^Payment captured: order [0-9a-f-]{36} went from NOT_PAID to PAID \(paid \$[\d.]+; payments [0-9a-f-]{36}: APPROVED\)$/,
    );
    await h.page.screenshot({ path: join(screenshots, 'console-flow-capture.png') });
    // Nothing authorized is left: running it again says so instead of capturing twice.
    const again = await runFlow('Admin: capture a payment');
    expect(again.error).toBe(
      'Find an order with an authorized payment failed: no order has an authorized payment left to capture',
    );
  });

  it('the auth panel registers a member, shows the verification and approval states, and logs them in once approved', async () => {
    await settings({ requireEmailVerification: true, requireOwnerApproval: true });
    try {
      await h.page.goto(h.server.url + '/__sandbox/info');
      await h.page.evaluate(() => localStorage.clear());
      await h.page.goto(h.server.url + '/');
      await h.page.getByRole('button', { name: 'Authentication…' }).click();
      const email = `panel-${Date.now()}@storefront.test`;
      await expect.poll(() => h.page.getByLabel('E-mail').inputValue()).not.toBe('');
      await h.page.getByLabel('E-mail').fill(email);
      await h.page.getByLabel('Password', { exact: true }).fill('panel-password-1');
      await h.page.getByRole('button', { name: 'Register' }).click();
      const message = h.page.locator('.auth-message');
      await expect
        .poll(() => message.textContent())
        .toBe(
          "Register: e-mail verification required — enter the code sent to the member's e-mail (the sandbox's outbox)",
        );

      const outbox = (await (
        await fetch(`${h.server.url}/__sandbox/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { mail: { data?: { code?: string } }[] };
      const code = outbox.mail.at(-1)?.data?.code;
      expect(code).toMatch(/^\d{6}$/);
      await h.page.getByLabel('Verification code').fill(code!);
      await h.page.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => message.textContent())
        .toBe("Verify: waiting for the site owner's approval (members.approveMember with the API key), then log in");
      expect(await h.page.getByTestId('auth-role').textContent()).not.toBe('member');

      // The owner approves (elsewhere); logging in now succeeds.
      const members = (await (
        await fetch(`${h.server.url}/members/v1/members/query`, {
          method: 'POST',
          headers: { authorization: 'sandbox-api-key', 'content-type': 'application/json' },
          body: JSON.stringify({ query: { filter: { loginEmail: email } } }),
        })
      ).json()) as { members: { id: string }[] };
      expect(members.members).toHaveLength(1);
      const approved = await fetch(`${h.server.url}/members/v1/members/${members.members[0].id}/approve`, {
        method: 'POST',
        headers: { authorization: 'sandbox-api-key', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(approved.status).toBe(200);
      await h.page.getByRole('button', { name: 'Log in directly' }).click();
      await expect.poll(() => message.textContent()).toBe('Login: logged in as a member');
      expect(await h.page.getByTestId('auth-role').textContent()).toBe('member');
    } finally {
      await settings({ requireEmailVerification: false, requireOwnerApproval: false });
    }
  });

  it('visitor to order on Cart V2: the cart filled, delivered, priced and ordered by its own id, with Cart V1 removed', async () => {
    await settings({ cartV1: 'removed' });
    try {
      const run = await runFlow('Visitor to order on Cart V2');
      expect(run.error).toBeUndefined();
      expect(run.steps).toHaveLength(6);
      expect(run.done).toMatch(/^Order created: [0-9a-f-]{36}$/);
      await h.page.goto(h.server.url + '/history');
      const history = (await h.page.getByTestId('history').textContent())!;
      for (const op of [
        'currentCartV2.addLineItemsToCurrentCart',
        'currentCartV2.setDeliveryMethodForCurrentCart',
        'cartV2.calculateCart',
        'cartV2.placeOrder',
      ])
        expect(history).toContain(op);
    } finally {
      await settings({ cartV1: 'available' });
    }
  });

  it(
    "shows each step's request and response, and keeps the calls in the history with their answers",
    { timeout: 60_000 },
    async () => {
      const run = await runFlow('Visitor to order');
      expect(run.done).toMatch(/^Order created/);
      const section = h.page.getByRole('region', { name: 'Visitor to order', exact: true });
      const steps = section.getByTestId('flow-results').locator('> li');
      expect(await steps.count()).toBe(4);
      for (const step of await steps.all()) {
        await step.getByText('Request and response').click();
        const [request, answer] = await step.locator('pre').allTextContents();
        expect(request).toMatch(/^(GET|POST|PATCH|DELETE) http/);
        expect(answer.length).toBeGreaterThan(2);
      }
      await h.page.goto(h.server.url + '/history');
      const history = (await h.page.getByTestId('history').textContent())!;
      for (const op of [
        'products.queryProducts',
        'currentCart.addToCurrentCart',
        'currentCart.createCheckoutFromCurrentCart',
        'checkout.createOrder',
      ]) {
        expect(history).toContain(op);
      }
      expect(history).toContain('(flow: Create the order)');
      expect(history).toContain('"orderId"');
    },
  );

  it(
    'History exports the calls as a script that type-checks and runs again (ids read from earlier answers), and as a vitest test',
    { timeout: 300_000 },
    async () => {
      const run = await runFlow('Visitor to order');
      expect(run.done).toMatch(/^Order created/);
      const checkoutId = await h.page.evaluate(() => {
        const { history } = JSON.parse(localStorage.getItem('storefront-kit-console')!);
        return JSON.parse(
          history.find((e: { opKey: string }) => e.opKey.endsWith('createCheckoutFromCurrentCart')).answer,
        ).checkoutId as string;
      });
      await h.page.goto(h.server.url + '/history');
      await h.page.getByRole('button', { name: 'Export as a TypeScript script' }).click();
      const script = await h.page.getByLabel(/The calls as a script on storefront-kit/).inputValue();
      expect(script).toContain('const r3 = await kit.currentCart.createCheckoutFromCurrentCart(');
      expect(script).toContain('await kit.checkout.createOrder(r3.checkoutId!, {});');
      expect(script).not.toContain(checkoutId);
      await h.page.getByRole('button', { name: 'Export as a vitest test' }).click();
      const test = await h.page.getByLabel(/The calls as a vitest test against a fresh sandbox/).inputValue();
      expect(test).toContain("it('replays the console flow against a fresh sandbox'");

      const project = userProject('flows-export');
      try {
        const file = project.write('flow.ts', script);
        project.write('flow.test.ts', test);
        expect(await project.typecheck()).toBe('');
        // Run again on the sandbox the console talks to: a new visitor, a new cart, checkout and order.
        const [outcome] = await project.run([file]);
        expect(outcome.error).toBeUndefined();
        expect(outcome.first?.json).toMatch(/^\{"orderId":"[\w-]+"/);
        expect(outcome.first?.json).not.toContain(checkoutId);
      } finally {
        project.remove();
      }
    },
  );

  it('raised no page errors', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
