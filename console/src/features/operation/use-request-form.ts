/**
 * The request form's state (core/request-form.ts) for one operation's page: opened from a
 * replayed call or what this tab kept, kept again on each change.
 */
import { useEffect, useMemo, useReducer } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { takeReplay, type SavedForm } from '../../core/replay.ts';
import { bodyFieldsOf, changeForm, openForm } from '../../core/request-form.ts';
import { exampleCall, tasksOf } from '../../core/schema.ts';
import { recall, remember } from '../../core/state.ts';

export function useRequestForm(d: OperationDescriptor) {
  const tasks = useMemo(() => tasksOf(d), [d]);
  // A call opened again from the history wins over what the form held.
  const [form, change] = useReducer(changeForm, d, (op) =>
    openForm(op, takeReplay(op.key) ?? recall<SavedForm>('form', op.key), tasks),
  );
  const bodyFields = useMemo(() => bodyFieldsOf(tasks, form.task), [tasks, form.task]);
  useEffect(
    () => remember<SavedForm>('form', d.key, { path: form.pathValues, options: form.options }),
    [d.key, form.pathValues, form.options],
  );
  const pathList = d.pathParams.map((p) => form.pathValues[p.name] ?? '');

  const fillExample = () =>
    change({
      type: 'example',
      example: exampleCall(d, form.task || undefined),
      task: !form.task && tasks.length ? tasks[0].name : undefined,
    });

  return { form, change, tasks, bodyFields, pathList, fillExample };
}

export type RequestFormState = ReturnType<typeof useRequestForm>;
