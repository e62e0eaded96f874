/** `restore(name)` timed in a child process running the bundled sandbox (restore-child.ts). */
import { fork } from 'node:child_process';
import { compiled } from './compiled.ts';

export interface RestoreTime {
  store: string;
  products: number;
  /** Time to make the store (start and seed). */
  makeMs: number;
  medianMs: number;
  maxMs: number;
  rounds: number;
}

export async function restoreTimes(): Promise<RestoreTime[]> {
  const script = await compiled('restore-child', 'scripts/bench/restore-child.ts');
  const child = fork(script, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as RestoreTime[]));
    child.once('exit', (code) => reject(new Error(`the restore bench exited with ${code} before it answered`)));
  });
}
