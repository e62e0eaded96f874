/** Sent calls (from pages, guided flows and preparations) with their answers, kept across reloads; each can be opened again with its values. */
import { useNavigate } from 'react-router';
import { findOperation, routeOf } from './operations.ts';
import { setState, useConsoleState } from './state.ts';

export default function History() {
  const state = useConsoleState();
  const navigate = useNavigate();
  return (
    <article>
      <h1>History</h1>
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
                  onClick={() => {
                    sessionStorage.setItem('sfk-replay', JSON.stringify(h));
                    navigate(routeOf(d));
                  }}
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
