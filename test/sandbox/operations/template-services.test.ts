/**
 * The two services the provider's storefront templates call beyond the 161 operations, as the
 * official SDK calls them: ecom recommendations (related items from the catalog's collections)
 * and CMS data items (the Pages and Menus collections the Next.js template reads; any other
 * collection: WDE0025 in the provider's format).
 */
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { recommendations } from '@wix/ecom';
import { items } from '@wix/data';
import { collections, products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { useProviderFetch } from '../../conformance/provider-fetch.ts';
import { CMS, COLLECTION } from '../../../src/sandbox/seed/ids.ts';
import { STORES_APP_ID } from '../../../src/provider-ids.ts';
import { DEFAULT_SITE_ID } from '../../../src/sandbox/platform/defaults.ts';
import { API_KEY, call, CLIENT_ID, useSandboxServer, visitorToken } from '../../support/sandbox.ts';

const s = useSandboxServer();
useProviderFetch(() => s.current.url);

const STORES = STORES_APP_ID;
// Functions: the official SDK renames `_id` to `id` in the very objects it is given.
const SAME_CATEGORIES_ID = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const SAME_CATEGORIES = () => ({ _id: SAME_CATEGORIES_ID, appId: STORES });
const BEST_SELLERS = () => ({ _id: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c', appId: STORES });
const sdk = () =>
  createClient({
    modules: { recommendations, items, collections, products },
    auth: OAuthStrategy({ clientId: CLIENT_ID }),
  });
/** The seeded catalog: product n's id, and the Digital downloads collection (products 17 to 20). */
const product = (n: number) => `6b3a0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('ecom recommendations (getRecommendation)', () => {
  it("recommends the item's collection first, never the item itself, then the rest of the catalog, up to 16", async () => {
    const { recommendation } = await sdk().recommendations.getRecommendation([SAME_CATEGORIES()], {
      items: [{ catalogItemId: product(17), appId: STORES }],
      minimumRecommendedItems: 3,
    });
    const ids = (recommendation?.items ?? []).map((i) => i.catalogItemId);
    expect(ids.slice(0, 3)).toEqual([product(18), product(19), product(20)]);
    expect(ids).toHaveLength(16);
    expect(ids).not.toContain(product(17));
    expect(ids).not.toContain(product(21)); // hidden
    expect((recommendation?.items ?? []).every((i) => i.appId === STORES)).toBe(true);
    expect(recommendation!.algorithm).toEqual(SAME_CATEGORIES());
  });

  it('honours a minimum up to what the catalog has, and answers an empty recommendation past it', async () => {
    const ask = (minimumRecommendedItems: number) =>
      sdk().recommendations.getRecommendation([SAME_CATEGORIES(), BEST_SELLERS()], {
        items: [{ catalogItemId: product(1), appId: STORES }],
        minimumRecommendedItems,
      });
    // Every visible product of the seeded catalog but the one asked about can be recommended.
    const state = await call(s.current.url, 'GET', '/__sandbox/state');
    const visible = Object.values(state.body.collections.products as Record<string, { visible: boolean }>).filter(
      (p) => p.visible,
    ).length;
    expect(visible).toBeGreaterThan(16); // past the default 16, so the minimum is what decides
    expect((await ask(visible - 1)).recommendation!.items).toHaveLength(visible - 1);
    expect(await ask(visible)).toEqual({ recommendation: { items: [] } });
  });

  it("refuses algorithms it does not have and items of other catalogs, in the provider's error format", async () => {
    const other = '11111111-1111-4111-8111-111111111111';
    await expect(
      sdk().recommendations.getRecommendation([{ _id: other, appId: STORES }], {
        items: [{ catalogItemId: product(1), appId: STORES }],
      }),
    ).rejects.toMatchObject({
      details: {
        applicationError: {
          code: 'ALGORITHM_NOT_SUPPORTED',
          description: `Algorithms not supported by the provider: ${other} (app ${STORES})`,
        },
      },
    });
    const token = await visitorToken(s.current.url);
    const foreign = await call(s.current.url, 'POST', '/v1/recommendations/get', {
      token,
      body: {
        algorithms: [{ id: SAME_CATEGORIES_ID, appId: STORES }],
        items: [{ catalogItemId: 'x', appId: 'bookings' }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.applicationError.code).toBe('ITEM_APP_ID_NOT_SUPPORTED');
    const empty = await call(s.current.url, 'POST', '/v1/recommendations/get', { token, body: { algorithms: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('INVALID_ARGUMENT: "algorithms" must have at least 1 item');
    const anonymous = await call(s.current.url, 'POST', '/v1/recommendations/get', {
      body: { algorithms: [{ id: SAME_CATEGORIES_ID, appId: STORES }] },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("CMS data items: the collections the provider's Next.js template reads", () => {
  const MESSAGE =
    'WDE0025: The Blog collection does not exist. You cannot work with a collection using the Data API before it is created in the Editor.';

  it("answers the template's menu query (include pages, by slug) with the seeded pages, in order", async () => {
    const menu = async (slug: string) => {
      const { items: menus } = await sdk().items.query(CMS.menus).include('pages').eq('slug', slug).find();
      expect(menus).toHaveLength(1);
      return (menus[0].pages as { title: string; slug: string }[]).map((p) => `${p.title} /${p.slug}`);
    };
    expect(await menu(CMS.headerMenu)).toEqual(['About /about', 'Frequently asked questions /faq']);
    expect(await menu(CMS.footerMenu)).toEqual([
      'About /about',
      'Shipping and returns /shipping-and-returns',
      'Frequently asked questions /faq',
      'Terms and conditions /terms-and-conditions',
      'Privacy policy /privacy-policy',
    ]);
    // Without include, a multi-reference field is not in the item.
    const { items: bare } = await sdk().items.query(CMS.menus).eq('slug', CMS.headerMenu).find();
    expect(bare[0]).not.toHaveProperty('pages');
    expect((await sdk().items.query(CMS.menus).eq('slug', 'no-such-menu').find()).items).toEqual([]);
  });

  it("answers the template's page query and a read by id, dates as the SDK makes them", async () => {
    const { items: pages } = await sdk().items.query(CMS.pages).eq('slug', 'about').find();
    expect(pages).toHaveLength(1);
    const about = pages[0];
    expect(about).toMatchObject({ title: 'About', slug: 'about', seoTitle: 'About | Storefront' });
    expect(about.body).toMatch(/^<p>/);
    expect(about._createdDate).toBeInstanceOf(Date);
    expect(await sdk().items.get(CMS.pages, about._id!)).toMatchObject({ _id: about._id, title: 'About' });
    const all = await sdk().items.query(CMS.pages).ascending('title').limit(2).find();
    expect(all.items.map((p) => p.title)).toEqual(['About', 'Frequently asked questions']);
    expect(all.totalCount).toBe(5);
    expect(await sdk().items.query(CMS.pages).count()).toBe(5);
  });

  it('answers WDE0025 for a collection the site does not have, and 501 for a write it does not emulate', async () => {
    await expect(sdk().items.query('Blog').find()).rejects.toMatchObject({
      details: { applicationError: { code: 'WDE0025', description: MESSAGE } },
    });
    const token = await visitorToken(s.current.url);
    const r = await call(s.current.url, 'POST', '/wix-data/v2/items/query', {
      token,
      body: { dataCollectionId: 'Blog', query: {} },
    });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      message: MESSAGE,
      details: { applicationError: { description: MESSAGE, code: 'WDE0025', data: { collectionId: 'Blog' } } },
    });
    const write = await call(s.current.url, 'POST', '/wix-data/v2/bulk/items/insert', {
      token: API_KEY,
      body: { dataCollectionId: 'Pages', dataItems: [] },
    });
    expect(write.status).toBe(501);
    expect(write.body.message).toBe(
      "The sandbox's CMS answers queries, counts, reads, and single-item inserts, updates, saves and removes of Pages; POST /wix-data/v2/bulk/items/insert is not emulated",
    );
    const none = await call(s.current.url, 'GET', '/wix-data/v2/items/query', { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('INVALID_ARGUMENT: "dataCollectionId" must not be empty');
  });
});

describe('CMS writes, as the official SDK makes them (items.insert, update, save, remove)', () => {
  const admin = () =>
    createClient({ modules: { items }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: DEFAULT_SITE_ID }) });

  it('an API key inserts, updates, saves and removes an item; every read sees it', async () => {
    const inserted = await admin().items.insert(CMS.pages, {
      title: 'Care guide',
      slug: 'care',
      body: '<p>Wash cold.</p>',
    });
    expect(inserted).toMatchObject({ title: 'Care guide', slug: 'care', _id: expect.any(String) });
    expect(inserted._createdDate).toBeInstanceOf(Date);
    const id = inserted._id!;
    expect((await sdk().items.query(CMS.pages).eq('slug', 'care').find()).items.map((p) => p._id)).toEqual([id]);
    expect(await sdk().items.query(CMS.pages).count()).toBe(6);

    // update replaces the item's fields (a field left out is gone); its id, owner and creation date stay.
    const updated = await admin().items.update(CMS.pages, { _id: id, title: 'Caring for linen', slug: 'care' });
    expect(updated).toMatchObject({ _id: id, title: 'Caring for linen', _owner: inserted._owner });
    expect(updated).not.toHaveProperty('body');
    expect(updated._createdDate).toEqual(inserted._createdDate);
    expect(await sdk().items.get(CMS.pages, id)).toMatchObject({ title: 'Caring for linen' });

    // save inserts or updates by id; an insert with the id of an item answers WDE0074.
    expect(await admin().items.save(CMS.pages, { _id: id, title: 'Linen care', slug: 'care' })).toMatchObject({
      _id: id,
      title: 'Linen care',
    });
    const saved = await admin().items.save(CMS.pages, { _id: 'returns-2', title: 'Returns', slug: 'returns' });
    expect(saved._id).toBe('returns-2');
    await expect(admin().items.insert(CMS.pages, { _id: id, title: 'Again' })).rejects.toMatchObject({
      details: { applicationError: { code: 'WDE0074' } },
    });

    // A menu's multi-reference field takes the pages' ids and reads back as the pages.
    const menu = await admin().items.insert(CMS.menus, { title: 'Help', slug: 'help-menu', pages: [id, 'returns-2'] });
    const { items: menus } = await sdk().items.query(CMS.menus).include('pages').eq('slug', 'help-menu').find();
    expect((menus[0].pages as { title: string }[]).map((p) => p.title)).toEqual(['Linen care', 'Returns']);

    // remove answers the removed item; a second remove finds nothing (the SDK answers null for WDE0073).
    expect(await admin().items.remove(CMS.pages, id)).toMatchObject({ _id: id, title: 'Linen care' });
    expect(await admin().items.remove(CMS.pages, id)).toBeNull();
    await expect(admin().items.update(CMS.pages, { _id: id, title: 'Gone' })).rejects.toMatchObject({
      details: { applicationError: { code: 'WDE0073' } },
    });
    await admin().items.remove(CMS.pages, 'returns-2');
    await admin().items.remove(CMS.menus, menu._id!);
    expect(await sdk().items.query(CMS.pages).count()).toBe(5);
  });

  it("a visitor's write is refused as the provider refuses it on the site's content collections (WDE0027), and changes nothing", async () => {
    const before = await call(s.current.url, 'GET', '/__sandbox/state');
    await expect(sdk().items.insert(CMS.pages, { title: 'Spam' })).rejects.toMatchObject({
      details: {
        applicationError: {
          code: 'WDE0027',
          description: 'WDE0027: The current user does not have permissions to insert on the Pages collection.',
        },
      },
    });
    const token = await visitorToken(s.current.url);
    const remove = await call(s.current.url, 'POST', '/wix-data/v2/items/remove', {
      token,
      body: { dataCollectionId: CMS.pages, dataItemId: 'anything' },
    });
    expect(remove.status).toBe(403);
    expect(remove.body.details.applicationError.code).toBe('WDE0027');
    expect((await call(s.current.url, 'GET', '/__sandbox/state')).body.collections.dataItems).toEqual(
      before.body.collections.dataItems,
    );
  });
});

describe("a first visit to the provider's Next.js template: its home page's reads", () => {
  it('finds three featured products and a carousel, with images, and both menus, logging nothing', async () => {
    const errors: unknown[] = [];
    const logged = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const wix = sdk();
      const productsOf = async (slug: string) => {
        const { collection } = await wix.collections.getCollectionBySlug(slug);
        const { items: found } = await wix.products.queryProducts().hasSome('collectionIds', [collection!._id!]).find();
        return found;
      };
      const menu = async (slug: string) =>
        (await wix.items.query(CMS.menus).include('pages').eq('slug', slug).find()).items[0]?.pages ?? [];
      const [featured, carousel, header, footer] = await Promise.all([
        productsOf(COLLECTION.homepageFeatured.slug),
        productsOf(COLLECTION.homepageCarousel.slug),
        menu(CMS.headerMenu),
        menu(CMS.footerMenu),
      ]);
      expect(featured.map((p) => p.name)).toEqual(['Ceramic mug', 'Desk lamp', 'Yoga mat']);
      expect(carousel.length).toBeGreaterThanOrEqual(6);
      for (const p of [...featured, ...carousel]) {
        expect(p.media?.mainMedia?.image?.url, p.name!).toMatch(/^https:\/\/static\.wixstatic\.com\/media\//);
        expect(p.stock?.inventoryStatus, p.name!).toBe('IN_STOCK');
      }
      expect(header.length).toBeGreaterThan(0);
      expect(footer.length).toBeGreaterThan(header.length);
      // The template's search page leaves out the `hidden-*` collections; the others are there.
      const { items: all } = await wix.collections.queryCollections().find();
      expect(all.filter((c) => !c.slug!.startsWith('hidden')).map((c) => c.slug)).toEqual([
        'all-products',
        'clothing',
        'kitchen',
        'studio',
        'digital-downloads',
      ]);
    } finally {
      console.error = logged;
    }
    expect(errors).toEqual([]);
  });
});
