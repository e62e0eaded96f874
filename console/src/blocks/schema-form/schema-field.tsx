/**
 * A form generated from a JSON Schema: objects as fieldsets (required fields first, optional
 * ones when asked for or set), arrays with add and remove, enums as selects, dates, numbers
 * that accept NaN/Infinity, booleans, free-form JSON where the schema leaves the shape open.
 * Id-like fields offer the values picked from earlier answers. Controlled: `value` in,
 * `onChange(next)` out. This file picks the kind; each kind is its own file beside it.
 */
import { useContext, type ReactNode } from 'react';
import { kindOf } from '../../core/ids.ts';
import { resolve, typeOf } from '../../core/schema.ts';
import { AppIdField } from './app-id-field.tsx';
import { ArrayField } from './array-field.tsx';
import { BooleanField } from './boolean-field.tsx';
import { fieldId, FormOptions, type FieldProps } from './context.ts';
import { DateTimeField } from './date-time-field.tsx';
import { EnumField } from './enum-field.tsx';
import { FilterEditor } from './filter-editor.tsx';
import { JsonValueField } from './json-field.tsx';
import { Label } from './label.tsx';
import { NumberField } from './number-field.tsx';
import { ObjectField } from './object-field.tsx';
import { TextField } from './text-field.tsx';

export function SchemaField(props: FieldProps): ReactNode {
  const { service, value, onChange, path, label, required, marked } = props;
  const depth = props.depth ?? 0;
  const id = fieldId(path || label);
  const { resource, query } = useContext(FormOptions);
  const s = resolve(service, props.schema);
  if (query && path === query.filter) return <FilterEditor {...props} id={id} query={query} />;
  const type = typeOf(s);
  const cls = marked.has(path) ? 'field marked' : 'field';
  const head = <Label id={id} label={label} required={required} s={s} marked={marked} path={path} />;
  const field = { id, cls, head, value, onChange };

  // Too deep for a form, or one of several shapes: JSON.
  if (depth > 6 || s.oneOf || s.anyOf) return <JsonValueField {...field} />;
  if (Array.isArray(s.enum)) return <EnumField {...field} values={s.enum} />;
  switch (type) {
    case 'object':
      if (!s.properties || Object.keys(s.properties).length === 0) return <JsonValueField {...field} />;
      return <ObjectField {...props} s={s} id={id} cls={cls} Field={SchemaField} />;
    case 'array':
      return <ArrayField {...props} s={s} id={id} cls={cls} Field={SchemaField} />;
    case 'boolean':
      return <BooleanField {...field} />;
    case 'number':
    case 'integer':
      return <NumberField {...field} />;
    case 'string':
      if (s.format === 'date-time') return <DateTimeField {...field} />;
      if (label === 'appId') return <AppIdField {...field} />;
      return <TextField {...field} label={label} kind={kindOf(path || label, resource)} />;
    default:
      return <JsonValueField {...field} />;
  }
}
