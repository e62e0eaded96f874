/**
 * Times `restore(name)` in process, as a test suite runs it before every test: the demo store
 * and the large store (seed/stores.ts), each snapshotted once and restored again and again after
 * a change. Run bundled in its own process (restore.ts); sends its figures to the parent over IPC.
 */
import { createSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { StartingStoreName } from '../../src/sandbox/platform/starting-stores.ts';
import { median } from './median.ts';

const ROUNDS = 30;

async function restoreTimes(store: StartingStoreName) {
  const made = performance.now();
  const sandbox: Sandbox = createSandbox({ store });
  await sandbox.handle(new Request('https://www.wixapis.com/__sandbox/info'));
  const makeMs = performance.now() - made;
  sandbox.snapshot('start');
  const products = sandbox.store.db.count('products');
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // A change, as a test makes, then the restore.
    await sandbox.advanceClock(1);
    const t0 = performance.now();
    await sandbox.restore('start');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { store, products, makeMs, medianMs: median(times), maxMs: times[times.length - 1], rounds: ROUNDS };
}

const results = [await restoreTimes('demo'), await restoreTimes('large')];
process.send!(results);
