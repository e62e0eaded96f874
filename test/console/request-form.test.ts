/** The operation page's request form as a reducer (console/src/core/request-form.ts). */
import { describe, expect, it } from 'vitest';
import { findOperation } from '../../console/src/core/operations.ts';
import {
  bodyFieldsOf,
  changeForm,
  markedFields,
  openForm,
  problemsText,
  type RequestForm,
} from '../../console/src/core/request-form.ts';
import { tasksOf } from '../../console/src/core/schema.ts';

const d = findOperation('checkout.getCheckout')!;
const redirects = findOperation('redirects.createRedirectSession')!;
const tasks = tasksOf(redirects);
const open = (saved?: { path: Record<string, string>; options: Record<string, unknown> }) => openForm(d, saved, []);

describe('opening', () => {
  it('starts with every path parameter empty, then what was saved', () => {
    expect(open().pathValues).toEqual({ id: '' });
    const f = open({ path: { id: 'c1' }, options: { a: 1 } });
    expect(f.pathValues).toEqual({ id: 'c1' });
    expect(f.jsonText).toBe(JSON.stringify({ a: 1 }, null, 2));
    expect(f).toMatchObject({ view: 'form', showOptional: false, fillAppId: true, jsonError: '', problems: [] });
  });

  it('opens on the task whose field the saved options hold', () => {
    expect(openForm(redirects, { path: {}, options: { logout: {} } }, tasks).task).toBe('logout');
    expect(openForm(redirects, undefined, tasks).task).toBe('');
  });
});

describe('changes', () => {
  it('an edit of the options turns the app id filling back on and the JSON text follows', () => {
    const f = changeForm({ ...open(), fillAppId: false }, { type: 'options', update: (o) => ({ ...o, x: 1 }) });
    expect(f.options).toEqual({ x: 1 });
    expect(f.fillAppId).toBe(true);
    expect(f.jsonText).toBe(JSON.stringify({ x: 1 }, null, 2));
  });

  it('JSON that parses replaces the options (the text laid out again); JSON that does not keeps the text and says why', () => {
    const good = changeForm(open(), { type: 'json', text: '{"a":1}' });
    expect(good.options).toEqual({ a: 1 });
    expect(good.jsonText).toBe('{\n  "a": 1\n}');
    const bad = changeForm(good, { type: 'json', text: '{"a":' });
    expect(bad.options).toEqual({ a: 1 });
    expect(bad.jsonText).toBe('{"a":');
    expect(bad.jsonError).not.toBe('');
    expect(changeForm(open(), { type: 'json', text: '[1]' }).jsonError).toBe('the options are a JSON object: { ... }');
  });

  it('while the JSON text does not parse, a form edit leaves it; replacing the options drops it', () => {
    const bad = changeForm(open(), { type: 'json', text: '{' });
    const edited = changeForm(bad, { type: 'options', update: () => ({ b: 2 }) });
    expect(edited.jsonText).toBe('{');
    expect(edited.jsonError).not.toBe('');
    const replaced = changeForm(bad, { type: 'replace-options', options: { c: 3 } });
    expect(replaced).toMatchObject({ jsonError: '', jsonText: JSON.stringify({ c: 3 }, null, 2) });
  });

  it("carried values fill only the empty fields when asked, else win over the user's", () => {
    const typed = changeForm(changeForm(open(), { type: 'path', name: 'id', value: 'mine' }), {
      type: 'options',
      update: () => ({ a: 'mine' }),
    });
    const carried = { path: ['made'], options: { a: 'made', b: 'made' } };
    const gentle = changeForm(typed, { type: 'carried', carried, pathNames: ['id'], onlyEmpty: true });
    expect(gentle.pathValues).toEqual({ id: 'mine' });
    expect(gentle.options).toEqual({ a: 'mine', b: 'made' });
    const firm = changeForm(typed, { type: 'carried', carried, pathNames: ['id'], onlyEmpty: false });
    expect(firm.pathValues).toEqual({ id: 'made' });
    expect(firm.options).toEqual({ a: 'made', b: 'made' });
  });

  it('an example fills the form as it is, with the app id filling off until the next edit', () => {
    const f = changeForm(open(), { type: 'example', example: { path: { id: 'ex' }, options: { e: 1 } }, task: 't' });
    expect(f).toMatchObject({ pathValues: { id: 'ex' }, options: { e: 1 }, fillAppId: false, task: 't' });
    expect(changeForm(f, { type: 'options', update: (o) => o }).fillAppId).toBe(true);
  });

  it("choosing a task drops the other tasks' fields from the options", () => {
    const f: RequestForm = { ...openForm(redirects, undefined, tasks), options: { logout: {}, other: 1 } };
    const next = changeForm(f, { type: 'task', task: 'login', tasks });
    expect(next.task).toBe('login');
    expect(next.options).toEqual({ other: 1 });
    expect(changeForm(f, { type: 'task', task: 'logout', tasks }).options).toBe(f.options);
  });

  it('a link from the problem list shows the form view with optional fields', () => {
    const f = changeForm({ ...open(), view: 'json' }, { type: 'reveal-fields' });
    expect(f).toMatchObject({ view: 'form', showOptional: true });
  });
});

describe('derived', () => {
  it("hides other tasks' body fields and shows the chosen one's", () => {
    expect(bodyFieldsOf([], '')).toBeUndefined();
    const fields = bodyFieldsOf(tasks, 'logout')!;
    expect([...fields.hidden]).toEqual(['auth', 'ecomCheckout']);
    expect([...fields.shown]).toEqual(['logout']);
    expect([...bodyFieldsOf(tasks, '')!.shown]).toEqual([]);
  });

  it("marks the console's problems, then the fields the server rejected", () => {
    const marked = markedFields([{ field: 'a', message: 'is required' }], ['a', 'b']);
    expect([...marked]).toEqual([
      ['a', 'rejected by the server'],
      ['b', 'rejected by the server'],
    ]);
    expect(
      problemsText([
        { field: 'a', message: 'is required' },
        { field: '', message: 'body is off' },
      ]),
    ).toBe('a is required; body is off');
  });
});
