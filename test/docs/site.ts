/**
 * One build of the docs site for the test files that read it (docs.test.ts, search.test.ts),
 * instead of one each: the first file to ask builds under a lock while the other waits, and a
 * later run reuses it. Its folder is named by a hash of what goes into it (the bundled specs,
 * docs/*.md and the README, the client's and the console's sources, the site's generator, the
 * lockfile), so a change to any makes a new build and no test reads a stale one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildSite, type SiteReport } from '../../scripts/docs-site/build.ts';
import { once } from '../support/once.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const TMP = join(ROOT, '.tmp');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

function inputsHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(ROOT, 'generated')),
    ...files(join(ROOT, 'src')),
    ...files(join(ROOT, 'console', 'src')),
    ...files(join(ROOT, 'scripts', 'docs-site')),
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md') || f === 'screenshots')
      .flatMap((f) => (f === 'screenshots' ? files(join(ROOT, 'docs', f)) : [join(ROOT, 'docs', f)])),
    join(ROOT, 'README.md'),
    join(ROOT, 'typedoc.json'),
    join(ROOT, 'package-lock.json'),
  ];
  for (const file of inputs) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export interface SharedSite {
  dir: string;
  report: SiteReport;
}

export async function sharedSite(): Promise<SharedSite> {
  const dir = join(TMP, `docs-site-${inputsHash()}`);
  await once(
    `${dir}.building`,
    () => existsSync(`${dir}.json`),
    async () => {
      // Builds made from other inputs are of no further use (the report beside each says it is complete).
      for (const old of readdirSync(TMP).filter((f) => /^docs-site-[0-9a-f]{16}(\.json)?$/.test(f)))
        rmSync(join(TMP, old), { recursive: true, force: true });
      // once() takes a lock older than three minutes for a killed run's: a build slowed past that
      // by a loaded machine keeps its lock fresh, so the other file goes on waiting.
      const fresh = setInterval(() => {
        try {
          utimesSync(`${dir}.building`, new Date(), new Date());
        } catch {
          // the lock is gone: nothing to keep fresh
        }
      }, 20_000);
      const report = await buildSite({ root: ROOT, out: dir }).finally(() => clearInterval(fresh));
      writeFileSync(`${dir}.json`, JSON.stringify(report));
    },
  );
  return { dir, report: JSON.parse(readFileSync(`${dir}.json`, 'utf8')) as SiteReport };
}

/** Every HTML page of the site, by site path (`api/members/`), with its text. */
export function pagesOf(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of files(dir)) {
    if (!file.endsWith('.html')) continue;
    const path = relative(dir, file).replace(/\\/g, '/');
    pages.set(path.endsWith('index.html') ? path.slice(0, -'index.html'.length) : path, readFileSync(file, 'utf8'));
  }
  return pages;
}

export const unescape = (html: string) =>
  html.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
