/** An operation's head: method (as on the wire) and path, summary, caller, reference link, description. */
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { referenceUrl, wireMethod } from '../../core/operations.ts';
import type { Schema } from '../../core/schema.ts';
import { CallerNote } from './caller-note.tsx';

/** The operation's page in the docs site: where `npm run docs -- --serve` serves it, or VITE_SFK_DOCS_URL at the console's build. */
const DOCS_URL = (import.meta.env.VITE_SFK_DOCS_URL as string | undefined) ?? 'http://127.0.0.1:4011/';

export function OperationHeader({ d, op, role }: { d: OperationDescriptor; op: Schema; role: string }) {
  const method = wireMethod(d);
  return (
    <header>
      <h1>
        <span className={`method method-${method.toLowerCase()}`}>{method}</span> <code className="path">{d.path}</code>
        {method !== d.method ? (
          <small className="wire-note">
            {' '}
            the query as one <code>.r</code> parameter; {d.method} when it is too long for a URL
          </small>
        ) : null}
      </h1>
      <p className="summary">
        <strong>{op.summary}</strong> —{' '}
        <code>
          {d.module}.{d.operationId}
        </code>{' '}
        <CallerNote d={d} role={role} />{' '}
        <a className="reference" href={referenceUrl(d, DOCS_URL)}>
          Reference
        </a>
      </p>
      {op.description ? (
        <details className="description">
          <summary>About this operation</summary>
          {String(op.description)}
        </details>
      ) : null}
    </header>
  );
}
