/**
 * The React layer's bundles beside the anchors' packages (issue 23), built in the same run by
 * esbuild the same way (minified, browser, tree-shaken, production React), React and react-dom
 * left out of every bundle (an app has them anyway): what each page adds on top of React.
 *
 * An anchor that does not install or does not bundle is reported as such in its row.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSize } from './client.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** React stays out of every bundle: the page's own weight on top of it. */
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];

/** A bundle: its entry, and where its imports resolve (an anchor's own install tree). */
interface Entry {
  entry: string;
  resolveDir?: string;
}

/**
 * Issue 30's product page: useProduct, useVariantSelection, Money, Image and addLines, its add
 * taken by `add.take` from the hook `add.hook`.
 */
function productPage(add: { hook: string; take: string }): string {
  return `
import { createRoot } from 'react-dom/client';
import { createClient, currentCartV2, OAuthStrategy, products, redirects } from './src/index.ts';
import { Image, Money, StorefrontProvider, ${add.hook}, useProduct, useVariantSelection } from './src/react/index.ts';
const kit = createClient({ modules: { currentCartV2, products, redirects }, auth: OAuthStrategy({ clientId: 'c' }) });
function Picker({ product }) {
  const picker = useVariantSelection(product);
  ${add.take}
  const line = picker.toLineItem(1);
  const image = product.media?.mainMedia?.image;
  return <section><h1>{product.name}</h1>{image && <Image image={image} width={480} />}
    {picker.options.map((o) => <fieldset key={o.name}>{o.choices.map((c) =>
      <button key={c.name} aria-pressed={c.selected} disabled={!c.inStock} onClick={() => picker.select(o.name, c.name)}>{c.name}</button>)}</fieldset>)}
    {picker.price && <Money amount={picker.price.discountedAmount} currency={picker.price.currency} />}
    <button disabled={!line} onClick={() => line && addLines([line])}>Add to cart</button></section>;
}
function Page() { const p = useProduct('shirt'); return p.data ? <Picker product={p.data} /> : <p>{p.status}</p>; }
createRoot(document.body).render(<StorefrontProvider client={kit}><Page /></StorefrontProvider>);
`;
}

/**
 * Ours: the docs' cart page, the cart hook with the client, a product page (issue 30's: useProduct,
 * useVariantSelection, Money, Image and addLines, by useAddLines(); and again by useCartActions()),
 * the react-query hooks.
 */
export const OURS = {
  cartPage: {
    entry: `
import { createRoot } from 'react-dom/client';
import { createClient, currentCartV2, OAuthStrategy, redirects } from './src/index.ts';
import { StorefrontProvider } from './src/react/index.ts';
import { CartPage } from './test/react/cart-page.example.tsx';
// A cart page's client: the cart (Cart V2), and redirects for checkout (products is for the catalog hooks).
const kit = createClient({ modules: { currentCartV2, redirects }, auth: OAuthStrategy({ clientId: 'c' }) });
createRoot(document.body).render(<StorefrontProvider client={kit}><CartPage /></StorefrontProvider>);
`,
  },
  hookAndClient: {
    entry: `
import { createRoot } from 'react-dom/client';
import { createClient, currentCartV2, OAuthStrategy } from './src/index.ts';
import { StorefrontProvider, useCartCount } from './src/react/index.ts';
const kit = createClient({ modules: { currentCartV2 }, auth: OAuthStrategy({ clientId: 'c' }) });
function Badge() { return <span>{useCartCount()}</span>; }
createRoot(document.body).render(<StorefrontProvider client={kit as never}><Badge /></StorefrontProvider>);
`,
  },
  productPage: { entry: productPage({ hook: 'useAddLines', take: 'const addLines = useAddLines();' }) },
  // The same page taking its add from useCartActions(), which brings every kind of change.
  productPageAllActions: {
    entry: productPage({ hook: 'useCartActions', take: 'const { addLines } = useCartActions();' }),
  },
  reactQuery: {
    entry: `
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { createClient, currentCart, OAuthStrategy } from './src/index.ts';
import { storefrontQueries } from './src/react/react-query.ts';
const kit = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId: 'c' }) });
const q = storefrontQueries(kit);
function Cart() {
  const cart = useQuery(q.currentCart.getCurrentCart.queryOptions());
  const update = useMutation(q.currentCart.updateCurrentCartLineItemQuantity.mutationOptions());
  return <ul>{cart.data?.cart?.lineItems?.map((l) => <li key={l.id}>{l.quantity}
    <button onClick={() => update.mutate({ lineItems: [{ id: l.id, quantity: l.quantity + 1 }] })}>+</button></li>)}</ul>;
}
createRoot(document.body).render(<QueryClientProvider client={new QueryClient()}><Cart /></QueryClientProvider>);
`,
  },
} satisfies Record<string, Entry>;

/** The anchors' cart pages: the same 10-line cart with quantity buttons, money and a checkout button. */
export const ANCHORS = {
  hydrogen: {
    label: '@shopify/hydrogen-react',
    entry: `
import { createRoot } from 'react-dom/client';
import { CartCheckoutButton, CartLineProvider, CartProvider, Money, ShopifyProvider, useCart, useCartLine, CartLineQuantityAdjustButton, CartLineQuantity } from '@shopify/hydrogen-react';
function Line() { const line = useCartLine(); return <li>{line.merchandise?.product?.title}
  <CartLineQuantityAdjustButton adjust="decrease">-</CartLineQuantityAdjustButton><CartLineQuantity />
  <CartLineQuantityAdjustButton adjust="increase">+</CartLineQuantityAdjustButton>
  {line.cost?.totalAmount && <Money data={line.cost.totalAmount} />}</li>; }
function Cart() { const cart = useCart(); return <main><ul>{cart.lines?.map((l) => <CartLineProvider key={l.id} line={l}><Line /></CartLineProvider>)}</ul>
  {cart.cost?.subtotalAmount && <Money data={cart.cost.subtotalAmount} />}<CartCheckoutButton>Check out</CartCheckoutButton></main>; }
createRoot(document.body).render(<ShopifyProvider storeDomain="s.myshopify.com" storefrontToken="t" storefrontApiVersion="2025-01" countryIsoCode="US" languageIsoCode="EN"><CartProvider><Cart /></CartProvider></ShopifyProvider>);
`,
  },
  openapiReactQuery: {
    label: 'openapi-react-query + TanStack (hooks only)',
    entry: `
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import createFetchClient from 'openapi-fetch';
import createQueryClient from 'openapi-react-query';
const $api = createQueryClient(createFetchClient({ baseUrl: 'https://www.wixapis.com' }));
function Cart() {
  const cart = $api.useQuery('get', '/ecom/v1/carts/current');
  const update = $api.useMutation('post', '/ecom/v1/carts/current/update-line-items-quantity');
  return <ul>{cart.data?.cart?.lineItems?.map((l) => <li key={l.id}>{l.quantity}
    <button onClick={() => update.mutate({ body: { lineItems: [{ id: l.id, quantity: l.quantity + 1 }] } })}>+</button></li>)}</ul>;
}
createRoot(document.body).render(<QueryClientProvider client={new QueryClient()}><Cart /></QueryClientProvider>);
`,
  },
  wixHeadless: {
    label: "the provider's headless (@wix/headless-stores with its -ecom)",
    // headless-stores brings its own headless-ecom (the hoisted one is another version).
    resolveDir: join(root, 'node_modules', '@wix', 'headless-stores'),
    entry: `
import { createRoot } from 'react-dom/client';
import { CurrentCart, LineItem, Cart } from '@wix/headless-ecom/react';
import { Product } from '@wix/headless-stores/react';
createRoot(document.body).render(<CurrentCart.Root currentCartServiceConfig={{}}><Cart.LineItems>
  <LineItem.Root><LineItem.Title /><LineItem.Quantity /></LineItem.Root></Cart.LineItems><Cart.Summary /></CurrentCart.Root>);
console.log(Product);
`,
  },
} satisfies Record<string, Entry & { label: string }>;

export type Measured = { gzip: number } | { failed: string };

async function measure(e: Entry): Promise<Measured> {
  const dir = e.resolveDir ?? root;
  if (!existsSync(dir)) return { failed: `not installed (${dir.slice(root.length + 1)} missing)` };
  try {
    return { gzip: (await bundleSize(e.entry, dir, { external: REACT, loader: 'tsx' })).gzip };
  } catch (err) {
    // esbuild's first error names the import it could not resolve.
    const first = (err as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(err);
    return { failed: `does not bundle: ${first.slice(0, 200)}` };
  }
}

export async function reactBundles() {
  const ours = Object.fromEntries(
    await Promise.all(Object.entries(OURS).map(async ([k, e]) => [k, await measure(e)] as const)),
  ) as Record<keyof typeof OURS, Measured>;
  const anchors = Object.fromEntries(
    await Promise.all(
      Object.entries(ANCHORS).map(async ([k, e]) => [k, { label: e.label, ...(await measure(e)) }] as const),
    ),
  ) as Record<keyof typeof ANCHORS, Measured & { label: string }>;
  return { ours, anchors };
}

// `npx tsx scripts/bench/react.ts`: these rows alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await reactBundles(), null, 2));
