/** A number (or integer): typed as text, NaN and Infinity accepted, a non-number kept as typed for the check to name. */
import { numberFieldValue } from '../../core/form-fields.ts';
import type { ValueFieldProps } from './context.ts';

export function NumberField({ id, cls, head, value, onChange }: ValueFieldProps) {
  return (
    <div className={cls}>
      {head}
      <input
        id={id}
        inputMode="decimal"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(numberFieldValue(e.target.value))}
      />
    </div>
  );
}
