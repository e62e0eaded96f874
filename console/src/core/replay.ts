/**
 * A call opened again (History's "Open again", a saved request's "Open"): its values wait in
 * this tab's sessionStorage until that operation's page reads them, once.
 */
const REPLAY_KEY = 'sfk-replay';

/** A form's values: path parameters by name, and the options. */
export interface SavedForm {
  path: Record<string, string>;
  options: Record<string, unknown>;
}

/** Leaves a call's values for its operation's page. */
export function replayWith(call: { opKey: string; path: unknown; options: unknown }): void {
  sessionStorage.setItem(REPLAY_KEY, JSON.stringify(call));
}

/** The values left for the operation `opKey`, taken (a later visit gets none); undefined when they are another's. */
export function takeReplay(opKey: string): SavedForm | undefined {
  const replay = sessionStorage.getItem(REPLAY_KEY);
  const entry = replay ? (JSON.parse(replay) as { opKey: string } & SavedForm) : undefined;
  if (entry?.opKey !== opKey) return undefined;
  sessionStorage.removeItem(REPLAY_KEY);
  return { path: entry.path, options: entry.options ?? {} };
}
