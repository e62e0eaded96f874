/** An object as a fieldset: required fields first, optional ones when asked for or set. */
import { useContext } from 'react';
import { shownProperties } from '../../core/form-fields.ts';
import { join, type Schema } from '../../core/schema.ts';
import { FormOptions, type FieldComponent, type FieldProps } from './context.ts';

export function ObjectField({
  s,
  id,
  cls,
  Field,
  ...props
}: FieldProps & { s: Schema; id: string; cls: string; Field: FieldComponent }) {
  const { service, value, onChange, path, label, required, marked } = props;
  const depth = props.depth ?? 0;
  const options = useContext(FormOptions);
  const { showOptional, query, bodyFields } = options;
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const requiredSet = new Set<string>(s.required ?? []);
  const shown = shownProperties(service, s, obj, path, { showOptional, bodyFields, filter: query?.filter });
  const hidden = Object.keys(s.properties).length - shown.length;
  return (
    <fieldset className={cls} id={id}>
      <legend>
        <code>{label}</code>
        {required ? <span className="required"> *</span> : null}
      </legend>
      {shown.map(([k, ps]) => {
        const field = (
          <Field
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
