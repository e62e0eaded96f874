/** The request's values: path parameters (id pickers), then the query and body as a form, or all options as JSON. */
import { useMemo } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { IdPicker, SchemaField } from '../../blocks/schema-form/index.ts';
import { kindOf, resourceOf } from '../../core/ids.ts';
import type { RequestForm, RequestFormChange } from '../../core/request-form.ts';
import { bodySchemaOf, parametersOf } from '../../core/schema.ts';

export function RequestFields({
  d,
  form,
  change,
  marked,
}: {
  d: OperationDescriptor;
  form: RequestForm;
  change: (c: RequestFormChange) => void;
  marked: Map<string, string>;
}) {
  const params = useMemo(() => parametersOf(d), [d]);
  const bodySchema = useMemo(() => bodySchemaOf(d), [d]);
  const { pathValues, options, showOptional, jsonText, jsonError } = form;
  return (
    <>
      {d.pathParams.length ? (
        <fieldset>
          <legend>Path parameters</legend>
          {d.pathParams.map((p) => (
            <div className={marked.has(p.name) ? 'field marked' : 'field'} key={p.name}>
              <label htmlFor={`path-${p.name}`} className="field-label">
                <code>{p.name}</code>
                <span className="required"> *</span>
                {marked.get(p.name) ? <span className="problem">{marked.get(p.name)}</span> : null}
              </label>
              <IdPicker
                id={`path-${p.name}`}
                label={p.name}
                kind={kindOf(p.name, resourceOf(d, p.name))}
                value={pathValues[p.name] ?? ''}
                onChange={(v) => change({ type: 'path', name: p.name, value: v })}
              />
            </div>
          ))}
        </fieldset>
      ) : null}

      {form.view === 'form' ? (
        <div className="form">
          {params
            .filter((p) => p.in === 'query' && (showOptional || p.required || options[p.name] !== undefined))
            .map((p) => (
              <SchemaField
                key={p.name}
                service={d.service}
                schema={p.schema}
                value={options[p.name]}
                path={p.name}
                label={p.name}
                required={p.required}
                marked={marked}
                onChange={(v) =>
                  change({
                    type: 'options',
                    update: (o) => {
                      const next = { ...o };
                      if (v === undefined) delete next[p.name];
                      else next[p.name] = v;
                      return next;
                    },
                  })
                }
              />
            ))}
          {bodySchema ? (
            <SchemaField
              service={d.service}
              schema={bodySchema}
              value={options}
              path=""
              label="body"
              marked={marked}
              onChange={(v) => change({ type: 'options', update: () => (v as Record<string, unknown>) ?? {} })}
            />
          ) : null}
        </div>
      ) : (
        <div className="field">
          <label htmlFor="json-editor" className="field-label">
            Options as JSON
          </label>
          <textarea
            id="json-editor"
            className={jsonError ? 'json big invalid' : 'json big'}
            rows={16}
            aria-invalid={!!jsonError}
            aria-describedby={jsonError ? 'json-error' : undefined}
            value={jsonText}
            onChange={(e) => change({ type: 'json', text: e.target.value })}
          />
          {jsonError ? (
            <p id="json-error" className="problem" data-testid="json-error">
              Does not parse: {jsonError}
            </p>
          ) : null}
        </div>
      )}
    </>
  );
}
