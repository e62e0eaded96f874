/** One condition of a query's filter: field, operator, value, and Remove. */
import type { QueryFields } from '../../../../src/console-data.ts';
import { condition, filterText, filterValue, LIST_OPERATORS } from '../../core/filter.ts';
import { kindOf } from '../../core/ids.ts';
import { IdPicker } from './id-picker.tsx';

export function FilterRow({
  rowId,
  name: k,
  condition: v,
  query,
  resource,
  replace,
  remove,
}: {
  rowId: string;
  /** The field the condition is on. */
  name: string;
  /** Its condition as the filter holds it. */
  condition: unknown;
  query: QueryFields;
  /** What a lone `id` of the operation names. */
  resource?: string;
  /** Replaces this condition with one on `field`. */
  replace: (field: string, op: string, value: unknown) => void;
  remove: () => void;
}) {
  const [op, x] = condition(v);
  const field = query.fields[k];
  const kind = kindOf(k, resource);
  const operators = field?.operators ?? [op];
  const names = Object.keys(query.fields);
  const valueInput =
    op === '$exists' || field?.type === 'boolean' ? (
      <select id={`${rowId}-value`} value={String(x)} onChange={(e) => replace(k, op, e.target.value === 'true')}>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    ) : kind && !LIST_OPERATORS.has(op) ? (
      <IdPicker
        id={`${rowId}-value`}
        label={k}
        kind={kind}
        value={filterText(x)}
        onChange={(t) => replace(k, op, t ?? '')}
      />
    ) : field?.enum && !LIST_OPERATORS.has(op) ? (
      <select id={`${rowId}-value`} value={filterText(x)} onChange={(e) => replace(k, op, e.target.value)}>
        {field.enum.map((e) => (
          <option key={e}>{e}</option>
        ))}
      </select>
    ) : (
      <input
        id={`${rowId}-value`}
        value={filterText(x)}
        placeholder={LIST_OPERATORS.has(op) ? 'a, b, c' : field?.type === 'date' ? '2026-01-31T12:00:00Z' : ''}
        onChange={(e) => replace(k, op, filterValue(e.target.value, field?.type ?? 'string', op))}
      />
    );
  return (
    <div className="filter-row">
      <label className="field-label" htmlFor={`${rowId}-field`}>
        Field
      </label>
      <select
        id={`${rowId}-field`}
        value={k}
        onChange={(e) => {
          const next = query.fields[e.target.value];
          replace(e.target.value, next.operators.includes(op as never) ? op : next.operators[0], '');
        }}
      >
        {field ? null : <option value={k}>{k} (not filterable)</option>}
        {names.map((n) => (
          <option key={n}>{n}</option>
        ))}
      </select>
      <label className="field-label" htmlFor={`${rowId}-op`}>
        Operator
      </label>
      <select
        id={`${rowId}-op`}
        value={op}
        onChange={(e) =>
          replace(k, e.target.value, filterValue(filterText(x), field?.type ?? 'string', e.target.value))
        }
      >
        {operators.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
      <label className="field-label" htmlFor={`${rowId}-value`}>
        Value
      </label>
      {valueInput}
      <button type="button" aria-label={`Remove the condition on ${k}`} onClick={remove}>
        Remove
      </button>
    </div>
  );
}
