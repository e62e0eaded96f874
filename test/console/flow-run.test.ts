/** The guided flows' runner (console/src/core/flow-run.ts), over flows made up here. */
import { describe, expect, it } from 'vitest';
import { runFlow, type Flow, type Ran } from '../../console/src/core/flow-run.ts';

const flow = (fail?: string): Flow => ({
  title: 'test',
  about: 'test',
  steps: [
    { title: 'one', calls: 'a', run: async () => ({ status: '200', values: { id: 'x1' }, request: 'GET /a' }) },
    {
      title: 'two',
      calls: 'b',
      async run(v) {
        if (fail) throw Object.assign(new Error(fail), { request: 'POST /b', answer: '{"message":"no"}' });
        return { status: '201', values: { next: `${v.id}-2` }, detail: 'made' };
      },
    },
    { title: 'three', calls: 'c', run: async (v) => ({ status: 'member', values: { last: `${v.next}-3` } }) },
  ],
  done: (v) => `done with ${v.last}`,
});

describe('runFlow', () => {
  it("feeds each step the values before it, reports each step as it ends, and says the flow's done line", async () => {
    const progress: Ran[][] = [];
    const outcome = await runFlow(flow(), (steps) => progress.push(steps));
    expect(outcome.done).toBe('done with x1-2-3');
    expect(outcome.error).toBeUndefined();
    expect(outcome.steps.map((s) => [s.title, s.status])).toEqual([
      ['one', '200'],
      ['two', '201'],
      ['three', 'member'],
    ]);
    expect(outcome.steps[1].detail).toBe('made');
    expect(progress.map((p) => p.length)).toEqual([1, 2, 3]);
  });

  it('stops at a failing step, keeping the call as it went and its answer', async () => {
    const errors: (string | undefined)[] = [];
    const outcome = await runFlow(flow('409 SdkError: taken'), (_, error) => errors.push(error));
    expect(outcome.error).toBe('two failed: 409 SdkError: taken');
    expect(outcome.done).toBeUndefined();
    expect(outcome.steps.at(-1)).toEqual({
      title: 'two',
      status: 'failed',
      request: 'POST /b',
      answer: '{"message":"no"}',
    });
    expect(outcome.steps).toHaveLength(2);
    expect(errors).toEqual([undefined, 'two failed: 409 SdkError: taken']);
  });
});
