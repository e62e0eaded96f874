/**
 * Issue 31: the sandbox's provider paths win over the console's files whichever door serves both
 * (`npm start` and `npx storefront-kit [sandbox]` all start createSandboxServer with the built
 * console as `staticDir`, through cli.ts's main); the packaged door is walked from the installed
 * tarball in test/packaging/pack.test.ts. A path the console does not own answers the sandbox's
 * 404 in the provider's format, never the console's page.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, isConsoleRoute } from '../../src/sandbox/platform/server.ts';
import { doorDifferences, operationPaths } from '../support/doors.ts';
import { useSandboxServer } from '../support/sandbox.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { providerErrorProblem, recordFigures } from './support.ts';

/** A console build as the doors serve it: its page, its hashed assets, msw's worker. */
function consoleBuild(): string {
  const consoleDir = tempFolder('sfk-doors-');
  writeFileSync(
    join(consoleDir, 'index.html'),
    '<!doctype html><title>storefront-kit console</title><div id="root"></div>',
  );
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(join(consoleDir, 'mockServiceWorker.js'), '/* worker */');
  return consoleDir;
}

const door = useSandboxServer(() => ({ staticDir: consoleBuild() }));
const alone = useSandboxServer();

describe('the console beside the sandbox: provider paths first', () => {
  it("answers every operation's path as the sandbox alone does, never with the console's page", async () => {
    const differences = await doorDifferences(door.current.url, alone.current.url);
    expect(differences).toEqual([]);
    recordFigures(
      'doors',
      `doors: ${operationPaths().length} operation paths answered as the sandbox alone answers them`,
      {
        paths: operationPaths().length,
      },
    );
  });

  it("answers the provider's site-scripts call with its JSON, and a path nobody owns with the sandbox's 404", async () => {
    const scripts = await fetch(`${door.current.url}/assets/scripts/v1/site-scripts`);
    expect(scripts.headers.get('content-type')).toMatch(/^application\/json/);
    for (const path of ['/bookings/v2/services', '/assets/missing.js', '/no/such/page']) {
      const res = await fetch(door.current.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      const body = await res.json();
      expect(providerErrorProblem(body), path).toBeUndefined();
      expect(body.details.applicationError.code, path).toBe('NOT_FOUND');
    }
  });

  it("serves the console's files and its own routes (a deep link to an operation, the history, the sandbox view)", async () => {
    for (const path of [
      '/',
      '/op/getCurrentCart',
      '/op/checkout.createOrder',
      '/sandbox',
      '/history',
      '/flows',
      '/callback',
    ]) {
      const res = await fetch(door.current.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root">');
    }
    expect((await fetch(`${door.current.url}/assets/index-abc123.js`)).headers.get('content-type')).toMatch(
      /javascript/,
    );
  });

  it("names exactly the console router's routes as the console's", () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'console', 'src', 'app', 'main.tsx'), 'utf8');
    const routes = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '/');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(isConsoleRoute(`/${route.replace(/:\w+$/, 'x')}`), route).toBe(true);
    expect(CONSOLE_ROUTES).toHaveLength(routes.length);
  });
});
