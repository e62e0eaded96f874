/** The sandbox: the event log (live), the outbox, settings, the clock; reset and export. */
import { useEffect, useState } from 'react';
import { control } from '../../core/sandbox-control.ts';
import { SANDBOX_IN_BROWSER } from '../../core/state.ts';

export default function SandboxView() {
  const [events, setEvents] = useState<any[]>([]);
  const [outbox, setOutbox] = useState<any[]>([]);
  const [settings, setSettings] = useState<Record<string, unknown>>({});
  const [clock, setClock] = useState<{ now: string; offsetSeconds: number } | undefined>();
  const [advance, setAdvance] = useState('3600');
  const [message, setMessage] = useState('');

  const refresh = async () => {
    setEvents((await control('GET', '/__sandbox/events')).events.slice(-100).reverse());
    setOutbox((await control('GET', '/__sandbox/outbox')).mail);
    setSettings(await control('GET', '/__sandbox/settings'));
    setClock(await control('GET', '/__sandbox/clock'));
  };

  useEffect(() => {
    void refresh().catch((e) => setMessage(e.message));
    // Live: every domain event arrives as a server-sent event named `domain-event`.
    const source = new EventSource('/__sandbox/events/stream');
    source.addEventListener('domain-event', (e) =>
      setEvents((list) => [JSON.parse((e as MessageEvent).data), ...list].slice(0, 100)),
    );
    return () => source.close();
  }, []);

  const act = async (label: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      setMessage(`${label}: done`);
      await refresh();
    } catch (e) {
      setMessage(`${label} failed: ${(e as Error).message}`);
    }
  };

  return (
    <article className="sandbox-view">
      <h1>Sandbox</h1>
      <p className="hint" data-testid="sandbox-where">
        {SANDBOX_IN_BROWSER
          ? 'This sandbox runs in this page, behind a service worker, and keeps its state in memory: a reload starts again from the seed data (export the state to keep it, import it to go on).'
          : 'This sandbox runs in the server `npm start` started; its state lasts as long as that process (or in its --data file).'}
      </p>
      <p role="status" data-testid="sandbox-message">
        {message}
      </p>
      <div className="toolbar">
        <button type="button" onClick={() => act('Reset', () => control('POST', '/__sandbox/reset'))}>
          Reset to seed data
        </button>
        <button
          type="button"
          onClick={() =>
            act('Export', async () => {
              const state = await control('GET', '/__sandbox/state');
              const url = URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }));
              const a = document.createElement('a');
              a.href = url;
              a.download = 'sandbox-state.json';
              a.click();
              URL.revokeObjectURL(url);
            })
          }
        >
          Export state
        </button>
        <label className="file-button">
          Import state{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              void act('Import', async () => {
                let snapshot: unknown;
                try {
                  snapshot = JSON.parse(await file.text());
                } catch (err) {
                  throw new Error(`${file.name} is not JSON: ${(err as Error).message}`);
                }
                await control('PUT', '/__sandbox/state', snapshot);
              });
            }}
          />
        </label>
      </div>
      <section aria-label="Clock">
        <h2>Clock</h2>
        <p>
          Now: <code>{clock?.now}</code> (ahead by {clock?.offsetSeconds ?? 0} s)
        </p>
        <label>
          Advance by seconds <input value={advance} onChange={(e) => setAdvance(e.target.value)} inputMode="numeric" />
        </label>
        <button
          type="button"
          onClick={() =>
            act('Advance clock', () => control('POST', '/__sandbox/clock/advance', { seconds: Number(advance) }))
          }
        >
          Advance
        </button>
      </section>
      <section aria-label="Settings">
        <h2>Settings</h2>
        {Object.entries(settings).map(([k, v]) =>
          typeof v === 'boolean' ? (
            <label key={k} className="setting">
              <input
                type="checkbox"
                checked={v}
                onChange={(e) =>
                  act(`Set ${k}`, () => control('PATCH', '/__sandbox/settings', { [k]: e.target.checked }))
                }
              />{' '}
              {k}
            </label>
          ) : (
            <p key={k}>
              <code>{k}</code>: {JSON.stringify(v)}
            </p>
          ),
        )}
      </section>
      <section aria-label="Event log">
        <h2>Event log ({events.length})</h2>
        <ol className="events">
          {events.map((e) => (
            <li key={e.id}>
              <code>
                #{e.sequence} {e.entityFqdn} {e.slug}
              </code>{' '}
              {e.entityId} <small>{e.eventTime}</small>
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Outbox">
        <h2>Outbox ({outbox.length})</h2>
        <ol>
          {outbox.map((m) => (
            <li key={m.id}>
              <strong>{m.subject}</strong> to {m.to} <pre>{m.text}</pre>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
