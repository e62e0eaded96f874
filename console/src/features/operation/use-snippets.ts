/** The call as curl, TypeScript and fetch, for what the form holds now (before any Send). */
import { useEffect, useState } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { credentials, previewRequest } from '../../core/client.ts';
import { problemsText } from '../../core/request-form.ts';
import { formProblems } from '../../core/schema.ts';
import { curlSnippet, fetchSnippet, tsSnippet } from '../../core/snippets.ts';
import type { ConsoleState } from '../../core/state.ts';

export type Snippets = { curl: string; ts: string; fetch: string } | { error: string };

export function useSnippets(
  d: OperationDescriptor,
  state: ConsoleState,
  role: string,
  pathValues: Record<string, string>,
  pathList: string[],
  options: Record<string, unknown>,
): Snippets | undefined {
  const [snippets, setSnippets] = useState<Snippets>();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const c = credentials(state, role === 'elevated');
      // Code for a form the console would not send (a required field empty, a value out of the
      // spec) would not compile either: the page says what to fill in instead.
      const found = formProblems(d, pathValues, options);
      if (found.length) {
        setSnippets({ error: problemsText(found) });
        return;
      }
      previewRequest(d, pathList, options).then(
        (req) =>
          live &&
          setSnippets({
            curl: curlSnippet(req, c),
            ts: tsSnippet(d, pathList, options, c),
            fetch: fetchSnippet(req, c),
          }),
        (err: Error) => live && setSnippets({ error: `${err.name}: ${err.message}` }),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [d, pathList.join('\u0000'), options, state.tokens, state.useApiKey, state.apiKey, state.clientId, role]); // the path values by content, not by the array made each render
  return snippets;
}
