/**
 * An answer's body as JSON that can be folded (each object and list), searched (only the lines
 * that match, with the lists and objects around them), copied, and reached with the keyboard;
 * each id in it has a "use this" action that fills the form's field for that kind of id (a
 * product id into catalogItemId) and offers it first on such fields later.
 */
import { useState, type ReactNode } from 'react';
import { stringify } from '../../core/client.ts';
import { rememberPicked } from '../../core/state.ts';
import { kindOf } from '../../core/ids.ts';
import { fillIdField } from '../../blocks/schema-form/index.ts';

type Json = unknown;

const ID_KEY = /(^id$|Id$)/;

/** Copies `text`; says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        );
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? 'Copied' : `Copy ${label}`}
    </button>
  );
}

/** Whether a value (or something inside it) matches the search, by key or by value. */
function holds(value: Json, key: string, q: string): boolean {
  if (key.toLowerCase().includes(q)) return true;
  if (value && typeof value === 'object') return Object.entries(value as object).some(([k, v]) => holds(v, k, q));
  return String(value).toLowerCase().includes(q);
}

/** A string that is an http(s) URL, as a link target; anything else (javascript:, data:, text) is not one. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function Leaf({ name, value, path, comma }: { name?: string; value: Json; path: string; comma: boolean }) {
  const [used, setUsed] = useState('');
  const text = JSON.stringify(value) ?? 'undefined';
  // A URL in the answer (a checkout page, a redirect session) opens: an anchor element React builds, the text as text.
  const link = httpUrl(value);
  const isId = typeof value === 'string' && name !== undefined && ID_KEY.test(name);
  return (
    <div className="json-line">
      {name !== undefined ? `${JSON.stringify(name)}: ` : ''}
      {link ? (
        <>
          "
          <a href={link} target="_blank" rel="noopener noreferrer">
            {text.slice(1, -1)}
          </a>
          "
        </>
      ) : (
        text
      )}
      {comma ? ',' : ''}
      {isId ? (
        <button
          type="button"
          className="use-this"
          aria-label={`Use this ${path}`}
          onClick={() => {
            rememberPicked({ [`${path} (chosen)`]: value as string });
            const field = fillIdField(kindOf(path), value as string);
            setUsed(field ? `in ${field}` : 'offered first');
          }}
        >
          {used || 'use this'}
        </button>
      ) : null}
    </div>
  );
}

function Node({
  name,
  value,
  path,
  q,
  comma,
  depth,
}: {
  name?: string;
  value: Json;
  path: string;
  q: string;
  comma: boolean;
  depth: number;
}): ReactNode {
  if (!value || typeof value !== 'object') return <Leaf name={name} value={value} path={path} comma={comma} />;
  const isArray = Array.isArray(value);
  const entries = Object.entries(value as object).filter(
    ([k, v]) => !q || holds(v, k, q) || (name ?? '').toLowerCase().includes(q),
  );
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const head = `${name !== undefined ? `${JSON.stringify(name)}: ` : ''}${open}`;
  if (!entries.length) return <div className="json-line">{`${head}${close}${comma ? ',' : ''}`}</div>;
  return (
    <details open={depth < 4 || !!q} className="json-node">
      <summary>
        {head}
        <span className="json-count"> {isArray ? `${(value as Json[]).length} items` : ''}</span>
      </summary>
      <div className="json-children">
        {entries.map(([k, v], i) => (
          <Node
            key={k}
            name={isArray ? undefined : k}
            value={v}
            path={isArray ? `${path}[${k}]` : path ? `${path}.${k}` : k}
            q={q}
            comma={i < entries.length - 1}
            depth={depth + 1}
          />
        ))}
      </div>
      <div className="json-line">
        {close}
        {comma ? ',' : ''}
      </div>
    </details>
  );
}

export function ResponseBody({ value, label }: { value: Json; label: string }) {
  const [q, setQ] = useState('');
  const query = q.trim().toLowerCase();
  return (
    <div className="response-body">
      <div className="toolbar">
        <label>
          <span className="visually-hidden">Search the answer</span>
          <input type="search" placeholder="Search the answer" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <CopyButton label="the answer" text={stringify(value)} />
      </div>
      <div className="json-view" tabIndex={0} role="region" aria-label={label} data-testid="result">
        {query && !holds(value, '', query) ? (
          <p>Nothing in the answer matches “{q}”.</p>
        ) : (
          <Node value={value} path="" q={query} comma={false} depth={0} />
        )}
      </div>
    </div>
  );
}
