/**
 * The request form of an operation's page as one value and the changes made to it (a reducer,
 * no React): path values, options, the JSON view's text and its parse error, the chosen task,
 * the view, whether optional fields show, and the problems the last Send found.
 */
import type { OperationDescriptor } from '../../../src/console-data.ts';
import { stringify } from './client.ts';
import type { SavedForm } from './replay.ts';
import type { Problem, Task } from './schema.ts';

export interface RequestForm {
  pathValues: Record<string, string>;
  options: Record<string, unknown>;
  /** Whether an empty app id field fills in the stores app: off while the form holds an example as filled. */
  fillAppId: boolean;
  /** The task the form holds ('' for none chosen). */
  task: string;
  /** The JSON view's text: it follows the options unless the user is mid-way through invalid JSON. */
  jsonText: string;
  /** Why the JSON view's text does not parse, or ''. */
  jsonError: string;
  view: 'form' | 'json';
  showOptional: boolean;
  problems: Problem[];
}

/** What a preparation carries into the form: path values in the path's order, and top-level options. */
export interface Carried {
  path?: string[];
  options?: Record<string, unknown>;
}

export type RequestFormChange =
  | { type: 'path'; name: string; value: string | undefined }
  | { type: 'options'; update: (options: Record<string, unknown>) => Record<string, unknown> }
  | { type: 'replace-options'; options: Record<string, unknown> }
  | { type: 'json'; text: string }
  | { type: 'carried'; carried: Carried; pathNames: string[]; onlyEmpty: boolean }
  | { type: 'example'; example: SavedForm; task?: string }
  | { type: 'task'; task: string; tasks: Task[] }
  | { type: 'view'; view: 'form' | 'json' }
  | { type: 'show-optional'; show: boolean }
  | { type: 'problems'; problems: Problem[] }
  /** The problem list's link to a field: the form view, with optional fields shown. */
  | { type: 'reveal-fields' };

/** The form as it opens: every path parameter empty, then what was saved (a reload, a replay). */
export function openForm(d: OperationDescriptor, saved: SavedForm | undefined, tasks: Task[]): RequestForm {
  const options = saved?.options ?? {};
  return {
    pathValues: { ...Object.fromEntries(d.pathParams.map((p) => [p.name, ''])), ...saved?.path },
    options,
    fillAppId: true,
    // The task the form holds: the one whose field is set (a reload or a replay keeps it).
    task: tasks.find((t) => t.field && saved?.options?.[t.field] !== undefined)?.name ?? '',
    jsonText: stringify(options),
    jsonError: '',
    view: 'form',
    showOptional: false,
    problems: [],
  };
}

/** New options; the user's edit turns the app id filling back on, and the JSON text follows unless it is mid-edit. */
const withOptions = (f: RequestForm, options: Record<string, unknown>): RequestForm => ({
  ...f,
  options,
  fillAppId: true,
  jsonText: f.jsonError ? f.jsonText : stringify(options),
});

/** Options replaced as a whole: a JSON text that did not parse is dropped for them. */
const replaced = (f: RequestForm, options: Record<string, unknown>) => withOptions({ ...f, jsonError: '' }, options);

export function changeForm(f: RequestForm, c: RequestFormChange): RequestForm {
  switch (c.type) {
    case 'path':
      return { ...f, pathValues: { ...f.pathValues, [c.name]: c.value ?? '' } };
    case 'options':
      return withOptions(f, c.update(f.options));
    case 'replace-options':
      return replaced(f, c.options);
    case 'json':
      try {
        const parsed = JSON.parse(c.text || '{}');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          throw new Error('the options are a JSON object: { ... }');
        return replaced({ ...f, jsonText: c.text }, parsed);
      } catch (err) {
        return { ...f, jsonText: c.text, jsonError: (err as Error).message };
      }
    case 'carried': {
      // `onlyEmpty` leaves what the user typed; else what the preparation made wins.
      const { carried, pathNames, onlyEmpty } = c;
      const pv = f.pathValues;
      let next = f;
      if (carried.path)
        next = {
          ...next,
          pathValues: {
            ...pv,
            ...Object.fromEntries(
              pathNames.map((name, i) => [name, (onlyEmpty && pv[name]) || (carried.path![i] ?? pv[name])]),
            ),
          },
        };
      if (carried.options)
        next = replaced(
          next,
          onlyEmpty ? { ...carried.options, ...next.options } : { ...next.options, ...carried.options },
        );
      return next;
    }
    case 'example': {
      // An example fills the form as it is; the user's next edit turns the app id filling back on.
      const filled = replaced({ ...f, pathValues: { ...f.pathValues, ...c.example.path } }, c.example.options);
      return { ...filled, task: c.task ?? f.task, fillAppId: false };
    }
    case 'task': {
      // Another task's fields would go with the call: they leave the form with it.
      const others = c.tasks.filter((t) => t.field && t.name !== c.task).map((t) => t.field!);
      const next = { ...f, task: c.task };
      return others.some((k) => f.options[k] !== undefined)
        ? replaced(next, Object.fromEntries(Object.entries(f.options).filter(([k]) => !others.includes(k))))
        : next;
    }
    case 'view':
      return { ...f, view: c.view };
    case 'show-optional':
      return { ...f, showOptional: c.show };
    case 'problems':
      return { ...f, problems: c.problems };
    case 'reveal-fields':
      return { ...f, view: 'form', showOptional: true };
  }
}

/** The top-level body fields other tasks own (left out) and the chosen task's (always shown); undefined without such tasks. */
export function bodyFieldsOf(tasks: Task[], task: string): { hidden: Set<string>; shown: Set<string> } | undefined {
  const own = tasks.filter((t) => t.field);
  if (!own.length) return undefined;
  const chosen = own.find((t) => t.name === task);
  return {
    hidden: new Set(own.filter((t) => t !== chosen).map((t) => t.field!)),
    shown: new Set(chosen ? [chosen.field!] : []),
  };
}

/** The fields to mark, by path: the console's own problems, then the fields the server rejected. */
export function markedFields(problems: Problem[], rejected: string[] = []): Map<string, string> {
  const m = new Map<string, string>();
  for (const p of problems) m.set(p.field, p.message);
  for (const f of rejected) m.set(f, 'rejected by the server');
  return m;
}

/** Problems in one line, as the code pane says why it has no code yet. */
export const problemsText = (problems: Problem[]) =>
  problems.map((p) => (p.field ? `${p.field} ${p.message}` : p.message)).join('; ');
