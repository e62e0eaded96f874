/**
 * The publishable package: `npm pack`, install the tarball in a scratch project, import it in
 * this Node (both entry points; `npm test` runs this file on Node 20, 22, 24 and 26) and bundle it
 * for the browser. `npm test` packs once for every runtime (SFK_PACKED); run alone, the packaging
 * test files pack once between them (scripts/pack.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedForTests } from '../../scripts/pack.ts';
import { createSandboxServer } from '../../src/sandbox/index.ts';
import { doorDifferences } from '../support/doors.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { startUntil } from './support.ts';

/** The scratch project, made when the tests run (tempFolder: removed after the file's tests). */
let scratch: string;
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
/** Runs a script in the scratch project on the Node running this test. */
const runHere = (script: string) =>
  JSON.parse(execFileSync(process.execPath, [script], { cwd: scratch, encoding: 'utf8' }));
const node = `Node ${process.versions.node}`;
/** The React entries' optional peers, at the versions the repository pins (npm does not install optional peers). */
const { devDependencies } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
/** What esbuild bundles of `contents` for the browser, resolved in the scratch project. */
async function bundleForBrowser(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: scratch },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    minify: true,
  });
  expect(result.errors).toEqual([]);
  return result.outputFiles[0].text;
}
const reactPeers = ['react', 'react-dom', '@tanstack/react-query'].map((name) => `${name}@${devDependencies[name]}`);

beforeAll(async () => {
  const tarball = await packedForTests();
  scratch = tempFolder('sfk-pack-');
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  // Prefer the cache (npm ci filled it); a fresh CI cache may still lack the registry's package metadata.
  npm(['install', '--prefer-offline', '--no-package-lock', tarball, ...reactPeers], scratch);
}, 240_000);

describe('the packed library', () => {
  it(`carries the CLI and the console: \`npx storefront-kit\` serves the console beside the sandbox on ${node}`, async () => {
    expect(existsSync(join(scratch, 'node_modules', '.bin', 'storefront-kit'))).toBe(true);
    const cli = await startUntil(
      process.execPath,
      [join(scratch, 'node_modules', 'storefront-kit', 'bin', 'storefront-kit.js'), '--port', '0'],
      { cwd: scratch },
      /console: +(http:\/\/\S+)\//,
    );
    try {
      const url = cli.match[1];
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>storefront-kit console</title>');
      // A deep link is the console's own route; the API still answers beside it.
      expect(await (await fetch(`${url}/op/getCurrentCart`)).text()).toContain('<div id="root">');
      const script = (await (await fetch(`${url}/`)).text()).match(/src="(\/assets\/[^"]+\.js)"/)![1];
      expect((await fetch(`${url}${script}`)).headers.get('content-type')).toMatch(/javascript/);
      const token = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'sandbox-client', grantType: 'anonymous' }),
      });
      expect(token.status).toBe(200);
    } finally {
      await cli.stop();
    }
  });

  it(`\`npx storefront-kit sandbox\` answers every provider path as \`npm run sandbox\` does (provider paths before the console's files) on ${node}`, async () => {
    const cli = await startUntil(
      process.execPath,
      [join(scratch, 'node_modules', 'storefront-kit', 'bin', 'storefront-kit.js'), 'sandbox', '--port', '0', '--log', 'off'],
      { cwd: scratch },
      /console: +(http:\/\/\S+)\//,
    );
    const alone = await createSandboxServer({ port: 0 });
    try {
      expect(await doorDifferences(cli.match[1], alone.url)).toEqual([]);
    } finally {
      await alone.close();
      await cli.stop();
    }
  });

  it(`imports in ${node}: the client entry and the sandbox entry`, () => {
    writeFileSync(
      join(scratch, 'use.mjs'),
      `import { createClient, OAuthStrategy, ApiKeyStrategy, currentCart, members, ValidationError } from 'storefront-kit';
       import { createSandbox, createSandboxServer } from 'storefront-kit/sandbox';
       const kit = createClient({ modules: { currentCart, members }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }) });
       console.log(JSON.stringify({
         node: process.version, client: typeof kit.currentCart.getCurrentCart, members: typeof kit.members.queryMembers,
         oauth: typeof OAuthStrategy, error: typeof ValidationError, sandbox: typeof createSandbox, server: typeof createSandboxServer,
       }));`,
    );
    expect(runHere('use.mjs')).toEqual({
      node: process.version,
      client: 'function',
      members: 'function',
      oauth: 'function',
      error: 'function',
      sandbox: 'function',
      server: 'function',
    });
  });

  it(`imports in ${node}: the React entries and react-query, and the server entry renders a prefetched cart from its own sandbox`, () => {
    writeFileSync(
      join(scratch, 'react.mjs'),
      `import { createElement as h } from 'react';
       import { renderToString } from 'react-dom/server';
       import { createClient, currentCartV2, OAuthStrategy, products, redirects } from 'storefront-kit';
       import { createSandboxServer } from 'storefront-kit/sandbox';
       import { StorefrontProvider, useCart } from 'storefront-kit/react';
       import { createServerStorefront } from 'storefront-kit/react/server';
       import { renderWithSandbox } from 'storefront-kit/react/testing';
       import { storefrontQueries } from 'storefront-kit/react-query';
       const s = await createSandboxServer({ port: 0 });
       const client = createClient({ modules: { currentCartV2, products, redirects }, auth: OAuthStrategy({ clientId: 'sandbox-client' }), host: s.url });
       const server = createServerStorefront({ client });
       await server.prefetchCart();
       const Lines = () => h('p', null, 'lines: ' + useCart((cart) => cart?.lineItems.length));
       const html = renderToString(h(StorefrontProvider, { client, state: server.dehydrate() }, h(Lines)));
       const query = storefrontQueries(client).products.queryProducts.queryOptions({ query: { paging: { limit: 2 } } });
       const page = await query.queryFn({ queryKey: query.queryKey, signal: new AbortController().signal, meta: undefined });
       console.log(JSON.stringify({ html, testing: typeof renderWithSandbox, queryKey: query.queryKey, products: page.products.length }));
       await s.close();`,
    );
    expect(runHere('react.mjs')).toEqual({
      html: '<p>lines: 0</p>',
      testing: 'function',
      queryKey: ['storefront-kit', 'products', 'queryProducts', { query: { paging: { limit: 2 } } }],
      products: 2,
    });
  });

  it('bundles the React entry for the browser with no Node built-ins and without the sandbox', async () => {
    const bundle = await bundleForBrowser(
      `import { StorefrontProvider, useCart } from 'storefront-kit/react'; console.log(StorefrontProvider, useCart);`,
    );
    expect(bundle).not.toMatch(/node:/);
    expect(bundle).not.toContain('/__sandbox/');
  });

  it(`answers a call against its own sandbox on ${node}, installed from the tarball`, () => {
    writeFileSync(
      join(scratch, 'call.mjs'),
      `import { createClient, oauth } from 'storefront-kit';
       import { createSandboxServer } from 'storefront-kit/sandbox';
       const s = await createSandboxServer({ port: 0 });
       const kit = createClient({ modules: { oauth }, host: s.url });
       const t = await kit.oauth.token({ clientId: 'sandbox-client', grantType: 'anonymous' });
       console.log(JSON.stringify({ hasToken: typeof t.access_token === 'string' }));
       await s.close();`,
    );
    expect(runHere('call.mjs')).toEqual({ hasToken: true });
  });

  it('bundles for the browser with no Node built-ins', async () => {
    const bundle = await bundleForBrowser(
      `import { createClient, OAuthStrategy, currentCart } from 'storefront-kit'; createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) }).currentCart.getCurrentCart();`,
    );
    expect(bundle).not.toMatch(/node:/);
  });

  it('bundles only what the app calls: a cart page carries no other module, no direct login and no hosted login', async () => {
    const cart = await bundleForBrowser(
      `import { createClient, OAuthStrategy, currentCart } from 'storefront-kit'; createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) }).currentCart.getCurrentCart();`,
    );
    expect(cart).toContain('/ecom/v1/carts/current/add-to-cart');
    expect(cart).toContain('/oauth2/token');
    for (const absent of [
      '/members/v1/members',
      '/_api/iam/authentication/v2/login',
      '/stores/v1/products',
      'ecom/v1/orders',
      // The PKCE authorization request of withHostedLogin.
      'S256',
    ])
      expect(cart).not.toContain(absent);
    const hosted = await bundleForBrowser(
      `import { createClient, OAuthStrategy, withHostedLogin } from 'storefront-kit'; const auth = withHostedLogin(OAuthStrategy({ clientId: 'c' })); createClient({ auth }); auth.generateOAuthData('https://shop/cb').then((d) => auth.getAuthUrl(d));`,
    );
    expect(hosted).toContain('S256');
    const login = await bundleForBrowser(
      `import { createClient, OAuthStrategy, withDirectLogin } from 'storefront-kit'; const auth = withDirectLogin(OAuthStrategy({ clientId: 'c' })); createClient({ auth }); auth.login({ email: 'a', password: 'b' });`,
    );
    expect(login).toContain('/_api/iam/authentication/v2/login');
    expect(login).not.toContain('/ecom/v1/carts/current');
  });
});
