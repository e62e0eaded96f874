/** A list as a fieldset: each item its own field with Remove, and Add. */
import { newItemOf } from '../../core/form-fields.ts';
import { resolve, typeOf, type Schema } from '../../core/schema.ts';
import type { FieldComponent, FieldProps } from './context.ts';

export function ArrayField({
  s,
  id,
  cls,
  Field,
  ...props
}: FieldProps & { s: Schema; id: string; cls: string; Field: FieldComponent }) {
  const { service, value, onChange, path, label, marked } = props;
  const depth = props.depth ?? 0;
  const items = Array.isArray(value) ? value : [];
  const itemType = typeOf(resolve(service, s.items));
  return (
    <fieldset className={cls} id={id}>
      <legend>
        <code>{label}</code> <span className="constraints">list</span>
      </legend>
      {items.map((item, i) => (
        <div className="array-item" key={i}>
          <Field
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
      <button type="button" onClick={() => onChange([...items, newItemOf(itemType)])}>
        Add {label} item
      </button>
    </fieldset>
  );
}
