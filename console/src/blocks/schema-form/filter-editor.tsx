/**
 * A query's filter as conditions: a field from those the operation filters by, one of its
 * operators, a value (ids of the kind the field names are offered), and the JSON beneath for
 * what rows do not say ($and, $or). A field the operation does not filter by gets a hint.
 */
import { useContext, useState } from 'react';
import type { QueryFields } from '../../../../src/console-data.ts';
import { COMBINATORS, meant, replaceCondition } from '../../core/filter.ts';
import { FormOptions, type FieldProps } from './context.ts';
import { FilterRow } from './filter-row.tsx';
import { JsonField } from './json-field.tsx';

export function FilterEditor(props: FieldProps & { id: string; query: QueryFields }) {
  const { value, onChange, path, label, marked, id, query } = props;
  const { resource, operationId } = useContext(FormOptions);
  const [jsonOpen, setJsonOpen] = useState(false);
  const filter = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const names = Object.keys(query.fields);
  const rows = Object.entries(filter).filter(([k]) => !COMBINATORS.has(k));
  const unknown = rows.map(([k]) => k).filter((k) => !query.fields[k]);
  const set = (next: Record<string, unknown>) => onChange(Object.keys(next).length ? next : undefined);
  return (
    <fieldset className={marked.has(path) ? 'field marked filter' : 'field filter'} id={id}>
      <legend>
        <code>{label}</code> <span className="constraints">conditions on the fields {operationId} filters by</span>
      </legend>
      {rows.map(([k, v], i) => (
        <FilterRow
          key={`${k} ${i}`}
          rowId={`${id}-${i}`}
          name={k}
          condition={v}
          query={query}
          resource={resource}
          replace={(field, op, x) => set(replaceCondition(filter, k, field, op, x))}
          remove={() => set(Object.fromEntries(Object.entries(filter).filter(([f]) => f !== k)))}
        />
      ))}
      {unknown.map((k) => (
        <p className="problem" role="note" key={k} data-testid="filter-hint">
          <code>{k}</code> is not a field {operationId} filters by.{' '}
          {meant(k, names).length
            ? `Did you mean ${meant(k, names).join(' or ')}?`
            : `It filters by ${names.join(', ')}.`}
        </p>
      ))}
      <button
        type="button"
        onClick={() => {
          const free = names.find((n) => !(n in filter)) ?? names[0];
          set({ ...filter, [free]: { [query.fields[free].operators[0]]: '' } });
        }}
      >
        Add a condition
      </button>
      {/* The JSON is there only while open: a control hidden in a closed <details> would have no accessible name. */}
      <details open={jsonOpen} onToggle={(e) => setJsonOpen(e.currentTarget.open)}>
        <summary>The filter as JSON</summary>
        {jsonOpen ? (
          <JsonField id={`${id}-json`} name={`${label} as JSON ($and, $or, $not)`} value={value} onChange={onChange} />
        ) : null}
      </details>
    </fieldset>
  );
}
