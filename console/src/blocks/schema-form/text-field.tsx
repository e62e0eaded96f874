/** A string: an id picker where the field names an id, else a text input. */
import { isIdLike } from '../../core/state.ts';
import type { ValueFieldProps } from './context.ts';
import { IdPicker } from './id-picker.tsx';

export function TextField({
  id,
  cls,
  head,
  value,
  onChange,
  label,
  kind,
}: ValueFieldProps & {
  label: string;
  /** What an id in this field names (core/ids.ts kindOf). */
  kind: string | undefined;
}) {
  return (
    <div className={cls}>
      {head}
      {isIdLike(label.replace(/\[\d+\]$/, '')) ? (
        <IdPicker id={id} label={label} kind={kind} value={String(value ?? '')} onChange={onChange} />
      ) : (
        <input
          id={id}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      )}
    </div>
  );
}
