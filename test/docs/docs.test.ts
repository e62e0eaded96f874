/**
 * The docs site `npm run docs` builds (scripts/docs-site/), as a reader and a static host see
 * it: a page per operation of every bundled spec with the call as TypeScript (which compiles
 * against the package) and curl and a link to that operation's form in the console; every guide
 * of docs/*.md; links that hold (every page, every #anchor); no page loading anything from
 * elsewhere; and the size budget, printed. One build shared with search.test.ts (site.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation } from '../../console/src/core/operations.ts';
import { CONSOLE_URL } from '../../scripts/docs-site/build.ts';
import { operationList } from '../../src/console-data.ts';
import { userProject } from '../support/user-code.ts';
import rows from '../data/operations.json' with { type: 'json' };
import { pagesOf, ROOT, sharedSite, unescape, type SharedSite } from './site.ts';

const MB = 1e6;
let site: SharedSite;
let pages: Map<string, string>;

beforeAll(async () => {
  site = await sharedSite();
  pages = pagesOf(site.dir);
}, 600_000);

/** Every operation of the bundled specs, read from the files themselves. */
const specOperations = readdirSync(join(ROOT, 'generated', 'openapi'))
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => {
    const service = f.replace(/\.json$/, '');
    const spec = JSON.parse(readFileSync(join(ROOT, 'generated', 'openapi', f), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    return Object.values(spec.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => method !== 'parameters')
        .map(([, op]) => ({ service, operationId: op.operationId! })),
    );
  });

const samples = (html: string, kind: string) =>
  [...html.matchAll(new RegExp(`<pre[^>]* data-sample="${kind}"[^>]*><code>([\\s\\S]*?)</code></pre>`, 'g'))].map((m) =>
    unescape(m[1]),
  );

describe('the docs site', () => {
  it('has a page per operation of every bundled spec: the client call and curl, and a link to its form in the console', () => {
    expect(specOperations.length).toBeGreaterThanOrEqual(rows.length);
    const missing: string[] = [];
    for (const { service, operationId } of specOperations) {
      const html = pages.get(`api/${service}/${operationId}/`);
      const d = operationList.find((o) => o.service === service && o.operationId === operationId)!;
      if (!html) {
        missing.push(`${service}/${operationId}`);
        continue;
      }
      const [ts] = samples(html, 'typescript');
      expect(ts, operationId).toContain(`kit.${d.module}.${operationId}(`);
      expect(samples(html, 'curl')[0], operationId).toMatch(new RegExp(`^curl -X [A-Z]+ '${CONSOLE_URL}/`, 'm'));
      // The link opens this operation's form: the console's router finds the operation by it.
      const link = new RegExp(`<a class="try" data-console href="${CONSOLE_URL}/op/([^"]+)">`).exec(html)?.[1];
      expect(link && findOperation(link)?.key, operationId).toBe(d.key);
    }
    expect(missing).toEqual([]);
    console.log(`docs site: ${specOperations.length} operation pages, ${pages.size} pages in all`);
  });

  describe('the TypeScript samples', () => {
    const project = userProject('docs-site-samples');
    afterAll(() => project.remove());
    it('type-check as a user file each, strict, against the package', async () => {
      let n = 0;
      for (const [path, html] of pages)
        for (const ts of samples(html, 'typescript'))
          project.write(`${path.replace(/\W+/g, '_')}${n++}.ts`, `// ${path}\n${ts}\nexport {};\n`);
      expect(n).toBe(specOperations.length);
      expect(await project.typecheck()).toBe('');
    }, 300_000);
  });

  it('has every guide of docs/*.md and the README (the home page), one navigation on every page', () => {
    const guides = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(guides.length).toBeGreaterThan(5);
    for (const guide of guides) {
      const html = pages.get(`guides/${guide.replace(/\.md$/, '')}/`);
      expect(html, guide).toBeDefined();
      const title = /^# (.+)$/m.exec(readFileSync(join(ROOT, 'docs', guide), 'utf8'))![1].replace(/`/g, '');
      expect(html, guide).toContain(`>${title.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</a>`);
    }
    expect(pages.get('')).toContain('Two commands');
    for (const [path, html] of pages) expect(html.match(/<nav class="side"/g), path).toHaveLength(1);
  });

  it('links guides to operations and schemas by name (inline code naming one)', () => {
    const client = pages.get('guides/client/')!;
    expect(client).toContain('href="../../api/current-cart/getCurrentCart/"');
    const react = pages.get('guides/react/')!;
    expect(react).toMatch(/href="\.\.\/\.\.\/api\/current-cart\/schemas\/#Cart"/);
  });

  it('passes the link check: every link and #anchor of every page leads to a page and an id of the site', () => {
    const ids = new Map<string, Set<string>>();
    for (const [path, html] of pages) ids.set(path, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescape(m[1]))));
    const broken: string[] = [];
    let checked = 0;
    for (const [path, html] of pages) {
      for (const [, attr, raw] of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
        const target = unescape(raw);
        if (target.startsWith(`${CONSOLE_URL}/op/`)) continue; // the console's forms: checked above
        if (/^(https?|mailto):/.test(target)) {
          // A link out (a tool's home page) is followed by a reader, never loaded by the page.
          if (attr === 'src' || /^https?:\/\/(127\.|localhost)/.test(target)) broken.push(`${path}: ${target}`);
          continue;
        }
        if (target === '') {
          broken.push(`${path}: empty ${attr}`);
          continue;
        }
        checked++;
        const [file, hash] = target.split('#');
        const base = path.endsWith('/') || path === '' ? path : dirname(path) + '/';
        let resolved = file ? posix.normalize(posix.join(base, file)) : path;
        if (resolved === '.' || resolved === './') resolved = '';
        if (resolved.endsWith('/index.html')) resolved = resolved.slice(0, -'index.html'.length);
        const isPage = pages.has(resolved) || pages.has(`${resolved}/`);
        const page = pages.has(resolved) ? resolved : `${resolved}/`;
        if (!isPage) {
          let exists = true;
          try {
            readFileSync(join(site.dir, resolved));
          } catch {
            exists = false;
          }
          if (!exists) broken.push(`${path}: ${target}`);
        } else if (hash && !ids.get(page)?.has(decodeURIComponent(hash))) broken.push(`${path}: ${target} (no #${hash})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(pages.size * 10);
    console.log(`docs site link check: ${checked} links and anchors of ${pages.size} pages hold`);
  });

  it('loads nothing from elsewhere: no script, style, font or picture from another host', () => {
    for (const [path, html] of pages) {
      expect(html, path).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)="(https?:)?\/\//);
    }
    const css = readFileSync(join(site.dir, 'assets', 'site.css'), 'utf8');
    expect(css).not.toMatch(/url\(|@import|@font-face/);
  });

  it('keeps to its budget: the whole site at most 15 MB, no page over 300 kB of HTML', () => {
    const { bytes, largestPage, seconds } = site.report;
    console.log(
      `docs site: ${(bytes / MB).toFixed(1)} MB in all (budget 15), largest page ${largestPage.path || '/'} ${(largestPage.bytes / 1e3).toFixed(0)} kB (budget 300), built in ${seconds.toFixed(0)} s`,
    );
    expect(bytes).toBeLessThanOrEqual(15 * MB);
    for (const [path, html] of pages) expect(Buffer.byteLength(html), path).toBeLessThanOrEqual(300_000);
  });
});
