/**
 * What a page bundles of the cart's changes, as an app's bundler (esbuild, minified and
 * tree-shaken) builds it: each action alone (`useAddLines()`) brings its own rule and no other
 * kind's, `useCartActions()` brings them all, and a page that only reads the cart brings none.
 * A change's rule is found by its request (`.addCouponToCurrentCart(`): minifying keeps property names.
 * And a page with the kit's product parts alone (`<Image>`, `<Money>`, `selectVariant`) bundles
 * no store: the example's product page keeps its first load small that way.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

/** Each kind of change's Cart V2 request, as its rule calls it. */
const REQUESTS = {
  add: '.addLineItemsToCurrentCart(',
  quantity: '.updateLineItemsInCurrentCart(',
  coupon: '.addCouponToCurrentCart(',
  clear: '.deleteCurrentCart(',
  note: '.updateCurrentCart(',
};

/** A page's entry bundled as an app's bundler does (React left out): its minified code. */
async function bundled(entry: string): Promise<string> {
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'tsx' },
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    jsx: 'automatic',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

/** The kinds of change whose request the page's bundle holds. */
async function changesBundled(page: string): Promise<string[]> {
  const code = await bundled(`
import { createRoot } from 'react-dom/client';
import { createClient, currentCartV2, OAuthStrategy } from './src/index.ts';
import { StorefrontProvider, useAddLines, useCartActions, useCartCount, useApplyCoupon } from './src/react/index.ts';
const kit = createClient({ modules: { currentCartV2 }, auth: OAuthStrategy({ clientId: 'c' }) });
${page}
createRoot(document.body).render(<StorefrontProvider client={kit}><Page /></StorefrontProvider>);
`);
  return Object.entries(REQUESTS).flatMap(([kind, call]) => (code.includes(call) ? [kind] : []));
}

describe("a page's bundle of the cart's changes", () => {
  it('holds only the add when the page adds with useAddLines()', async () => {
    const page = `function Page() { const add = useAddLines(); return <button onClick={() => add([])}>Add</button>; }`;
    expect(await changesBundled(page)).toEqual(['add']);
  });

  it('holds only the coupon when the page applies one with useApplyCoupon()', async () => {
    const page = `function Page() { const apply = useApplyCoupon(); return <button onClick={() => apply('X')}>Apply</button>; }`;
    expect(await changesBundled(page)).toEqual(['coupon']);
  });

  it('holds every kind when the page takes useCartActions()', async () => {
    const page = `function Page() { const { addLines } = useCartActions(); return <button onClick={() => addLines([])}>Add</button>; }`;
    expect(await changesBundled(page)).toEqual(Object.keys(REQUESTS));
  });

  it('holds none when the page only reads the cart', async () => {
    const page = `function Page() { return <span>{useCartCount()}</span>; }`;
    expect(await changesBundled(page)).toEqual([]);
  });
});

describe('a page that shows a product without holding a store', () => {
  // What a store and its provider bring, by names minifying keeps (properties, message text).
  const STORE_MARKS = ['getInitialSnapshot', 'queueChange', 'need a <StorefrontProvider> above them'];

  it('bundles <Image>, <Money> and selectVariant without the store, the provider or the client', async () => {
    const code = await bundled(`
import { createRoot } from 'react-dom/client';
import { Image, Money, selectVariant } from './src/react/index.ts';
declare const product: Parameters<typeof selectVariant>[0];
function Page() {
  const picked = selectVariant(product, {});
  return <p><Image image="wix:image://v1/a.jpg/a.jpg#originWidth=10&originHeight=10" width={5} alt="" />{picked.price && <Money amount={picked.price.amount} currency="EUR" />}</p>;
}
createRoot(document.body).render(<Page />);
`);
    // Each part is there (its own message text), and no store is.
    expect(code).toContain('<Image> needs');
    expect(code).toContain('is not a decimal amount');
    expect(STORE_MARKS.filter((mark) => code.includes(mark))).toEqual([]);
    expect(code).not.toContain('/_api/');
  });

  it('and the same page with the cart badge bundles them (the marks are what a store brings)', async () => {
    const code = await bundled(`
import { createRoot } from 'react-dom/client';
import { createClient, currentCartV2 } from './src/index.ts';
import { StorefrontProvider, Money, useCartCount } from './src/react/index.ts';
const kit = createClient({ modules: { currentCartV2 } });
const Page = () => <p><Money amount="1" currency="EUR" />{useCartCount()}</p>;
createRoot(document.body).render(<StorefrontProvider client={kit}><Page /></StorefrontProvider>);
`);
    expect(STORE_MARKS.filter((mark) => code.includes(mark))).toEqual(STORE_MARKS);
  });
});
