/**
 * The console (dist/console, built by `npm run build:console` if missing):
 * - initial JavaScript: the entry and module preloads index.html names, gzip -9, against a
 *   React 19 page that renders one button (react + react-dom, esbuild, minified) built in the
 *   same run: what the console adds to React itself;
 * - the JavaScript fetched until the first operation form is interactive;
 * - time from navigation to /op/getCurrentCart until its Send button is enabled, in headless
 *   chromium with an empty cache each time, against a blank page with one button served by a
 *   bare node:http server, the two taking turns.
 */
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './servers.ts';
import { median } from './median.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONSOLE = join(root, 'dist', 'console');
/** Debian's chromium and the flags every bench page runs it with (headless, no background requests). */
export const CHROMIUM = '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SAMPLES = 5;

const gz = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).byteLength;

/** The JavaScript index.html loads before anything runs: its module entry and module preloads. */
function initialScripts(): string[] {
  const html = readFileSync(join(CONSOLE, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
}

async function reactFloor(): Promise<number> {
  const out = await build({
    stdin: {
      contents: `import { createRoot } from 'react-dom/client'; import { jsx } from 'react/jsx-runtime';
createRoot(document.getElementById('root')).render(jsx('button', { children: 'Send' }));`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gz(out.outputFiles[0].contents);
}

export interface ConsoleResult {
  initialJsGzip: number;
  reactFloorGzip: number;
  /** JavaScript files fetched until the first operation form was interactive (gzip -9 of each). */
  jsToFirstFormGzip: number;
  firstFormMs: number;
  blankPageMs: number;
}

export async function consoleBench(): Promise<ConsoleResult> {
  if (!existsSync(join(CONSOLE, 'index.html'))) {
    const { buildConsole } = await import('../build-console.ts');
    await buildConsole();
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`The console bench needs Debian's chromium at ${CHROMIUM}: apt-get install chromium`);
  const initialJsGzip = initialScripts().reduce((n, src) => n + gz(readFileSync(join(CONSOLE, src))), 0);
  const reactFloorGzip = await reactFloor();

  const dir = mkdtempSync(join(tmpdir(), 'sfk-bench-console-'));
  const blankFile = join(dir, 'blank.json');
  writeFileSync(
    blankFile,
    JSON.stringify({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><title>blank</title><button>Send</button>',
    }),
  );
  const [sandbox, blank] = await Promise.all([
    startServer(['sandbox', `--static=${CONSOLE}`]),
    startServer(['bare', blankFile]),
  ]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    /** Milliseconds from navigation to an enabled Send button, in a fresh context (empty cache). */
    const timeToSend = async (url: string, scripts?: Set<string>) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (scripts)
        page.on('request', (r) => void (r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname)));
      const start = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Send' && !b.disabled),
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const ms = performance.now() - start;
      await context.close();
      return ms;
    };
    const scripts = new Set<string>();
    await timeToSend(`${sandbox.url}/op/getCurrentCart`, scripts); // warm the servers and the browser
    await timeToSend(blank.url);
    const consoleMs: number[] = [];
    const blankMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      consoleMs.push(await timeToSend(`${sandbox.url}/op/getCurrentCart`));
      blankMs.push(await timeToSend(blank.url));
    }
    const jsToFirstFormGzip = [...scripts].reduce(
      (n, p) => n + (existsSync(join(CONSOLE, p)) ? gz(readFileSync(join(CONSOLE, p))) : 0),
      0,
    );
    return {
      initialJsGzip,
      reactFloorGzip,
      jsToFirstFormGzip,
      firstFormMs: median(consoleMs),
      blankPageMs: median(blankMs),
    };
  } finally {
    await browser.close();
    await Promise.all([sandbox.stop(), blank.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}
