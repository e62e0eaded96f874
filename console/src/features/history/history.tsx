/**
 * Sent calls (from pages, guided flows and preparations) with their answers, kept across
 * reloads; each can be opened again with its values. Saved requests: listed, opened again,
 * deleted, exported and imported as JSON.
 */
import { useNavigate } from 'react-router';
import { useConsoleState } from '../../blocks/console-state.ts';
import { findOperation } from '../../core/operations.ts';
import { setState } from '../../core/state.ts';
import { ExportFlow } from './export-flow.tsx';
import { openWith } from './open-with.ts';
import { SavedRequests } from './saved-requests.tsx';

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
