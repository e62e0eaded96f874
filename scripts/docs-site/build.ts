/**
 * The docs site, as plain files: the README as its home page, the guides of docs/*.md, a page
 * per service, per service's schemas and per operation (from the bundled specs), the client's
 * API (TypeDoc), one navigation and one look, and one Pagefind index over all of it (search runs
 * in the page, offline). `npm run docs` calls it; test/docs builds it once and checks it.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import * as pagefind from 'pagefind';
import { operationList, serviceNames } from '../../src/console-data.ts';
import { loadServices, operationPage, schemasPath, schemasPage, servicePage } from './api.ts';
import { clientIndex, exportPage, readExports } from './client-reference.ts';
import { CSS, escape, page, rel, SEARCH_JS, type NavItem } from './layout.ts';
import { markdown, mentions, names } from './markdown.ts';
import { samplesOf, type Samples } from './samples.ts';

/** Where `npx storefront-kit` serves the console and its sandbox: the samples' host and the operation pages' "Try it" links. */
export const CONSOLE_URL = 'http://127.0.0.1:4010';

export interface BuildOptions {
  root: string;
  out: string;
  /** The console the operation pages link to (its `/op/<module>.<operationId>` form). */
  consoleUrl?: string;
  log?: (line: string) => void;
}

export interface SiteReport {
  pages: number;
  operations: number;
  guides: string[];
  /** Bytes of every file of the site. */
  bytes: number;
  largestPage: { path: string; bytes: number };
  seconds: number;
}

interface Guide {
  name: string;
  source: string;
  title: string;
  path: string;
}

const IMAGES = new Set(['.png', '.jpg', '.jpeg', '.svg', '.gif', '.webp']);

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

export async function buildSite(o: BuildOptions): Promise<SiteReport> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const { root, out } = o;
  const consoleUrl = o.consoleUrl ?? CONSOLE_URL;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets', 'img'), { recursive: true });

  const services = loadServices(join(root, 'generated', 'openapi'), operationList, serviceNames);
  const operations = services.flatMap((s) => s.operations.map((op) => ({ s, op })));
  log(`${services.length} services, ${operations.length} operations`);
  const samples = new Map<string, Samples>();
  for (const { op } of operations) samples.set(op.d.key, await samplesOf(op.d, CONSOLE_URL));
  const exports = await readExports(root);
  log(`${exports.length} exports of the client`);

  // Names the guides' inline code links to: schemas (first service that has one), client exports, operations.
  names.clear();
  mentions.clear();
  for (const s of services)
    for (const schema of Object.keys(s.spec.components?.schemas ?? {}))
      if (!names.has(schema)) names.set(schema, `${schemasPath(s.name)}#${schema}`);
  for (const e of exports) names.set(e.name, e.path);
  const idCount = new Map<string, number>();
  for (const { op } of operations) idCount.set(op.d.operationId, (idCount.get(op.d.operationId) ?? 0) + 1);
  for (const { op } of operations) {
    names.set(op.d.key, op.path);
    if (idCount.get(op.d.operationId) === 1) names.set(op.d.operationId, op.path);
  }

  // The guides: docs/*.md, in typedoc.json's order where it names them, then by name.
  const order =
    (JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { projectDocuments?: string[] })
      .projectDocuments ?? [];
  const guides: Guide[] = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort(
      (a, b) => (order.indexOf(`docs/${a}`) + 1 || 1e6) - (order.indexOf(`docs/${b}`) + 1 || 1e6) || a.localeCompare(b),
    )
    .map((f) => {
      const source = join(root, 'docs', f);
      const name = basename(f, '.md');
      // Titles as plain words (a heading's `code` marks are Markdown, not text).
      const title = (/^# (.+)$/m.exec(readFileSync(source, 'utf8'))?.[1] ?? name).replace(/`/g, '');
      return { name, source, title, path: `guides/${name}/` };
    });

  /** A relative link of a Markdown file as a site path: a guide, the README (home), or a picture copied into the site. */
  const linkFrom = (source: string) => (href: string) => {
    const [file, hash] = href.split('#');
    const full = file ? join(dirname(source), decodeURI(file)) : source;
    const withHash = (path: string) => (hash ? `${path}#${hash}` : path);
    const r = relative(root, full);
    if (r === 'README.md') return withHash('');
    const guide = guides.find((g) => g.source === full);
    if (guide) return withHash(guide.path);
    if (IMAGES.has(extname(full).toLowerCase()) && existsSync(full)) {
      const name = r.replace(/[\\/]/g, '-');
      copyFileSync(full, join(out, 'assets', 'img', name));
      return `assets/img/${name}`;
    }
    return undefined;
  };

  const nav: NavItem[] = [
    { title: 'Guides', path: 'guides/', children: guides.map((g) => ({ title: g.title, path: g.path })) },
    {
      title: 'Services',
      path: 'api/',
      children: services.map((s) => ({
        title: s.spec.info.title,
        path: `api/${s.name}/`,
        children: [
          ...s.operations.map((op) => ({ title: op.d.operationId, path: op.path })),
          { title: 'Schemas', path: schemasPath(s.name) },
        ],
      })),
    },
    {
      title: 'Client API',
      path: 'client/',
      collapsed: true,
      children: exports.map((e) => ({ title: e.name, path: e.path })),
    },
  ];
  const sizes: { path: string; bytes: number }[] = [];
  const titles = new Map<string, string>([
    ['', 'storefront-kit (README)'],
    ...guides.map((g) => [g.path, g.title] as const),
  ]);
  const write = (path: string, content: { title: string; body: string; description?: string }) => {
    // A reference page lists the guides that name it (they are written first).
    const from = [...(mentions.get(path) ?? [])].filter((p) => titles.has(p));
    const body = from.length
      ? `${content.body}\n<section data-pagefind-ignore><h2 id="in-the-guides">In the guides</h2><ul>${from.map((p) => `<li><a href="${rel(path, p)}">${escape(titles.get(p)!)}</a></li>`).join('')}</ul></section>`
      : content.body;
    const html = page({ path, nav, ...content, body });
    mkdirSync(join(out, path), { recursive: true });
    writeFileSync(join(out, path, 'index.html'), html);
    sizes.push({ path, bytes: Buffer.byteLength(html) });
  };

  // Home: the README, then the map of the site.
  const readme = join(root, 'README.md');
  write('', {
    title: 'storefront-kit',
    body: `${markdown(readFileSync(readme, 'utf8'), { page: '', link: linkFrom(readme) })}
<h2 id="the-reference">The reference</h2>
<p><a href="${rel('', 'guides/')}">Guides</a> · <a href="${rel('', 'api/')}">Services and operations</a> · <a href="${rel('', 'client/')}">The client's API</a></p>`,
  });
  for (const g of guides)
    write(g.path, {
      title: g.title,
      body: markdown(readFileSync(g.source, 'utf8'), { page: g.path, link: linkFrom(g.source) }),
    });
  write('guides/', {
    title: 'Guides',
    body: `<h1>Guides</h1><ul>${guides.map((g) => `<li><a href="${rel('guides/', g.path)}">${escape(g.title)}</a></li>`).join('')}</ul>`,
  });

  write('api/', {
    title: 'Services',
    body: `<h1>Services</h1><p>The provider's services as storefront-kit describes them (OpenAPI 3.1, one file per service in <code>openapi/</code>): ${operations.length} operations.</p>
<table><thead><tr><th>Service</th><th>Operations</th><th>Summary</th></tr></thead><tbody>${services
      .map(
        (s) =>
          `<tr><td><a href="${rel('api/', `api/${s.name}/`)}">${escape(s.spec.info.title)}</a></td><td>${s.operations.length}</td><td>${escape(s.spec.info.summary ?? '')}</td></tr>`,
      )
      .join('')}</tbody></table>`,
  });
  for (const s of services) {
    write(`api/${s.name}/`, servicePage(s));
    write(schemasPath(s.name), schemasPage(s));
    for (const op of s.operations) write(op.path, operationPage(s, op, samples.get(op.d.key)!, consoleUrl));
  }

  const modules = new Map<string, { d: (typeof operationList)[number]; path: string; summary: string }[]>();
  for (const { op } of operations)
    modules.set(op.d.module, [
      ...(modules.get(op.d.module) ?? []),
      { d: op.d, path: op.path, summary: String(op.node.summary ?? '') },
    ]);
  write('client/', clientIndex(exports));
  for (const e of exports) write(e.path, exportPage(e, modules));

  writeFileSync(join(out, 'assets', 'site.css'), CSS);
  writeFileSync(join(out, 'assets', 'search.js'), SEARCH_JS);
  writeFileSync(
    join(out, '404.html'),
    page({ path: '', nav, title: 'Not found', body: '<h1>Not found</h1><p>No page here: try the search above.</p>' }),
  );

  // One index over every page (Pagefind reads <main data-pagefind-body>), written beside them.
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: out });
  if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: join(out, 'pagefind') });
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  // Pagefind's own search widgets: the site has its own box (layout.ts), so only the engine and the index stay.
  for (const f of readdirSync(join(out, 'pagefind'))) if (/-ui\.|highlight/.test(f)) rmSync(join(out, 'pagefind', f));
  log(`search index: ${added.page_count} pages`);

  const bytes = filesOf(out).reduce((n, f) => n + statSync(f).size, 0);
  const largestPage = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return {
    pages: sizes.length,
    operations: operations.length,
    guides: guides.map((g) => g.path),
    bytes,
    largestPage,
    seconds: (Date.now() - started) / 1000,
  };
}
