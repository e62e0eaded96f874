/** One of the schema's listed values, or none. */
import type { ValueFieldProps } from './context.ts';

export function EnumField({ id, cls, head, value, onChange, values }: ValueFieldProps & { values: unknown[] }) {
  return (
    <div className={cls}>
      {head}
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">(not set)</option>
        {values.map((v: unknown) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    </div>
  );
}
