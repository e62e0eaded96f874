/** The embedded sandbox's control API (events, outbox, settings, clock, state), called with its API key. */
import { apiHost, getState } from './state.ts';

export async function control(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${apiHost()}${path}`, {
    method,
    headers: {
      authorization: getState().apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.message ?? res.statusText);
  return json;
}
