/** The history (oldest first) as a script or a vitest test, ids from earlier answers carried as references. */
import { useState } from 'react';
import { useConsoleState } from '../../blocks/console-state.ts';
import { credentials } from '../../core/client.ts';
import { flowScript, flowTest } from '../../core/flow-export.ts';
import { getState } from '../../core/state.ts';

export function ExportFlow() {
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
