/**
 * The import rules `npm test` enforces (.dependency-cruiser.cjs; its 'import rules' step checks
 * the project): each rule fails on a file tree that breaks it, so none passes by matching nothing.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { cruise as depcruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * What `depcruise src console examples --config .dependency-cruiser.cjs` finds in `dir`, run in this
 * process through dependency-cruiser's API (the CLI's own path, without a Node start per case).
 */
async function cruise(dir: string): Promise<Violation[]> {
  const options = await extractDepcruiseOptions(join(dir, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(join(dir, 'tsconfig.json'));
  const cruised = await depcruise(
    ['src', 'console', 'examples'],
    { ...options, baseDir: dir, validate: true, outputType: 'json' },
    {},
    { tsConfig },
  );
  const result = (typeof cruised.output === 'string' ? JSON.parse(cruised.output) : cruised.output) as ICruiseResult;
  return result.summary.violations as unknown as Violation[];
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * A scratch project with the real config and tsconfig, where each `[from, to]` pair is a file
 * `from` that imports the file `to`.
 */
function project(imports: [from: string, to: string][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sfk-imports-'));
  dirs.push(dir);
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.json']) copyFileSync(join(root, f), join(dir, f));
  // The folders the check reads exist, even when a case needs nothing in one of them.
  const files = new Map<string, string[]>([
    ['src/empty.ts', []],
    ['console/empty.ts', []],
    ['examples/empty.ts', []],
  ]);
  for (const [from, to] of imports) {
    files.set(from, [...(files.get(from) ?? []), to]);
    if (!files.has(to)) files.set(to, []);
  }
  for (const [path, targets] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    const specifier = (to: string) => {
      const rel = relative(dirname(path), to);
      return rel.startsWith('.') ? rel : `./${rel}`;
    };
    writeFileSync(join(dir, path), targets.map((to) => `import '${specifier(to)}';\n`).join(''));
  }
  return dir;
}

describe('import rules', () => {
  it.each<[rule: string, imports: [string, string][]]>([
    [
      'no-circular',
      [
        ['src/a.ts', 'src/b.ts'],
        ['src/b.ts', 'src/a.ts'],
      ],
    ],
    ['client-not-into-sandbox', [['src/index.ts', 'src/sandbox/platform/app.ts']]],
    ['src-not-into-console', [['src/index.ts', 'console/src/app/main.tsx']]],
    ['console-through-entry-points', [['console/src/app/main.tsx', 'src/client/invoke.ts']]],
    ['platform-not-into-domain', [['src/sandbox/platform/app.ts', 'src/sandbox/domain/cart/cart.ts']]],
    [
      'operations-only-into-the-composition-root',
      [['src/sandbox/platform/control.ts', 'src/sandbox/operations/authentication.ts']],
    ],
    [
      'operations-only-into-the-composition-root',
      [['src/sandbox/domain/cart/cart.ts', 'src/sandbox/operations/checkout.ts']],
    ],
    [
      'operations-only-into-the-composition-root',
      [['src/sandbox/operations/orders.ts', 'src/sandbox/operations/checkout.ts']],
    ],
    ['platform-and-domain-not-into-seed', [['src/sandbox/domain/cart/cart.ts', 'src/sandbox/seed/carts.ts']]],
    ['platform-and-domain-not-into-seed', [['src/sandbox/platform/app.ts', 'src/sandbox/seed/members.ts']]],
    ['platform-and-domain-not-into-seed', [['src/sandbox/domain/catalog/catalog.ts', 'src/sandbox/seed/ids.ts']]],
    ['platform-and-domain-not-into-seed', [['src/sandbox/platform/app.ts', 'src/sandbox/seed/ids.ts']]],
    ['platform-and-domain-not-into-the-composition-root', [['src/sandbox/platform/app.ts', 'src/sandbox/modules.ts']]],
    [
      'platform-and-domain-not-into-the-composition-root',
      [['src/sandbox/domain/orders/stock.ts', 'src/sandbox/create-sandbox.ts']],
    ],
    ['react-and-console-not-into-seed', [['console/src/main.tsx', 'src/sandbox/seed/ids.ts']]],
    ['react-and-console-not-into-seed', [['src/react/testing.tsx', 'src/sandbox/seed/ids.ts']]],
    ['pages-render-from-data', [['src/sandbox/pages/login.ts', 'src/sandbox/operations/authentication.ts']]],
    ['pages-render-from-data', [['src/sandbox/pages/checkout.ts', 'src/sandbox/domain/money.ts']]],
    ['pages-render-from-data', [['src/sandbox/pages/login.ts', 'src/sandbox/pages/routes/hosted-pages.ts']]],
    [
      'operations-only-into-the-composition-root',
      [['src/sandbox/platform/app.ts', 'src/sandbox/pages/routes/hosted-pages.ts']],
    ],
    ['platform-and-domain-not-into-pages', [['src/sandbox/platform/server.ts', 'src/sandbox/pages/html.ts']]],
    ['client-not-into-sandbox', [['src/react/store.ts', 'src/sandbox/index.ts']]],
    ['client-not-into-react', [['src/modules.ts', 'src/react/index.ts']]],
    ['react-through-client-entry-points', [['src/react/store.ts', 'src/client/invoke.ts']]],
    ['react-testing-through-sandbox-entry-points', [['src/react/testing.tsx', 'src/sandbox/platform/app.ts']]],
    ['examples-through-the-package', [['examples/storefront/app/kit.ts', 'src/index.ts']]],
    ['examples-through-the-package', [['examples/storefront/server.ts', 'src/sandbox/index.ts']]],
    [
      'no-circular',
      [
        ['console/src/core/a.ts', 'console/src/core/b.ts'],
        ['console/src/core/b.ts', 'console/src/core/a.ts'],
      ],
    ],
    ['console-core-without-react', [['console/src/core/state.ts', 'node_modules/react/index.js']]],
    ['console-core-without-react', [['console/src/core/state.ts', 'console/src/blocks/console-state.ts']]],
    ['console-core-without-react', [['console/src/core/client.ts', 'console/src/features/auth/auth-panel.tsx']]],
    [
      'console-blocks-over-core',
      [['console/src/blocks/schema-form/schema-field.tsx', 'console/src/features/operation/operation-page.tsx']],
    ],
    ['console-blocks-over-core', [['console/src/blocks/console-state.ts', 'console/src/app/layout.tsx']]],
    ['console-features-apart', [['console/src/features/flows/flows.tsx', 'console/src/features/history/history.tsx']]],
    ['console-features-apart', [['console/src/features/auth/auth-panel.tsx', 'console/src/app/layout.tsx']]],
  ])('%s fails on a tree that breaks it', async (rule, imports) => {
    expect((await cruise(project(imports))).map((v) => [v.rule.name, v.from])).toContainEqual([rule, imports[0][0]]);
  });

  it('lets the composition root register operations, routes render pages, the console and the React layer use the entry points, the console app compose features over blocks over core, and the React testing entry the sandbox', async () => {
    const imports: [string, string][] = [
      ['src/sandbox/modules.ts', 'src/sandbox/operations/members.ts'],
      ['src/sandbox/operations/members.ts', 'src/sandbox/domain/members/members.ts'],
      ['src/sandbox/seed/members.ts', 'src/sandbox/domain/members/members.ts'],
      ['src/sandbox/modules.ts', 'src/sandbox/seed/ids.ts'],
      ['src/sandbox/modules.ts', 'src/sandbox/platform/module.ts'],
      ['src/sandbox/create-sandbox.ts', 'src/sandbox/modules.ts'],
      ['src/sandbox/create-sandbox.ts', 'src/sandbox/platform/app.ts'],
      ['src/sandbox/domain/catalog/catalog.ts', 'src/provider-ids.ts'],
      ['console/src/main.tsx', 'src/sandbox/create-sandbox.ts'],
      ['src/sandbox/modules.ts', 'src/sandbox/pages/routes/hosted-pages.ts'],
      ['src/sandbox/pages/routes/hosted-pages.ts', 'src/sandbox/pages/login.ts'],
      ['src/sandbox/pages/routes/hosted-pages.ts', 'src/sandbox/domain/identity/identity.ts'],
      ['src/sandbox/pages/login.ts', 'src/sandbox/pages/html.ts'],
      ['console/src/app/main.tsx', 'src/index.ts'],
      ['console/src/app/main.tsx', 'console/src/features/operation/operation-page.tsx'],
      ['console/src/features/operation/operation-page.tsx', 'console/src/features/operation/request-pane.tsx'],
      ['console/src/features/operation/request-pane.tsx', 'console/src/blocks/schema-form/index.ts'],
      ['console/src/blocks/schema-form/index.ts', 'console/src/core/schema.ts'],
      ['console/src/features/history/history.tsx', 'console/src/core/replay.ts'],
      ['console/src/core/schema.ts', 'src/console-data.ts'],
      ['src/react/store.ts', 'src/index.ts'],
      ['src/react/client-types.ts', 'src/modules.ts'],
      ['src/react/testing.tsx', 'src/react/index.ts'],
      ['src/react/testing.tsx', 'src/sandbox/index.ts'],
    ];
    expect(await cruise(project(imports))).toEqual([]);
  });
});
