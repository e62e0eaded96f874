/**
 * Every TypeScript example of docs/ compiles against the package as a user's file (strict), so
 * a guide never shows a call the types refuse or a `!` they no longer need. Most examples are
 * fragments: what the page's prose assumes around one (the app's client id, a component of
 * the page before) is declared in PRELUDES, one entry per block, so an example added or moved
 * fails here until its prelude says what it assumes. The README's examples are run too
 * (readme.test.ts); docs/react.md's cart page is mounted (test/react/docs-example.test.tsx).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { userProject } from '../support/user-code.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** What each page's examples assume, in order of the blocks: imports and declarations put before the block. */
const PRELUDES: Record<string, string[]> = {
  'browser-routing.md': [''],
  'catalog-v3.md': ['declare const clientId: string;'],
  'categories-and-inventory.md': ["import { createSandbox } from 'storefront-kit/sandbox';"],
  'client.md': [
    'declare const clientId: string; declare const memberId: string;',
    `import { createClient, OAuthStrategy, currentCart } from 'storefront-kit';
     declare const clientId: string;
     declare function traceId(): string; declare function spanId(): string;
     declare const metrics: { record(method: string, url: string, status: number): void };
     declare const log: { warn(...args: unknown[]): void };`,
    'declare const clientId: string; declare const productId: string;',
    `declare const clientId: string; declare const email: string; declare const password: string;
     declare const codeFromEmail: string; declare function showLoginAgain(): void;`,
    'declare const apiKey: string; declare const siteId: string; declare const collectionId: string; const ids: string[] = [];',
  ],
  'errors.md': ['', "import { currentCart, type ErrorOf } from 'storefront-kit';"],
  'official-sdk.md': [
    'declare const MY_CLIENT_ID: string;',
    "import { connect } from 'storefront-kit/sandbox/msw';",
  ],
  'testing.md': [
    '',
    "declare const mugLine: Parameters<ReturnType<typeof import('storefront-kit/react').useCartActions>['addLines']>[0][number];",
    '',
    '',
  ],
  'react.md': [
    'declare function CartPage(): null;',
    '',
    '',
    '',
    '',
    `import { createClient, currentCartV2, OAuthStrategy, products } from 'storefront-kit';
     const clientForVisitor = (request: Request) =>
       createClient({ modules: { currentCartV2, products }, auth: OAuthStrategy({ clientId: request.url }) });`,
    `import type { ServerResponse } from 'node:http';
     import type { ReactNode } from 'react';
     import { renderToPipeableStream } from 'react-dom/server';
     import { createClient, currentCartV2, OAuthStrategy } from 'storefront-kit';
     import { createServerStorefront, type DehydratedState } from 'storefront-kit/react/server';
     const client = createClient({ modules: { currentCartV2 }, auth: OAuthStrategy({ clientId: 'c' }) });
     const storefront = createServerStorefront({ client });
     declare const response: ServerResponse;
     declare function Document(props: { children: ReactNode }): ReactNode;
     declare function App(props: { client: typeof client; state: DehydratedState }): ReactNode;`,
    `import { createClient, currentCartV2, OAuthStrategy, products } from 'storefront-kit';
     const kit = createClient({ modules: { currentCartV2, products }, auth: OAuthStrategy({ clientId: 'c' }) });`,
    'declare function CartPage(): null;',
    `import { Suspense, type ReactNode } from 'react';
     import { useSuspenseCart } from 'storefront-kit/react';
     declare function ErrorBoundary(props: { fallback: ReactNode; children: ReactNode }): ReactNode;`,
    "import { useCollections } from 'storefront-kit/react'; declare const offset: number;",
    "import { StorefrontProvider } from 'storefront-kit/react';",
    "declare const jacket: import('storefront-kit/react').Product;",
    `import { ApplicationError } from 'storefront-kit';
     import type { useCartActions } from 'storefront-kit/react';
     declare const applyCoupon: ReturnType<typeof useCartActions>['applyCoupon'];
     declare const code: string; declare function say(text: string): void;`,
    `import { guardRequest } from 'storefront-kit/react/server';
     declare const loadContext: Record<string, unknown>;
     declare function handle(request: Request, context: Record<string, unknown>): Promise<Response>;`,
    `import { createClient, currentCartV2, products, redirects, OAuthStrategy } from 'storefront-kit';
     import { storeSessionAuth } from 'storefront-kit/react';
     import { accessTokenResponse } from 'storefront-kit/react/server';
     declare const host: string;
     const serverAuth = OAuthStrategy({ clientId: 'c' });`,
  ],
};

const blocks = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .flatMap((page) =>
    [...readFileSync(join(root, 'docs', page), 'utf8').matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((m, i) => ({
      page,
      i,
      ext: m[1],
      code: m[2],
    })),
  );

describe('the TypeScript examples of docs/', () => {
  const project = userProject('docs-snippets');
  afterAll(() => project.remove());

  it('each has its prelude (what the page assumes around it), and no prelude is left over', () => {
    const counts = Object.fromEntries(Object.keys(PRELUDES).map((page) => [page, 0]));
    for (const b of blocks) counts[b.page] = (counts[b.page] ?? 0) + 1;
    expect(counts).toEqual(Object.fromEntries(Object.entries(PRELUDES).map(([page, p]) => [page, p.length])));
  });

  it('type-check as a user file each, strict, against the package', async () => {
    for (const b of blocks) {
      // `playwright` is what a user installs; this repository has its core, with the same API.
      const code = b.code.replaceAll("from 'playwright'", "from 'playwright-core'");
      const name = `${b.page.replace(/\.md$/, '')}-${b.i}.${b.ext}`;
      project.write(name, `${PRELUDES[b.page]?.[b.i] ?? ''}\n// docs/${b.page}, example ${b.i + 1}\n${code}\nexport {};\n`);
    }
    expect(await project.typecheck()).toBe('');
  }, 300_000);
});
