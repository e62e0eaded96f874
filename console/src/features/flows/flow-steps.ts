/** The steps flows are made of: an operation through the client, a login state reached, a code from the outbox. */
import { LoginState, type StateMachine } from '../../../../src/auth/index.ts';
import { send, stringify } from '../../core/client.ts';
import type { Step, StepOutcome, Values } from '../../core/flow-run.ts';
import { findOperation } from '../../core/operations.ts';
import { apiHost, isSandbox } from '../../core/state.ts';

/** An operation sent through the client; `pick` reads what the next steps need from its answer. */
export function operationStep(
  title: string,
  op: string,
  request: (v: Values) => { path: string[]; options: unknown },
  pick: (result: any, v: Values) => Values,
  how: { elevated?: boolean } = {},
): Step {
  return {
    title,
    calls: `${op}${how.elevated ? ' (API key)' : ''}`,
    async run(v) {
      const d = findOperation(op);
      if (!d) throw new Error(`the console has no operation ${op}`);
      const { path, options } = request(v);
      const r = await send(d, path, options, { ...how, source: `flow: ${title}` });
      const sent = r.request
        ? `${r.request.method} ${r.request.url}${r.request.body ? `\n${r.request.body}` : ''}`
        : undefined;
      if (!r.ok)
        throw Object.assign(new Error(`${r.status ?? 'no answer'} ${r.error?.name}: ${r.error?.message}`), {
          request: sent,
          answer: r.raw,
        });
      return { status: String(r.status), values: pick(r.result, v), request: sent, answer: stringify(r.result) };
    },
  };
}

/** The state a login, registration or verification reached; a FAILURE stops the flow with its error. */
export function reached(title: string, machine: StateMachine, values: Values = {}): StepOutcome {
  if (machine.loginState === LoginState.FAILURE) throw new Error(machine.error ?? `${title} failed`);
  return { status: machine.loginState, values: { ...values, machine } };
}

export const skipped = (why: string): StepOutcome => ({ status: 'skipped', detail: why });

/** The code the sandbox e-mailed to `email` (its outbox); only the embedded sandbox has one to read. */
export async function verificationCodeFor(email: string): Promise<string> {
  if (!isSandbox()) {
    throw new Error(`the code went to ${email}'s inbox: enter it under Authentication (Verify)`);
  }
  const res = await fetch(`${apiHost()}/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`the sandbox outbox answered ${res.status}`);
  const { mail } = (await res.json()) as { mail: { kind?: string; data?: { code?: string } }[] };
  const code = mail.filter((m) => m.kind === 'verification' && m.data?.code).at(-1)?.data?.code;
  if (!code) throw new Error(`no verification e-mail to ${email} in the sandbox outbox`);
  return code;
}

/** Visitor and member steps call with the OAuth tokens even when the console is set to the API key. */
export const AS_SHOPPER = { elevated: false };
export const amountOf = (money: { amount?: string } | undefined) => Number(money?.amount ?? 0);
