/**
 * A form generated from a JSON Schema: objects as fieldsets (required fields first, optional
 * ones when asked for or set), arrays with add and remove, enums as selects, dates, numbers
 * that accept NaN/Infinity, booleans, free-form JSON where the schema leaves the shape open.
 * Id-like fields offer the values picked from earlier answers. Controlled: `value` in,
 * `onChange(next)` out.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { kindOf, offersFor } from '../../core/ids.ts';
import { join, resolve, typeOf, type Schema } from '../../core/schema.ts';
import { isIdLike } from '../../core/state.ts';
import { STORES_APP_ID } from '../../../../src/index.ts';
import type { QueryFields } from '../../../../src/console-data.ts';

export interface FormContext {
  showOptional: boolean;
  /** Values from earlier answers: label -> value, newest first. */
  picked: [string, string][];
  /** What a lone `id` of this operation names (its resource: "checkout", "order"). */
  resource?: string;
  /** The fields a query operation filters by, and where its filter goes (`query.filter`). */
  query?: QueryFields;
  /** The operation's name, for hints. */
  operationId?: string;
  /** Top-level body fields left out (other tasks' fields) and always shown (the chosen task's). */
  bodyFields?: { hidden: Set<string>; shown: Set<string> };
  /**
   * Whether an app id field that shows up empty fills in the stores app. Off while the form holds
   * an example as filled: an example's line without a catalogReference (a custom line) has none.
   */
  fillAppId?: boolean;
}
export const FormOptions = createContext<FormContext>({ showOptional: true, picked: [] });

/** "Use this" on an answer's id: the page fills the id field of that kind (see operation-page's useThis). */
export const USE_ID_EVENT = 'sfk-use-id';
export interface UseId {
  /** The element id of the field to fill. */
  field: string;
  value: string;
}

/** The element id of the field at a dotted path (the problem list links to it). */
export const fieldId = (path: string) => `field-${path.replace(/[^A-Za-z0-9_-]/g, '_') || 'body'}`;

/** An object (or a list of objects) with required fields: worth showing even when optional itself. */
function hasRequiredParts(service: string, schema: Schema | undefined): boolean {
  const s = resolve(service, schema);
  if (typeOf(s) === 'array') return hasRequiredParts(service, s.items === schema ? undefined : s.items);
  return typeOf(s) === 'object' && Array.isArray(s.required) && s.required.length > 0;
}

/** The id field the user was last in: "use this" fills it when it takes that kind of id. */
let lastIdField = '';

/**
 * Fills the request form's id field of this kind with `value` ("use this" on an answer): the
 * field last focused when it takes this kind, else the first empty one, else the first.
 * Answers the field's label, or undefined when the form has no field of this kind.
 */
export function fillIdField(kind: string | undefined, value: string): string | undefined {
  if (!kind) return undefined;
  const fields = [
    ...document.querySelectorAll<HTMLInputElement>('form[aria-label="Request"] input[data-id-kind]'),
  ].filter((el) => el.dataset.idKind === kind);
  const target = fields.find((el) => el.id === lastIdField) ?? fields.find((el) => !el.value) ?? fields[0];
  if (!target) return undefined;
  dispatchEvent(new CustomEvent<UseId>(USE_ID_EVENT, { detail: { field: target.id, value } }));
  return target.dataset.label;
}

/**
 * A text field for an id: the values picked from earlier answers that name the same kind of
 * thing (products for a catalogItemId) are one choice away, newest first; "use this" on an
 * answer fills it.
 */
export function IdPicker({
  id,
  label,
  kind,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** What the id names ("product"); undefined offers nothing. */
  kind: string | undefined;
  value: string;
  onChange: (v: string | undefined) => void;
}) {
  const { picked } = useContext(FormOptions);
  const offers = offersFor(kind, picked);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const fill = (e: Event) => {
      const { field, value } = (e as CustomEvent<UseId>).detail;
      if (field === id) latest.current(value);
    };
    addEventListener(USE_ID_EVENT, fill);
    return () => removeEventListener(USE_ID_EVENT, fill);
  }, [id]);
  return (
    <div className="id-input">
      <input
        id={id}
        data-id-kind={kind}
        data-label={label}
        onFocus={() => (lastIdField = id)}
        value={value}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
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

function JsonField({
  id,
  value,
  onChange,
  name,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  /** Its accessible name when no label names it (a closed <details> renders none). */
  name?: string;
}) {
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
      aria-label={name}
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
  const options = useContext(FormOptions);
  const { showOptional, resource, query, bodyFields } = options;
  const s = resolve(service, props.schema);
  if (query && path === query.filter) return <FilterEditor {...props} id={id} query={query} />;
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
            !(path === '' && bodyFields?.hidden.has(k)) &&
            ((path === '' && !!bodyFields?.shown.has(k)) ||
              showOptional ||
              requiredSet.has(k) ||
              obj[k] !== undefined ||
              hasRequiredParts(service, ps) ||
              // The way to a query's filter is always shown: the filter editor is where a query starts.
              (!!query && `${query.filter}.`.startsWith(`${join(path, k)}.`))),
        )
        .sort(([a], [b]) => Number(requiredSet.has(b)) - Number(requiredSet.has(a)));
      const hidden = Object.keys(props2).length - shown.length;
      return (
        <fieldset className={cls} id={id}>
          <legend>
            <code>{label}</code>
            {required ? <span className="required"> *</span> : null}
          </legend>
          {shown.map(([k, ps]) => {
            const field = (
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
            );
            // The chosen task's field is the form: all of it is shown.
            return path === '' && bodyFields?.shown.has(k) ? (
              <FormOptions.Provider key={k} value={{ ...options, showOptional: true }}>
                {field}
              </FormOptions.Provider>
            ) : (
              field
            );
          })}
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
            <IdPicker
              id={id}
              label={label}
              kind={kindOf(path || label, resource)}
              value={String(value ?? '')}
              onChange={onChange}
            />
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
  const { fillAppId = true } = useContext(FormOptions);
  useEffect(() => {
    if (value === undefined && fillAppId) onChange(STORES_APP_ID);
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

/** Operators whose value is a list (typed comma-separated). */
const LIST_OPERATORS = new Set(['$in', '$nin', '$hasSome', '$hasAll']);
/** Keys of a filter that combine conditions: edited as JSON. */
const COMBINATORS = new Set(['$and', '$or', '$not']);

/** A filterable field's value from the text typed, by the field's type and the operator. */
function filterValue(text: string, type: string, op: string): unknown {
  if (LIST_OPERATORS.has(op))
    return text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => filterValue(t, type, '$eq'));
  if (op === '$exists' || type === 'boolean') return text === 'true';
  if (type === 'number' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

const filterText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

/** The filterable fields a name may have meant: the ones it ends ("memberId" -> "buyerInfo.memberId"), else the ones naming it. */
function meant(name: string, fields: string[]): string[] {
  const n = name.toLowerCase();
  const ending = fields.filter((f) => f.split('.').at(-1)!.toLowerCase() === n);
  return ending.length ? ending : fields.filter((f) => f.toLowerCase().includes(n));
}

/**
 * A query's filter as conditions: a field from those the operation filters by, one of its
 * operators, a value (ids of the kind the field names are offered), and the JSON beneath for
 * what rows do not say ($and, $or). A field the operation does not filter by gets a hint.
 */
function FilterEditor(props: FieldProps & { id: string; query: QueryFields }) {
  const { value, onChange, path, label, marked, id, query } = props;
  const { resource, operationId } = useContext(FormOptions);
  const [jsonOpen, setJsonOpen] = useState(false);
  const filter = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const names = Object.keys(query.fields);
  const rows = Object.entries(filter).filter(([k]) => !COMBINATORS.has(k));
  const unknown = rows.map(([k]) => k).filter((k) => !query.fields[k]);
  const set = (next: Record<string, unknown>) => onChange(Object.keys(next).length ? next : undefined);
  /** One condition as the provider reads it: `{ field: { $op: value } }` (a bare value is `$eq`). */
  const condition = (v: unknown): [string, unknown] => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      const [op, x] = Object.entries(v as Record<string, unknown>)[0] ?? ['$eq', ''];
      return [op, x];
    }
    return ['$eq', v];
  };
  const replaceRow = (at: string, field: string, op: string, v: unknown) =>
    set(Object.fromEntries(Object.entries(filter).map(([k, x]) => (k === at ? [field, { [op]: v }] : [k, x]))));
  return (
    <fieldset className={marked.has(path) ? 'field marked filter' : 'field filter'} id={id}>
      <legend>
        <code>{label}</code> <span className="constraints">conditions on the fields {operationId} filters by</span>
      </legend>
      {rows.map(([k, v], i) => {
        const [op, x] = condition(v);
        const field = query.fields[k];
        const kind = kindOf(k, resource);
        const rowId = `${id}-${i}`;
        const operators = field?.operators ?? [op];
        const valueInput =
          op === '$exists' || field?.type === 'boolean' ? (
            <select
              id={`${rowId}-value`}
              value={String(x)}
              onChange={(e) => replaceRow(k, k, op, e.target.value === 'true')}
            >
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          ) : kind && !LIST_OPERATORS.has(op) ? (
            <IdPicker
              id={`${rowId}-value`}
              label={k}
              kind={kind}
              value={filterText(x)}
              onChange={(t) => replaceRow(k, k, op, t ?? '')}
            />
          ) : field?.enum && !LIST_OPERATORS.has(op) ? (
            <select id={`${rowId}-value`} value={filterText(x)} onChange={(e) => replaceRow(k, k, op, e.target.value)}>
              {field.enum.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
          ) : (
            <input
              id={`${rowId}-value`}
              value={filterText(x)}
              placeholder={LIST_OPERATORS.has(op) ? 'a, b, c' : field?.type === 'date' ? '2026-01-31T12:00:00Z' : ''}
              onChange={(e) => replaceRow(k, k, op, filterValue(e.target.value, field?.type ?? 'string', op))}
            />
          );
        return (
          <div className="filter-row" key={`${k} ${i}`}>
            <label className="field-label" htmlFor={`${rowId}-field`}>
              Field
            </label>
            <select
              id={`${rowId}-field`}
              value={k}
              onChange={(e) => {
                const next = query.fields[e.target.value];
                replaceRow(k, e.target.value, next.operators.includes(op as never) ? op : next.operators[0], '');
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
                replaceRow(k, k, e.target.value, filterValue(filterText(x), field?.type ?? 'string', e.target.value))
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
            <button
              type="button"
              aria-label={`Remove the condition on ${k}`}
              onClick={() => set(Object.fromEntries(Object.entries(filter).filter(([f]) => f !== k)))}
            >
              Remove
            </button>
          </div>
        );
      })}
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
