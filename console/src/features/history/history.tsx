/**
 * Sent calls (from pages, guided flows and preparations) with their answers, kept across
 * reloads; each can be opened again with its values. Saved requests: listed, opened again,
 * deleted, exported and imported as JSON.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { credentials } from '../../core/client.ts';
import { flowScript, flowTest } from '../../core/flow-export.ts';
import { findOperation, routeOf } from '../../core/operations.ts';
import { useConsoleState } from '../../blocks/console-state.ts';
import { getState, saveRequests, setState, type SavedRequest } from '../../core/state.ts';

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

/** Opens an operation's page with these values (the page reads them once). */
function openWith(navigate: ReturnType<typeof useNavigate>, r: { opKey: string; path: unknown; options: unknown }) {
  const d = findOperation(r.opKey);
  if (!d) return;
  sessionStorage.setItem('sfk-replay', JSON.stringify(r));
  navigate(routeOf(d));
}

function SavedRequests() {
  const { saved } = useConsoleState();
  const navigate = useNavigate();
  const [exported, setExported] = useState<string>();
  const [importText, setImportText] = useState('');
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby="saved-title">
      <h2 id="saved-title">Saved requests</h2>
      {saved.length === 0 ? (
        <p>None yet: “Save this request as” on an operation's page keeps its form under a name.</p>
      ) : null}
      <ul className="saved" data-testid="saved">
        {saved.map((r) => (
          <li key={r.name}>
            <strong>{r.name}</strong> <code>{r.opKey}</code>{' '}
            <button type="button" aria-label={`Open ${r.name}`} onClick={() => openWith(navigate, r)}>
              Open
            </button>{' '}
            <button
              type="button"
              aria-label={`Delete ${r.name}`}
              onClick={() => setState((s) => ({ saved: s.saved.filter((x) => x.name !== r.name) }))}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {saved.length ? (
        <button type="button" onClick={() => setExported(JSON.stringify(saved, null, 2))}>
          Export as JSON
        </button>
      ) : null}
      {exported !== undefined ? (
        <div className="field">
          <label htmlFor="saved-export" className="field-label">
            Saved requests as JSON (copy it; Import takes it back)
          </label>
          <textarea id="saved-export" className="json" rows={8} readOnly value={exported} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="saved-import" className="field-label">
          Import saved requests (JSON)
        </label>
        <textarea
          id="saved-import"
          className="json"
          rows={4}
          value={importText}
          onChange={(e) => setImportText(e.target.value)}
        />
        <button
          type="button"
          disabled={!importText.trim()}
          onClick={() => {
            try {
              const found = parseSavedRequests(importText);
              if (!saveRequests(found))
                throw new Error("the browser's storage cannot keep them (delete some history or saved requests)");
              setSaid(`Imported ${found.length} saved request(s).`);
              setImportText('');
            } catch (err) {
              setSaid(`Nothing imported: ${(err as Error).message}.`);
            }
          }}
        >
          Import
        </button>{' '}
        <span role="status" data-testid="import-said">
          {said}
        </span>
      </div>
    </section>
  );
}

/** The history (oldest first) as a script or a vitest test, ids from earlier answers carried as references. */
function ExportFlow() {
  const { history } = useConsoleState();
  const [shown, setShown] = useState<{ kind: 'script' | 'test'; text: string }>();
  const make = (kind: 'script' | 'test') => {
    const calls = [...history].reverse();
    try {
      setShown({ kind, text: kind === 'script' ? flowScript(calls, credentials(getState(), false)) : flowTest(calls) });
    } catch (err) {
      setShown({ kind, text: `// Nothing exported: ${(err as Error).message}` });
    }
  };
  if (!history.length) return null;
  return (
    <section aria-labelledby="export-title">
      <h2 id="export-title">Export these calls</h2>
      <p>
        The calls below, oldest first, as code: an id an earlier answer gave is read from that answer (
        <code>r3.checkoutId</code>), so the flow replays on another sandbox. Calls that failed are left out.
      </p>
      <button type="button" onClick={() => make('script')}>
        Export as a TypeScript script
      </button>{' '}
      <button type="button" onClick={() => make('test')}>
        Export as a vitest test
      </button>
      {shown ? (
        <div className="field">
          <label htmlFor="flow-export" className="field-label">
            {shown.kind === 'script'
              ? 'The calls as a script on storefront-kit (save as flow.ts, run with npx tsx flow.ts)'
              : 'The calls as a vitest test against a fresh sandbox (save as flow.test.ts)'}
          </label>
          <textarea id="flow-export" className="json" rows={14} readOnly value={shown.text} />
        </div>
      ) : null}
    </section>
  );
}

export default function History() {
  const state = useConsoleState();
  const navigate = useNavigate();
  return (
    <article>
      <h1>History</h1>
      <SavedRequests />
      <ExportFlow />
      <h2>Sent calls</h2>
      {state.history.length === 0 ? <p>No calls yet.</p> : null}
      <ol className="history" data-testid="history">
        {state.history.map((h) => {
          const d = findOperation(h.opKey);
          return (
            <li key={h.id}>
              <code>{h.opKey}</code> → {String(h.status)} in {h.ms} ms <small>{new Date(h.at).toLocaleString()}</small>{' '}
              {h.source && h.source !== 'page' ? <small>({h.source})</small> : null}{' '}
              {d ? (
                <button
                  type="button"
                  aria-label={`Open again ${h.opKey} with these values`}
                  onClick={() => openWith(navigate, h)}
                >
                  Open again
                </button>
              ) : null}
              {h.answer ? (
                <details>
                  <summary>Answer</summary>
                  <pre tabIndex={0}>{h.answer}</pre>
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
      {state.history.length ? (
        <button type="button" onClick={() => setState({ history: [] })}>
          Clear history
        </button>
      ) : null}
      <h2>Values picked from answers</h2>
      <p>These are offered on every id field of the forms, newest first.</p>
      <ul className="picked">
        {Object.entries(state.picked).map(([k, v]) => (
          <li key={k}>
            {k}: <code>{v}</code>
          </li>
        ))}
      </ul>
    </article>
  );
}
