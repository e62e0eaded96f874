/**
 * Work the sandbox starts itself (jobs, the control API, hosted pages) runs in a context with no
 * operation: it used to borrow the first operation's descriptor, so such work looked like a
 * `getCurrentCart` call to anything that read `ctx.op`.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox/create-sandbox.ts';
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';

describe('the sandbox own work', () => {
  it('runs jobs and runAs with no operation descriptor', async () => {
    const seen: (OperationDescriptor | undefined)[] = [];
    const sandbox = createSandbox({
      seed: false,
      modules: [{ name: 'probe', runJobs: (ctx) => void seen.push(ctx.op) }],
    });
    await sandbox.advanceClock(60);
    await sandbox.runAs({ kind: 'anonymous' }, 'http://127.0.0.1', (ctx) => void seen.push(ctx.op));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((op) => op === undefined)).toBe(true);
  });
});
