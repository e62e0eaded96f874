/**
 * `--data FILE`: every acknowledged write survives SIGKILL; a corrupt or newer-version file
 * stops the start with a clear message and is left as it was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, CLIENT_ID } from '../../support/sandbox.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';
import { tempFolder } from '../../support/temp-folder.ts';

const children: ChildProcess[] = [];
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const c of [...children.splice(0), ...running]) c.kill('SIGKILL');
});

const start = (args: string[]) => startSandboxProcess(['--port', '0', '--validate-responses', ...args], running);

function exitOf(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/start.ts', '--port', '0', '--validate-responses', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('durable state', () => {
  it('keeps every acknowledged write across SIGKILL', async () => {
    const data = join(tempFolder('sfk-data-'), 'state.json');
    const first = await start(['--data', data]);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await call(first.url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
      expect(r.status).toBe(200);
      tokens.push(r.body.refresh_token);
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start(['--data', data]);
    for (const refreshToken of tokens) {
      const r = await call(second.url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'refresh_token', refreshToken } });
      expect(r.status).toBe(200);
    }
  }, 60_000);

  it('keeps the moved clock across a restart (tokens issued before stay expired)', async () => {
    const data = join(tempFolder('sfk-data-'), 'state.json');
    const first = await start(['--data', data]);
    const token = (await call(first.url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } })).body.access_token;
    const moved = await call(first.url, 'POST', '/__sandbox/clock/advance', { body: { seconds: 5 * 3600 }, token: 'sandbox-api-key' });
    expect(moved.body.offsetSeconds).toBe(5 * 3600);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start(['--data', data]);
    const clock = await call(second.url, 'GET', '/__sandbox/clock');
    expect(clock.body.offsetSeconds).toBe(5 * 3600);
    const refused = await call(second.url, 'GET', '/ecom/v1/carts/current', { token });
    expect(refused.status).toBe(401);
  }, 60_000);

  it('keeps an imported state and a reset across SIGKILL', async () => {
    const data = join(tempFolder('sfk-data-'), 'state.json');
    const first = await start(['--data', data]);
    const exported = (await call(first.url, 'GET', '/__sandbox/state')).body;
    const products = Object.keys(exported.collections.products);
    delete exported.collections.products[products[0]];
    const imported = await call(first.url, 'PUT', '/__sandbox/state', { body: exported, token: 'sandbox-api-key' });
    expect(imported.status).toBe(200);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start(['--data', data]);
    const after = (await call(second.url, 'GET', '/__sandbox/state')).body;
    expect(Object.keys(after.collections.products)).toEqual(products.slice(1));
    expect((await call(second.url, 'POST', '/__sandbox/reset', { token: 'sandbox-api-key' })).status).toBe(200);
    second.child.kill('SIGKILL');
    await new Promise((r) => second.child.once('exit', r));

    const third = await start(['--data', data]);
    expect(Object.keys((await call(third.url, 'GET', '/__sandbox/state')).body.collections.products)).toHaveLength(products.length);
  }, 60_000);

  it.each([
    { name: 'corrupt', content: '{"version": 1, "collections": {', message: /is not valid JSON/ },
    { name: 'newer version', content: JSON.stringify({ version: 99, collections: {} }), message: /written by a newer sandbox/ },
  ])('refuses a $name data file and leaves it untouched', async ({ content, message }) => {
    const data = join(tempFolder('sfk-data-'), 'state.json');
    writeFileSync(data, content);
    const { code, stderr } = await exitOf(['--data', data]);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(readFileSync(data, 'utf8')).toBe(content);
  }, 30_000);
});
