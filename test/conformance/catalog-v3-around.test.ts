/**
 * What the provider's newer storefronts call besides the V3 products, through the official SDK
 * (unchanged, pointed at the sandbox by the preload's routing): categories (`@wix/categories`)
 * over the V1 collections, inventory items V3 over the V1 stock, the site's catalog version
 * and the V1/V3 refusals it brings, the site scripts the framework integration asks for on
 * every page, and the member a visitor gets.
 */
import { categories } from '@wix/categories';
import { scripts } from '@wix/headless-site-assets';
import { members } from '@wix/members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { catalogVersioning, collections, inventoryItemsV3, products } from '@wix/stores';
import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTION, PRODUCT } from '../../src/sandbox/seed/ids.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer } from '../support/sandbox.ts';
import { useProviderFetch } from './provider-fetch.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

const modules = { categories, scripts, members, catalogVersioning, collections, inventoryItemsV3, products };
const visitor = () => createClient({ modules, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
const owner = () => createClient({ modules, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }) });
const STORES_TREE = { appNamespace: '@wix/stores' };

const settings = (patch: Record<string, unknown>) =>
  call(s.current.url, 'PATCH', '/__sandbox/settings', { token: API_KEY, body: patch });
const reset = () => call(s.current.url, 'POST', '/__sandbox/reset', { token: API_KEY });

/** The provider's error as the official SDK throws it: its status and application error. */
async function failure(p: Promise<unknown>) {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as { details?: { applicationError?: { code?: unknown; description?: unknown } }; message?: string } | undefined;
  if (!err) throw new Error('expected the call to fail');
  return err;
}

afterEach(async () => {
  await reset();
});

describe('categories (@wix/categories) are the V1 collections seen through Catalog V3', () => {
  it('queries the store tree with the builder: same ids, names, slugs and counts as the V1 collections', async () => {
    const shop = visitor();
    const { items } = await shop.categories.queryCategories({ treeReference: STORES_TREE }).limit(100).find();
    const { collections: v1 } = await shop.collections.queryCollections().limit(100).find().then((r) => ({ collections: r.items }));
    expect(items.map((c) => c._id).sort()).toEqual(v1.map((c) => c._id).sort());
    for (const c of items) {
      const same = v1.find((x) => x._id === c._id)!;
      expect({ name: c.name, slug: c.slug, itemCounter: c.itemCounter, visible: c.visible }).toEqual({
        name: same.name,
        slug: same.slug,
        itemCounter: same.numberOfProducts,
        visible: true,
      });
      expect(c.treeReference).toEqual(STORES_TREE);
    }
    // The V3 default category is V1's All Products collection.
    const all = items.find((c) => c.slug === 'all-products')!;
    expect(all).toMatchObject({ _id: COLLECTION.allProducts.id, name: 'All Products' });
  });

  it('filters, sorts and pages by cursor: the next page continues the same query', async () => {
    const shop = visitor();
    const first = await shop.categories.queryCategories({ treeReference: STORES_TREE }).ascending('name').limit(2).find();
    expect(first.items).toHaveLength(2);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    const names = [...first.items, ...second.items].map((c) => c.name!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(4);
    const bySlug = await shop.categories.queryCategories({ treeReference: STORES_TREE }).eq('slug', COLLECTION.clothing.slug).find();
    expect(bySlug.items.map((c) => c._id)).toEqual([COLLECTION.clothing.id]);
  });

  it('gets a category with the fields asked for, and a missing one as a 404', async () => {
    const shop = visitor();
    const plain = await shop.categories.getCategory(COLLECTION.clothing.id, STORES_TREE);
    expect(plain).toMatchObject({ _id: COLLECTION.clothing.id, slug: 'clothing' });
    expect(plain.description).toBeUndefined();
    expect(plain.breadcrumbsInfo).toBeUndefined();
    const full = await shop.categories.getCategory(COLLECTION.clothing.id, STORES_TREE, { fields: ['DESCRIPTION', 'BREADCRUMBS_INFO'] });
    const collection = await shop.collections.getCollection(COLLECTION.clothing.id);
    expect(full.description).toBe(collection.description);
    expect(full.breadcrumbsInfo).toEqual({ breadcrumbs: [] });
    const err = await failure(shop.categories.getCategory('7c000000-0000-4000-8000-999999999999', STORES_TREE));
    expect(err.details?.applicationError?.code).toBe(404);
  });

  it('lists the items in a category: its V1 products, by product id, paged by cursor', async () => {
    const shop = visitor();
    const inClothing = (await shop.products.queryProducts().hasSome('collectionIds', [COLLECTION.clothing.id]).limit(100).find()).items;
    const first = await shop.categories.listItemsInCategory(COLLECTION.clothing.id, STORES_TREE, { cursorPaging: { limit: 3 } });
    expect(first.items).toHaveLength(3);
    const ids = first.items!.map((i) => i.catalogItemId);
    let cursor = first.pagingMetadata?.cursors?.next;
    while (cursor) {
      const page = await shop.categories.listItemsInCategory(COLLECTION.clothing.id, STORES_TREE, { cursorPaging: { cursor } });
      ids.push(...page.items!.map((i) => i.catalogItemId));
      cursor = page.pagingMetadata?.cursors?.next;
    }
    expect(ids.sort()).toEqual(inClothing.map((p) => p._id).sort());
    expect(first.items!.every((i) => i.appId === STORES_APP_ID)).toBe(true);
  });

  it('a collection made and filled through V1 is a category with those items at once', async () => {
    const admin = owner();
    const { collection } = await admin.products.createCollection({ name: 'Gifts' });
    await admin.products.addProductsToCollection(collection!._id!, [PRODUCT.ceramicMug, PRODUCT.scentedCandle]);
    const shop = visitor();
    const category = await shop.categories.getCategory(collection!._id!, STORES_TREE);
    expect(category).toMatchObject({ name: 'Gifts', slug: 'gifts', itemCounter: 2 });
    const { items } = await shop.categories.listItemsInCategory(collection!._id!, STORES_TREE);
    expect(items!.map((i) => i.catalogItemId).sort()).toEqual([PRODUCT.ceramicMug, PRODUCT.scentedCandle].sort());
  });

  it('refuses a tree other than the store\'s, and a filter field the provider does not offer', async () => {
    const shop = visitor();
    const tree = await failure(shop.categories.getCategory(COLLECTION.clothing.id, { appNamespace: '@wix/blog' }));
    expect(tree.message).toContain('treeReference.appNamespace');
    const field = (await failure(shop.categories.queryCategories({ treeReference: STORES_TREE }).eq('description' as never, 'x').find())) as {
      details?: { validationError?: { fieldViolations?: { description?: string; violatedRule?: string }[] } };
    };
    expect(field.details?.validationError?.fieldViolations?.[0]).toMatchObject({
      violatedRule: 'INVALID_FILTER_FIELD',
      description: expect.stringContaining('cannot filter by "description"'),
    });
  });
});

describe('inventory items V3 are the one stock V1 shows', () => {
  const socksItem = async () => {
    const { items } = await visitor().inventoryItemsV3.queryInventoryItems().eq('productId', PRODUCT.trailSocks).find();
    expect(items).toHaveLength(1);
    return items[0];
  };
  const v1Socks = async () => (await visitor().products.getProduct(PRODUCT.trailSocks)).product!.variants![0].stock!;

  it('reads each variant\'s stock as V1 does (the SDK sends the GET .r query)', async () => {
    const item = await socksItem();
    const stock = await v1Socks();
    expect(item).toMatchObject({
      productId: PRODUCT.trailSocks,
      variantId: DEFAULT_VARIANT_ID,
      trackQuantity: true,
      quantity: stock.quantity,
      availabilityStatus: 'IN_STOCK',
      product: { name: 'Trail socks' },
    });
    // One item per variant of every product (hidden ones too).
    const { items: all } = await visitor().inventoryItemsV3.queryInventoryItems().limit(1000).find();
    const stored = (await call(s.current.url, 'GET', '/__sandbox/state')).body.collections.products as Record<string, { variants: unknown[] }>;
    expect(all).toHaveLength(Object.values(stored).reduce((n, p) => n + p.variants.length, 0));
    const mugs = (await visitor().inventoryItemsV3.queryInventoryItems().eq('productId', PRODUCT.ceramicMug).find()).items;
    expect(mugs.map((m) => m.product?.variantName).sort()).toEqual(['Green', 'Red']);
  });

  it('an update sets the stock V1 reads; an outdated revision is refused and changes nothing', async () => {
    const admin = owner();
    const item = await socksItem();
    const updated = await admin.inventoryItemsV3.updateInventoryItem(item._id!, { revision: item.revision!, quantity: 7 });
    expect(updated).toMatchObject({ quantity: 7, revision: String(Number(item.revision) + 1) });
    expect(await v1Socks()).toMatchObject({ trackQuantity: true, quantity: 7, inStock: true });
    const stale = await failure(admin.inventoryItemsV3.updateInventoryItem(item._id!, { revision: item.revision!, quantity: 1 }));
    expect(stale.details?.applicationError).toMatchObject({ code: 'INVALID_REVISION', description: `Outdated revision for entity id "${item._id}"` });
    expect((await v1Socks()).quantity).toBe(7);
    // Tracked by status: out of stock in both views.
    await admin.inventoryItemsV3.updateInventoryItem(item._id!, { revision: updated.revision!, inStock: false });
    expect(await socksItem()).toMatchObject({ trackQuantity: false, inStock: false, availabilityStatus: 'OUT_OF_STOCK' });
    expect(await v1Socks()).toMatchObject({ trackQuantity: false, inStock: false });
  });

  it('a visitor may read but not update', async () => {
    const item = await socksItem();
    const err = await failure(visitor().inventoryItemsV3.updateInventoryItem(item._id!, { revision: item.revision!, quantity: 1 }));
    expect(err.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});

describe('the site\'s catalog version (setting catalogVersion)', () => {
  it('answers both catalogs by default and says V3', async () => {
    const shop = visitor();
    expect(await shop.catalogVersioning.getCatalogVersion()).toEqual({ catalogVersion: 'V3_CATALOG' });
    await shop.products.queryProducts().limit(1).find();
    await shop.categories.queryCategories({ treeReference: STORES_TREE }).limit(1).find();
  });

  it('on a V3 site a V1 call answers the provider\'s 428; V3 calls answer', async () => {
    expect((await settings({ catalogVersion: 'V3_CATALOG' })).status).toBe(200);
    const shop = visitor();
    expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V3_CATALOG');
    const err = await failure(shop.products.queryProducts().limit(1).find());
    expect(err.details?.applicationError).toMatchObject({
      code: 'CATALOG_V3_SITE_CALLING_CATALOG_V1_API',
      description: 'Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3',
    });
    const raw = await call(s.current.url, 'GET', `/v2/collections/${COLLECTION.clothing.id}`, { token: API_KEY });
    expect(raw.status).toBe(428);
    await shop.categories.getCategory(COLLECTION.clothing.id, STORES_TREE);
  });

  it('on a V1 site a V3 call answers the provider\'s 428; V1 calls answer', async () => {
    await settings({ catalogVersion: 'V1_CATALOG' });
    const shop = visitor();
    expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V1_CATALOG');
    const err = await failure(shop.inventoryItemsV3.queryInventoryItems().find());
    expect(err.details?.applicationError).toMatchObject({
      code: 'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
      description: 'Endpoint belongs to CATALOG_V3, but your site is using CATALOG_V1',
    });
    await shop.collections.getCollection(COLLECTION.clothing.id);
  });

  it('refuses a value that is no catalog version, and keeps the setting', async () => {
    const r = await settings({ catalogVersion: 'V2_CATALOG' });
    expect(r.status).toBe(400);
    expect(r.body.details.validationError.fieldViolations).toEqual([
      { field: 'catalogVersion', description: 'must be one of V1_AND_V3, V1_CATALOG, V3_CATALOG', violatedRule: 'VALIDATION' },
    ]);
    expect((await call(s.current.url, 'GET', '/__sandbox/settings')).body.catalogVersion).toBe('V1_AND_V3');
  });
});

describe('site scripts (@wix/headless-site-assets)', () => {
  it('answers the empty list by default, for any page', async () => {
    expect(await visitor().scripts.listSiteScripts({ pageUrl: 'https://shop.example.com/products/canvas-tote' })).toEqual({ siteScripts: [] });
  });

  it('answers the scripts set through the control API', async () => {
    const siteScripts = [
      { position: 'HEAD', html: '<meta name="x-shop" content="sandbox">' },
      { position: 'BODY_END', html: '<script>window.sandboxed = true</script>' },
    ];
    expect((await settings({ siteScripts })).status).toBe(200);
    expect(await visitor().scripts.listSiteScripts({ pageUrl: 'https://shop.example.com/' })).toEqual({ siteScripts });
  });

  it('refuses a script that is not the provider\'s shape, and keeps the list', async () => {
    const r = await settings({ siteScripts: [{ position: 'FOOTER', html: '<b>x</b>' }] });
    expect(r.status).toBe(400);
    expect(r.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'siteScripts', violatedRule: 'VALIDATION' });
    expect(await visitor().scripts.listSiteScripts()).toEqual({ siteScripts: [] });
  });
});

describe('members.getCurrentMember for a visitor (@wix/members)', () => {
  it('answers no member, as the provider does for a visitor', async () => {
    const answer = await visitor().members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(answer.member).toBeUndefined();
  });
});
