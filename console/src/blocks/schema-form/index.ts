/** The schema form: what the operation page uses of it. */
export { fieldId, FormOptions, type FieldProps, type FormContext } from './context.ts';
export { fillIdField, IdPicker } from './id-picker.tsx';
export { SchemaField } from './schema-field.tsx';
