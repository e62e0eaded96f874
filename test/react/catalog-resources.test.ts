/**
 * The catalog's and the member's reads by key (catalog-resources.ts), shared by the server's
 * prefetches and the hooks: the key each read is kept under (the same query in any key order is
 * one read; what belongs to whoever is signed in under IDENTITY_KEY), what each loads from the
 * sandbox, and the error naming the module a client lacks.
 */
import { describe, expect, it } from 'vitest';
import {
  ClientError,
  collections,
  createClient,
  currentCartV2,
  members,
  OAuthStrategy,
  products,
  SystemError,
  wishlist,
} from '../../src/index.ts';
import {
  collectionsRead,
  IDENTITY_KEY,
  memberRead,
  productRead,
  productsRead,
  storeVariantsRead,
  wishlistRead,
} from '../../src/react/catalog-resources.ts';
import type { StorefrontClient } from '../../src/react/client-types.ts';
import { createServerStorefront } from '../../src/react/server.ts';
import { createSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_CLIENT_ID } from '../../src/sandbox/platform/defaults.ts';
import { PRODUCT, WISHLIST_ID } from '../../src/sandbox/seed/ids.ts';

/** A visitor's client with every module the reads use; `requests` logs `METHOD /path`. */
function visitor() {
  const sandbox = createSandbox({ validateResponses: true });
  const requests: string[] = [];
  const client = createClient({
    modules: { currentCartV2, products, collections, members, wishlist },
    auth: OAuthStrategy({ clientId: DEFAULT_CLIENT_ID }),
    retry: false,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (!path.startsWith('/oauth2/')) requests.push(`${request.method} ${path}`);
      return sandbox.handle(request);
    },
  });
  return { client, requests };
}

/** A client with the cart module only (and `extra`). */
const bare = (extra: Partial<StorefrontClient> = {}) =>
  ({ currentCartV2: visitor().client.currentCartV2, ...extra }) as StorefrontClient;

const needs = (module: string) =>
  `storefront-kit/react: this read needs the ${module} module in the client (createClient({ modules: { ${module} } }))`;

describe('the keys', () => {
  it('name each read by its kind and what it reads; the same query in any key order is one key', () => {
    expect(productRead('linen-shirt').key).toBe('product:linen-shirt');
    expect(storeVariantsRead('p1').key).toBe('storeVariants:p1');
    const query = { query: { filter: { slug: 'rain-jacket' }, paging: { limit: 3 } } };
    const reordered = { query: { paging: { limit: 3 }, filter: { slug: 'rain-jacket' } } };
    expect(productsRead(query).key).toBe('products:{"query":{"filter":{"slug":"rain-jacket"},"paging":{"limit":3}}}');
    expect(productsRead(reordered).key).toBe(productsRead(query).key);
    expect(productsRead({ query: { paging: { limit: 4 } } }).key).not.toBe(productsRead(query).key);
    expect(collectionsRead({ query: { paging: { offset: 10, limit: 5 } } }).key).toBe(
      collectionsRead({ query: { paging: { limit: 5, offset: 10 } } }).key,
    );
    // A page of products and a page of collections of the same query are two reads.
    expect(collectionsRead({}).key).not.toBe(productsRead({}).key);
  });

  it('keep what belongs to whoever is signed in under IDENTITY_KEY, and nothing else', () => {
    expect(IDENTITY_KEY).toBe('identity:');
    expect(memberRead({ fieldsets: ['FULL'] }, true).key).toBe('identity:member:true:{"fieldsets":["FULL"]}');
    // A visitor's member read and a member's are two reads.
    expect(memberRead({}, false).key).toBe('identity:member:false:{}');
    expect(wishlistRead({ id: 'w1', limit: 10 }).key).toBe(wishlistRead({ limit: 10, id: 'w1' }).key);
    expect(wishlistRead({ id: 'w1', limit: 10 }).key.startsWith(IDENTITY_KEY)).toBe(true);
    for (const read of [productRead('x'), productsRead({}), storeVariantsRead('p1'), collectionsRead({})])
      expect(read.key.startsWith(IDENTITY_KEY), read.key).toBe(false);
  });
});

describe('what each read loads', () => {
  it('a product by its slug, or null when no visible product has it; one request each', async () => {
    const { client, requests } = visitor();
    expect((await productRead('linen-shirt').load(client))?.name).toBe('Linen shirt');
    expect(await productRead('no-such-product').load(client)).toBeNull();
    expect(requests).toEqual(Array(2).fill('GET /stores-reader/v1/products/query-platformized'));
  });

  it('a page of products and a page of collections as their queries answer them', async () => {
    const { client } = visitor();
    const page = await productsRead({ query: { paging: { limit: 2 } } }).load(client);
    expect(page.products).toHaveLength(2);
    const shelf = await collectionsRead({ query: { paging: { limit: 3, offset: 1 } } }).load(client);
    expect(shelf.collections).toHaveLength(3);
    expect(shelf.metadata).toMatchObject({ count: 3, offset: 1 });
  });

  it('a product’s store variants, all of them in one request, or none for a product without', async () => {
    const { client, requests } = visitor();
    const variants = await storeVariantsRead(PRODUCT.linenShirt).load(client);
    expect(variants.length).toBeGreaterThan(1);
    expect(new Set(variants.map((v) => v.productId))).toEqual(new Set([PRODUCT.linenShirt]));
    expect(await storeVariantsRead('00000000-0000-0000-0000-000000000009').load(client)).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('the member: null for a visitor without a request; asked when signed in (null when the answer has none)', async () => {
    const { client, requests } = visitor();
    expect(await memberRead({}, false).load(client)).toBeNull();
    expect(requests).toEqual([]);
    // A visitor's token answers no member.
    expect(await memberRead({}, true).load(client)).toBeNull();
    expect(requests).toEqual(['GET /members/v1/members/my']);
  });

  it('a page of a wishlist', async () => {
    const { client } = visitor();
    const list = await wishlistRead({ id: WISHLIST_ID, limit: 2 }).load(client);
    expect(list.id).toBe(WISHLIST_ID);
    expect(list.items).toHaveLength(2);
  });
});

describe('a client without the module a read needs', () => {
  it('rejects with a ClientError naming the module to add to createClient', async () => {
    const client = bare();
    const cases: [Promise<unknown>, string][] = [
      [productRead('x').load(client), needs('products')],
      [productsRead({}).load(client), needs('products')],
      [storeVariantsRead('p1').load(client), needs('products')],
      [collectionsRead({}).load(client), needs('collections')],
      [memberRead({}, true).load(client), needs('members')],
      [wishlistRead({ id: 'w1' }).load(client), needs('wishlist')],
    ];
    for (const [load, message] of cases) {
      const error = await load.catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(ClientError);
      expect((error as Error).message).toBe(message);
    }
    // A visitor's member read sends nothing, so it needs no members module.
    expect(await memberRead({}, false).load(client)).toBeNull();
  });

  it('rejects a store-variants read when the products module has no queryStoreVariants', async () => {
    const { client } = visitor();
    const reader = bare({ products: { queryProducts: client.products.queryProducts } });
    await expect(storeVariantsRead('p1').load(reader)).rejects.toThrow(
      new ClientError('storefront-kit/react: useStoreVariants() needs the products module in the client'),
    );
    // The reads that need queryProducts only are unaffected.
    expect((await productRead('linen-shirt').load(reader))?.slug).toBe('linen-shirt');
  });

  it('is, to a server prefetch, an error whose cause says so, the read not left loading', async () => {
    const server = createServerStorefront({ client: bare() });
    for (const prefetched of [await server.prefetchProducts({}), await server.prefetchProduct('linen-shirt')]) {
      expect(prefetched.error).toBeInstanceOf(SystemError);
      expect((prefetched.error?.cause as Error).message).toBe(needs('products'));
    }
    expect(server.dehydrate().resources).toEqual({});
  });
});
