/**
 * The response: the status line (announced, and focused after Send), the error with advice on
 * the caller, the body (foldable, searchable), the raw body and headers; then the call as code.
 */
import { useMemo, type ReactNode, type RefObject } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { errorAdvice } from '../../core/caller.ts';
import { stringify, type CallResult } from '../../core/client.ts';
import { openAuth } from '../../core/open-auth.ts';
import { ResponseBody } from './response-body.tsx';

export function ResponsePane({
  d,
  result,
  statusLine,
  children,
}: {
  d: OperationDescriptor;
  result: CallResult | undefined;
  statusLine: RefObject<HTMLHeadingElement | null>;
  /** What follows the answer: the call as code. */
  children: ReactNode;
}) {
  const advice = result ? errorAdvice(d, result) : undefined;
  // The answer as plain JSON (dates as text), once per answer rather than on every keystroke.
  const answerValue = useMemo(
    () => (result?.ok ? (JSON.parse(stringify(result.result) ?? 'null') as unknown) : undefined),
    [result],
  );
  return (
    <section aria-label="Response" className="pane response-pane">
      <h2 ref={statusLine} tabIndex={-1} className="status-line" aria-live="polite" aria-atomic="true">
        {result ? (
          <>
            Response{' '}
            <span className={result.ok ? 'status ok' : 'status err'} data-testid="status">
              {result.status ?? 'no answer'}
            </span>{' '}
            <small>
              {result.ok ? 'OK' : 'failed'} · {Math.round(result.ms)} ms
              {result.requestId ? ` · request id ${result.requestId}` : ''}
            </small>
          </>
        ) : (
          <>Response: nothing sent yet</>
        )}
      </h2>
      {result?.error ? (
        <div className="error-display" data-testid="error">
          <p>
            {result.error.name}: {result.error.message}
          </p>
          {advice ? (
            <p className="advice">
              {advice.says}{' '}
              <button type="button" onClick={() => openAuth(advice.part)}>
                {advice.part === 'member' ? 'Log in as a member…' : 'Use the API key…'}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      {result?.ok ? <ResponseBody value={answerValue} label="Response body" /> : null}
      {result ? (
        <>
          <details>
            <summary>Raw body</summary>
            <pre tabIndex={0}>{result.raw ?? ''}</pre>
          </details>
          <details>
            <summary>Headers</summary>
            <pre tabIndex={0}>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
          </details>
        </>
      ) : null}
      {children}
    </section>
  );
}
