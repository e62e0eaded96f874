/**
 * The console's TypeScript snippet, for every operation, with the form empty and filled with the
 * spec's example, exactly as the page shows it (console/src/core/snippets.ts, for the request the
 * client builds: where the client refuses the values the page shows that error instead). Every
 * snippet shown is type-checked as a user's file that imports `storefront-kit`, then run as
 * pasted against a sandbox: it prints the answer, or the call fails with the server's answer
 * (an error carrying its HTTP status), never a type, reference or client error.
 * Visitor and member operations run as a new visitor (the page's snippet when no one is signed
 * in), elevated ones with the sandbox's API key.
 */
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, previewRequest } from '../../console/src/core/client.ts';
import { exampleCall, formProblems } from '../../console/src/core/schema.ts';
import { tsSnippet } from '../../console/src/core/snippets.ts';
import { getState, setState } from '../../console/src/core/state.ts';
import { operationList } from '../../src/console-data.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { userProject, type Outcome } from '../support/user-code.ts';

interface Snippet {
  file: string;
  key: string;
  form: 'empty' | 'filled';
}

const project = userProject('ts-snippets');
let sandbox: SandboxServer;
const snippets: Snippet[] = [];
/**
 * Forms the page shows no code for: the console's own check finds a required field empty or a
 * value out of the spec, or the client refuses the values; the page says why instead.
 */
const refused: { key: string; form: string; error: string }[] = [];

beforeAll(async () => {
  sandbox = await createSandboxServer({ port: 0 });
  setState({ target: { kind: 'remote', host: sandbox.url, clientId: DEFAULT_CLIENT_ID }, clientId: DEFAULT_CLIENT_ID });
  for (const d of operationList) {
    const example = exampleCall(d);
    const forms = {
      empty: { path: d.pathParams.map(() => ''), options: {} },
      filled: { path: d.pathParams.map((p) => example.path[p.name] ?? ''), options: example.options },
    };
    for (const [form, values] of Object.entries(forms) as [Snippet['form'], (typeof forms)['empty']][]) {
      const problems = formProblems(
        d,
        Object.fromEntries(d.pathParams.map((p, i) => [p.name, values.path[i]])),
        values.options,
      );
      if (problems.length) {
        refused.push({ key: d.key, form, error: problems.map((p) => `${p.field} ${p.message}`).join('; ') });
        continue;
      }
      try {
        await previewRequest(d, values.path, values.options);
      } catch (e) {
        refused.push({ key: d.key, form, error: `${(e as Error).name}: ${(e as Error).message}` });
        continue;
      }
      const text = tsSnippet(d, values.path, values.options, credentials(getState(), d.caller === 'elevated'));
      snippets.push({ file: project.write(`${d.key.replace('.', '_')}_${form}.ts`, text), key: d.key, form });
    }
  }
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  project.remove();
});

describe("the console's TypeScript snippets", () => {
  it('are offered for every operation filled with its example, and for every empty form with nothing required', () => {
    expect(refused.filter((r) => r.form === 'filled')).toEqual([]);
    const shown = new Set(snippets.map((s) => `${s.key} ${s.form}`));
    // An empty form gets no code only when it leaves something required empty, and the page says what.
    for (const r of refused) expect(r.error, r.key).toMatch(/ is required/);
    for (const d of operationList)
      if (!refused.some((r) => r.key === d.key)) expect(shown.has(`${d.key} empty`), d.key).toBe(true);
    console.log(
      `${snippets.length} snippets for ${operationList.length} operations; ${refused.length} empty forms say what is required instead`,
    );
  });

  it('type-check as a user file importing storefront-kit', async () => {
    expect(await project.typecheck()).toBe('');
  }, 300_000);

  it('run as pasted: each prints the answer or fails with the server answer, and a query with no options prints its items', async () => {
    const outcomes = await project.run(snippets.map((s) => s.file));
    expect(outcomes).toHaveLength(snippets.length);
    const name = (o: Outcome) => basename(o.file);
    // Not the server's answer: a snippet that does not run as pasted.
    const broken = outcomes.filter((o) => o.error && typeof o.error.status !== 'number');
    expect(broken.map((o) => `${name(o)}: ${o.error!.name}: ${o.error!.message}`)).toEqual([]);
    expect(outcomes.filter((o) => o.first?.builder).map(name)).toEqual([]);
    const queryProducts = outcomes.find((o) => name(o) === 'products_queryProducts_empty.ts');
    expect(queryProducts?.first?.array).toBeGreaterThan(0);
    const answered = outcomes.filter((o) => !o.error).length;
    console.log(
      `${answered} of ${outcomes.length} snippets printed an answer; the rest failed with the server's answer`,
    );
  }, 300_000);
});
