/**
 * A form generated from a JSON Schema: objects as fieldsets (required fields first, optional
 * ones when asked for or set), arrays with add and remove, enums as selects, dates, numbers
 * that accept NaN/Infinity, booleans, free-form JSON where the schema leaves the shape open.
 * Id-like fields offer the values picked from earlier answers. Controlled: `value` in,
 * `onChange(next)` out.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { join, resolve, typeOf, type Schema } from './schema.ts';
import { isIdLike } from './state.ts';
import { STORES_APP_ID } from '../../src/sandbox/seed/ids.ts';

export interface FormContext {
  showOptional: boolean;
  /** Values from earlier answers: label -> value, newest first. */
  picked: [string, string][];
}
export const FormOptions = createContext<FormContext>({ showOptional: true, picked: [] });

/** The element id of the field at a dotted path (the problem list links to it). */
export const fieldId = (path: string) => `field-${path.replace(/[^A-Za-z0-9_-]/g, '_') || 'body'}`;

/** The picked values worth offering first for a field: "catalogItemId" prefers products' ids, "lineItemIds" line items'. */
export function offersFor(field: string, picked: [string, string][]): [string, string][] {
  const hint = field
    .replace(/\[\d+\]$/, '')
    .replace(/Ids?$|Slug$|Token$/, '')
    .replace(/^catalogItem$/, 'product')
    .toLowerCase();
  const score = (label: string) => (hint && hint !== 'id' && label.toLowerCase().includes(hint) ? 0 : 1);
  return picked
    .map((p, i) => [p, i] as const)
    .sort((a, b) => score(a[0][0]) - score(b[0][0]) || a[1] - b[1])
    .map(([p]) => p);
}

/** An object (or a list of objects) with required fields: worth showing even when optional itself. */
function hasRequiredParts(service: string, schema: Schema | undefined): boolean {
  const s = resolve(service, schema);
  if (typeOf(s) === 'array') return hasRequiredParts(service, s.items === schema ? undefined : s.items);
  return typeOf(s) === 'object' && Array.isArray(s.required) && s.required.length > 0;
}

/** A text field for an id: the values picked from earlier answers are one choice away. */
export function IdPicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string | undefined) => void;
}) {
  const { picked } = useContext(FormOptions);
  const offers = offersFor(label, picked);
  return (
    <div className="id-input">
      <input id={id} value={value} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
      {offers.length ? (
        <select
          aria-label={`Pick ${label} from earlier answers`}
          value=""
          onChange={(e) => e.target.value && onChange(e.target.value)}
        >
          <option value="">Pick from answers ({offers.length})</option>
          {offers.map(([l, v]) => (
            <option key={l} value={v}>
              {l}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

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

function Label({
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
  const id = fieldId(path || label);
  const { showOptional } = useContext(FormOptions);
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
        <select
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        >
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
      // Required fields first; optional ones when asked for, when they hold a value, or when they are parts with required fields of their own (a line item's catalogReference).
      const shown = Object.entries(props2)
        .filter(
          ([k, ps]) =>
            !resolve(service, ps).readOnly &&
            (showOptional || requiredSet.has(k) || obj[k] !== undefined || hasRequiredParts(service, ps)),
        )
        .sort(([a], [b]) => Number(requiredSet.has(b)) - Number(requiredSet.has(a)));
      const hidden = Object.keys(props2).length - shown.length;
      return (
        <fieldset className={cls} id={id}>
          <legend>
            <code>{label}</code>
            {required ? <span className="required"> *</span> : null}
          </legend>
          {shown.map(([k, ps]) => (
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
          {hidden && !showOptional ? <p className="hint">{hidden} optional field(s) hidden</p> : null}
        </fieldset>
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const itemSchema = resolve(service, s.items);
      const itemType = typeOf(itemSchema);
      return (
        <fieldset className={cls} id={id}>
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
              <button
                type="button"
                onClick={() => onChange(items.filter((_, j) => j !== i))}
                aria-label={`Remove ${label}[${i}]`}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => onChange([...items, itemType === 'object' ? {} : itemType === 'array' ? [] : ''])}
          >
            Add {label} item
          </button>
        </fieldset>
      );
    }
    case 'boolean':
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
            <input
              id={id}
              placeholder="2026-01-31T12:00:00Z"
              value={value instanceof Date ? value.toISOString() : String(value ?? '')}
              onChange={(e) => onChange(e.target.value || undefined)}
            />
          </div>
        );
      }
      if (label === 'appId') return <AppIdField id={id} cls={cls} head={head} value={value} onChange={onChange} />;
      return (
        <div className={cls}>
          {head}
          {isIdLike(label.replace(/\[\d+\]$/, '')) ? (
            <IdPicker id={id} label={label} value={String(value ?? '')} onChange={onChange} />
          ) : (
            <input
              id={id}
              value={String(value ?? '')}
              onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
            />
          )}
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

/** The catalog's app id: the stores app unless the user says otherwise; filled in and explained. */
function AppIdField({
  id,
  cls,
  head,
  value,
  onChange,
}: {
  id: string;
  cls: string;
  head: ReactNode;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  useEffect(() => {
    if (value === undefined) onChange(STORES_APP_ID);
    // Only when the field first shows up empty: a user who clears it may mean to.
  }, []);
  return (
    <div className={cls}>
      {head}
      <input
        id={id}
        aria-describedby={`${id}-about`}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
      <span id={`${id}-about`} className="hint">
        {value === STORES_APP_ID
          ? 'The Wix Stores app: catalog items from the store (filled in for you).'
          : `The app whose catalog holds the item; ${STORES_APP_ID} is the Wix Stores app (catalog items from the store).`}
      </span>
    </div>
  );
}
