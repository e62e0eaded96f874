/** The steps and reads the preparations' stages are made of: operation calls, sandbox reads, the outbox. */
import { findOperation } from '../../../core/operations.ts';
import { send, sendUnrecorded } from '../../../core/client.ts';
import { control as sandboxControl } from '../../../core/sandbox-control.ts';
import { isSandbox } from '../../../core/state.ts';
import type { Step, Values } from '../../../core/preparation.ts';

export const AS_SHOPPER = { elevated: false, source: 'run first' };

/** A step that sends operation `key` (recorded in the history) and carries what the next steps need from its answer. */
export function call(
  key: string,
  request: (v: Values) => { path?: string[]; options?: unknown },
  carry: (r: any, v: Values) => Values,
  how: { elevated?: boolean } = {},
): Step {
  return {
    says: key.split('.')[1],
    async run(v) {
      const d = findOperation(key);
      if (!d) throw new Error(`the console has no operation ${key}`);
      const { path = [], options = {} } = request(v);
      const r = await send(d, path, options, { ...AS_SHOPPER, ...how });
      if (!r.ok) throw new Error(`${d.operationId} answered ${r.status ?? 'nothing'}: ${r.error?.message}`);
      return carry(r.result, v);
    },
  };
}

/** The sandbox's control API (settings, outbox); only the embedded sandbox has one. */
export function control(method: string, path: string, body?: unknown): Promise<any> {
  if (!isSandbox())
    throw new Error('this preparation reads the sandbox (its outbox or settings): run it against a sandbox');
  return sandboxControl(method, path, body);
}

export const mailTo = async (email: string, kind: string) => {
  const { mail } = await control('GET', `/__sandbox/outbox?to=${encodeURIComponent(email)}`);
  const found = (mail as { kind?: string; data?: Values }[]).filter((m) => m.kind === kind).at(-1);
  if (!found?.data) throw new Error(`no ${kind} e-mail to ${email} in the sandbox outbox`);
  return found.data;
};

/** A read for a look: the answer when it is 2xx, else undefined (not there, or not readable by this caller). */
export async function read(
  key: string,
  path: string[],
  options: unknown,
  how: { elevated?: boolean } = {},
): Promise<any> {
  const d = findOperation(key);
  if (!d) throw new Error(`the console has no operation ${key}`);
  const r = await sendUnrecorded(d, path, options, { elevated: false, ...how });
  return r.ok ? r.result : undefined;
}
