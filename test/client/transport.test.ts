/** Retries, backoff, Retry-After, timeouts and abort. */
import { describe, expect, it } from 'vitest';
import { AbortError } from '../../src/errors/index.ts';
import { send } from '../../src/client/transport.ts';

function scripted(answers: Array<number | Error | { status: number; headers: Record<string, string> }>) {
  const calls: string[] = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    if (typeof next === 'number') return new Response('{}', { status: next });
    return new Response('{}', { status: next.status, headers: next.headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('send', () => {
  it.each([429, 502, 503, 504])('retries a GET after %i and returns the later answer', async (status) => {
    const { fetch, calls } = scripted([status, 200]);
    const waits: number[] = [];
    const res = await send('http://h/x', { method: 'GET' }, { fetch, sleep: async (ms) => void waits.push(ms), random: () => 0.5 });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([100]);
  });

  it('backs off exponentially with jitter and gives up after the retries', async () => {
    const { fetch, calls } = scripted([503, 503, 503, 503]);
    const waits: number[] = [];
    const res = await send('http://h/x', {}, { fetch, retry: { retries: 3, minDelayMs: 100 }, sleep: async (ms) => void waits.push(ms), random: () => 1 });
    expect(res.status).toBe(503);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('honours Retry-After in seconds', async () => {
    const { fetch } = scripted([{ status: 429, headers: { 'retry-after': '2' } }, 200]);
    const waits: number[] = [];
    await send('http://h/x', {}, { fetch, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([2000]);
  });

  it('retries network errors on GET', async () => {
    const { fetch, calls } = scripted([new TypeError('fetch failed'), 200]);
    const res = await send('http://h/x', {}, { fetch, sleep: async () => {} });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('never retries a POST unless the caller opts in, but does for token requests', async () => {
    const a = scripted([503, 200]);
    expect((await send('http://h/x', { method: 'POST' }, { fetch: a.fetch, sleep: async () => {} })).status).toBe(503);
    const b = scripted([503, 200]);
    expect((await send('http://h/x', { method: 'POST' }, { fetch: b.fetch, retry: { unsafe: true }, sleep: async () => {} })).status).toBe(200);
    const c = scripted([503, 200]);
    expect((await send('http://h/x', { method: 'POST' }, { fetch: c.fetch, idempotent: true, sleep: async () => {} })).status).toBe(200);
    const d = scripted([new TypeError('down'), 200]);
    await expect(send('http://h/x', { method: 'POST' }, { fetch: d.fetch, sleep: async () => {} })).rejects.toThrow('down');
  });

  it('does not retry when retries are off', async () => {
    const { fetch, calls } = scripted([503, 200]);
    await send('http://h/x', {}, { fetch, retry: false });
    expect(calls).toHaveLength(1);
  });

  it('times out a slow answer with a clear AbortError', async () => {
    const fetch = ((_: unknown, init?: RequestInit) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof globalThis.fetch;
    const err = await send('http://h/x', {}, { fetch, timeoutMs: 20, retry: false }).catch((e) => e);
    expect(err).toBeInstanceOf(AbortError);
    expect(err.message).toBe('Request timed out after 20 ms');
  });

  it('aborts with the caller signal, before or during the call', async () => {
    const fetch = ((_: unknown, init?: RequestInit) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof globalThis.fetch;
    const before = new AbortController();
    before.abort();
    await expect(send('http://h/x', {}, { fetch, signal: before.signal })).rejects.toBeInstanceOf(AbortError);
    const during = new AbortController();
    const p = send('http://h/x', {}, { fetch, signal: during.signal });
    during.abort();
    await expect(p).rejects.toBeInstanceOf(AbortError);
  });
  it('stops the wait between attempts at once when the caller aborts (a 5-second Retry-After)', async () => {
    const { fetch, calls } = scripted([{ status: 429, headers: { 'retry-after': '5' } }, 200]);
    const controller = new AbortController();
    const started = performance.now();
    const call = send('http://h/x', {}, { fetch, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const err = await call.catch((e) => e);
    const elapsed = performance.now() - started - 20;
    expect(err).toBeInstanceOf(AbortError);
    expect(err.message).toBe('The call was aborted');
    // At once, not after the 5 s wait: the bound is far under it, so a loaded machine cannot fail it.
    expect(elapsed).toBeLessThan(2_000);
    expect(calls).toHaveLength(1);
  });
});
