/** The call as code (curl, TypeScript on storefront-kit, fetch), each copyable, for what the form holds. */
import { CopyButton } from './response-body.tsx';
import type { Snippets } from './use-snippets.ts';

const KINDS = ['curl', 'ts', 'fetch'] as const;

export function SnippetPane({ snippets }: { snippets: Snippets | undefined }) {
  return (
    <>
      <h3>The call as code</h3>
      {!snippets ? (
        <p>Preparing…</p>
      ) : 'error' in snippets ? (
        <p className="problem">The client would not send this yet: {snippets.error}</p>
      ) : (
        <>
          {/* The copy buttons stay outside the folded snippets: a button is there whether its snippet is open or not. */}
          <div className="toolbar">
            {KINDS.map((k) => (
              <CopyButton key={k} label={k === 'ts' ? 'TypeScript' : k} text={snippets[k]} />
            ))}
          </div>
          {KINDS.map((k) => (
            <details key={k} open={k === 'curl'}>
              <summary>{k === 'ts' ? 'TypeScript (storefront-kit)' : k}</summary>
              <pre tabIndex={0} data-testid={`snippet-${k}`}>
                {snippets[k]}
              </pre>
            </details>
          ))}
        </>
      )}
    </>
  );
}
