/** true, false, or not set. */
import type { ValueFieldProps } from './context.ts';

export function BooleanField({ id, cls, head, value, onChange }: ValueFieldProps) {
  return (
    <div className={cls}>
      {head}
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
      >
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    </div>
  );
}
