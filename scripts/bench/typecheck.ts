/**
 * What the package costs a consumer's type check: a small app (a cart, a query builder, an
 * elevated call, an error) type-checked with tsc against this build's declarations and against
 * another build's (the same app, the same compiler options), in alternating rounds. The
 * declarations are emitted as the package ships them (tsconfig.build.json), each into its own
 * folder; the app reaches them as `storefront-kit` through `paths`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUT, treeAt } from './compiled.ts';
import { median } from './median.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');

/** The consumer: a storefront page and an admin script, the calls the README shows. */
const APP = `
import { createClient, OAuthStrategy, ApiKeyStrategy, currentCart, products, members, ApplicationError } from 'storefront-kit';

const kit = createClient({ modules: { currentCart, products }, auth: OAuthStrategy({ clientId: 'c' }) });
export async function page(): Promise<number> {
  const found = await kit.products.queryProducts().eq('name', 'Linen shirt').ascending('name').limit(3).find();
  const id = found.items[0]?.id ?? '';
  await kit.currentCart.addToCurrentCart({
    lineItems: [{ quantity: 1, catalogReference: { catalogItemId: id, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' } }],
  });
  try {
    const { cart } = await kit.currentCart.getCurrentCart();
    return cart?.lineItems?.length ?? 0;
  } catch (e) {
    if (e instanceof ApplicationError) return e.code.length;
    throw e;
  }
}

const admin = createClient({ modules: { members }, auth: ApiKeyStrategy({ apiKey: 'k', siteId: 's' }) });
export const names = async () => (await admin.members.queryMembers().limit(5).find()).items.map((m) => m.profile?.nickname);
`;

export interface TypecheckTime {
  /** Median of the rounds, wall time of the whole tsc run (ms). */
  ms: number;
  /** tsc's own "Check time" (ms), median. */
  checkMs: number;
  /** Type instantiations (the same every run: the work the declarations ask of the checker). */
  instantiations: number;
  types: number;
}

/** Emits the package's declarations from `tree` (a checkout) into a folder; returns it. */
function declarations(tree: string, name: string): string {
  const out = join(OUT, `declarations-${name}`);
  rmSync(out, { recursive: true, force: true });
  execFileSync(tsc, ['-p', join(tree, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', out], {
    cwd: tree,
    stdio: 'pipe',
  });
  return out;
}

/** A consumer project whose `storefront-kit` is the declarations in `decl`; returns its tsconfig. */
function consumer(decl: string, name: string): string {
  const dir = join(OUT, `consumer-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'app.ts'), APP);
  const config = join(dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: { 'storefront-kit': [join(decl, 'src', 'index.d.ts')] },
      },
      files: ['app.ts'],
    }),
  );
  return config;
}

function once(config: string): { ms: number; checkMs: number; instantiations: number; types: number } {
  const started = performance.now();
  let out: string;
  try {
    out = execFileSync(tsc, ['-p', config, '--extendedDiagnostics'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    throw new Error(
      `the bench's consumer app does not type-check (${config}):\n${(e as { stdout?: string }).stdout ?? e}`,
    );
  }
  const ms = performance.now() - started;
  const figure = (label: string) => {
    const m = new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(out);
    if (!m) throw new Error(`tsc --extendedDiagnostics printed no "${label}":\n${out}`);
    return Number(m[1]);
  };
  return { ms, checkMs: figure('Check time') * 1000, instantiations: figure('Instantiations'), types: figure('Types') };
}

/**
 * The consumer's type check against this checkout's declarations and against `commit`'s, in
 * `rounds` alternating rounds; each side's median. The app must type-check against both.
 */
export function typecheckTimes(commit: string, rounds = 5): { ours: TypecheckTime; theirs: TypecheckTime } {
  const configs = {
    ours: consumer(declarations(root, 'current'), 'current'),
    theirs: consumer(declarations(treeAt(commit), commit), commit),
  };
  const runs = { ours: [] as ReturnType<typeof once>[], theirs: [] as ReturnType<typeof once>[] };
  for (let i = 0; i < rounds; i++)
    for (const side of i % 2 ? (['theirs', 'ours'] as const) : (['ours', 'theirs'] as const))
      runs[side].push(once(configs[side]));
  const summary = (rs: ReturnType<typeof once>[]): TypecheckTime => ({
    ms: median(rs.map((r) => r.ms)),
    checkMs: median(rs.map((r) => r.checkMs)),
    instantiations: rs[0].instantiations,
    types: rs[0].types,
  });
  return { ours: summary(runs.ours), theirs: summary(runs.theirs) };
}
