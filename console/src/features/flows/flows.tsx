/**
 * Guided flows: each step is a real call through the client (an operation, or the OAuth
 * strategy's register / verify / login); values picked from one answer feed the next request.
 * A failing step stops the flow and shows the server's error as it came.
 */
import { useState } from 'react';
import { runFlow, type FlowOutcome } from '../../core/flow-run.ts';
import { FLOWS } from './catalogue.ts';

export default function Flows() {
  const [running, setRunning] = useState('');
  const [results, setResults] = useState<({ key: string } & FlowOutcome) | undefined>();

  const run = async (key: string) => {
    setRunning(key);
    setResults({ key, steps: [] });
    const outcome = await runFlow(FLOWS[key], (steps, error) => setResults({ key, steps, error }));
    setResults({ key, ...outcome });
    setRunning('');
  };

  return (
    <article>
      <h1>Guided flows</h1>
      {Object.entries(FLOWS).map(([key, flow]) => (
        <section key={key} aria-labelledby={`flow-${key}`}>
          <h2 id={`flow-${key}`}>{flow.title}</h2>
          <p>{flow.about}</p>
          <ol>
            {flow.steps.map((s) => (
              <li key={s.title}>
                {s.title} — <code>{s.calls}</code>
              </li>
            ))}
          </ol>
          <button type="button" disabled={!!running} onClick={() => void run(key)}>
            Run “{flow.title}”
          </button>
          {results?.key === key ? (
            <div className="flow-run">
              <ol className="flow-results" data-testid="flow-results">
                {results.steps.map((r, i) => (
                  <li key={i}>
                    {r.title}: <span className={r.status === 'failed' ? 'status err' : 'status ok'}>{r.status}</span>
                    {r.detail ? <small> — {r.detail}</small> : null}
                    {r.request ? (
                      <details>
                        <summary>Request and response</summary>
                        <pre tabIndex={0}>{r.request}</pre>
                        <pre tabIndex={0}>{r.answer ?? '(no body)'}</pre>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ol>
              {results.error ? (
                <p role="alert" className="problem" data-testid="flow-error">
                  {results.error}
                </p>
              ) : null}
              {results.done ? (
                <p role="status" data-testid="flow-done">
                  {results.done}
                </p>
              ) : null}
            </div>
          ) : null}
        </section>
      ))}
    </article>
  );
}
