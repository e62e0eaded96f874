/** Starts a bench server (server-child.ts) in its own Node process and waits for its URL. */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'server-child.ts');

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function startServer(args: string[]): Promise<ChildServer> {
  const child = fork(CHILD, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`bench server ${args.join(' ')} did not start in 60 s`))), 60_000);
    child.once('exit', (code) => reject(new Error(`bench server ${args.join(' ')} exited with ${code} before listening`)));
    child.once('message', (m: { url: string }) => {
      clearTimeout(timer);
      resolve({
        url: m.url,
        pid: child.pid!,
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
