/**
 * `npm run docs`: the docs site into docs/site/ (plain files: the guides, a page per service and
 * per operation, the client's API, one offline search; scripts/docs-site/build.ts), and the
 * sandbox's coverage table (docs/coverage.md) it publishes. `npm run docs -- --serve [--port N]`
 * builds it and serves it on 127.0.0.1 (port 4011 unless told), printing the URL.
 * `--console-url URL` names the console the operation pages' "Try it" links open
 * (http://127.0.0.1:4010, where `npx storefront-kit` serves it, unless told).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSite, CONSOLE_URL } from './docs-site/build.ts';
import { serveSite } from './docs-site/serve.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SITE_DIR = join(root, 'docs', 'site');

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    port: { type: 'string', default: '4011' },
    'console-url': { type: 'string', default: CONSOLE_URL },
    out: { type: 'string', default: SITE_DIR },
  },
});

// The sandbox's coverage table (also a test: docs/coverage.md must match the handlers), a guide of the site.
execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/coverage.ts'], { stdio: 'inherit', cwd: root });

const out = resolve(values.out);
const report = await buildSite({
  root,
  out,
  consoleUrl: values['console-url'].replace(/\/$/, ''),
  log: (line) => console.log(line),
});
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
console.log(
  `docs site: ${report.pages} pages (${report.operations} operations, ${report.guides.length} guides) in ${out}; ` +
    `${mb(report.bytes)} in all (budget 15 MB), largest page ${report.largestPage.path || '/'} ${(report.largestPage.bytes / 1e3).toFixed(0)} kB (budget 300 kB); built in ${report.seconds.toFixed(1)} s`,
);

if (values.serve) {
  const server = await serveSite(out, Number(values.port));
  console.log(`docs site on ${server.url} (Ctrl-C stops it)`);
}
