/** Preparations' look-then-run engine (console/src/core/preparation.ts), over stages made up here. */
import { describe, expect, it } from 'vitest';
import { planPreparation, runPreparation, type Preparation, type Stage } from '../../console/src/core/preparation.ts';

/** A stage that finds `found` when looking (or nothing), and whose one step answers `made`. */
function stage(
  needs: string,
  found: Record<string, unknown> | undefined,
  made: Record<string, unknown>,
  log: string[],
): Stage {
  return {
    needs,
    changes: `makes ${needs}`,
    look: async () => found,
    found: (v) => `${needs} (${JSON.stringify(v)})`,
    steps: [
      {
        says: `make ${needs}`,
        async run(v) {
          log.push(`${needs} from ${JSON.stringify(v)}`);
          return made;
        },
      },
    ],
  };
}

const preparation = (stages: Stage[]): Preparation => ({
  why: 'test',
  stages,
  fill: (v) => ({ path: [String(v.orderId)], options: { cart: v.cartId } }),
});

describe('planPreparation', () => {
  it('runs only the stages after the last one found; the ones before it are not needed', async () => {
    const log: string[] = [];
    const p = preparation([
      stage('cart', undefined, {}, log),
      stage('checkout', { checkoutId: 'k1' }, {}, log),
      stage('order', undefined, {}, log),
    ]);
    const plan = await planPreparation(p);
    expect(plan.missing.map((s) => s.needs)).toEqual(['order']);
    expect(plan.present.map((p) => p.said)).toEqual(['checkout ({"checkoutId":"k1"})']);
    expect(plan.values).toEqual({ checkoutId: 'k1' });
    expect(log).toEqual([]);
  });

  it('counts a look that throws as nothing found', async () => {
    const failing: Stage = { ...stage('cart', undefined, {}, []), look: () => Promise.reject(new Error('401')) };
    const plan = await planPreparation(preparation([failing]));
    expect(plan.missing).toEqual([failing]);
    expect(plan.present).toEqual([]);
  });
});

describe('runPreparation', () => {
  it('runs the missing steps in order, each from the values before it, saying each; the fill takes the result', async () => {
    const log: string[] = [];
    const p = preparation([
      stage('cart', { cartId: 'c1' }, { cartId: 'never' }, log),
      stage('order', undefined, { orderId: 'o1' }, log),
    ]);
    const said: string[] = [];
    const carried = await runPreparation(p, await planPreparation(p), (s) => said.push(s));
    expect(log).toEqual(['order from {"cartId":"c1"}']);
    expect(said).toEqual(['running make order…']);
    expect(carried).toEqual({ path: ['o1'], options: { cart: 'c1' } });
  });

  it("stops at a failing step with that step's error", async () => {
    const broken: Stage = {
      needs: 'x',
      changes: 'x',
      steps: [{ says: 'fail', run: () => Promise.reject(new Error('answered 500')) }],
    };
    const p = preparation([broken]);
    await expect(runPreparation(p, await planPreparation(p), () => undefined)).rejects.toThrow('answered 500');
  });
});
