/**
 * Preparations: what an operation needs that a fresh sandbox lacks (a cart, a checkout, an order,
 * a state or recovery token), in stages. Each stage first looks at the sandbox (read-only): what
 * is there is used as it is, and only the missing stages run, after the page has said what they
 * will change. The stages themselves are the operation page's (features/operation/preparation/).
 */
import type { Carried } from './request-form.ts';

export type Values = Record<string, any>;

export interface Step {
  /** What the step does, shown before it runs. */
  says: string;
  run(v: Values): Promise<Values>;
}

/** A thing an operation needs, looked for before it is made. */
export interface Stage {
  /** What it is, in words: "a cart with a product in it". */
  needs: string;
  /** What making it changes, said before it runs. */
  changes: string;
  /** Reads the sandbox without changing it: the stage's values when it is there already, else undefined. */
  look?: (v: Values) => Promise<Values | undefined>;
  /** What was found, in words, from the looked-up values. */
  found?: (v: Values) => string;
  steps: Step[];
}

export interface Preparation {
  /** Why the operation needs it, in a sentence. */
  why: string;
  stages: Stage[];
  /** When the page offers it (default: always). */
  offeredTo?: (role: string) => boolean;
  /** Where the carried values go: path parameters in order, and top-level option fields. */
  fill(v: Values): Carried;
}

/** What looking found: the stages there already, the ones to run, and the values found. */
export interface Plan {
  present: { stage: Stage; said: string }[];
  missing: Stage[];
  values: Values;
}

/**
 * Looks at the sandbox for each stage, in order, changing nothing. A stage found makes the
 * ones before it unneeded (they only lead to it); the stages after the last one found are
 * what Run this first would make.
 */
export async function planPreparation(p: Preparation): Promise<Plan> {
  let values: Values = {};
  const found: (string | undefined)[] = [];
  for (const stage of p.stages) {
    const got = stage.look ? await stage.look(values).catch(() => undefined) : undefined;
    if (got) values = { ...values, ...got };
    found.push(got ? (stage.found?.(values) ?? stage.needs) : undefined);
  }
  const last = found.findLastIndex((f) => f !== undefined);
  return {
    present: p.stages.flatMap((stage, i) => (i <= last && found[i] ? [{ stage, said: found[i]! }] : [])),
    missing: p.stages.slice(last + 1),
    values,
  };
}

/** Runs the missing stages' steps in order, from the values found; what they carry, for the form. */
export async function runPreparation(p: Preparation, plan: Plan, progress: (said: string) => void): Promise<Carried> {
  let v: Values = plan.values;
  for (const step of plan.missing.flatMap((s) => s.steps)) {
    progress(`running ${step.says}…`);
    v = { ...v, ...(await step.run(v)) };
  }
  return p.fill(v);
}
