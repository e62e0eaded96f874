/**
 * Id fields: a text field that offers the values picked from earlier answers naming the same
 * kind of thing, and "use this" on an answer's id filling the form's field of that kind.
 */
import { useContext, useEffect, useRef } from 'react';
import { offersFor } from '../../core/ids.ts';
import { FormOptions } from './context.ts';

/** "Use this" on an answer's id: the page fills the id field of that kind (see fillIdField). */
export const USE_ID_EVENT = 'sfk-use-id';
export interface UseId {
  /** The element id of the field to fill. */
  field: string;
  value: string;
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
