/**
 * Nothing slips past (issue 33): in strict mode a call to a provider path the sandbox does not
 * emulate fails loudly, naming its method and path (the sandbox's own option, msw handlers, the
 * preload), and the sandbox reports the operations an app called, with which were emulated.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, formatCallReport } from '../../../src/sandbox/index.ts';
import { sandboxHandlers } from '../../../src/sandbox/msw.ts';
import { sandboxOptionsFromArgs } from '../../../src/sandbox/platform/cli.ts';
import { createSandboxServer, type SandboxServer } from '../../../src/sandbox/sandbox-server.ts';

const API = 'https://www.wixapis.com';
const UNKNOWN = '/ecom/v1/gift-wrapping/options';
const NAMED = `storefront-kit sandbox (strict): GET ${UNKNOWN} is not emulated by the sandbox: the spec has no operation at this path`;

describe('strict mode', () => {
  it('refuses a path the spec does not have with 501 naming it; without strict it is a 404 as before', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const strict = createSandbox({ strict: true });
    const refused = await strict.handle(new Request(API + UNKNOWN));
    expect(refused.status).toBe(501);
    expect(refused.headers.get('x-sfk-not-emulated')).toBe(`GET ${UNKNOWN}`);
    expect(((await refused.json()) as { message: string }).message).toBe(NAMED);
    expect(error).toHaveBeenCalledWith(
      `[sandbox] strict: GET ${UNKNOWN} is not emulated by the sandbox: the spec has no operation at this path`,
    );
    error.mockRestore();

    const lenient = createSandbox();
    const notFound = await lenient.handle(new Request(API + UNKNOWN));
    expect(notFound.status).toBe(404);
    // A request asks for strict alone with the header (the preload, msw handlers and routeToSandbox send it).
    const asked = await lenient.handle(new Request(API + UNKNOWN, { headers: { 'x-sfk-strict': '1' } }));
    expect(asked.status).toBe(501);
  });

  it('reports the operations called, by the spec’s path, with which were emulated', async () => {
    const sandbox = createSandbox();
    await sandbox.handle(new Request(`${API}/ecom/v1/carts/current`));
    await sandbox.handle(new Request(`${API}/ecom/v1/carts/current`));
    await sandbox.handle(new Request(`${API}/stores-reader/v1/products/6b3a0000-0000-4000-8000-000000000001`));
    await sandbox.handle(new Request(API + UNKNOWN));
    const report = (await (await sandbox.handle(new Request(`${API}/__sandbox/calls`))).json()) as ReturnType<
      typeof sandbox.calls.report
    >;
    expect(report.calls).toEqual([
      {
        method: 'GET',
        path: '/ecom/v1/carts/current',
        operation: 'currentCart.getCurrentCart',
        emulated: true,
        count: 2,
      },
      {
        method: 'GET',
        path: '/stores-reader/v1/products/{id}',
        operation: 'products.getProduct',
        emulated: true,
        count: 1,
      },
      { method: 'GET', path: UNKNOWN, emulated: false, count: 1 },
    ]);
    expect(report.notEmulated).toEqual([`GET ${UNKNOWN}`]);
    expect(formatCallReport(report)).toBe(
      [
        'storefront-kit sandbox: 3 operations called, 1 NOT emulated (✗)',
        '    GET /ecom/v1/carts/current (currentCart.getCurrentCart) ×2',
        '    GET /stores-reader/v1/products/{id} (products.getProduct) ×1',
        `  ✗ GET ${UNKNOWN} ×1`,
      ].join('\n'),
    );
  });

  it('takes --strict and --report-calls', () => {
    expect(sandboxOptionsFromArgs(['--strict'], {}).strict).toBe(true);
    expect(sandboxOptionsFromArgs([], { SFK_STRICT: '1' }).strict).toBe(true);
    expect(sandboxOptionsFromArgs(['--report-calls'], {}).reportCalls).toBe(true);
    expect(sandboxOptionsFromArgs([], {}).strict).toBeUndefined();
  });
});

describe('strict msw handlers', () => {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox, { strict: true }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());

  it('throw naming the call (msw answers 500 with the message); emulated calls go on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await fetch(API + UNKNOWN);
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { message: string }).message).toBe(NAMED);
    error.mockRestore();
    expect(
      (
        await fetch(`${API}/stores-reader/v1/products/query-platformized`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'sandbox-api-key' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    expect(sandbox.calls.report().notEmulated).toEqual([`GET ${UNKNOWN}`]);
  });
});

describe('the strict preload', () => {
  let sandbox: SandboxServer;
  beforeAll(async () => {
    sandbox = await createSandboxServer({ port: 0 });
  });
  afterAll(() => sandbox.close());

  const REGISTER = fileURLToPath(new URL('../../../src/sandbox/register.ts', import.meta.url));
  const app = `
    const a = await fetch('${API}/stores-reader/v1/products/query-platformized', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'sandbox-api-key' }, body: '{}' });
    const b = await fetch('${API}${UNKNOWN}');
    console.log('app saw', a.status, b.status);
  `;
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const base = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !k.startsWith('SFK_') && k !== 'NODE_OPTIONS'),
      );
      execFile(
        process.execPath,
        ['--import', 'tsx', '--import', REGISTER, '--input-type=module', '-e', app],
        { env: { ...base, SFK_SANDBOX_URL: sandbox.url, ...env }, timeout: 60_000 },
        (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('fails the run naming the call not emulated, after printing what the app called', async () => {
    const child = await run({ SFK_STRICT: '1' });
    expect(child.stdout).toContain('app saw 200 501');
    expect(child.stderr).toContain(`✗ GET ${UNKNOWN} ×1`);
    expect(child.stderr).toContain(`storefront-kit/sandbox/register (strict): not emulated: GET ${UNKNOWN}`);
    expect(child.code).toBe(1);
  });

  it('without strict the run passes; SFK_REPORT_CALLS still prints the report', async () => {
    const child = await run({ SFK_REPORT_CALLS: '1' });
    expect(child.stdout).toContain('app saw 200 404');
    expect(child.stderr).toContain('POST /stores-reader/v1/products/query-platformized (products.queryProducts)');
    expect(child.code).toBe(0);
  });
});
