/**
 * Starts a bench server (server-child.ts) in its own Node process and waits for its URL. The
 * child runs the sandbox as it ships: bundled JavaScript under plain node (see compiled.ts).
 */
import { fork } from 'node:child_process';
import { compiled } from './compiled.ts';

let childBundle: Promise<string> | undefined;
const childScript = () => (childBundle ??= compiled('server-child', 'scripts/bench/server-child.ts'));

export interface ChildServer {
  url: string;
  pid: number;
  /** The server process's CPU time so far, in microseconds (user + system). */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

/** A bench server child; `script` runs another build's child (compiledAt) instead of this one's. */
export async function startServer(args: string[], script?: string): Promise<ChildServer> {
  const child = fork(script ?? (await childScript()), args, {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => (child.kill(), reject(new Error(`bench server ${args.join(' ')} did not start in 60 s`))),
      60_000,
    );
    child.once('exit', (code) =>
      reject(new Error(`bench server ${args.join(' ')} exited with ${code} before listening`)),
    );
    child.once('message', (m: { url: string }) => {
      clearTimeout(timer);
      resolve({
        url: m.url,
        pid: child.pid!,
        cpuMicros: () =>
          new Promise((answer) => {
            const onMessage = (m: { cpu?: NodeJS.CpuUsage }) => {
              if (!m.cpu) return;
              child.off('message', onMessage);
              answer(m.cpu.user + m.cpu.system);
            };
            child.on('message', onMessage);
            child.send({ cpu: true });
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
