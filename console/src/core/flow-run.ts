/**
 * Guided flows without React: a flow is steps, each a real call (an operation, or the OAuth
 * strategy's register / verify / login); the values one step answers feed the next, and a
 * failing step stops the flow with the server's error as it came.
 */

export type Values = Record<string, any>;

export interface StepOutcome {
  /** What the step answered: an HTTP status, or the login state it reached. */
  status: string;
  /** Values for the next steps. */
  values?: Values;
  /** One line on what happened. */
  detail?: string;
  /** The call as it went (operation steps): method, URL and body; and what came back. */
  request?: string;
  answer?: string;
}

export interface Step {
  title: string;
  /** What the step calls, shown beside its title. */
  calls: string;
  /** Throws with the server's error when the step fails. */
  run(values: Values): Promise<StepOutcome>;
}

export interface Flow {
  title: string;
  about: string;
  steps: Step[];
  /** The line shown when every step passed. */
  done(values: Values): string;
}

/** A step as it ran: its title, what it answered, and the call as it went. */
export interface Ran {
  title: string;
  status: string;
  detail?: string;
  request?: string;
  answer?: string;
}

/** A flow's run: the steps that ran, the error that stopped it, or the line said when every step passed. */
export interface FlowOutcome {
  steps: Ran[];
  error?: string;
  done?: string;
}

/** Runs the steps in order, each from the values the earlier ones answered; `progress` hears of each step as it ends. */
export async function runFlow(flow: Flow, progress: (steps: Ran[], error?: string) => void): Promise<FlowOutcome> {
  const ran: Ran[] = [];
  let v: Values = {};
  let error: string | undefined;
  for (const step of flow.steps) {
    try {
      const out = await step.run(v);
      v = { ...v, ...out.values };
      ran.push({
        title: step.title,
        status: out.status,
        detail: out.detail,
        request: out.request,
        answer: out.answer,
      });
    } catch (e) {
      error = `${step.title} failed: ${(e as Error).message}`;
      const { request, answer } = e as { request?: string; answer?: string };
      ran.push({ title: step.title, status: 'failed', request, answer });
    }
    progress([...ran], error);
    if (error) break;
  }
  return { steps: ran, error, done: error ? undefined : flow.done(v) };
}
