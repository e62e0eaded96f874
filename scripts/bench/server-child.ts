/**
 * A server for the bench in its own process, so the load generator never shares its CPU time:
 * - `sandbox [--data FILE | --state FILE] [--static DIR] [--client-id ID,ID]`: the sandbox (request
 *   validation on, as `npm run sandbox` starts it; `--client-id` as the CLI's), durable with `--data`, or in memory after importing the state in FILE
 *   the way PUT /__sandbox/state does (whose HTTP body is capped at 1 MB; 10,000 products are not);
 * - `bare FILE`: a bare node:http server answering every request with the status, headers and
 *   body recorded in FILE (JSON `{status, headers, body}`), the baseline for the sandbox's rate.
 * Sends `{ url }` to the parent over IPC once listening, answers `{ cpu }` with its CPU time
 * (process.cpuUsage) when asked; stops on SIGTERM.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { StateSnapshot } from '../../src/sandbox/platform/store.ts';
import { createSandboxServer } from '../../src/sandbox/sandbox-server.ts';

const [mode, ...rest] = process.argv.slice(2);

async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  if (mode === 'sandbox') {
    const { values } = parseArgs({
      args: rest,
      options: {
        data: { type: 'string' },
        state: { type: 'string' },
        static: { type: 'string' },
        'client-id': { type: 'string' },
      },
    });
    const s = await createSandboxServer({
      port: 0,
      data: values.data,
      staticDir: values.static,
      clientIds: values['client-id']?.split(','),
    });
    if (values.state) {
      const snapshot = JSON.parse(readFileSync(values.state, 'utf8')) as StateSnapshot;
      await s.sandbox.runAs({ kind: 'anonymous' }, s.url, () => s.sandbox.store.load(snapshot));
    }
    return { url: s.url, close: () => s.close() };
  }
  if (mode === 'bare') {
    const recorded = JSON.parse(readFileSync(rest[0], 'utf8')) as {
      status: number;
      headers: Record<string, string>;
      body: string;
    };
    const body = Buffer.from(recorded.body);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // Same framing as the sandbox's server: the JSON in one write with its Content-Length.
        res.writeHead(recorded.status, { ...recorded.headers, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  }
  throw new Error(
    `server-child: unknown mode ${mode} (sandbox [--data FILE | --state FILE] [--static DIR] | bare FILE)`,
  );
}

const s = await start();
process.send!({ url: s.url });
// The parent asks for this process's CPU time around a run: CPU per request is steadier than
// requests per second when other work shares the machine.
process.on('message', (m: { cpu?: boolean }) => {
  if (m.cpu) process.send!({ cpu: process.cpuUsage() });
});
process.on('SIGTERM', () => void s.close().then(() => process.exit(0)));
process.on('disconnect', () => void s.close().then(() => process.exit(0)));
