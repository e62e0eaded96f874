/** What every field of a schema form reads from the page: the options of the form as a whole. */
import { createContext, type ReactNode } from 'react';
import type { QueryFields } from '../../../../src/console-data.ts';
import type { Schema } from '../../core/schema.ts';

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

/** The element id of the field at a dotted path (the problem list links to it). */
export const fieldId = (path: string) => `field-${path.replace(/[^A-Za-z0-9_-]/g, '_') || 'body'}`;

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

/**
 * A field that renders its parts with the form's own field (objects and lists): handed in by
 * schema-field.tsx, so the kinds do not import the dispatcher that imports them.
 */
export type FieldComponent = (props: FieldProps) => ReactNode;

/** What a field of one value kind gets: its element id, class, label and value. */
export interface ValueFieldProps {
  id: string;
  /** 'field', or 'field marked' when it has a problem. */
  cls: string;
  /** Its label (label.tsx). */
  head: ReactNode;
  value: unknown;
  onChange: (next: unknown) => void;
}
