/**
 * The packed tarball installed in a fresh project (test/packaging/consumer/, copied to a temp
 * folder) and built the ways users build: tsc with moduleResolution node16 (then run) and bundler
 * (the Next.js app's sources included: its build skips a second type check), a Vite browser app,
 * a Next.js app with a Node and an edge route (built, then served). The
 * project installs offline-first from the npm cache, at the repository's own tool versions.
 * Run once, on the machine's Node (scripts/runtimes.ts keeps it off the other runtimes).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedForTests } from '../../scripts/pack.ts';
import { createSandboxServer, type SandboxServer } from '../../src/sandbox/sandbox-server.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { startUntil } from './support.ts';

const root = resolve(import.meta.dirname, '..', '..');
/** The consumer project, made when the tests run (tempFolder: removed after the file's tests). */
let project: string;
const repoPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
/** The consumer's tools, at the versions the repository pins. */
const TOOLS = ['typescript', '@types/node', 'vite', 'next', 'react', 'react-dom', '@types/react', '@types/react-dom'];
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', NEXT_TELEMETRY_DISABLED: '1' };
/** Runs a package's command-line entry in the consumer project on this Node; returns what it printed. */
const tool = (script: string, args: string[], cwd = project) =>
  execFileSync(process.execPath, [join(project, 'node_modules', script), ...args], {
    cwd,
    env,
    encoding: 'utf8',
    stdio: 'pipe',
    maxBuffer: 1 << 26,
  });
const tsc = (config: string) => tool('typescript/bin/tsc', ['-p', config]);

let sandbox: SandboxServer;

beforeAll(async () => {
  const tarball = await packedForTests();
  project = tempFolder('sfk-consumer-');
  cpSync(join(import.meta.dirname, 'consumer'), project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const tools = TOOLS.map((name) => {
    const version = repoPackage.devDependencies[name];
    if (!version)
      throw new Error(`package.json pins no ${name} in devDependencies: the consumer installs the same version`);
    return `${name}@${version}`;
  });
  // The cache first (npm ci filled it with every tool); the registry only for what it lacks.
  execFileSync('npm', ['install', '--prefer-offline', '--no-package-lock', tarball, ...tools], {
    cwd: project,
    env,
    stdio: 'pipe',
  });
  sandbox = await createSandboxServer({ port: 0 });
}, 600_000);

afterAll(async () => {
  await sandbox?.close();
  // The project (some hundred MB: next) goes with the file's other temporary folders (test/support/temp-folder-cleanup.ts).
}, 300_000);

describe('a fresh project that installs the packed tarball', () => {
  it('type-checks with moduleResolution node16 (the package’s declarations checked too), and its output runs on Node', () => {
    tsc('tsconfig.node16.json');
    const out = JSON.parse(
      execFileSync(process.execPath, [join(project, 'out', 'node16', 'app.js')], { encoding: 'utf8' }),
    );
    expect(out).toEqual({ products: 2, cart: 'OWNED_CART_NOT_FOUND' });
  }, 300_000);

  it('type-checks with moduleResolution bundler, the Next.js app included', () => {
    expect(tsc('tsconfig.bundler.json')).toBe('');
  }, 300_000);

  it('builds a Vite browser app whose bundle carries the client and no Node built-in', () => {
    const log = tool('vite/bin/vite.js', ['build', '--logLevel', 'info'], join(project, 'vite'));
    // Vite swaps a Node built-in for an empty stub and only warns: the warning and the stub are failures here.
    expect(log).not.toMatch(/externalized for browser compatibility/);
    const assets = join(project, 'vite', 'dist', 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
    expect(js).toContain('/ecom/v1/carts/current');
    expect(js).toContain('/oauth2/token');
    expect(js).not.toContain('__vite-browser-external');
    expect(js).not.toMatch(/["'`]node:[a-z_/]+["'`]/);
  }, 300_000);

  it('builds a Next.js app, and its Node and edge routes answer from the sandbox through the client', async () => {
    tool('next/dist/bin/next', ['build']);
    const server = await startUntil(
      process.execPath,
      [join(project, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '--port', '0'],
      { cwd: project, env: { ...env, SFK_SANDBOX_URL: sandbox.url } },
      /Local:\s+(http:\/\/\S+)/,
    );
    try {
      const url = server.match[1];
      for (const runtime of ['nodejs', 'edge']) {
        const r = await fetch(`${url}/api/${runtime === 'nodejs' ? 'node' : 'edge'}`);
        expect({ status: r.status, body: await r.json() }).toEqual({
          status: 200,
          body: { runtime, code: 'OWNED_CART_NOT_FOUND' },
        });
      }
    } finally {
      await server.stop();
    }
  }, 600_000);
});
