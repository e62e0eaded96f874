/**
 * One operation: its summary, description, method and path; beside each other (from ~1000 px)
 * the request (a form generated from its schemas, required fields first, with a JSON view kept
 * in sync) and the response (status announced and focused after Send, the body foldable and
 * searchable, the call as curl, TypeScript and fetch before anything is sent). What the
 * operation needs first is offered as one click; form values and the last answer survive
 * navigation and reload. The page composes its panes; their state is in the hooks beside it.
 */
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { useConsoleState } from '../../blocks/console-state.ts';
import { fieldId } from '../../blocks/schema-form/index.ts';
import { findOperation } from '../../core/operations.ts';
import { markedFields, type Carried } from '../../core/request-form.ts';
import { formProblems, operationNode } from '../../core/schema.ts';
import { currentRole } from '../../core/state.ts';
import { OperationHeader } from './operation-header.tsx';
import { RequestPane } from './request-pane.tsx';
import { ResponsePane } from './response-pane.tsx';
import { SnippetPane } from './snippet-pane.tsx';
import { useCall } from './use-call.ts';
import { usePreparation } from './use-preparation.ts';
import { useRequestForm } from './use-request-form.ts';
import { useSnippets } from './use-snippets.ts';

export default function OperationPage() {
  const { opId = '' } = useParams();
  const d = findOperation(opId);
  if (!d) return <p role="alert">No operation named {opId}.</p>;
  return <OperationView key={d.key} d={d} />;
}

function OperationView({ d }: { d: OperationDescriptor }) {
  const state = useConsoleState();
  const role = currentRole(state);
  const request = useRequestForm(d);
  const { form, change, pathList } = request;
  const call = useCall(d);
  const applyCarried = (carried: Carried, onlyEmpty: boolean) =>
    change({ type: 'carried', carried, pathNames: d.pathParams.map((p) => p.name), onlyEmpty });
  const preparation = usePreparation(d, role, call.result, applyCarried);
  const snippets = useSnippets(d, state, role, form.pathValues, pathList, form.options);
  const marked = useMemo(() => markedFields(form.problems, call.result?.error?.fields), [form.problems, call.result]);

  const send = async (force = false) => {
    if (form.view === 'json' && form.jsonError) {
      change({
        type: 'problems',
        problems: [{ field: 'json', message: `The JSON does not parse, nothing was sent: ${form.jsonError}` }],
      });
      return;
    }
    const found = formProblems(d, form.pathValues, form.options);
    change({ type: 'problems', problems: found });
    if (found.length && !force) return call.forget();
    await call.sendNow(pathList, form.options);
  };

  /** The problem list links to each field; a hidden optional one is shown first. */
  const goToField = (field: string) => {
    if (field === 'json') return document.getElementById('json-editor')?.focus();
    change({ type: 'reveal-fields' });
    requestAnimationFrame(() => {
      const target = document.getElementById(
        d.pathParams.some((p) => p.name === field) ? `path-${field}` : fieldId(field),
      );
      target?.scrollIntoView({ block: 'center' });
      (target?.matches('input, select, textarea')
        ? target
        : target?.querySelector<HTMLElement>('input, select, textarea')
      )?.focus();
    });
  };

  return (
    <article className="operation">
      <OperationHeader d={d} op={operationNode(d)} role={role} />
      <div className="panes">
        <RequestPane
          d={d}
          state={state}
          request={request}
          preparation={preparation}
          marked={marked}
          busy={call.busy}
          send={send}
          goToField={goToField}
        />
        <ResponsePane d={d} result={call.result} statusLine={call.statusLine}>
          <SnippetPane snippets={snippets} />
        </ResponsePane>
      </div>
    </article>
  );
}
