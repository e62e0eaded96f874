/**
 * The client's API reference (`client/`, one page per export of `storefront-kit`), read with
 * TypeDoc's API (typedoc.json: entry points and options) and written in the site's look: each
 * function's signatures, each class's and interface's members, each module's operations (linked
 * to their operation pages), with the doc comments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Application,
  Comment,
  ReflectionKind,
  type DeclarationReflection,
  type SignatureReflection,
  type TypeParameterReflection,
} from 'typedoc';
import type { OperationDescriptor } from '../../generated/runtime-types.ts';
import { escape, rel } from './layout.ts';
import { markdown } from './markdown.ts';

export interface Export {
  name: string;
  /** Site path of its page. */
  path: string;
  kinds: string[];
  summary: string;
  reflections: DeclarationReflection[];
}

export const clientPath = (name: string) => `client/${name}/`;

/** TypeDoc's view of the package's entry (typedoc.json), exports by name (a value and a type of one name share a page). */
export async function readExports(root: string): Promise<Export[]> {
  const options = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { entryPoints: string[] };
  const app = await Application.bootstrap({
    entryPoints: options.entryPoints.map((e) => join(root, e)),
    tsconfig: join(root, 'tsconfig.json'),
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    // The generated types carry openapi-typescript's @description tags, unknown to TypeDoc.
    logLevel: 'Error',
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not read the client (src/index.ts)');
  let items = project.children ?? [];
  if (items.length === 1 && items[0].kindOf(ReflectionKind.Module)) items = items[0].children ?? [];
  const byName = new Map<string, DeclarationReflection[]>();
  for (const r of items) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, reflections]) => ({
      name,
      path: clientPath(name),
      kinds: reflections.map((r) => ReflectionKind.singularString(r.kind)),
      summary: summaryOf(reflections[0]),
      reflections,
    }));
}

function commentOf(r: DeclarationReflection): Comment | undefined {
  return r.comment ?? r.signatures?.find((s) => s.comment)?.comment;
}

function summaryOf(r: DeclarationReflection): string {
  const c = commentOf(r);
  return c ? Comment.combineDisplayParts(c.summary).split(/\n\n/)[0].replace(/\n/g, ' ') : '';
}

/** A type as text, cut where TypeDoc would print a page of it (a module's mapped type). */
function typeText(t: { toString(): string } | undefined): string {
  const text = t?.toString() ?? 'unknown';
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

const typeParams = (ps: TypeParameterReflection[] | undefined) =>
  ps?.length ? `<${ps.map((p) => p.name + (p.type ? ` extends ${typeText(p.type)}` : '')).join(', ')}>` : '';

function signatureText(name: string, s: SignatureReflection): string {
  const params = (s.parameters ?? []).map(
    (p) =>
      `${p.flags.isRest ? '...' : ''}${p.name}${p.flags.isOptional || p.defaultValue ? '?' : ''}: ${typeText(p.type)}`,
  );
  return `${name}${typeParams(s.typeParameters)}(${params.join(', ')}): ${typeText(s.type)}`;
}

function commentHtml(c: Comment | undefined, page: string): string {
  if (!c) return '';
  const parts = [Comment.combineDisplayParts(c.summary)];
  for (const tag of c.blockTags) {
    if (tag.tag === '@param') continue;
    const label = tag.tag.slice(1);
    const text = Comment.combineDisplayParts(tag.content);
    parts.push(label === 'example' ? text : `**${label[0].toUpperCase()}${label.slice(1)}:** ${text}`);
  }
  return markdown(parts.join('\n\n'), { page });
}

function signaturesHtml(name: string, r: DeclarationReflection, page: string): string {
  return (r.signatures ?? [])
    .map((s) => {
      const params = (s.parameters ?? []).filter((p) => p.comment);
      return `<pre data-lang="ts"><code>${escape(signatureText(name, s))}</code></pre>${commentHtml(s.comment, page)}${
        params.length
          ? `<ul>${params.map((p) => `<li><code>${escape(p.name)}</code>: ${markdown(Comment.combineDisplayParts(p.comment!.summary), { page }).replace(/^<p>|<\/p>\n?$/g, '')}</li>`).join('')}</ul>`
          : ''
      }`;
    })
    .join('');
}

/** A class's or interface's members: properties with their types, methods with their signatures. */
function membersHtml(owner: string, r: DeclarationReflection, page: string): string {
  const members = (r.children ?? []).filter(
    (m) => !m.flags.isPrivate && !m.flags.isProtected && !m.name.startsWith('_'),
  );
  if (!members.length) return '';
  return `<h2 id="members">Members</h2>${members
    .map((m) => {
      const id = `${owner}.${m.name}`;
      const body = m.signatures
        ? signaturesHtml(m.name, m, page)
        : `<pre data-lang="ts"><code>${escape(`${m.name}${m.flags.isOptional ? '?' : ''}: ${typeText(m.type)}`)}</code></pre>${commentHtml(m.comment, page)}`;
      return `<h3 id="${escape(id)}"><code>${escape(m.name)}</code></h3>${body}`;
    })
    .join('\n')}`;
}

/** One export's page. A client module (`currentCart`) lists its operations, each linked to its operation page. */
export function exportPage(
  e: Export,
  modules: Map<string, { d: OperationDescriptor; path: string; summary: string }[]>,
): { title: string; body: string; description: string } {
  const page = e.path;
  const sections = e.reflections.map((r) => {
    const kind = ReflectionKind.singularString(r.kind);
    const operations = r.kindOf(ReflectionKind.Variable) ? modules.get(r.name) : undefined;
    let body: string;
    if (operations) {
      body = `${commentHtml(r.comment, page)}<p>A client module: <code>createClient({ modules: { ${escape(r.name)} } })</code> gives <code>kit.${escape(r.name)}</code> with one method per operation.</p>
<h2 id="methods">Methods</h2><table><thead><tr><th>Method</th><th>Request</th><th>Summary</th></tr></thead><tbody>${operations
        .map(
          (o) =>
            `<tr id="${escape(o.d.operationId)}"><td><a href="${rel(page, o.path)}"><code>${escape(`${r.name}.${o.d.operationId}`)}</code></a></td><td><span class="method">${o.d.method}</span> <code>${escape(o.d.path)}</code></td><td>${escape(o.summary)}</td></tr>`,
        )
        .join('')}</tbody></table>`;
    } else if (r.signatures) {
      body = signaturesHtml(r.name, r, page);
    } else if (r.kindOf(ReflectionKind.TypeAlias) || r.kindOf(ReflectionKind.Variable)) {
      const declared = r.kindOf(ReflectionKind.TypeAlias)
        ? `type ${r.name}${typeParams(r.typeParameters)} = ${typeText(r.type)}`
        : `const ${r.name}: ${typeText(r.type)}`;
      body = `<pre data-lang="ts"><code>${escape(declared)}</code></pre>${commentHtml(r.comment, page)}${membersHtml(r.name, r, page)}`;
    } else {
      body = `${commentHtml(r.comment, page)}${membersHtml(r.name, r, page)}`;
    }
    return `<p class="meta">${escape(kind)} exported by <code>storefront-kit</code></p>${body}`;
  });
  return {
    title: `${e.name} (client)`,
    description: e.summary,
    body: `<h1><code>${escape(e.name)}</code></h1>\n${sections.join('\n<hr>\n')}`,
  };
}

export function clientIndex(exports: Export[]): { title: string; body: string } {
  const page = 'client/';
  const groups = new Map<string, Export[]>();
  for (const e of exports) groups.set(e.kinds[0], [...(groups.get(e.kinds[0]) ?? []), e]);
  return {
    title: 'Client API',
    body: `<h1>The client's API</h1>
<p>Everything <code>import { … } from 'storefront-kit'</code> gives, one page each. The guide to using it: <a href="${rel(page, 'guides/client/')}">the client</a>.</p>
${[...groups.entries()]
  .map(
    ([kind, list]) =>
      `<h2 id="${escape(kind.toLowerCase().replace(/ /g, '-'))}">${escape(kind)}</h2><table><tbody>${list
        .map(
          (e) =>
            `<tr><td><a href="${rel(page, e.path)}"><code>${escape(e.name)}</code></a></td><td>${escape(e.summary)}</td></tr>`,
        )
        .join('')}</tbody></table>`,
  )
  .join('\n')}`,
  };
}
