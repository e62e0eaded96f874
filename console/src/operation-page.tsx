/**
 * One operation: its summary, description, method and path; a form generated from its
 * schemas with a JSON view kept in sync; send through the client; the response, the error in
 * the catalogue's display form with its fields marked, and the call as TypeScript and curl.
 */
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { OperationDescriptor } from '../../src/console-data.ts';
import { curlSnippet, send, tsSnippet, type CallResult } from './client.ts';
import { callerAllows } from './caller.ts';
import { findOperation } from './operations.ts';
import { bodySchemaOf, check, exampleCall, operationNode, parametersOf, type Problem } from './schema.ts';
import { SchemaField } from './schema-form.tsx';
import { currentRole, pickIds, setState, useConsoleState } from './state.ts';

function stringify(value: unknown): string {
  return JSON.stringify(
    value,
    (_, v) =>
      typeof v === 'number' && !Number.isFinite(v)
        ? `${v} (number)`
        : v instanceof Uint8Array
          ? `${new TextDecoder().decode(v)} (${v.length} bytes)`
          : v,
    2,
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setDone(true), () => setDone(false));
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? 'Copied' : `Copy ${label}`}
    </button>
  );
}

export default function OperationPage() {
  const { opId = '' } = useParams();
  const d = findOperation(opId);
  if (!d) return <p role="alert">No operation named {opId}.</p>;
  return <OperationView key={d.key} d={d} />;
}

function OperationView({ d }: { d: OperationDescriptor }) {
  const state = useConsoleState();
  const op = operationNode(d);
  const params = useMemo(() => parametersOf(d), [d]);
  const bodySchema = useMemo(() => bodySchemaOf(d), [d]);
  const [pathValues, setPathValues] = useState<Record<string, string>>(() => Object.fromEntries(d.pathParams.map((p) => [p.name, ''])));
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [jsonText, setJsonText] = useState('{}');
  const [jsonError, setJsonError] = useState('');
  const [view, setView] = useState<'form' | 'json'>('form');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [result, setResult] = useState<CallResult | undefined>();
  const [busy, setBusy] = useState(false);
  const role = currentRole(state);

  useEffect(() => setJsonText(stringify(options)), [options]);

  const marked = useMemo(() => {
    const m = new Map<string, string>();
    for (const p of problems) m.set(p.field, p.message);
    for (const f of result?.error?.fields ?? []) m.set(f, 'rejected by the server');
    return m;
  }, [problems, result]);

  const fillExample = () => {
    const ex = exampleCall(d);
    setPathValues((pv) => ({ ...pv, ...ex.path }));
    setOptions(ex.options);
  };

  const doSend = async (force = false) => {
    const found: Problem[] = [];
    for (const p of d.pathParams) if (!pathValues[p.name]) found.push({ field: p.name, message: 'is required' });
    if (bodySchema) check(d.service, bodySchema, options, '', found);
    for (const p of params.filter((x) => x.in === 'query')) {
      if (p.required && options[p.name] === undefined) found.push({ field: p.name, message: 'is required' });
      check(d.service, p.schema, options[p.name], p.name, found);
    }
    setProblems(found);
    if (found.length && !force) return;
    setBusy(true);
    const values = d.pathParams.map((p) => pathValues[p.name]);
    const r = await send(d, values, options);
    setBusy(false);
    setResult(r);
    setState((s) => ({
      history: [
        { id: crypto.randomUUID(), opKey: d.key, path: pathValues, options, status: r.status ?? (r.ok ? 200 : 'error'), ms: Math.round(r.ms), at: new Date().toISOString() },
        ...s.history,
      ].slice(0, 100),
      picked: r.ok ? { ...s.picked, ...pickIds(r.result) } : s.picked,
    }));
  };

  useEffect(() => {
    const replay = sessionStorage.getItem('sfk-replay');
    if (!replay) return;
    const entry = JSON.parse(replay) as { opKey: string; path: Record<string, string>; options: Record<string, unknown> };
    if (entry.opKey !== d.key) return;
    sessionStorage.removeItem('sfk-replay');
    setPathValues(entry.path);
    setOptions(entry.options ?? {});
  }, [d.key]);

  const authHeader = role === 'elevated' ? state.apiKey : role === 'none' ? '<no token>' : '<access token>';
  const picked = Object.entries(state.picked);

  return (
    <article className="operation">
      <header>
        <h1>
          <span className={`method method-${d.method.toLowerCase()}`}>{d.method}</span> <code className="path">{d.path}</code>
        </h1>
        <p className="summary">
          <strong>{op.summary}</strong> — <code>
            {d.module}.{d.operationId}
          </code>{' '}
          <span className={callerAllows(d, role) ? 'caller ok' : 'caller denied'}>
            caller: {d.caller}
            {callerAllows(d, role) ? '' : ` (your role: ${role})`}
          </span>
        </p>
        {op.description ? <p className="description">{String(op.description)}</p> : null}
      </header>

      <form
        aria-label="Request"
        noValidate
        onSubmit={(e) => {
          // Enter in any field sends, like the Send button.
          e.preventDefault();
          void doSend();
        }}
      >
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
        </div>

        {d.pathParams.length ? (
          <fieldset>
            <legend>Path parameters</legend>
            {d.pathParams.map((p) => (
              <div className={marked.has(p.name) ? 'field marked' : 'field'} key={p.name}>
                <label htmlFor={`path-${p.name}`} className="field-label">
                  <code>{p.name}</code>
                  <span className="required"> *</span>
                  {marked.get(p.name) ? (
                    <span className="problem" role="alert">
                      {marked.get(p.name)}
                    </span>
                  ) : null}
                </label>
                <input id={`path-${p.name}`} list="picked-values" value={pathValues[p.name] ?? ''} onChange={(e) => setPathValues({ ...pathValues, [p.name]: e.target.value })} />
              </div>
            ))}
          </fieldset>
        ) : null}
        <datalist id="picked-values">
          {picked.map(([label, v]) => (
            <option key={label} value={v} label={label} />
          ))}
        </datalist>

        {view === 'form' ? (
          <div className="form">
            {params
              .filter((p) => p.in === 'query')
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
                  onChange={(v) => setOptions((o) => {
                    const next = { ...o };
                    if (v === undefined) delete next[p.name];
                    else next[p.name] = v;
                    return next;
                  })}
                />
              ))}
            {bodySchema ? (
              <SchemaField service={d.service} schema={bodySchema} value={options} path="" label="body" marked={marked} onChange={(v) => setOptions((v as Record<string, unknown>) ?? {})} />
            ) : null}
          </div>
        ) : (
          <div className="field">
            <label htmlFor="json-editor" className="field-label">
              Options as JSON {jsonError ? <span className="problem">{jsonError}</span> : null}
            </label>
            <textarea
              id="json-editor"
              className="json big"
              rows={16}
              value={jsonText}
              onChange={(e) => {
                setJsonText(e.target.value);
                try {
                  const parsed = JSON.parse(e.target.value || '{}');
                  setJsonError('');
                  setOptions(parsed);
                } catch (err) {
                  setJsonError((err as Error).message);
                }
              }}
            />
          </div>
        )}

        <div className="toolbar">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send'}
          </button>
          {problems.length ? (
            <>
              <span role="alert" className="problem">
                {problems.length} problem(s): {problems.map((p) => `${p.field || 'body'} ${p.message}`).join('; ')}
              </span>
              <button type="button" onClick={() => void doSend(true)}>
                Send anyway
              </button>
            </>
          ) : null}
        </div>
      </form>

      {result ? (
        <section aria-label="Response" className="response">
          <h2>
            Response <span className={result.ok ? 'status ok' : 'status err'} data-testid="status">{result.status ?? 'no answer'}</span>{' '}
            <small>
              {Math.round(result.ms)} ms{result.requestId ? ` · request id ${result.requestId}` : ''}
            </small>
          </h2>
          {result.error ? (
            <p className="error-display" role="alert" data-testid="error">
              {result.error.name}: {result.error.message}
            </p>
          ) : null}
          <details open>
            <summary>Normalised (what the client returns)</summary>
            <pre data-testid="result">{result.ok ? stringify(result.result) : '—'}</pre>
          </details>
          <details>
            <summary>Raw body</summary>
            <pre>{result.raw ?? ''}</pre>
          </details>
          <details>
            <summary>Headers</summary>
            <pre>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
          </details>
          <details>
            <summary>TypeScript</summary>
            <pre>{tsSnippet(d, d.pathParams.map((p) => pathValues[p.name]), options, role)}</pre>
            <CopyButton label="TypeScript" text={tsSnippet(d, d.pathParams.map((p) => pathValues[p.name]), options, role)} />
          </details>
          <details>
            <summary>curl</summary>
            <pre>{curlSnippet(result.request, authHeader)}</pre>
            <CopyButton label="curl" text={curlSnippet(result.request, authHeader)} />
          </details>
        </section>
      ) : null}
    </article>
  );
}
