/**
 * A flow recorded in the console (calls sent through the console's own `send`, kept in its
 * history), exported as a TypeScript script and as a vitest test (console/src/core/flow-export.ts):
 * both are written into a user's project importing storefront-kit, type-checked, and run
 * against a fresh sandbox whose ids (cart, checkout, order) differ from the session's, so they
 * only pass when ids from earlier answers are carried as references.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, send } from '../../console/src/core/client.ts';
import { flowScript, flowTest } from '../../console/src/core/flow-export.ts';
import { findOperation } from '../../console/src/core/operations.ts';
import { getState, setState } from '../../console/src/core/state.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { userProject } from '../support/user-code.ts';

const root = resolve(import.meta.dirname, '..', '..');
const project = userProject('flow-export');
let session: SandboxServer;
let fresh: SandboxServer;
const sessionIds: Record<string, string> = {};

async function call(opKey: string, path: string[], options: unknown, elevated = false) {
  const d = findOperation(opKey);
  if (!d) throw new Error(`no operation ${opKey}`);
  return send(d, path, options, { elevated, source: 'page' });
}

beforeAll(async () => {
  session = await createSandboxServer({ port: 0 });
  fresh = await createSandboxServer({ port: 0 });
  setState({
    target: { kind: 'remote', host: session.url, clientId: DEFAULT_CLIENT_ID },
    clientId: DEFAULT_CLIENT_ID,
    tokens: undefined,
    history: [],
  });
  // A shopper's session in the console, as the pages send it.
  const products = (await call('products.queryProducts', [], { query: { paging: { limit: 5 } } })).result as {
    products: { id: string }[];
  };
  await call('currentCart.addToCurrentCart', [], {
    lineItems: [{ quantity: 1, catalogReference: { catalogItemId: products.products[0].id, appId: STORES_APP_ID } }],
  });
  const checkout = await call('currentCart.createCheckoutFromCurrentCart', [], { channelType: 'WEB' });
  sessionIds.checkoutId = (checkout.result as { checkoutId: string }).checkoutId;
  await call('checkout.getCheckoutUrl', [sessionIds.checkoutId], {});
  await call('redirects.createRedirectSession', [], { ecomCheckout: { checkoutId: sessionIds.checkoutId } });
  const missing = await call('checkout.getCheckout', ['no-such-checkout'], {});
  expect(missing.ok).toBe(false);
  const order = await call('checkout.createOrder', [sessionIds.checkoutId], {});
  sessionIds.orderId = (order.result as { orderId: string }).orderId;
  await call('orders.getOrder', [sessionIds.orderId], {}, true);
  expect(getState().history).toHaveLength(8);
}, 120_000);

afterAll(async () => {
  await session?.close();
  await fresh?.close();
  project.remove();
});

/** The history oldest first, as the export takes it. */
const recorded = () => [...getState().history].reverse();

describe("the console's recorded flow, exported", () => {
  it('carries ids from earlier answers as references, not the session literals, and leaves out the failed call', () => {
    const script = flowScript(recorded(), { ...credentials(getState(), false), host: fresh.url });
    expect(script).toContain('const r3 = await kit.currentCart.createCheckoutFromCurrentCart(');
    expect(script).toContain(
      'await kit.redirects.createRedirectSession({\n  ecomCheckout: {\n    checkoutId: r3.checkoutId!,',
    );
    expect(script).toContain('kit.checkout.getCheckoutUrl(r3.checkoutId!');
    expect(script).toContain('const r6 = await kit.checkout.createOrder(r3.checkoutId!, {});');
    expect(script).toContain('const r7 = await admin.orders.getOrder(r6.orderId!);\nconsole.log(r7);');
    expect(script).toContain('// Left out: checkout.getCheckout answered 404 when recorded.');
    expect(script).toContain('ApiKeyStrategy({ apiKey: "sandbox-api-key", siteId: "sandbox-site" })');
    for (const id of Object.values(sessionIds)) expect(script).not.toContain(id);
  });

  it('as a script: type-checks as a user file and runs against a fresh sandbox, printing the last answer', async () => {
    const file = project.write(
      'flow.ts',
      flowScript(recorded(), { ...credentials(getState(), false), host: fresh.url }),
    );
    project.write('flow.test.ts', flowTest(recorded()));
    expect(await project.typecheck()).toBe('');
    const [outcome] = await project.run([file]);
    expect(outcome.error).toBeUndefined();
    // The order read with the API key: made from a checkout of the fresh sandbox, not the session's.
    expect(outcome.first?.json).toMatch(/^\{"order":\{.*"checkoutId":"[\w-]+"/);
    expect(outcome.first?.json).not.toContain(sessionIds.checkoutId);
  }, 300_000);

  it('as a vitest test: passes against the fresh sandbox it starts', async () => {
    const file = project.write('flow.test.ts', flowTest(recorded()));
    const config = join(project.dir, 'vitest.config.ts');
    writeFileSync(
      config,
      `export default {
        resolve: { alias: [
          { find: /^storefront-kit\\/sandbox$/, replacement: ${JSON.stringify(join(root, 'src', 'sandbox', 'index.ts'))} },
          { find: /^storefront-kit$/, replacement: ${JSON.stringify(join(root, 'src', 'index.ts'))} },
        ] },
        test: { include: ['src/*.test.ts'] },
      };`,
    );
    const run = await promisify(execFile)(
      join(root, 'node_modules', '.bin', 'vitest'),
      ['run', '--root', project.dir, '--config', config, '--reporter', 'json', file],
      { cwd: project.dir, maxBuffer: 1 << 26 },
    ).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: { assertionResults: { failureMessages: string[] }[] }[];
    };
    expect(report.testResults.flatMap((t) => t.assertionResults.flatMap((a) => a.failureMessages))).toEqual([]);
    expect([report.numPassedTests, report.numFailedTests]).toEqual([1, 0]);
  }, 300_000);
});
