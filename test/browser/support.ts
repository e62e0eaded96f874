/**
 * One console server and one Debian chromium per browser test file (playwright-core).
 * `useConsole()` serves dist/console the way `npm start` does (beside the sandbox);
 * `useStaticConsole()` serves dist/console-static with a plain static file server and no
 * sandbox at all: the console's own service worker answers the API.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildConsole, buildStaticConsole, CONSOLE_DIR, STATIC_CONSOLE_DIR } from '../../scripts/build-console.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { once } from '../support/once.ts';

export const CHROMIUM = '/usr/bin/chromium';
/** Headless and offline (no background requests) in a container; ComputedAccessibilityInfo: element.computedName / computedRole, for the accessibility test. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--enable-blink-features=ComputedAccessibilityInfo',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const root = resolve(import.meta.dirname, '..', '..');
export const screenshots = join(root, 'docs', 'screenshots');

export interface ConsoleHarness {
  server: { url: string; close(): Promise<void> };
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page so far. */
  pageErrors: string[];
}

export interface SandboxConsoleHarness extends ConsoleHarness {
  server: SandboxServer;
}

async function launch(h: ConsoleHarness): Promise<void> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium (.ci/run installs it)`,
    );
  h.browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  h.page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  h.page.on('pageerror', (e) => h.pageErrors.push(String(e)));
}

function closeWith(h: ConsoleHarness): void {
  afterAll(async () => {
    await h.browser?.close();
    await h.server?.close();
  });
}

/**
 * `npm test` builds the console once before vitest (a step of scripts/test.ts); a lone run
 * builds a missing one here, one test file at a time (a lock directory, test/support/once.ts),
 * since vite empties the folder it writes while parallel files would be reading it.
 */
export const ensureBuilt = (dir: string, build: () => Promise<void>): Promise<void> =>
  once(`${dir}.building`, () => existsSync(join(dir, 'index.html')), build);

export function useConsole(): SandboxConsoleHarness {
  const h = { pageErrors: [] as string[] } as unknown as SandboxConsoleHarness;
  beforeAll(async () => {
    await ensureBuilt(CONSOLE_DIR, buildConsole);
    // Every answer the console gets is checked against the spec (a mismatch would answer 500).
    h.server = await createSandboxServer({ port: 0, staticDir: CONSOLE_DIR, validateResponses: true });
    await launch(h);
  }, 180_000);
  closeWith(h);
  return h;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A plain static file server, like a static host: files as they are, 404.html for anything else. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const base = normalize(dir + sep);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(base, pathname === '/' ? 'index.html' : pathname));
    const answer = (status: number, path: string) =>
      readFile(path).then((body) => {
        res.writeHead(status, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
        res.end(body);
      });
    (file.startsWith(base) ? answer(200, file) : Promise.reject(new Error('outside')))
      .catch(() => answer(404, join(base, '404.html')))
      .catch(() => {
        res.writeHead(404).end();
      });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export function useStaticConsole(): ConsoleHarness {
  const h = { pageErrors: [] as string[] } as unknown as ConsoleHarness;
  beforeAll(async () => {
    await ensureBuilt(STATIC_CONSOLE_DIR, buildStaticConsole);
    h.server = await serveStatic(STATIC_CONSOLE_DIR);
    await launch(h);
  }, 180_000);
  closeWith(h);
  return h;
}

/**
 * Where the status of the answer to the Send just pressed is: in the window without scrolling,
 * or not. Send moves the focus to the status line in the frame after the answer renders (a
 * screen reader hears it), and the focus is what brings it into view; so this waits for that
 * focus, an event, and only then measures, instead of measuring whatever the page shows at
 * once (which, on a loaded machine, can be the moment before the focus moved).
 */
export async function statusInView(page: Page): Promise<{ status: string; inView: boolean; focused: boolean }> {
  const status = page.getByTestId('status');
  await status.waitFor({ timeout: 15_000 });
  const focused = await page
    .waitForFunction(() => document.activeElement?.classList.contains('status-line'), undefined, { timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
  // The frame after the focus: any scroll the focus caused has been laid out.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return status.evaluate((el, focused) => {
    const r = el.getBoundingClientRect();
    return {
      status: el.textContent!.trim(),
      inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
      focused,
    };
  }, focused);
}

/**
 * Opens the operation search with its keyboard shortcut, as a user does: the shortcut's listener
 * is attached by an effect after the first render, and it focuses the search on the next frame.
 * So each press is watched: a listener of the test's, added after the page's, sees whether the
 * page took the key (it prevents the key's default). A press the page was not yet listening for
 * (only a test is that fast) is pressed again, at most twice; a press it took is followed by a
 * wait for the focus, an event, with no second press that could type into the focused search
 * however slow the machine.
 */
export async function openOperationSearch(page: Page, shortcut: '/' | 'Control+k'): Promise<void> {
  const key = shortcut === '/' ? '/' : 'k';
  for (let attempt = 1; ; attempt++) {
    // In an object: a handle to a bare promise would wait for it, before the key is pressed.
    const heard = await page.evaluateHandle(
      (key) => ({
        taken: new Promise<boolean>((done) => {
          const watch = (e: KeyboardEvent) => {
            if (e.key.toLowerCase() !== key) return;
            removeEventListener('keydown', watch);
            done(e.defaultPrevented);
          };
          addEventListener('keydown', watch);
        }),
      }),
      key,
    );
    await page.keyboard.press(shortcut);
    const taken = await heard.evaluate((h) => h.taken);
    await heard.dispose();
    if (taken) {
      await page.waitForFunction(() => document.activeElement?.id === 'op-search', undefined, { timeout: 30_000 });
      return;
    }
    if (attempt === 3) throw new Error(`the page did not take ${shortcut}, pressed three times`);
    // A frame, so the page's first render and its effects can run before the next press.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);

// Evaluated in the page through the devtools protocol: a page's CSP rightly refuses an injected <script>.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
