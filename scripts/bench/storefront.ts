/**
 * The example storefront (examples/storefront/, issue 24) beside the provider's Next.js template:
 * - the product page's first-load JavaScript, gzip per file, from each build's manifests (the
 *   example's firstLoadJs, first-load.ts for the template); the template is measured when SFK_TEMPLATE_DIR points at a built copy
 *   (`next build` done), else its recorded figure is printed with its date and how it was had;
 * - requests per main page: a shopper's browser (headless chromium, a new context: empty cache,
 *   no cookies) on a warm sandbox, every request from navigation until none has waited for its answer
 *   in the last 500 ms after load;
 * - server render time of the home page against the sandbox: median of N GETs of / by a
 *   returning visitor (its token cookie), after warm-up rounds.
 * The sandbox runs in its own process as it ships (servers.ts); the storefront in this one, with
 * NODE_ENV=production (React's production server renderer) unless NODE_ENV is set.
 * With SFK_TEMPLATE_DIR, the template's requests per page and home render are measured the same
 * way: `next start` of its build in a child process on a free port, its provider calls routed to
 * the bench's sandbox by the preload (storefront-kit/sandbox/register, docs/preload.md); without
 * it (or when it does not start) the recorded figures below are printed, with the reason.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Request } from 'playwright-core';
import { chromium } from 'playwright-core';
import { buildStorefront, firstLoadJs } from '../../examples/storefront/build.ts';
import { nextFirstLoad, TEMPLATE_PRODUCT_PAGE } from './first-load.ts';
import { CHROMIUM, FLAGS } from './console.ts';
import { startServer } from './servers.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { median } from './median.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PRODUCT_PATH = '/products/rain-jacket';
/** The product page's route id in the example's client manifest. */
const PRODUCT_ROUTE = 'routes/product';
/** The template's product route in its app-build-manifest.json. */
const TEMPLATE_ROUTE = '/product/[handle]/page';
const RENDERS = 30;
const WARM_UP = 5;
/** A page is idle once no request is in flight for this long (Playwright's networkidle: 500 ms). */
const QUIET = 500;

/** The main pages a shopper reaches without logging in. */
export const MAIN_PAGES: [string, string][] = [
  ['home', '/'],
  ['search', '/search?q=rain'],
  ['product', PRODUCT_PATH],
  ['cart', '/cart'],
];

/** The client id the template runs with (its WIX_CLIENT_ID); the bench's sandbox accepts it beside its own. */
const TEMPLATE_CLIENT_ID = '7e1a2b3c-0000-4000-8000-00000000c0de';
/**
 * The template's pages matching MAIN_PAGES (its product pages are /product/<slug>). It has no
 * cart page: its cart is a modal over every page, so the cart row has no template figure.
 */
const TEMPLATE_PAGES: [string, string][] = [
  ['home', '/'],
  ['search', '/search?q=rain'],
  ['product', '/product/rain-jacket'],
];

/**
 * The template's requests per page and home render as this bench measured them on 2026-11-25
 * (SFK_TEMPLATE_DIR=<built copy> npm run bench -- --storefront, load average 1.5-3.8 on 2 CPUs):
 * printed when SFK_TEMPLATE_DIR does not give a running template. Home: 12 script, 9 image,
 * 9 fetch (link prefetches), 1 document, 1 font; search: 14 script, 10 fetch, 1 document, 1 font,
 * 1 image; product: 12 script, 9 fetch, 7 image, 1 document, 1 font.
 */
export const TEMPLATE_PAGES_RECORDED = {
  requests: { home: 32, search: 27, product: 30 } as Record<string, number>,
  homeRenderMs: 94,
  measured: '2026-11-25',
  how: "wix/nextjs-commerce as published, built unmodified with `next build`, under `next start` with the preload routing its provider calls to the bench's sandbox; pages /, /search?q=rain, /product/rain-jacket",
};

export interface PageRequests {
  page: string;
  total: number;
  /** Requests by Chromium's resource type (document, script, stylesheet, image, fetch...). */
  byType: Record<string, number>;
}

export interface StorefrontFigures {
  /** The example's own reading of its build's manifest (examples/storefront/build.ts). */
  firstLoad: ReturnType<typeof firstLoadJs>;
  template: { gzip: number; files: number; source: string };
  requests: PageRequests[];
  homeRender: { medianMs: number; samples: number };
  /** The template's figures for the same measures; `source` says whether measured now or recorded. */
  templatePages: {
    requests: (Pick<PageRequests, 'page' | 'total'> & Partial<PageRequests>)[];
    homeRenderMs: number;
    source: string;
  };
}

function templateFirstLoad(): StorefrontFigures['template'] {
  const dir = process.env.SFK_TEMPLATE_DIR;
  if (!dir) {
    const t = TEMPLATE_PRODUCT_PAGE;
    return { gzip: t.gzip, files: t.files, source: `recorded ${t.measured} (SFK_TEMPLATE_DIR not set): ${t.how}` };
  }
  const t = nextFirstLoad(dir, TEMPLATE_ROUTE);
  return {
    gzip: t.gzip,
    files: t.files.length,
    source: `measured now in SFK_TEMPLATE_DIR's .next (${TEMPLATE_ROUTE})`,
  };
}

/** Every request a shopper's browser makes on a first visit of each page (new context: empty cache, no cookies). */
async function requestsPerPage(browser: Browser, base: string, pages: [string, string][]): Promise<PageRequests[]> {
  // Warm: every page rendered once, so the sandbox's and the server's first-call costs are paid.
  for (const [, path] of pages) await (await fetch(base + path)).text();
  const requests: PageRequests[] = [];
  for (const [page, path] of pages) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const byType: Record<string, number> = {};
    // Idle: no request waiting for its answer for QUIET ms after load. Playwright's own
    // `networkidle` never comes on the template's home page: three of its link prefetches answer
    // 500 with a body that never ends; they count as requests, answered.
    const waiting = new Set<Request>();
    let lastEvent = performance.now();
    const answered = (r: Request) => (waiting.delete(r), (lastEvent = performance.now()));
    tab.on('request', (r) => {
      byType[r.resourceType()] = (byType[r.resourceType()] ?? 0) + 1;
      waiting.add(r);
      lastEvent = performance.now();
    });
    tab.on('response', (res) => answered(res.request()));
    tab.on('requestfailed', answered);
    await tab.goto(base + path, { waitUntil: 'load' });
    const deadline = performance.now() + 30_000;
    while (waiting.size > 0 || performance.now() - lastEvent < QUIET) {
      if (performance.now() > deadline)
        throw new Error(`${base + path}: ${waiting.size} requests still unanswered 30 s after load`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await context.close();
    requests.push({ page, total: Object.values(byType).reduce((a, b) => a + b, 0), byType });
  }
  return requests;
}

/** Median time of GET / by a returning visitor: the first answer's cookies go with every render. */
async function homeRender(base: string): Promise<number> {
  const first = await fetch(base + '/');
  await first.text();
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + RENDERS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + '/', { headers: cookie ? { cookie } : {} });
    await res.text();
    if (res.status !== 200) throw new Error(`the home page of ${base} answered ${res.status}`);
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * `next start` of the built template in `dir` on a free port, through the preload pointed at
 * `sandboxUrl`; resolves once Next.js prints its URL and is ready. Stopped by its process group.
 */
async function startTemplate(dir: string, sandboxUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  // One --import for Next.js's processes: tsx's loader, then this checkout's preload (TypeScript source).
  const register = join(root, '.tmp', 'template-register.mjs');
  mkdirSync(dirname(register), { recursive: true });
  writeFileSync(
    register,
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};\nregister();\n` +
      `await import(${JSON.stringify(pathToFileURL(join(root, 'src', 'sandbox', 'register.ts')).href)});\n`,
  );
  const child = spawn(join(dir, 'node_modules', '.bin', 'next'), ['start', '-p', '0', '-H', '127.0.0.1'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SFK_SANDBOX_URL: sandboxUrl,
      WIX_CLIENT_ID: TEMPLATE_CLIENT_ID,
      NODE_OPTIONS: `--import ${pathToFileURL(register).href}`,
    },
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      process.kill(-child.pid!, 'SIGTERM');
    });
  let output = '';
  // The template logs a stack on some renders (its useSearchParams bail-out): kept, not printed.
  child.stderr.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-2000)));
  return new Promise((resolve, reject) => {
    let url = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${why}: ${output.trim().slice(-400)}`)));
    };
    const timer = setTimeout(() => fail('next start did not get ready in 60 s'), 60_000);
    child.once('exit', (code) => fail(`next start exited with ${code}`));
    child.stdout.on('data', (b: Buffer) => {
      output = (output + b.toString()).slice(-2000);
      url ||= /Local:\s+(http:\/\/\S+)/.exec(output)?.[1] ?? '';
      if (url && /Ready in/.test(output)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ url, stop });
      }
    });
  });
}

/** The template's figures measured now on the bench's sandbox, or the recorded ones with why. */
async function templatePages(
  browser: Browser,
  sandboxUrl: string,
  progress: (line: string) => void,
): Promise<StorefrontFigures['templatePages']> {
  const t = TEMPLATE_PAGES_RECORDED;
  const recorded = (why: string) => ({
    requests: Object.entries(t.requests).map(([page, total]) => ({ page, total })),
    homeRenderMs: t.homeRenderMs,
    source: `recorded ${t.measured} (${why}): ${t.how}`,
  });
  const dir = process.env.SFK_TEMPLATE_DIR;
  if (!dir) return recorded('SFK_TEMPLATE_DIR not set');
  progress(`storefront: starting the template in ${dir} (next start, through the preload)`);
  const started = await startTemplate(dir, sandboxUrl).then(
    (s) => s,
    (e: Error) => e,
  );
  if (started instanceof Error) {
    progress(`storefront: the template did not start: ${started.message}`);
    return recorded(`the template in SFK_TEMPLATE_DIR did not start: ${started.message.slice(0, 200)}`);
  }
  try {
    const requests = await requestsPerPage(browser, started.url, TEMPLATE_PAGES);
    return {
      requests,
      homeRenderMs: await homeRender(started.url),
      source: `measured now: SFK_TEMPLATE_DIR's build under next start, the same sandbox`,
    };
  } finally {
    await started.stop();
  }
}

export async function storefrontBench(progress: (line: string) => void): Promise<StorefrontFigures> {
  progress('storefront: building the example (react-router build) into .tmp/storefront-bench');
  const { outDir } = await buildStorefront({ outDir: join(root, '.tmp', 'storefront-bench') });
  const firstLoad = firstLoadJs(outDir, PRODUCT_ROUTE);
  const template = templateFirstLoad();
  // React's production renderer, as a deployed storefront runs (set before the server's first import).
  process.env.NODE_ENV ??= 'production';
  // By a computed name: the root type check (scripts/) then does not follow it into the app, whose
  // `storefront-kit` imports resolve to dist/ there (examples/storefront/tsconfig.json checks it).
  const server = '../../examples/storefront/server.ts';
  const { startStorefront } = (await import(server)) as {
    startStorefront(o: {
      sandboxUrl: string;
      port: number;
      buildDir: string;
    }): Promise<{ url: string; close(): Promise<void> }>;
  };
  // The sandbox also accepts the template's client id (its WIX_CLIENT_ID), beside its own.
  const sandbox = await startServer(['sandbox', '--client-id', `${DEFAULT_CLIENT_ID},${TEMPLATE_CLIENT_ID}`]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const store = await startStorefront({ sandboxUrl: sandbox.url, port: 0, buildDir: outDir });
    let requests: PageRequests[];
    let medianMs: number;
    try {
      requests = await requestsPerPage(browser, store.url, MAIN_PAGES);
      medianMs = await homeRender(store.url);
    } finally {
      await store.close();
    }
    return {
      firstLoad,
      template,
      requests,
      homeRender: { medianMs, samples: RENDERS },
      templatePages: await templatePages(browser, sandbox.url, progress),
    };
  } finally {
    await browser.close();
    await sandbox.stop();
  }
}
