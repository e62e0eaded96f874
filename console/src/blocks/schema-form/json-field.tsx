/** Free-form JSON, where the schema leaves the shape open (or nests too deep for a form). */
import { useEffect, useState } from 'react';
import type { ValueFieldProps } from './context.ts';

export function JsonField({
  id,
  value,
  onChange,
  name,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  /** Its accessible name when no label names it (a closed <details> renders none). */
  name?: string;
}) {
  const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
  const [text, setText] = useState(() => show(value));
  const [bad, setBad] = useState(false);
  // Follow changes made elsewhere (an example filled in, the JSON view) unless the text already says the same.
  useEffect(() => {
    setText((t) => {
      try {
        if (JSON.stringify(t.trim() ? JSON.parse(t) : undefined) === JSON.stringify(value)) return t;
      } catch {
        // the user is typing invalid JSON: replace it only when the value really changed
      }
      return show(value);
    });
  }, [value]);
  return (
    <textarea
      id={id}
      aria-label={name}
      className={bad ? 'json invalid' : 'json'}
      rows={3}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value.trim()) {
          setBad(false);
          return onChange(undefined);
        }
        try {
          onChange(JSON.parse(e.target.value));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

/** A value the form has no fields for, as JSON under its label. */
export function JsonValueField({ id, cls, head, value, onChange }: ValueFieldProps) {
  return (
    <div className={cls}>
      {head}
      <JsonField id={id} value={value} onChange={onChange} />
    </div>
  );
}
