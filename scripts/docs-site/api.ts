/**
 * The reference of the services, from the bundled specs (generated/openapi/*.json): a page per
 * service (`api/<service>/`), its schemas with their fields (`api/<service>/schemas/#<Schema>`),
 * and a page per operation (`api/<service>/<operationId>/`) with the call as TypeScript and as
 * curl, its request and answer, and a link to its form in the console. Nothing is listed by
 * hand: a new service or operation in openapi/ is a new page after `npm run generate`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { escape, rel } from './layout.ts';
import { markdown, markdownInline } from './markdown.ts';
import type { Samples } from './samples.ts';

type Node = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  format?: string;
  items?: Node;
  properties?: Record<string, Node>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  oneOf?: Node[];
  anyOf?: Node[];
  allOf?: Node[];
  additionalProperties?: Node | boolean;
};

export interface Spec {
  info: { title: string; summary?: string; description?: string };
  paths: Record<string, Record<string, Node>>;
  components?: { schemas?: Record<string, Node>; parameters?: Record<string, Node>; responses?: Record<string, Node> };
}

export interface Service {
  name: string;
  spec: Spec;
  operations: Operation[];
}

export interface Operation {
  d: OperationDescriptor;
  node: Node;
  /** Site path of its page. */
  path: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export const servicePath = (service: string) => `api/${service}/`;
export const schemasPath = (service: string) => `api/${service}/schemas/`;
export const operationPath = (d: Pick<OperationDescriptor, 'service' | 'operationId'>) =>
  `api/${d.service}/${d.operationId}/`;

/**
 * Every bundled spec and its operations, matched to the client's operation table; the order of
 * `order` (the generator's), then any other spec by name. An operation of a spec the table does
 * not know means generated/ is stale: the build stops and says so.
 */
export function loadServices(dir: string, list: readonly OperationDescriptor[], order: readonly string[]): Service[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => basename(f, '.json'))
    .sort((a, b) => (order.indexOf(a) + 1 || 1e6) - (order.indexOf(b) + 1 || 1e6) || a.localeCompare(b));
  return files.map((name) => {
    const spec = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Spec;
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of METHODS) {
        const node = item[method];
        if (!node) continue;
        const d = list.find((o) => o.service === name && o.operationId === node.operationId);
        if (!d)
          throw new Error(
            `${name}: ${method.toUpperCase()} ${path} (${String(node.operationId)}) is not in generated/operations.ts: run npm run generate`,
          );
        const params = [
          ...((item.parameters as unknown as Node[] | undefined) ?? []),
          ...((node.parameters as Node[] | undefined) ?? []),
        ];
        operations.push({ d, node: { ...node, parameters: params }, path: operationPath(d) });
      }
    }
    return { name, spec, operations };
  });
}

/** A `#/components/...` reference, followed. */
function deref(spec: Spec, node: Node | undefined): Node | undefined {
  let n = node;
  for (let hops = 0; n?.$ref && hops < 20; hops++) {
    const parts = n.$ref.replace(/^#\//, '').split('/');
    n = parts.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], spec) as Node | undefined;
  }
  return n;
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;

/** A schema's type in a line, schema names linked to their entry on the service's schemas page. */
function typeHtml(s: Service, node: Node | undefined, page: string): string {
  if (!node) return 'any';
  if (node.$ref) {
    const name = refName(node.$ref);
    return `<a href="${rel(page, `${schemasPath(s.name)}#${name}`)}">${escape(name)}</a>`;
  }
  if (node.oneOf || node.anyOf) return (node.oneOf ?? node.anyOf ?? []).map((n) => typeHtml(s, n, page)).join(' | ');
  if (node.allOf) return node.allOf.map((n) => typeHtml(s, n, page)).join(' &amp; ');
  if (node.type === 'array' || node.items) return `${typeHtml(s, node.items, page)}[]`;
  const type = Array.isArray(node.type) ? node.type.join(' | ') : (node.type ?? (node.properties ? 'object' : 'any'));
  if (node.enum) {
    const values = node.enum.map((v) => JSON.stringify(v));
    return escape(values.length > 12 ? `${values.slice(0, 12).join(' | ')} | …` : values.join(' | '));
  }
  if (type === 'object' && node.additionalProperties && typeof node.additionalProperties === 'object')
    return `Record&lt;string, ${typeHtml(s, node.additionalProperties, page)}&gt;`;
  return escape(node.format ? `${type} (${node.format})` : type);
}

/** The properties of an object schema, `allOf` parts merged. */
function propertiesOf(spec: Spec, node: Node | undefined): { props: Record<string, Node>; required: Set<string> } {
  const n = deref(spec, node);
  const props: Record<string, Node> = { ...(n?.properties ?? {}) };
  const required = new Set(n?.required ?? []);
  for (const part of n?.allOf ?? []) {
    const inner = propertiesOf(spec, part);
    Object.assign(props, inner.props);
    for (const r of inner.required) required.add(r);
  }
  return { props, required };
}

/** An inline object (not a named schema), or an array of them: its fields are listed under it, dotted. */
function inlineObject(node: Node | undefined): Node | undefined {
  if (!node || node.$ref) return undefined;
  if (node.properties || node.allOf?.some((p) => !p.$ref)) return node;
  return node.type === 'array' ? inlineObject(node.items) : undefined;
}

function fieldRows(
  s: Service,
  node: Node | undefined,
  page: string,
  prefix: string,
  anchorOf?: (field: string) => string,
): string[] {
  const { props, required } = propertiesOf(s.spec, node);
  return Object.entries(props).flatMap(([key, p]) => {
    const name = prefix + key;
    const inner = prefix.split('.').length < 4 ? inlineObject(p) : undefined;
    return [
      `<tr${anchorOf ? ` id="${escape(anchorOf(name))}"` : ''}><td><code>${escape(name)}</code>${required.has(key) ? ' <span class="req">required</span>' : ''}</td><td>${inner && !p.items ? 'object' : typeHtml(s, p, page)}</td><td>${p.description ? markdownInline(p.description, { page }) : ''}</td></tr>`,
      ...(inner ? fieldRows(s, inner, page, `${name}${p.items ? '[]' : ''}.`, anchorOf) : []),
    ];
  });
}

function fieldsTable(s: Service, node: Node | undefined, page: string, anchorOf?: (field: string) => string): string {
  const rows = fieldRows(s, node, page, '', anchorOf);
  if (!rows.length) return '';
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function servicePage(s: Service): { title: string; body: string; description?: string } {
  const page = servicePath(s.name);
  const rows = s.operations
    .map(
      (o) =>
        `<tr><td><a href="${rel(page, o.path)}"><code>${escape(o.d.operationId)}</code></a></td><td><span class="method">${o.d.method}</span> <code>${escape(o.d.path)}</code></td><td>${escape(String(o.node.summary ?? ''))}</td></tr>`,
    )
    .join('');
  const modules = [...new Set(s.operations.map((o) => o.d.module))];
  return {
    title: s.spec.info.title,
    description: s.spec.info.summary,
    body: `<h1>${escape(s.spec.info.title)}</h1>
${s.spec.info.summary ? `<p class="lead">${escape(s.spec.info.summary)}</p>` : ''}
<p class="meta">Client ${modules.length > 1 ? 'modules' : 'module'} ${modules.map((m) => `<code>${escape(m)}</code>`).join(', ')} · spec <code>openapi/${escape(s.name)}.yaml</code> · <a href="${rel(page, schemasPath(s.name))}">its schemas</a></p>
${s.spec.info.description ? markdown(s.spec.info.description, { page }) : ''}
<h2 id="operations">Operations</h2>
<table><thead><tr><th>Operation</th><th>Request</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table>`,
  };
}

export function schemasPage(s: Service): { title: string; body: string } {
  const page = schemasPath(s.name);
  const schemas = Object.entries(s.spec.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return {
    title: `${s.spec.info.title}: schemas`,
    body: `<h1>${escape(s.spec.info.title)}: schemas</h1>
<p class="meta">The request and answer shapes of <a href="${rel(page, servicePath(s.name))}">${escape(s.spec.info.title)}</a>, field by field.</p>
<ul class="index">${schemas.map(([name]) => `<li><a href="#${escape(name)}">${escape(name)}</a></li>`).join('')}</ul>
${schemas
  .map(([name, node]) => {
    const fields = fieldsTable(s, node, page, (field) => `${name}.${field}`);
    return `<section><h2 id="${escape(name)}"><code>${escape(name)}</code></h2>
${node.description ? markdown(node.description, { page }) : ''}${fields || `<p>Type: ${typeHtml(s, node, page)}</p>`}</section>`;
  })
  .join('\n')}`,
  };
}

function parametersTable(s: Service, params: Node[], page: string): string {
  if (!params.length) return '';
  return `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${params
    .map((p) => {
      const n = deref(s.spec, p) ?? {};
      return `<tr><td><code>${escape(String(n.name))}</code>${n.required ? ' <span class="req">required</span>' : ''}</td><td>${escape(String(n.in))}</td><td>${typeHtml(s, n.schema as Node, page)}</td><td>${n.description ? markdownInline(n.description, { page }) : ''}</td></tr>`;
    })
    .join('')}</tbody></table>`;
}

const CALLERS: Record<string, string> = {
  visitorOrMember: 'a visitor or a member (OAuth token)',
  member: 'a logged-in member',
  elevated: 'an API key (back office)',
  anyone: 'anyone, no token',
};

export function operationPage(
  s: Service,
  o: Operation,
  samples: Samples,
  consoleUrl: string,
): { title: string; body: string; description?: string } {
  const page = o.path;
  const { d, node } = o;
  const media = (deref(s.spec, node.requestBody as Node)?.content as Record<string, Node> | undefined)?.[
    'application/json'
  ];
  const responses = Object.entries((node.responses ?? {}) as Record<string, Node>);
  const ok = deref(s.spec, responses.find(([code]) => code.startsWith('2'))?.[1]);
  const okMedia = (ok?.content as Record<string, Node> | undefined)?.['application/json'];
  const example = okMedia?.example ?? Object.values((okMedia?.examples ?? {}) as Record<string, Node>)[0]?.value;
  const errors = Object.keys((node['x-sfk-errors'] ?? {}) as object);
  const exampleJson = example === undefined ? '' : JSON.stringify(example, null, 2);
  return {
    title: `${d.operationId} (${s.spec.info.title})`,
    description: String(node.summary ?? ''),
    body: `<h1><code>${escape(d.operationId)}</code></h1>
<p class="lead">${escape(String(node.summary ?? ''))}</p>
<p class="endpoint" data-pagefind-weight="7"><span class="method">${d.method}</span> <code>${escape(d.path)}</code></p>
<p class="meta">Service <a href="${rel(page, servicePath(s.name))}">${escape(s.spec.info.title)}</a> · client <code>kit.${escape(d.module)}.${escape(d.operationId)}()</code> · caller: ${escape(CALLERS[d.caller] ?? d.caller)}</p>
<p><a class="try" data-console href="${escape(`${consoleUrl}/op/${d.key}`)}">Try it in the console</a></p>
${node.description ? markdown(String(node.description), { page }) : ''}
<h2 id="call">Call it</h2>
<p>With the client, against the sandbox that <code>npx storefront-kit</code> starts (leave <code>host</code> out for the provider); the spec's example as its arguments:</p>
<pre data-sample="typescript" data-lang="ts"><code>${escape(samples.typescript)}</code></pre>
<p>The same request with curl:</p>
<pre data-sample="curl" data-lang="sh"><code>${escape(samples.curl)}</code></pre>
<h2 id="request">Request</h2>
${parametersTable(s, (node.parameters as Node[]) ?? [], page)}
${media ? `<p>Body: ${typeHtml(s, media.schema as Node, page)}${(deref(s.spec, node.requestBody as Node) as Node | undefined)?.required ? ' (required)' : ''}</p>${fieldsTable(s, media.schema as Node, page)}` : '<p>No body.</p>'}
<h2 id="response">Response</h2>
${okMedia ? `<p>200: ${typeHtml(s, okMedia.schema as Node, page)}</p>${fieldsTable(s, okMedia.schema as Node, page)}` : `<p>${d.emptyResponse ? '200 with no body.' : escape(String(ok?.description ?? ''))}</p>`}
${exampleJson ? `<details><summary>Example answer</summary><pre data-lang="json"><code>${escape(exampleJson.length > 6000 ? `${exampleJson.slice(0, 6000)}\n…` : exampleJson)}</code></pre></details>` : ''}
<h2 id="errors">Errors</h2>
<p>${responses
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, r]) => `<code>${escape(code)}</code> ${escape(String(deref(s.spec, r)?.description ?? ''))}`)
      .join('<br>')}</p>
${errors.length ? `<p>Application error codes: ${errors.map((e) => `<code>${escape(e)}</code>`).join(', ')}.</p>` : ''}`,
  };
}
