/**
 * The V1 -> V2 table of docs/cart-v2-migration.md, written from the bundled specs so it cannot
 * drift from them: each Cart V1 and Checkout V1 operation and webhook beside its successor
 * (`x-sfk-replaced-by`), with the top-level fields of each one's arguments and answer, and the
 * note on how they map. `npm run generate` rewrites the page's generated section;
 * test/docs/cart-v2-migration.test.ts fails when the committed page differs.
 */
import type { Replacement } from '../templates/runtime-types.ts';

type Json = Record<string, unknown>;

export const MIGRATION_PAGE = 'docs/cart-v2-migration.md';
export const BEGIN =
  '<!-- generated: the V1 -> V2 table, written by `npm run generate` from openapi/; edit the YAML, not this section -->';
export const END = '<!-- end of the generated table -->';

const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

/** One operation or webhook as the table shows it. */
interface Entry {
  key: string;
  method?: string;
  path?: string;
  /** Top-level argument fields, `?` after an optional one. */
  args: string[];
  /** Top-level answer fields (a webhook: its payload's fields beside the event metadata). */
  answer: string[];
}

function resolver(doc: Json) {
  const resolve = (node: unknown): Json => {
    let n = node as Json;
    while (n && typeof n.$ref === 'string') {
      let target: unknown = doc;
      for (const part of n.$ref.slice(2).split('/'))
        target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      n = target as Json;
    }
    return n ?? {};
  };
  /** Property names and required names of a schema, through `allOf`. */
  const fields = (schema: unknown): { names: string[]; required: Set<string> } => {
    const s = resolve(schema);
    const names = Object.keys((s.properties ?? {}) as Json);
    const required = new Set((s.required ?? []) as string[]);
    for (const branch of (s.allOf ?? []) as unknown[]) {
      const inner = fields(branch);
      names.push(...inner.names.filter((n) => !names.includes(n)));
      for (const r of inner.required) required.add(r);
    }
    return { names, required };
  };
  return { resolve, fields };
}

const EVENT_METADATA = new Set([
  'id',
  'entityFqdn',
  'slug',
  'entityId',
  'eventTime',
  'triggeredByAnonymizeRequest',
  'originatedFrom',
  'entityEventSequence',
  'identity',
]);

/** Every operation and webhook of the bundled specs, by `<module>.<operationId>`. */
export function entries(specs: Record<string, Json>): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const doc of Object.values(specs)) {
    const { resolve, fields } = resolver(doc);
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const key = `${(op.tags as string[])[0]}.${String(op.operationId)}`;
        const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const args = pathNames.filter((n) => !n.includes('.'));
        for (const p of ((op.parameters ?? []) as unknown[]).map(resolve)) {
          if (p.in === 'query' && !pathNames.includes(String(p.name)))
            args.push(p.required ? String(p.name) : `${String(p.name)}?`);
        }
        const body = resolve(op.requestBody)?.content as Json | undefined;
        if (body?.['application/json']) {
          const { names, required } = fields((body['application/json'] as Json).schema);
          for (const n of names) if (!args.includes(n)) args.push(required.has(n) ? n : `${n}?`);
        }
        const ok = resolve((op.responses as Json)['200']).content as Json | undefined;
        const answer = ok?.['application/json'] ? fields((ok['application/json'] as Json).schema).names : [];
        out.set(key, { key, method: method.toUpperCase(), path, args, answer });
      }
    }
    for (const item of Object.values((doc.webhooks ?? {}) as Record<string, Json>)) {
      const op = item.post as Json | undefined;
      if (!op) continue;
      const key = `${(op.tags as string[])[0]}.${String(op.operationId)}`;
      const body = resolve(op.requestBody)?.content as Json | undefined;
      const payload = body?.['application/json'] ? fields((body['application/json'] as Json).schema).names : [];
      out.set(key, { key, args: [], answer: payload.filter((n) => !EVENT_METADATA.has(n)) });
    }
  }
  return out;
}

const code = (s: string) => `\`${s}\``;
const call = (e: Entry) =>
  `${code(`${e.key}(${e.args.length ? `{ ${e.args.join(', ')} }` : ''})`)}<br>${code(`${e.method} ${e.path}`)}<br>→ ${code(e.answer.length ? `{ ${e.answer.join(', ')} }` : '{}')}`;
const event = (e: Entry) => `${code(e.key)}<br>payload ${code(`{ ${e.answer.join(', ')} }`)}`;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The generated section (between BEGIN and END, both included). */
export function migrationTable(
  specs: Record<string, Json>,
  replacements: Readonly<Record<string, Replacement>>,
): string {
  const all = entries(specs);
  const lines: string[] = [BEGIN, ''];
  const retired = Object.entries(replacements);
  const groups: [string, (key: string, r: Replacement) => boolean][] = [
    ['The current cart: Cart V1 (`currentCart`)', (k, r) => !r.webhook && k.startsWith('currentCart.')],
    ['Checkout V1 (`checkout`): the cart is the checkout', (k, r) => !r.webhook && k.startsWith('checkout.')],
  ];
  for (const [title, pick] of groups) {
    lines.push(`### ${title}`, '', '| V1 call | V2 call | How it maps |', '|---|---|---|');
    for (const [key, r] of retired.filter(([k, r]) => pick(k, r))) {
      const v1 = all.get(key);
      if (!v1) throw new Error(`${MIGRATION_PAGE}: ${key} names a replacement but is not in the spec`);
      const v2 = r.operation ? all.get(r.operation) : undefined;
      if (r.operation && !v2)
        throw new Error(`${MIGRATION_PAGE}: ${key} is replaced by ${r.operation}, which the spec lacks`);
      lines.push(`| ${cell(call(v1))} | ${v2 ? cell(call(v2)) : 'none'} | ${cell(r.note)} |`);
    }
    lines.push('');
  }
  lines.push('### Webhooks', '', '| V1 webhook | V2 webhook | How it maps |', '|---|---|---|');
  for (const [key, r] of retired.filter(([, r]) => r.webhook)) {
    const v1 = all.get(key)!;
    const v2 = r.operation ? all.get(r.operation) : undefined;
    if (r.operation && !v2)
      throw new Error(`${MIGRATION_PAGE}: ${key} is replaced by ${r.operation}, which the spec lacks`);
    lines.push(`| ${cell(event(v1))} | ${v2 ? cell(event(v2)) : 'none'} | ${cell(r.note)} |`);
  }
  lines.push('');
  const successors = new Set(retired.map(([, r]) => r.operation));
  const fresh = [...all.values()]
    .filter((e) => e.method && /^(currentCartV2|cartV2)\./.test(e.key) && !successors.has(e.key))
    .map((e) => code(e.key));
  lines.push(
    '### New in Cart V2',
    '',
    `No V1 call has these ${fresh.length} as its successor (the notes above send some V1 arguments to them): ${fresh.join(', ')}.`,
    '',
    END,
  );
  return lines.join('\n');
}

/** The page with its generated section replaced; throws when the markers are missing. */
export function withTable(page: string, table: string): string {
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END);
  if (from < 0 || to < from)
    throw new Error(`${MIGRATION_PAGE} lacks its generated section's markers (${BEGIN} ... ${END})`);
  return page.slice(0, from) + table + page.slice(to + END.length);
}
