/** Child processes for the packaging tests: started, awaited on what they print, always stopped. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  /** The first match of the awaited pattern in what the process printed. */
  match: RegExpMatchArray;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `cmd` and resolves once its output matches `ready`; rejects with the output when it
 * exits first. The caller stops it (`stop`, which waits for the exit).
 */
export function startUntil(cmd: string, args: string[], options: SpawnOptions, ready: RegExp): Promise<Started> {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      text += b.toString();
      const match = text.match(ready);
      if (match) {
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        child.stdout!.on('data', (more: Buffer) => (text += more.toString()));
        child.stderr!.on('data', (more: Buffer) => (text += more.toString()));
        resolve({ child, match, output: () => text, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (e) => reject(new Error(`${cmd} could not start: ${e.message}`)));
    child.once('close', (code, signal) =>
      reject(new Error(`${cmd} ${args.join(' ')} exited (${signal ?? code}) before printing ${ready}:\n${text}`)),
    );
  });
}
