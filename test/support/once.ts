/**
 * Work done once across the test files running at the same moment (each its own worker): the
 * first to take the lock directory works, the others wait until `done()` holds with no lock left
 * (a build may write the file `done()` looks for before the rest of its output). A lock older
 * than three minutes is left from a killed run, and taken over.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const STALE_LOCK_MS = 180_000;

export async function once(lock: string, done: () => boolean, work: () => Promise<void>): Promise<void> {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    if (done() && !existsSync(lock)) return;
    try {
      mkdirSync(lock);
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (!done()) await work();
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
