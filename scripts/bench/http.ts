/**
 * The client over real HTTP: getCurrentCart, addToCurrentCart and queryMembers against the
 * sandbox on 127.0.0.1 (a child process), one call at a time, through our client and through a
 * hand-written fetch with the same token, taking turns call by call; rates from the median call
 * time. The ratio is what the client costs on a real round trip.
 */
import { CALLS, compare, ourClient, oursCalls, rawCalls, type Call } from './client.ts';
import { visitor } from './load.ts';
import { startServer } from './servers.ts';

export interface HttpResult {
  call: Call;
  raw: number;
  ours: number;
}

export async function httpClientSpeed(): Promise<{ rows: HttpResult[]; skipped: { call: Call; reason: string }[] }> {
  const s = await startServer(['sandbox']);
  try {
    const v = await visitor(s.url);
    const f: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const raw = rawCalls(s.url, v.token, f, v.add);
    const ours = oursCalls(await ourClient(), s.url, v.token, f, v.add);
    const rows: HttpResult[] = [];
    const skipped: { call: Call; reason: string }[] = [];
    for (const call of CALLS) {
      // A call the sandbox does not answer yet is reported, not timed.
      const failure = await raw[call]().then(
        () => undefined,
        (err: Error) => err.message.slice(0, 120),
      );
      if (failure) {
        skipped.push({ call, reason: failure });
        continue;
      }
      await ours[call]();
      const r = await compare({ raw: raw[call], ours: ours[call] }, { ms: 2500, warmup: 200, batch: 1 });
      rows.push({ call, ...r });
    }
    return { rows, skipped };
  } finally {
    await s.stop();
  }
}
