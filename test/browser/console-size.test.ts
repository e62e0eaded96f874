/**
 * The console's size budget: the JavaScript a first visit loads (index.html's module script and
 * its modulepreload links) is at most 250 kB gzip, for the served console and the static one.
 * Everything else (the operation page and its schema form, the spec, the sandbox view, flows,
 * the in-browser sandbox) is loaded per route.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildConsole, buildStaticConsole, CONSOLE_DIR, STATIC_CONSOLE_DIR } from '../../scripts/build-console.ts';
import { ensureBuilt } from './support.ts';

const BUDGET_BYTES = 250 * 1000;
const PER_ROUTE = ['operation-page', 'sandbox-view', 'flows', 'history', 'callback', 'browser-sandbox'];

/** The JavaScript files index.html makes the browser load before anything is clicked. */
function eagerScripts(dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...scripts, ...preloads])];
}

describe.each([
  ['served console (dist/console)', CONSOLE_DIR, buildConsole],
  ['static console (dist/console-static)', STATIC_CONSOLE_DIR, buildStaticConsole],
] as const)('%s', (name, dir, build) => {
  it('loads at most 250 kB of gzipped JavaScript up front, the views per route', { timeout: 120_000 }, async () => {
    await ensureBuilt(dir, build);
    const files = eagerScripts(dir);
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(dir, f))).byteLength }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`${name}: initial JavaScript ${(total / 1000).toFixed(1)} kB gzip in ${files.length} files (budget ${BUDGET_BYTES / 1000} kB)`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    const eagerNames = files.map((f) => f.split('/').pop()!);
    for (const chunk of PER_ROUTE) expect(eagerNames.filter((n) => n.startsWith(`${chunk}-`)), chunk).toEqual([]);
    // The bundled spec (the schema forms' source) is the biggest part; it comes with the operation page.
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/openapi:\s*[`'"]3\./);
  });
});

it('ships the in-browser sandbox (msw and the sandbox handler) only in the static console', async () => {
  await ensureBuilt(CONSOLE_DIR, buildConsole);
  await ensureBuilt(STATIC_CONSOLE_DIR, buildStaticConsole);
  const chunks = (dir: string) => readdirSync(join(dir, 'assets')).filter((f) => f.startsWith('browser-sandbox-'));
  expect(chunks(CONSOLE_DIR)).toEqual([]);
  expect(chunks(STATIC_CONSOLE_DIR)).toHaveLength(1);
  expect(existsSync(join(CONSOLE_DIR, 'mockServiceWorker.js'))).toBe(false);
  expect(readFileSync(join(STATIC_CONSOLE_DIR, 'mockServiceWorker.js'), 'utf8')).toContain('addEventListener(\'fetch\'');
});
