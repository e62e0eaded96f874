/** Saved requests read back from exported JSON (History → Import), checked before any is kept. */
import { findOperation } from './operations.ts';
import type { SavedRequest } from './state.ts';

/**
 * The most text an import takes: saved requests are forms of a few hundred characters, and the
 * browser keeps about 5 MB for the whole console (history, theme, environment).
 */
export const MAX_IMPORT_CHARACTERS = 200_000;

/** Saved requests from exported JSON: a list of { name, opKey, path, options } naming operations the console has. */
export function parseSavedRequests(text: string): SavedRequest[] {
  if (text.length > MAX_IMPORT_CHARACTERS)
    throw new Error(
      `the text is ${text.length.toLocaleString('en-US')} characters; an import takes at most ${MAX_IMPORT_CHARACTERS.toLocaleString('en-US')}`,
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`the text is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new Error('the JSON is not a list of saved requests ([ { "name": ..., "opKey": ... } ])');
  return data.map((r: Record<string, unknown>, i) => {
    const at = `item ${i + 1}`;
    if (!r || typeof r !== 'object') throw new Error(`${at} is not an object`);
    if (typeof r.name !== 'string' || !r.name.trim()) throw new Error(`${at} has no name`);
    if (typeof r.opKey !== 'string' || !findOperation(r.opKey))
      throw new Error(`${at} (“${r.name}”) names no operation of the console: ${String(r.opKey)}`);
    const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
    return {
      name: r.name.trim(),
      opKey: r.opKey,
      path: Object.fromEntries(Object.entries(obj(r.path)).map(([k, v]) => [k, String(v)])),
      options: obj(r.options) as Record<string, unknown>,
      savedAt: typeof r.savedAt === 'string' ? r.savedAt : new Date().toISOString(),
    };
  });
}
