/** "Save this request as": the form kept under a name (History → Saved requests). */
import { useState } from 'react';
import { saveRequests, type SavedRequest } from '../../core/state.ts';

export function SaveAs({ request }: { request: () => Omit<SavedRequest, 'name' | 'savedAt'> }) {
  const [saveName, setSaveName] = useState('');
  const [savedAs, setSavedAs] = useState('');
  return (
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
          saveRequests([{ name, ...request(), savedAt: new Date().toISOString() }]);
          setSavedAs(`Saved as “${name}” (History → Saved requests).`);
        }}
      >
        Save
      </button>{' '}
      <span role="status">{savedAs}</span>
    </div>
  );
}
