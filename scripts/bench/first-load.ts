/**
 * First-load JavaScript of a Next.js app-router build's page (the provider's template), read from
 * its manifests (no browser), gzip per file at zlib's default level as the example's own
 * firstLoadJs (examples/storefront/build.ts) measures its pages: what `next build` counts as a
 * route's "First Load JS", the root main files (framework, main-app, webpack runtime) and the
 * chunks app-build-manifest.json lists for the route's page and its root layout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  /** Sum of each file's gzip size. */
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
    gzip += gzipSync(bytes).byteLength;
  }
  return { gzip, raw, files: unique };
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
  gzip: 165_781,
  raw: 556_288,
  files: 9,
  measured: '2026-11-25',
  how: "wix/nextjs-commerce as published (Next.js 15.2.0-canary.67, React 19.0.0), built with `next build`; the product route app/product/[handle]: .next/build-manifest.json's rootMainFiles + app-build-manifest.json's /layout and /product/[handle]/page chunks, each file gzipped (zlib's default level)",
} as const;
