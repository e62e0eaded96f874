/**
 * The request: what to run first, the task, the toolbar (example, form or JSON, optional
 * fields), the fields, save-as, and Send with the problems found.
 */
import { useMemo } from 'react';
import { queryFields, type OperationDescriptor } from '../../../../src/console-data.ts';
import { FormOptions } from '../../blocks/schema-form/index.ts';
import { resourceOf } from '../../core/ids.ts';
import type { Problem } from '../../core/schema.ts';
import type { ConsoleState } from '../../core/state.ts';
import { PreparationPane } from './preparation-pane.tsx';
import { RequestFields } from './request-fields.tsx';
import { SaveAs } from './save-as.tsx';
import { SendBar } from './send-bar.tsx';
import type { RequestFormState } from './use-request-form.ts';
import type { usePreparation } from './use-preparation.ts';

export function RequestPane({
  d,
  state,
  request,
  preparation,
  marked,
  busy,
  send,
  goToField,
}: {
  d: OperationDescriptor;
  state: ConsoleState;
  request: RequestFormState;
  preparation: ReturnType<typeof usePreparation>;
  marked: Map<string, string>;
  busy: boolean;
  send: (force?: boolean) => Promise<void>;
  goToField: (field: Problem['field']) => void;
}) {
  const { form, change, tasks, bodyFields, fillExample } = request;
  const { view, showOptional, jsonError } = form;
  const picked = useMemo(() => Object.entries(state.picked), [state.picked]);
  return (
    <form
      aria-label="Request"
      className="pane request-pane"
      noValidate
      onSubmit={(e) => {
        // Enter in any field sends, like the Send button.
        e.preventDefault();
        void send();
      }}
    >
      {preparation.offered ? (
        <PreparationPane
          why={preparation.why}
          plan={preparation.plan}
          prepared={preparation.prepared}
          run={preparation.run}
        />
      ) : null}
      {tasks.length ? (
        <div className="field task">
          <label htmlFor="task" className="field-label">
            What is this call for?
          </label>
          <select id="task" value={form.task} onChange={(e) => change({ type: 'task', task: e.target.value, tasks })}>
            <option value="">Choose: {tasks.map((t) => t.name).join(', ')}…</option>
            {tasks.map((t) => (
              <option key={t.name} value={t.name}>
                {t.summary}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="toolbar">
        <button type="button" onClick={fillExample}>
          Fill with example
        </button>
        <button type="button" aria-pressed={view === 'form'} onClick={() => change({ type: 'view', view: 'form' })}>
          Form
        </button>
        <button type="button" aria-pressed={view === 'json'} onClick={() => change({ type: 'view', view: 'json' })}>
          JSON
        </button>
        <label className="check">
          <input
            type="checkbox"
            checked={showOptional}
            onChange={(e) => change({ type: 'show-optional', show: e.target.checked })}
          />{' '}
          Show optional fields
        </label>
      </div>

      <FormOptions.Provider
        value={{
          showOptional,
          picked,
          resource: resourceOf(d),
          query: queryFields[d.key],
          operationId: d.operationId,
          bodyFields,
          fillAppId: form.fillAppId,
        }}
      >
        <RequestFields d={d} form={form} change={change} marked={marked} />
      </FormOptions.Provider>

      <SaveAs request={() => ({ opKey: d.key, path: form.pathValues, options: form.options })} />
      <SendBar
        busy={busy}
        jsonBlocks={view === 'json' && !!jsonError}
        problems={form.problems}
        goToField={goToField}
        sendAnyway={() => void send(true)}
      />
    </form>
  );
}
