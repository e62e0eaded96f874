/** Send, and the problems the console found before sending: each links to its field; Send anyway. */
import { fieldId } from '../../blocks/schema-form/index.ts';
import type { Problem } from '../../core/schema.ts';

export function SendBar({
  busy,
  jsonBlocks,
  problems,
  goToField,
  sendAnyway,
}: {
  busy: boolean;
  /** The JSON view holds text that does not parse: Send waits. */
  jsonBlocks: boolean;
  problems: Problem[];
  goToField: (field: string) => void;
  sendAnyway: () => void;
}) {
  return (
    <div className="send-bar">
      <button type="submit" className="primary" disabled={busy || jsonBlocks}>
        {busy ? 'Sending…' : 'Send'}
      </button>
      {jsonBlocks ? <span className="problem">Send waits for JSON that parses.</span> : null}
      {problems.length ? (
        <div role="alert" className="problems">
          <span className="problem">{problems.length} problem(s):</span>
          <ul>
            {problems.map((p) => (
              <li key={`${p.field} ${p.message}`}>
                <a
                  href={`#${p.field === 'json' ? 'json-editor' : fieldId(p.field)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    goToField(p.field);
                  }}
                >
                  {p.field === 'json' ? p.message : `${p.field || 'body'} ${p.message}`}
                </a>
              </li>
            ))}
          </ul>
          {problems.some((p) => p.field !== 'json') ? (
            <button type="button" onClick={sendAnyway}>
              Send anyway
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
