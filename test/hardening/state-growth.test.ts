/**
 * State under an endless stream of token requests (what any web page could drive): the sandbox
 * runs as a child process with `--data FILE`; after 1,000 and after 20,000 anonymous token
 * requests the test reads its resident memory and the data file's size (figures for
 * test-results/hardening.json, bar: within 10%) and asserts what is deterministic: the state
 * export holds the same number of records (a token request stores nothing).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, CLIENT_ID } from '../support/sandbox.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';
import { recordFigures } from './support.ts';
import { tempFolder } from '../support/temp-folder.ts';

const TOTAL = Number(process.env.SFK_GROWTH_REQUESTS ?? 20_000);
const FIRST = 1_000;
const CONCURRENCY = 16;

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** Resident memory of a process in MiB (/proc on Linux, ps elsewhere). */
function rssMiB(pid: number): number {
  const status = `/proc/${pid}/status`;
  const kib = existsSync(status)
    ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1])
    : Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return Math.round((kib / 1024) * 10) / 10;
}

const bytes = (file: string) => (existsSync(file) ? statSync(file).size : 0);

async function tokenRequests(url: string, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++;
        const r = await call(url, 'POST', '/oauth2/token', { body: { clientId: CLIENT_ID, grantType: 'anonymous' } });
        if (r.status !== 200) throw new Error(`token request answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
    }),
  );
}

describe('state under a stream of token requests', () => {
  it(`stays flat from ${FIRST} to ${TOTAL} anonymous token requests, with --data`, async () => {
    const dir = tempFolder('sfk-growth-');
    const data = join(dir, 'state.json');
    const { child, url } = await startSandboxProcess(['--port', '0', '--data', data, '--token-secret-file', join(dir, 'secret')], children);
    const measure = async () => {
      const state = (await call(url, 'GET', '/__sandbox/state')).body as { collections: Record<string, object> };
      return {
        rssMiB: rssMiB(child.pid!),
        dataBytes: bytes(data) + bytes(`${data}.journal`),
        exportBytes: JSON.stringify(state).length,
        records: Object.values(state.collections).reduce((n, c) => n + Object.keys(c).length, 0),
      };
    };
    await tokenRequests(url, FIRST);
    const after1k = await measure();
    await tokenRequests(url, TOTAL - FIRST);
    const afterAll = await measure();
    const ratio = (a: number, b: number) => Math.round((b / a) * 1000) / 1000;
    recordFigures(
      'state-growth',
      `state growth: after ${FIRST} -> ${TOTAL} token requests with --data: RSS ${after1k.rssMiB} -> ${afterAll.rssMiB} MiB (x${ratio(after1k.rssMiB, afterAll.rssMiB)}), ` +
        `data file ${after1k.dataBytes} -> ${afterAll.dataBytes} bytes, state export ${after1k.exportBytes} -> ${afterAll.exportBytes} bytes, ` +
        `${after1k.records} -> ${afterAll.records} records (bar: within 10%)`,
      { requests: TOTAL, after1k, [`after${TOTAL}`]: afterAll, rssRatio: ratio(after1k.rssMiB, afterAll.rssMiB), dataRatio: ratio(after1k.dataBytes, afterAll.dataBytes) },
    );
    // Deterministic: a token request stores nothing, so the state holds the same records.
    expect(afterAll.records).toBe(after1k.records);
  }, 300_000);
});
