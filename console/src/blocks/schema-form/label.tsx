/** A field's label: its name, required mark, the spec's constraints, description and problem. */
import { constraintsOf } from '../../core/form-fields.ts';
import type { Schema } from '../../core/schema.ts';

function Constraints({ s }: { s: Schema }) {
  const parts = constraintsOf(s);
  return parts.length ? <span className="constraints">{parts.join(' · ')}</span> : null;
}

export function Label({
  id,
  label,
  required,
  s,
  marked,
  path,
}: {
  id: string;
  label: string;
  required?: boolean;
  s: Schema;
  marked: Map<string, string>;
  path: string;
}) {
  const problem = marked.get(path);
  return (
    <label htmlFor={id} className="field-label">
      <code>{label}</code>
      {required ? (
        <span className="required" title="required">
          {' '}
          *
        </span>
      ) : null}{' '}
      <Constraints s={s} />
      {s.description ? <span className="description">{String(s.description).split('\n')[0]}</span> : null}
      {problem ? (
        <span className="problem" role="alert">
          {problem}
        </span>
      ) : null}
    </label>
  );
}
