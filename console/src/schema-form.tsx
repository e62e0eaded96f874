/**
 * A form generated from a JSON Schema: objects as fieldsets, arrays with add and remove, enums
 * as selects, dates, numbers that accept NaN/Infinity, booleans, free-form JSON where the
 * schema leaves the shape open. Controlled: `value` in, `onChange(next)` out.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { join, resolve, typeOf, type Schema } from './schema.ts';

export interface FieldProps {
  service: string;
  schema: Schema | undefined;
  value: unknown;
  onChange: (next: unknown) => void;
  /** Dotted path of this field (for highlighting). */
  path: string;
  label: string;
  required?: boolean;
  /** Fields with a problem or a server violation, by path. */
  marked: Map<string, string>;
  depth?: number;
}

const NON_FINITE = new Set(['NaN', 'Infinity', '-Infinity']);

function Constraints({ s }: { s: Schema }) {
  const parts: string[] = [];
  if (s.minLength !== undefined) parts.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) parts.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined) parts.push(`min ${s.minimum}`);
  if (s.maximum !== undefined) parts.push(`max ${s.maximum}`);
  if (s.format) parts.push(s.format);
  if (s['x-sfk-float']) parts.push('NaN/Infinity allowed');
  if (s['x-sfk-field-mask']) parts.push('field mask: comma-separated paths');
  return parts.length ? <span className="constraints">{parts.join(' · ')}</span> : null;
}

function Label({ id, label, required, s, marked, path }: { id: string; label: string; required?: boolean; s: Schema; marked: Map<string, string>; path: string }) {
  const problem = marked.get(path);
  return (
    <label htmlFor={id} className="field-label">
      <code>{label}</code>
      {required ? <span className="required" title="required"> *</span> : null} <Constraints s={s} />
      {s.description ? <span className="description">{String(s.description).split('\n')[0]}</span> : null}
      {problem ? (
        <span className="problem" role="alert">
          {problem}
        </span>
      ) : null}
    </label>
  );
}

function JsonField({ id, value, onChange }: { id: string; value: unknown; onChange: (v: unknown) => void }) {
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

export function SchemaField(props: FieldProps): ReactNode {
  const { service, value, onChange, path, label, required, marked } = props;
  const depth = props.depth ?? 0;
  const id = useId();
  const s = resolve(service, props.schema);
  const type = typeOf(s);
  const cls = marked.has(path) ? 'field marked' : 'field';
  const head = <Label id={id} label={label} required={required} s={s} marked={marked} path={path} />;

  if (depth > 6) {
    return (
      <div className={cls}>
        {head}
        <JsonField id={id} value={value} onChange={onChange} />
      </div>
    );
  }
  if (s.oneOf || s.anyOf) {
    return (
      <div className={cls}>
        {head}
        <JsonField id={id} value={value} onChange={onChange} />
      </div>
    );
  }
  if (Array.isArray(s.enum)) {
    return (
      <div className={cls}>
        {head}
        <select id={id} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">(not set)</option>
          {s.enum.map((v: unknown) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  switch (type) {
    case 'object': {
      const props2 = s.properties as Record<string, Schema> | undefined;
      if (!props2 || Object.keys(props2).length === 0) {
        return (
          <div className={cls}>
            {head}
            <JsonField id={id} value={value} onChange={onChange} />
          </div>
        );
      }
      const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const requiredSet = new Set<string>(s.required ?? []);
      return (
        <fieldset className={cls}>
          <legend>
            <code>{label}</code>
            {required ? <span className="required"> *</span> : null}
          </legend>
          {Object.entries(props2)
            .filter(([, ps]) => !resolve(service, ps).readOnly)
            .map(([k, ps]) => (
              <SchemaField
                key={k}
                service={service}
                schema={ps}
                value={obj[k]}
                path={join(path, k)}
                label={k}
                required={requiredSet.has(k)}
                marked={marked}
                depth={depth + 1}
                onChange={(v) => {
                  const next = { ...obj };
                  if (v === undefined) delete next[k];
                  else next[k] = v;
                  onChange(Object.keys(next).length ? next : undefined);
                }}
              />
            ))}
        </fieldset>
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const itemSchema = resolve(service, s.items);
      const itemType = typeOf(itemSchema);
      return (
        <fieldset className={cls}>
          <legend>
            <code>{label}</code> <span className="constraints">list</span>
          </legend>
          {items.map((item, i) => (
            <div className="array-item" key={i}>
              <SchemaField
                service={service}
                schema={s.items}
                value={item}
                path={`${path}[${i}]`}
                label={`${label}[${i}]`}
                marked={marked}
                depth={depth + 1}
                onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))}
              />
              <button type="button" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Remove ${label}[${i}]`}>
                Remove
              </button>
            </div>
          ))}
          <button type="button" onClick={() => onChange([...items, itemType === 'object' ? {} : itemType === 'array' ? [] : ''])}>
            Add {label} item
          </button>
        </fieldset>
      );
    }
    case 'boolean':
      return (
        <div className={cls}>
          {head}
          <select id={id} value={value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}>
            <option value="">(not set)</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        </div>
      );
    case 'number':
    case 'integer':
      return (
        <div className={cls}>
          {head}
          <input
            id={id}
            inputMode="decimal"
            value={value === undefined ? '' : String(value)}
            onChange={(e) => {
              const t = e.target.value.trim();
              if (t === '') return onChange(undefined);
              if (NON_FINITE.has(t)) return onChange(Number(t));
              const n = Number(t);
              onChange(Number.isNaN(n) ? t : n);
            }}
          />
        </div>
      );
    case 'string':
      if (s.format === 'date-time') {
        return (
          <div className={cls}>
            {head}
            <input id={id} placeholder="2026-01-31T12:00:00Z" value={value instanceof Date ? value.toISOString() : String(value ?? '')} onChange={(e) => onChange(e.target.value || undefined)} />
          </div>
        );
      }
      return (
        <div className={cls}>
          {head}
          <input id={id} value={String(value ?? '')} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
        </div>
      );
    default:
      return (
        <div className={cls}>
          {head}
          <JsonField id={id} value={value} onChange={onChange} />
        </div>
      );
  }
}
