/** A date-time string (ISO 8601); a Date in the value shows as one. */
import type { ValueFieldProps } from './context.ts';

export function DateTimeField({ id, cls, head, value, onChange }: ValueFieldProps) {
  return (
    <div className={cls}>
      {head}
      <input
        id={id}
        placeholder="2026-01-31T12:00:00Z"
        value={value instanceof Date ? value.toISOString() : String(value ?? '')}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </div>
  );
}
