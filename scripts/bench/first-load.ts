/**
 * First-load JavaScript of a product page, gzip -9 per file, read from a build's manifests (no
 * browser): what a shopper's first visit to the page downloads before it is interactive.
 * - the example storefront (React Router 7): the client manifest's entry module and its imports,
 *   and for every route of the matched chain (root to the product route) its module and imports:
 *   the modulepreload links of the server-rendered page (the route manifest itself is inlined in
 *   the HTML with lazy route discovery, not a file the page loads);
 * - a Next.js app-router build (the provider's template): what `next build` counts as a route's
 *   "First Load JS": the root main files (framework, main-app, webpack runtime) and the chunks
 *   app-build-manifest.json lists for the route's page and its root layout.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  /** Sum of each file's gzip -9 size. */
  gzip: number;
  raw: number;
  files: string[];
}

function measure(dir: string, files: string[]): FirstLoad {
  const unique = [...new Set(files)].filter((f) => f.endsWith('.js'));
  let gzip = 0;
  let raw = 0;
  for (const f of unique) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { gzip, raw, files: unique };
}

interface RouterRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface RouterManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, RouterRoute>;
  url?: string;
}

/** React Router's client manifest (build/client/assets/manifest-<hash>.js: `window.__reactRouterManifest={...}`). */
export function readRouterManifest(clientDir: string): RouterManifest {
  const assets = join(clientDir, 'assets');
  const name = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name)
    throw new Error(`no React Router client manifest (assets/manifest-*.js) in ${clientDir}: build the example first`);
  const text = readFileSync(join(assets, name), 'utf8');
  const json = /^window\.__reactRouterManifest\s*=\s*(\{[\s\S]*\});?\s*$/.exec(text.trim())?.[1];
  if (!json) throw new Error(`${name} is not a React Router client manifest (window.__reactRouterManifest=...)`);
  return JSON.parse(json) as RouterManifest;
}

/** The route chain (root first) whose paths match `pathname`, as React Router would match it for a leaf page. */
export function matchRouteChain(routes: Record<string, RouterRoute>, pathname: string): RouterRoute[] {
  const fullPath = (r: RouterRoute): string => {
    const parent = r.parentId ? routes[r.parentId] : undefined;
    const own = (r.path ?? '').replace(/^\/|\/$/g, '');
    return [parent ? fullPath(parent) : '', own].filter(Boolean).join('/');
  };
  const segments = pathname.split('/').filter(Boolean);
  const leaf = Object.values(routes).find((r) => {
    if (!r.path && !r.index) return false;
    const pattern = fullPath(r).split('/').filter(Boolean);
    return pattern.length === segments.length && pattern.every((p, i) => p.startsWith(':') || p === segments[i]);
  });
  if (!leaf) throw new Error(`no route of the client manifest matches ${pathname}`);
  const chain: RouterRoute[] = [];
  for (let r: RouterRoute | undefined = leaf; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
  return chain;
}

/** The example's first-load JavaScript for `pathname` (e.g. /products/rain-jacket). */
export function routerFirstLoad(clientDir: string, pathname: string): FirstLoad {
  const manifest = readRouterManifest(clientDir);
  const files = [
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    ...matchRouteChain(manifest.routes, pathname).flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  return measure(
    clientDir,
    files.map((f) => f.replace(/^\//, '')),
  );
}

/** A Next.js app-router build's first-load JavaScript of one page (`route`: app-build-manifest's key, e.g. /product/[handle]/page). */
export function nextFirstLoad(appDir: string, route: string): FirstLoad {
  const dotNext = join(appDir, '.next');
  const read = (f: string) => JSON.parse(readFileSync(join(dotNext, f), 'utf8')) as Record<string, unknown>;
  const pages = (read('app-build-manifest.json').pages ?? {}) as Record<string, string[]>;
  const rootMain = (read('build-manifest.json').rootMainFiles ?? []) as string[];
  if (!pages[route])
    throw new Error(`${route} is not a page of ${dotNext}/app-build-manifest.json (${Object.keys(pages).join(', ')})`);
  return measure(dotNext, [...rootMain, ...(pages['/layout'] ?? []), ...pages[route]]);
}

/**
 * The provider's template (wix/nextjs-commerce, unmodified, `next build` of Next.js
 * 15.2.0-canary.67) as measured by nextFirstLoad on 2026-11-25: the figure the bench prints when
 * SFK_TEMPLATE_DIR does not point at a built copy. Files: webpack runtime, framework
 * (f5e865f6-*), 520-*, main-app, 173-*, 970-*, 63-*, app/layout, app/product/[handle]/page.
 */
export const TEMPLATE_PRODUCT_PAGE = {
  gzip: 165_403,
  raw: 556_288,
  files: 9,
  measured: '2026-11-25',
  how: "wix/nextjs-commerce as published (Next.js 15.2.0-canary.67, React 19.0.0), built with `next build`; the product route app/product/[handle]: .next/build-manifest.json's rootMainFiles + app-build-manifest.json's /layout and /product/[handle]/page chunks, each file gzip -9",
} as const;
