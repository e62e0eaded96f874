/**
 * One operation: its summary, description, method and path; beside each other (from ~1000 px)
 * the request (a form generated from its schemas, required fields first, with a JSON view kept
 * in sync) and the response (status announced and focused after Send, the body foldable and
 * searchable, the call as curl, TypeScript and fetch before anything is sent). What the
 * operation needs first is offered as one click; form values and the last answer survive
 * navigation and reload.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { queryFields, type OperationDescriptor } from '../../../../src/console-data.ts';
import { credentials, previewRequest, send, stringify, type CallResult } from '../../core/client.ts';
import { curlSnippet, fetchSnippet, tsSnippet } from '../../core/snippets.ts';
import { callerAllows } from '../../core/caller.ts';
import { findOperation } from '../../core/operations.ts';
import { planPreparation, PREPARATIONS, runPreparation, type Plan } from './preparation/table.ts';
import { CopyButton, ResponseBody } from './response-body.tsx';
import {
  bodySchemaOf,
  exampleCall,
  formProblems,
  operationNode,
  parametersOf,
  tasksOf,
  type Problem,
} from '../../core/schema.ts';
import { fieldId, FormOptions, IdPicker, SchemaField } from '../../blocks/schema-form/index.ts';
import { kindOf, resourceOf } from '../../core/ids.ts';
import { useConsoleState } from '../../blocks/console-state.ts';
import { currentRole, recall, remember, saveRequests } from '../../core/state.ts';

/** The operation's page in the docs site: where `npm run docs -- --serve` serves it, or VITE_SFK_DOCS_URL at the console's build. */
const DOCS_URL = (import.meta.env.VITE_SFK_DOCS_URL as string | undefined) ?? 'http://127.0.0.1:4011/';
const referenceUrl = (d: OperationDescriptor) => `${DOCS_URL.replace(/\/?$/, '/')}api/${d.service}/${d.operationId}/`;

/** Opens a part of the authentication panel (member login, or the API key) and moves focus there. */
export function openAuth(part: 'member' | 'elevated'): void {
  dispatchEvent(new CustomEvent('sfk-open-auth', { detail: part }));
}

export default function OperationPage() {
  const { opId = '' } = useParams();
  const d = findOperation(opId);
  if (!d) return <p role="alert">No operation named {opId}.</p>;
  return <OperationView key={d.key} d={d} />;
}

interface Saved {
  path: Record<string, string>;
  options: Record<string, unknown>;
}

/** What the caller column means for the current role, in plain words, with the way to get there. */
function CallerNote({ d, role }: { d: OperationDescriptor; role: string }) {
  if (callerAllows(d, role)) {
    return <span className="caller ok">caller: {d.caller === 'visitorOrMember' ? 'visitor or member' : d.caller}</span>;
  }
  const [says, part, action] =
    d.caller === 'member'
      ? ([
          'This operation is for a logged-in member; you call as a visitor now.',
          'member',
          'Log in as a member…',
        ] as const)
      : ([
          "This is an admin call: it needs the site's API key (elevated), which you are not using now.",
          'elevated',
          'Use the API key…',
        ] as const);
  return (
    <span className="caller-note" data-testid="caller-note">
      {says}{' '}
      <button type="button" onClick={() => openAuth(part)}>
        {action}
      </button>
    </span>
  );
}

/**
 * "Run this first": what the operation needs, what the sandbox has of it already, and what
 * running the rest will change, said before the button that changes it.
 */
function PreparationPanel({
  why,
  plan,
  prepared,
  run,
}: {
  why: string;
  plan: Plan | undefined;
  prepared: string;
  run: () => Promise<void>;
}) {
  const present = plan?.present.length ? <>Already there: {plan.present.map((p) => p.said).join(', ')}. </> : null;
  return (
    <div className="prepare" data-testid="prepare" aria-busy={!plan}>
      {!plan ? (
        <p>Looking at the sandbox for what this needs…</p>
      ) : !plan.missing.length ? (
        <p>
          <strong>Nothing to run first.</strong> {prepared ? null : present}
        </p>
      ) : (
        <>
          <p>
            <strong>Run this first.</strong> {why} {present}Missing: {plan.missing.map((s) => s.needs).join(', then ')}.
            Running it {plan.missing.map((s) => s.changes).join('; then ')}, and fills this form with what they answer.
          </p>
          <button type="button" onClick={() => void run()}>
            Run this first
          </button>{' '}
        </>
      )}
      <span role="status" data-testid="prepared">
        {prepared}
      </span>
    </div>
  );
}

/** The plain-words reading of an answer that says the caller is wrong, with the way to fix it. */
function errorAdvice(d: OperationDescriptor, r: CallResult): { says: string; part: 'member' | 'elevated' } | undefined {
  const text = `${r.error?.name} ${r.error?.message}`;
  if (r.ok) return undefined;
  if (d.caller === 'elevated' && (r.status === 401 || r.status === 403 || /elevated/i.test(text))) {
    return {
      says: "This call needs the site's API key: turn on “Call as elevated” under Authentication.",
      part: 'elevated',
    };
  }
  if (d.caller === 'member' && (r.status === 401 || r.status === 403)) {
    return {
      says: 'This call needs a logged-in member: log in under Authentication (the sandbox fills in its demo member).',
      part: 'member',
    };
  }
  return undefined;
}

function OperationView({ d }: { d: OperationDescriptor }) {
  const state = useConsoleState();
  const op = operationNode(d);
  // A query the client sends as GET `.r` first (src/client/request.ts) says GET, as it goes over the wire.
  const wireMethod = d.dotR && d.postFallback && d.method === 'POST' ? 'GET' : d.method;
  const params = useMemo(() => parametersOf(d), [d]);
  const bodySchema = useMemo(() => bodySchemaOf(d), [d]);
  const saved = useMemo(() => {
    // A call opened again from the history wins over what the form held.
    const replay = sessionStorage.getItem('sfk-replay');
    const entry = replay ? (JSON.parse(replay) as { opKey: string } & Saved) : undefined;
    if (entry?.opKey === d.key) {
      sessionStorage.removeItem('sfk-replay');
      return { path: entry.path, options: entry.options ?? {} };
    }
    return recall<Saved>('form', d.key);
  }, [d.key]);
  const [pathValues, setPathValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(d.pathParams.map((p) => [p.name, ''])),
    ...saved?.path,
  }));
  const [options, setOptionsAsIs] = useState<Record<string, unknown>>(() => saved?.options ?? {});
  // An example fills the form as it is; the user's next edit turns the app id filling back on.
  const [fillAppId, setFillAppId] = useState(true);
  const setOptions: typeof setOptionsAsIs = (next) => {
    setFillAppId(true);
    setOptionsAsIs(next);
  };
  const tasks = useMemo(() => tasksOf(d), [d]);
  // The task the form holds: the one whose field is set (a reload or a replay keeps it).
  const [task, setTask] = useState(
    () => tasks.find((t) => t.field && saved?.options?.[t.field] !== undefined)?.name ?? '',
  );
  const bodyFields = useMemo(() => {
    const own = tasks.filter((t) => t.field);
    if (!own.length) return undefined;
    const chosen = own.find((t) => t.name === task);
    return {
      hidden: new Set(own.filter((t) => t !== chosen).map((t) => t.field!)),
      shown: new Set(chosen ? [chosen.field!] : []),
    };
  }, [tasks, task]);
  const [jsonText, setJsonText] = useState(() => stringify(saved?.options ?? {}));
  const [jsonError, setJsonError] = useState('');
  const [view, setView] = useState<'form' | 'json'>('form');
  const [showOptional, setShowOptional] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [result, setResult] = useState<CallResult | undefined>(() => recall<CallResult>('answer', d.key));
  const [busy, setBusy] = useState(false);
  const [saveName, setSaveName] = useState('');
  const [savedAs, setSavedAs] = useState('');
  const [prepared, setPrepared] = useState('');
  const [plan, setPlan] = useState<Plan>();
  const preparing = useRef(false);
  const [snippets, setSnippets] = useState<{ curl: string; ts: string; fetch: string } | { error: string }>();
  const statusLine = useRef<HTMLHeadingElement>(null);
  /** Set by Send: the answer, once on screen, gets the focus. */
  const answered = useRef(false);
  // After the answer is laid out (not before: the page would still be short, and a scroll clamped):
  // the focus goes to its status line, which a screen reader reads; on stacked panes (a phone)
  // the answer starts at the top of the screen rather than at its bottom edge.
  useLayoutEffect(() => {
    const line = statusLine.current;
    if (!answered.current || !line) return;
    answered.current = false;
    const stacked = matchMedia('(max-width: 999px)').matches;
    line.focus({ preventScroll: stacked });
    if (stacked) line.scrollIntoView({ block: 'start' });
  }, [result]);
  const role = currentRole(state);
  const preparation = PREPARATIONS[d.key];
  // Once run, it stays with its outcome (a member preparation makes the role one that would not be offered it).
  const offerPreparation = preparation && (!!prepared || (preparation.offeredTo?.(role) ?? true));
  const picked = useMemo(() => Object.entries(state.picked), [state.picked]);

  /** Puts what a preparation carried into the form; `onlyEmpty` leaves what the user typed. */
  const applyCarried = (carried: ReturnType<NonNullable<typeof preparation>['fill']>, onlyEmpty: boolean) => {
    if (carried.path)
      setPathValues((pv) => ({
        ...pv,
        ...Object.fromEntries(
          d.pathParams.map((p, i) => [p.name, (onlyEmpty && pv[p.name]) || (carried.path![i] ?? pv[p.name])]),
        ),
      }));
    if (carried.options)
      setOptions((o) => {
        setJsonError('');
        return onlyEmpty ? { ...carried.options, ...o } : { ...o, ...carried.options };
      });
  };

  // What the operation needs is looked for in the sandbox (read-only) when the page opens, after
  // each answer and when the caller changes; what is there fills the empty fields.
  useEffect(() => {
    if (!offerPreparation || !preparation || preparing.current) return;
    let live = true;
    setPlan(undefined);
    planPreparation(preparation).then(
      (found) => {
        if (!live) return;
        setPlan(found);
        if (!found.missing.length) applyCarried(preparation.fill(found.values), true);
      },
      () => live && setPlan({ present: [], missing: preparation.stages, values: {} }),
    );
    return () => {
      live = false;
    };
  }, [d.key, offerPreparation, role, result]);
  const pathList = d.pathParams.map((p) => pathValues[p.name] ?? '');

  useEffect(() => {
    if (!jsonError) setJsonText(stringify(options));
  }, [options]); // the text follows the value unless the user is mid-way through invalid JSON
  useEffect(() => remember<Saved>('form', d.key, { path: pathValues, options }), [d.key, pathValues, options]);

  // The call as curl, TypeScript and fetch, for what the form holds now (before any Send).
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const c = credentials(state, role === 'elevated');
      // Code for a form the console would not send (a required field empty, a value out of the
      // spec) would not compile either: the page says what to fill in instead.
      const found = formProblems(d, pathValues, options);
      if (found.length) {
        setSnippets({ error: found.map((p) => (p.field ? `${p.field} ${p.message}` : p.message)).join('; ') });
        return;
      }
      previewRequest(d, pathList, options).then(
        (req) =>
          live &&
          setSnippets({
            curl: curlSnippet(req, c),
            ts: tsSnippet(d, pathList, options, c),
            fetch: fetchSnippet(req, c),
          }),
        (err: Error) => live && setSnippets({ error: `${err.name}: ${err.message}` }),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [d, pathList.join('\u0000'), options, state.tokens, state.useApiKey, state.apiKey, state.clientId, role]); // the path values by content, not by the array made each render

  const marked = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of problems) m.set(p.field, p.message);
    for (const f of result?.error?.fields ?? []) m.set(f, 'rejected by the server');
    return m;
  }, [problems, result]);

  const replaceOptions = (next: Record<string, unknown>) => {
    setJsonError('');
    setOptions(next);
  };

  const fillExample = () => {
    const ex = exampleCall(d, task || undefined);
    if (!task && tasks.length) setTask(tasks[0].name);
    setPathValues((pv) => ({ ...pv, ...ex.path }));
    replaceOptions(ex.options);
    setFillAppId(false);
  };

  const prepare = async () => {
    if (!preparation || !plan) return;
    preparing.current = true;
    try {
      const carried = await runPreparation(preparation, plan, setPrepared);
      applyCarried(carried, false);
      setPlan({ present: [], missing: [], values: {} });
      setPrepared(
        `Ready: ${plan.missing.map((s) => s.needs).join(', then ')} made${carried.path || carried.options ? '; the form has the values they answered' : ''}.`,
      );
    } catch (err) {
      setPrepared(`The preparation stopped: ${(err as Error).message}`);
    } finally {
      preparing.current = false;
    }
  };

  const doSend = async (force = false) => {
    if (view === 'json' && jsonError) {
      setProblems([{ field: 'json', message: `The JSON does not parse, nothing was sent: ${jsonError}` }]);
      return;
    }
    const found = formProblems(d, pathValues, options);
    setProblems(found);
    if (found.length && !force) {
      // The answer on screen would be the last call's, not this one's: nothing was sent.
      setResult(undefined);
      remember('answer', d.key, undefined);
      return;
    }
    setBusy(true);
    const r = await send(d, pathList, options, { source: 'page' });
    setBusy(false);
    answered.current = true;
    setResult(r);
    remember('answer', d.key, { ...r, raw: r.raw && r.raw.length > 200_000 ? `${r.raw.slice(0, 200_000)}…` : r.raw });
  };

  /** The problem list links to each field; a hidden optional one is shown first. */
  const goToField = (field: string) => {
    if (field === 'json') return document.getElementById('json-editor')?.focus();
    setView('form');
    setShowOptional(true);
    requestAnimationFrame(() => {
      const target = document.getElementById(
        d.pathParams.some((p) => p.name === field) ? `path-${field}` : fieldId(field),
      );
      target?.scrollIntoView({ block: 'center' });
      (target?.matches('input, select, textarea')
        ? target
        : target?.querySelector<HTMLElement>('input, select, textarea')
      )?.focus();
    });
  };

  const advice = result ? errorAdvice(d, result) : undefined;
  // The answer as plain JSON (dates as text), once per answer rather than on every keystroke.
  const answerValue = useMemo(
    () => (result?.ok ? (JSON.parse(stringify(result.result) ?? 'null') as unknown) : undefined),
    [result],
  );

  return (
    <article className="operation">
      <header>
        <h1>
          <span className={`method method-${wireMethod.toLowerCase()}`}>{wireMethod}</span>{' '}
          <code className="path">{d.path}</code>
          {wireMethod !== d.method ? (
            <small className="wire-note">
              {' '}
              the query as one <code>.r</code> parameter; {d.method} when it is too long for a URL
            </small>
          ) : null}
        </h1>
        <p className="summary">
          <strong>{op.summary}</strong> —{' '}
          <code>
            {d.module}.{d.operationId}
          </code>{' '}
          <CallerNote d={d} role={role} />{' '}
          <a className="reference" href={referenceUrl(d)}>
            Reference
          </a>
        </p>
        {op.description ? (
          <details className="description">
            <summary>About this operation</summary>
            {String(op.description)}
          </details>
        ) : null}
      </header>

      <div className="panes">
        <form
          aria-label="Request"
          className="pane request-pane"
          noValidate
          onSubmit={(e) => {
            // Enter in any field sends, like the Send button.
            e.preventDefault();
            void doSend();
          }}
        >
          {offerPreparation ? (
            <PreparationPanel why={preparation.why} plan={plan} prepared={prepared} run={prepare} />
          ) : null}
          {tasks.length ? (
            <div className="field task">
              <label htmlFor="task" className="field-label">
                What is this call for?
              </label>
              <select
                id="task"
                value={task}
                onChange={(e) => {
                  const next = e.target.value;
                  setTask(next);
                  // Another task's fields would go with the call: they leave the form with it.
                  const others = tasks.filter((t) => t.field && t.name !== next).map((t) => t.field!);
                  if (others.some((f) => options[f] !== undefined))
                    replaceOptions(Object.fromEntries(Object.entries(options).filter(([k]) => !others.includes(k))));
                }}
              >
                <option value="">Choose: {tasks.map((t) => t.name).join(', ')}…</option>
                {tasks.map((t) => (
                  <option key={t.name} value={t.name}>
                    {t.summary}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="toolbar">
            <button type="button" onClick={fillExample}>
              Fill with example
            </button>
            <button type="button" aria-pressed={view === 'form'} onClick={() => setView('form')}>
              Form
            </button>
            <button type="button" aria-pressed={view === 'json'} onClick={() => setView('json')}>
              JSON
            </button>
            <label className="check">
              <input type="checkbox" checked={showOptional} onChange={(e) => setShowOptional(e.target.checked)} /> Show
              optional fields
            </label>
          </div>

          <FormOptions.Provider
            value={{
              showOptional,
              picked,
              resource: resourceOf(d),
              query: queryFields[d.key],
              operationId: d.operationId,
              bodyFields,
              fillAppId,
            }}
          >
            {d.pathParams.length ? (
              <fieldset>
                <legend>Path parameters</legend>
                {d.pathParams.map((p) => (
                  <div className={marked.has(p.name) ? 'field marked' : 'field'} key={p.name}>
                    <label htmlFor={`path-${p.name}`} className="field-label">
                      <code>{p.name}</code>
                      <span className="required"> *</span>
                      {marked.get(p.name) ? <span className="problem">{marked.get(p.name)}</span> : null}
                    </label>
                    <IdPicker
                      id={`path-${p.name}`}
                      label={p.name}
                      kind={kindOf(p.name, resourceOf(d, p.name))}
                      value={pathValues[p.name] ?? ''}
                      onChange={(v) => setPathValues((pv) => ({ ...pv, [p.name]: v ?? '' }))}
                    />
                  </div>
                ))}
              </fieldset>
            ) : null}

            {view === 'form' ? (
              <div className="form">
                {params
                  .filter((p) => p.in === 'query' && (showOptional || p.required || options[p.name] !== undefined))
                  .map((p) => (
                    <SchemaField
                      key={p.name}
                      service={d.service}
                      schema={p.schema}
                      value={options[p.name]}
                      path={p.name}
                      label={p.name}
                      required={p.required}
                      marked={marked}
                      onChange={(v) =>
                        setOptions((o) => {
                          const next = { ...o };
                          if (v === undefined) delete next[p.name];
                          else next[p.name] = v;
                          return next;
                        })
                      }
                    />
                  ))}
                {bodySchema ? (
                  <SchemaField
                    service={d.service}
                    schema={bodySchema}
                    value={options}
                    path=""
                    label="body"
                    marked={marked}
                    onChange={(v) => setOptions((v as Record<string, unknown>) ?? {})}
                  />
                ) : null}
              </div>
            ) : (
              <div className="field">
                <label htmlFor="json-editor" className="field-label">
                  Options as JSON
                </label>
                <textarea
                  id="json-editor"
                  className={jsonError ? 'json big invalid' : 'json big'}
                  rows={16}
                  aria-invalid={!!jsonError}
                  aria-describedby={jsonError ? 'json-error' : undefined}
                  value={jsonText}
                  onChange={(e) => {
                    setJsonText(e.target.value);
                    try {
                      const parsed = JSON.parse(e.target.value || '{}');
                      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
                        throw new Error('the options are a JSON object: { ... }');
                      setJsonError('');
                      setOptions(parsed);
                    } catch (err) {
                      setJsonError((err as Error).message);
                    }
                  }}
                />
                {jsonError ? (
                  <p id="json-error" className="problem" data-testid="json-error">
                    Does not parse: {jsonError}
                  </p>
                ) : null}
              </div>
            )}
          </FormOptions.Provider>

          <div className="save-as">
            <label htmlFor="save-name" className="field-label">
              Save this request as
            </label>
            <input id="save-name" value={saveName} placeholder="a name" onChange={(e) => setSaveName(e.target.value)} />
            <button
              type="button"
              disabled={!saveName.trim()}
              onClick={() => {
                const name = saveName.trim();
                saveRequests([{ name, opKey: d.key, path: pathValues, options, savedAt: new Date().toISOString() }]);
                setSavedAs(`Saved as “${name}” (History → Saved requests).`);
              }}
            >
              Save
            </button>{' '}
            <span role="status">{savedAs}</span>
          </div>
          <div className="send-bar">
            <button type="submit" className="primary" disabled={busy || (view === 'json' && !!jsonError)}>
              {busy ? 'Sending…' : 'Send'}
            </button>
            {view === 'json' && jsonError ? <span className="problem">Send waits for JSON that parses.</span> : null}
            {problems.length ? (
              <div role="alert" className="problems">
                <span className="problem">{problems.length} problem(s):</span>
                <ul>
                  {problems.map((p) => (
                    <li key={`${p.field} ${p.message}`}>
                      <a
                        href={`#${p.field === 'json' ? 'json-editor' : fieldId(p.field)}`}
                        onClick={(e) => {
                          e.preventDefault();
                          goToField(p.field);
                        }}
                      >
                        {p.field === 'json' ? p.message : `${p.field || 'body'} ${p.message}`}
                      </a>
                    </li>
                  ))}
                </ul>
                {problems.some((p) => p.field !== 'json') ? (
                  <button type="button" onClick={() => void doSend(true)}>
                    Send anyway
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
        </form>

        <section aria-label="Response" className="pane response-pane">
          <h2 ref={statusLine} tabIndex={-1} className="status-line" aria-live="polite" aria-atomic="true">
            {result ? (
              <>
                Response{' '}
                <span className={result.ok ? 'status ok' : 'status err'} data-testid="status">
                  {result.status ?? 'no answer'}
                </span>{' '}
                <small>
                  {result.ok ? 'OK' : 'failed'} · {Math.round(result.ms)} ms
                  {result.requestId ? ` · request id ${result.requestId}` : ''}
                </small>
              </>
            ) : (
              <>Response: nothing sent yet</>
            )}
          </h2>
          {result?.error ? (
            <div className="error-display" data-testid="error">
              <p>
                {result.error.name}: {result.error.message}
              </p>
              {advice ? (
                <p className="advice">
                  {advice.says}{' '}
                  <button type="button" onClick={() => openAuth(advice.part)}>
                    {advice.part === 'member' ? 'Log in as a member…' : 'Use the API key…'}
                  </button>
                </p>
              ) : null}
            </div>
          ) : null}
          {result?.ok ? <ResponseBody value={answerValue} label="Response body" /> : null}
          {result ? (
            <>
              <details>
                <summary>Raw body</summary>
                <pre tabIndex={0}>{result.raw ?? ''}</pre>
              </details>
              <details>
                <summary>Headers</summary>
                <pre tabIndex={0}>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
              </details>
            </>
          ) : null}
          <h3>The call as code</h3>
          {!snippets ? (
            <p>Preparing…</p>
          ) : 'error' in snippets ? (
            <p className="problem">The client would not send this yet: {snippets.error}</p>
          ) : (
            <>
              {/* The copy buttons stay outside the folded snippets: a button is there whether its snippet is open or not. */}
              <div className="toolbar">
                {(['curl', 'ts', 'fetch'] as const).map((k) => (
                  <CopyButton key={k} label={k === 'ts' ? 'TypeScript' : k} text={snippets[k]} />
                ))}
              </div>
              {(['curl', 'ts', 'fetch'] as const).map((k) => (
                <details key={k} open={k === 'curl'}>
                  <summary>{k === 'ts' ? 'TypeScript (storefront-kit)' : k}</summary>
                  <pre tabIndex={0} data-testid={`snippet-${k}`}>
                    {snippets[k]}
                  </pre>
                </details>
              ))}
            </>
          )}
        </section>
      </div>
    </article>
  );
}
