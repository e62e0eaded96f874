/**
 * The example storefront (examples/storefront/, issue 24) beside the provider's Next.js template:
 * - the product page's first-load JavaScript, gzip per file, from each build's manifests (the
 *   example's firstLoadJs, first-load.ts for the template); the template is measured when SFK_TEMPLATE_DIR points at a built copy
 *   (`next build` done), else its recorded figure is printed with its date and how it was had;
 * - requests per main page: a shopper's browser (headless chromium, a new context: empty cache,
 *   no cookies) on a warm sandbox, every request from navigation until the network is idle;
 * - server render time of the home page against the sandbox: median of N GETs of / by a
 *   returning visitor (its token cookie), after warm-up rounds.
 * The sandbox runs in its own process as it ships (servers.ts); the storefront in this one, with
 * NODE_ENV=production (React's production server renderer) unless NODE_ENV is set.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildStorefront, firstLoadJs } from '../../examples/storefront/build.ts';
import { nextFirstLoad, TEMPLATE_PRODUCT_PAGE } from './first-load.ts';
import { CHROMIUM, FLAGS } from './console.ts';
import { startServer } from './servers.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PRODUCT_PATH = '/products/rain-jacket';
/** The product page's route id in the example's client manifest. */
const PRODUCT_ROUTE = 'routes/product';
/** The template's product route in its app-build-manifest.json. */
const TEMPLATE_ROUTE = '/product/[handle]/page';
const RENDERS = 30;
const WARM_UP = 5;

/** The main pages a shopper reaches without logging in. */
export const MAIN_PAGES: [string, string][] = [
  ['home', '/'],
  ['search', '/search?q=rain'],
  ['product', PRODUCT_PATH],
  ['cart', '/cart'],
];

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
  const sandbox = await startServer(['sandbox']);
  const store = await startStorefront({ sandboxUrl: sandbox.url, port: 0, buildDir: outDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    // Warm: every page rendered once, so the sandbox's and the server's first-call costs are paid.
    for (const [, path] of MAIN_PAGES) await (await fetch(store.url + path)).text();
    const requests: PageRequests[] = [];
    for (const [page, path] of MAIN_PAGES) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const byType: Record<string, number> = {};
      tab.on('request', (r) => {
        byType[r.resourceType()] = (byType[r.resourceType()] ?? 0) + 1;
      });
      await tab.goto(store.url + path, { waitUntil: 'networkidle' });
      await context.close();
      requests.push({ page, total: Object.values(byType).reduce((a, b) => a + b, 0), byType });
    }
    // A returning visitor: the first answer's token cookie goes with every render.
    const first = await fetch(store.url + '/');
    await first.text();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + RENDERS; i++) {
      const t0 = performance.now();
      const res = await fetch(store.url + '/', { headers: cookie ? { cookie } : {} });
      await res.text();
      if (res.status !== 200) throw new Error(`the home page answered ${res.status}`);
      if (i >= WARM_UP) times.push(performance.now() - t0);
    }
    return { firstLoad, template, requests, homeRender: { medianMs: median(times), samples: RENDERS } };
  } finally {
    await browser.close();
    await store.close();
    await sandbox.stop();
  }
}
