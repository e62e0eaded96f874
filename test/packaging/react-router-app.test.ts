/**
 * The packed tarball installed in a React Router 7 framework-mode app (test/packaging/react-router-app/,
 * copied to a temp folder), written as React Router's templates write it: its loaders read the
 * catalog on the server through the package's client, its pages render with storefront-kit/react.
 * The user's steps: `react-router typegen`, `tsc` (the package's types as an app resolves them),
 * `react-router build`, then the built server (server.js: @react-router/node on node:http, what
 * @react-router/serve does; that package is not in the repository's lockfile, so not in the npm
 * cache) against a sandbox. One install, one build, one server. The project installs
 * offline-first from the npm cache at the repository's own versions (as consumers.test.ts does).
 * Run once, on the machine's Node (scripts/runtimes.ts keeps it off the other runtimes).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedForTests } from '../../scripts/pack.ts';
import { createClient, OAuthStrategy, products } from '../../src/index.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { startUntil, type Started } from './support.ts';

const root = resolve(import.meta.dirname, '..', '..');
/** The app, made when the tests run (tempFolder: removed after the file's tests). */
let project: string;
const repoPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
/** The app's packages, at the versions the repository pins. */
const TOOLS = [
  'react-router',
  '@react-router/node',
  '@react-router/dev',
  'react',
  'react-dom',
  'vite',
  'typescript',
  '@types/node',
  '@types/react',
  '@types/react-dom',
];
/**
 * React Router's default server entry imports isbot, and its build runs `npm install` when the
 * app's dependencies lack it (as its templates list it): the version @react-router/dev brings.
 */
const LOCKED = ['isbot'];
/** A string only the sandbox's code holds (its control paths): the browser's bundle must not. */
const SANDBOX_ONLY = '/__sandbox/';
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' };

/** Runs a package's command-line entry in the app on this Node; returns what it printed. */
const tool = (script: string, args: string[]) =>
  execFileSync(process.execPath, [join(project, 'node_modules', script), ...args], {
    cwd: project,
    env,
    encoding: 'utf8',
    stdio: 'pipe',
    maxBuffer: 1 << 26,
  });

let sandbox: SandboxServer;
let server: Started | undefined;
/** The install's seconds, printed with the file's total (the tests' own are vitest's). */
let installSeconds = 0;

beforeAll(async () => {
  const tarball = await packedForTests();
  project = tempFolder('sfk-react-router-app-');
  cpSync(join(import.meta.dirname, 'react-router-app'), project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'react-router-app', private: true, type: 'module' }),
  );
  const pinned = TOOLS.map((name) => {
    const version = repoPackage.devDependencies[name];
    if (!version) throw new Error(`package.json pins no ${name} in devDependencies: the app installs the same version`);
    return `${name}@${version}`;
  });
  const locked = LOCKED.map((name) => {
    const version = lockfile.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`package-lock.json holds no ${name}: the app installs the version it locks`);
    return `${name}@${version}`;
  });
  // The cache first (npm ci filled it with every tool); the registry only for what it lacks.
  const installing = Date.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', tarball, ...pinned, ...locked], {
    cwd: project,
    env,
    stdio: 'pipe',
  });
  installSeconds = (Date.now() - installing) / 1000;
  sandbox = await createSandboxServer({ port: 0 });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
  // The temp folder (some hundred MB) goes with the file's others (test/support/temp-folder-cleanup.ts).
  console.log(`react-router-app.test.ts: the install took ${installSeconds.toFixed(1)} s`);
}, 300_000);

describe('a React Router app that installs the packed tarball', () => {
  it('type-checks after React Router’s typegen: the package’s entries resolve in the app', () => {
    tool('@react-router/dev/bin.js', ['typegen']);
    expect(tool('typescript/bin/tsc', ['--noEmit'])).toBe('');
  }, 300_000);

  it('builds, and its browser bundle carries the client but not the sandbox', () => {
    tool('@react-router/dev/bin.js', ['build']);
    const assets = join(project, 'build', 'client', 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    // Booleans: a failure prints no megabyte of bundle.
    expect(js.includes('/oauth2/token'), "the root's browser client is in the bundle").toBe(true);
    expect(js.includes(SANDBOX_ONLY), `the browser bundle holds the sandbox's ${SANDBOX_ONLY}`).toBe(false);
  }, 300_000);

  it('serves a product page rendered on the server from the catalog, and the scripts it names', async () => {
    const reader = createClient({
      modules: { products },
      auth: OAuthStrategy({ clientId: 'sandbox-client' }),
      host: sandbox.url,
    });
    // A product whose name HTML leaves as it is, with a price and a picture: what the page must show.
    const product = (await reader.products.queryProducts({ query: { paging: { limit: 50 } } })).products?.find(
      (p) =>
        p.slug &&
        /^[\w .,-]+$/.test(p.name ?? '') &&
        p.priceData?.currency &&
        p.priceData.price !== undefined &&
        p.media?.mainMedia?.image?.url,
    );
    if (!product?.priceData?.currency)
      throw new Error('the sandbox’s seed has no product with a plain name, a price and a picture');
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: product.priceData.currency }).format(
      product.priceData.price!,
    );

    server = await startUntil(
      process.execPath,
      [join(project, 'server.js')],
      { cwd: project, env: { ...env, PORT: '0', SFK_SANDBOX_URL: sandbox.url, NODE_ENV: 'production' } },
      /\[server\] (http:\/\/\S+)/,
    );
    const url = server.match[1];
    const page = await fetch(`${url}/products/${product.slug}`);
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(html).toContain(`<h1>${product.name}</h1>`);
    expect(html).toMatch(new RegExp(`<data value="[\\d.]+">${price.replace(/[$.]/g, '\\$&')}</data>`));
    // <Image>: the sandbox's media, scaled copies in a srcset.
    expect(html).toMatch(new RegExp(`<img src="${sandbox.url}/media/[^"]+" srcSet="[^"]+ 480w, `));

    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const answer = await fetch(url + script);
      expect({ script, status: answer.status, type: answer.headers.get('content-type') }).toEqual({
        script,
        status: 200,
        type: 'text/javascript',
      });
      await answer.arrayBuffer();
    }
  }, 300_000);
});
