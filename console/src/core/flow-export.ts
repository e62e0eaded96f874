/**
 * A recorded sequence of calls (the console's history) as code a user keeps: a runnable
 * TypeScript script on storefront-kit, or a vitest test against a fresh sandbox. A value a
 * later call sends that an earlier answer held (the checkout id createCheckoutFromCurrentCart
 * answered, sent again to getCheckoutUrl) is written as a reference to that answer
 * (`r1.checkoutId`), so the flow replays on a sandbox whose ids differ from the session's.
 * Pure text (test/console/flow-export.test.ts checks it; test/spec/flow-export.test.ts type-checks and runs both).
 */
import type { OperationDescriptor } from '../../../src/console-data.ts';
import { findOperation } from './operations.ts';
import { callText, clientSetup, credentialCode, type ClientVar, type Credentials } from './snippets.ts';

/** One sent call as the history keeps it. */
export interface RecordedCall {
  opKey: string;
  path: Record<string, string>;
  options: unknown;
  status: number | string;
  /** The answer as JSON (an error answer or a cut one is not JSON and gives no references). */
  answer?: string;
  /** Sent with the API key. */
  elevated?: boolean;
}

/** Shorter strings ("USD", "1") match by chance, not because one answer fed the next call. */
const MIN_CARRIED_LENGTH = 6;

const IDENT = /^[A-Za-z_$][\w$]*$/;
const member = (key: string) => (IDENT.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** Every string of an answer with the expression that reads it from the result variable (fields may be optional: `!`). */
function valuesOf(value: unknown, expr: string, out: Map<string, string>, depth = 0): void {
  if (depth > 12 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (value.length >= MIN_CARRIED_LENGTH && !out.has(value)) out.set(value, expr);
  } else if (Array.isArray(value)) value.forEach((v, i) => valuesOf(v, `${expr}[${i}]!`, out, depth + 1));
  else if (typeof value === 'object')
    for (const [k, v] of Object.entries(value)) valuesOf(v, `${expr}${member(k)}!`, out, depth + 1);
}

/** A value as a TypeScript expression, strings an earlier answer held written as references to it. */
function toCode(value: unknown, refs: (s: string) => string | undefined, pad = ''): string {
  const inner = `${pad}  `;
  if (typeof value === 'string') return refs(value) ?? JSON.stringify(value);
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => `${inner}${toCode(v, refs, inner)}`).join(',\n')},\n${pad}]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    const key = (k: string) => (IDENT.test(k) ? k : JSON.stringify(k));
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${toCode(v, refs, inner)}`).join(',\n')},\n${pad}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const succeeded = (c: RecordedCall) => typeof c.status === 'number' && c.status < 300;

function parseAnswer(answer: string | undefined): unknown {
  try {
    return answer === undefined ? undefined : JSON.parse(answer);
  } catch {
    return undefined;
  }
}

interface Steps {
  modules: string[];
  elevated: boolean;
  /** The statements, one call each, in the order they were sent. */
  lines: string[];
  /** The variable holding the last call's result. */
  last?: string;
}

/** The calls (oldest first) as statements; failed calls are left out with a comment saying so. */
function steps(calls: RecordedCall[]): Steps {
  const known: { call: RecordedCall; d: OperationDescriptor }[] = [];
  const lines: string[] = [];
  for (const call of calls) {
    const d = findOperation(call.opKey);
    if (!d) throw new Error(`the history names an operation the console does not have: ${call.opKey}`);
    if (!succeeded(call)) lines.push(`// Left out: ${call.opKey} answered ${call.status} when recorded.`);
    else known.push({ call, d });
  }
  // Where each value first appeared: the newest earlier answer holding it wins.
  const answers = known.map((k, i) => {
    const found = new Map<string, string>();
    valuesOf(parseAnswer(k.call.answer), `r${i + 1}`, found);
    return found;
  });
  const used = new Set<number>();
  const body = known.map(({ call, d }, i) => {
    const refs = (s: string) => {
      for (let j = i - 1; j >= 0; j--) {
        const expr = answers[j].get(s);
        if (expr) {
          used.add(j);
          return expr;
        }
      }
      return undefined;
    };
    const path = d.pathParams.map((p) => toCode(call.path[p.name] ?? '', refs));
    const options = call.options ?? {};
    const hasOptions = typeof options === 'object' && Object.keys(options).length > 0;
    // Always an options argument where the operation takes one: a query answers its page, not a builder.
    const args = [...path, ...(hasOptions || d.body || d.builder ? [toCode(options, refs)] : [])];
    return { i, text: callText(d, args, call.elevated ? 'admin' : 'kit') };
  });
  const last = body.length ? body.length - 1 : undefined;
  if (last !== undefined) used.add(last);
  // Statements in sending order, the left-out ones where they were.
  let k = 0;
  const all = calls.map((call) => {
    if (!succeeded(call)) return lines.shift()!;
    const { i, text } = body[k++];
    return used.has(i) ? `const r${i + 1} = await ${text};` : `await ${text};`;
  });
  return {
    modules: [...new Set(known.map((k) => k.d.module))].sort(),
    elevated: known.some((k) => k.call.elevated),
    lines: all,
    last: last === undefined ? undefined : `r${last + 1}`,
  };
}

/** A visitor client (`kit`) always, an API-key one (`admin`) when a call was elevated. */
const clientsOf = (s: Steps): ClientVar[] => [
  { name: 'kit', elevated: false },
  ...(s.elevated ? [{ name: 'admin', elevated: true }] : []),
];

/** The flow as a script: run it (`npx tsx flow.ts`) and it sends the same calls, printing the last answer. */
export function flowScript(calls: RecordedCall[], c: Credentials): string {
  const s = steps(calls);
  return [
    `// The console's recorded calls, in the order they were sent (${calls.length}).`,
    clientSetup(s.modules, clientsOf(s), credentialCode(c)),
    '',
    ...s.lines,
    ...(s.last ? [`console.log(${s.last});`] : []),
    '',
  ].join('\n');
}

/** The flow as a vitest test against a fresh sandbox: each call must answer, else the test fails with its error. */
export function flowTest(calls: RecordedCall[]): string {
  const s = steps(calls);
  const [imports, clients] = clientSetup(s.modules, clientsOf(s), {
    host: 'sandbox.url',
    clientId: 'sandbox.sandbox.options.clientIds[0]!',
    apiKey: 'sandbox.sandbox.options.apiKeys[0]!',
    siteId: 'sandbox.sandbox.options.siteId',
  }).split('\n\n');
  const indent = (text: string) => text.replace(/^(?=.)/gm, '  ');
  return `import { afterAll, beforeAll, expect, it } from 'vitest';
${imports}
import { createSandboxServer, type SandboxServer } from 'storefront-kit/sandbox';

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await createSandboxServer({ port: 0 });
});
afterAll(() => sandbox?.close());

it('replays the console flow against a fresh sandbox', async () => {
${indent(clients)}

${indent(s.lines.join('\n'))}
${s.last ? `  expect(${s.last}).toBeTypeOf('object');` : ''}
}, 60_000);
`;
}
