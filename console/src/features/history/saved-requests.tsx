/** Saved requests: listed, opened again, deleted, exported and imported as JSON. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsoleState } from '../../blocks/console-state.ts';
import { parseSavedRequests } from '../../core/saved-requests.ts';
import { saveRequests, setState } from '../../core/state.ts';
import { openWith } from './open-with.ts';

export function SavedRequests() {
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
