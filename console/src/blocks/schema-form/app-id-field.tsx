/** The catalog's app id: the stores app unless the user says otherwise; filled in and explained. */
import { useContext, useEffect } from 'react';
import { STORES_APP_ID } from '../../../../src/index.ts';
import { FormOptions, type ValueFieldProps } from './context.ts';

export function AppIdField({ id, cls, head, value, onChange }: ValueFieldProps) {
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
