/**
 * A server for the bench in its own process, so the load generator never shares its CPU time:
 * - `sandbox [--data FILE]`: the sandbox (request validation on, as `npm run sandbox` starts it);
 * - `bare FILE`: a bare node:http server answering every request with the status, headers and
 *   body recorded in FILE (JSON `{status, headers, body}`), the baseline for the sandbox's rate.
 * Sends `{ url }` to the parent over IPC once listening; stops on SIGTERM.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createSandboxServer } from '../../src/sandbox/server.ts';

const [mode, arg1, arg2] = process.argv.slice(2);

async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  if (mode === 'sandbox') {
    const data = arg1 === '--data' ? arg2 : undefined;
    const s = await createSandboxServer({ port: 0, data });
    return { url: s.url, close: () => s.close() };
  }
  if (mode === 'bare') {
    const recorded = JSON.parse(readFileSync(arg1, 'utf8')) as { status: number; headers: Record<string, string>; body: string };
    const body = Buffer.from(recorded.body);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // Same framing as the sandbox's server (chunked: it streams the Response body).
        res.writeHead(recorded.status, recorded.headers);
        res.write(body);
        res.end();
      });
    });
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
  }
  throw new Error(`server-child: unknown mode ${mode} (sandbox [--data FILE] | bare FILE)`);
}

const s = await start();
process.send!({ url: s.url });
process.on('SIGTERM', () => void s.close().then(() => process.exit(0)));
process.on('disconnect', () => void s.close().then(() => process.exit(0)));
