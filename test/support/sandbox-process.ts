/** The sandbox's CLI as a child process (durability, load and state-growth tests): started on the given flags, resolved once it listens. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `storefront-kit sandbox <args>`; adds the child to `children` (for the suite to kill) until it exits. */
export function startSandboxProcess(
  args: string[],
  children: Set<ChildProcess>,
): Promise<{ child: ChildProcess; url: string; /** Everything it printed so far (kept until it exits). */ output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/start.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], output: () => out });
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code, signal) => reject(new Error(`sandbox exited (${code ?? signal}) before listening: ${err}`)));
  });
}
