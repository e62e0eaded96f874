/** Sent calls, kept across reloads; each can be opened again with its values. */
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
              {d ? (
                <button
                  type="button"
                  aria-label={`Open ${h.opKey} again with these values`}
                  onClick={() => {
                    sessionStorage.setItem('sfk-replay', JSON.stringify(h));
                    navigate(routeOf(d));
                  }}
                >
                  Open again
                </button>
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
      <h2>Picked values</h2>
      <ul>
        {Object.entries(state.picked).map(([k, v]) => (
          <li key={k}>
            <code>{k}</code>: <code>{v}</code>
          </li>
        ))}
      </ul>
    </article>
  );
}
