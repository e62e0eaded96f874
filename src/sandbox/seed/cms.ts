/**
 * The seeded CMS: what the provider's Next.js template (wix/nextjs-commerce) asks a new store to
 * create in its README, with store pages worth reading. `Pages`: title, slug, SEO title and
 * description, a rich-text (HTML) body; `Menus`: a slug and the pages it links to, in order
 * (the header and footer menus the template asks for by slug). See docs/template-store.md.
 */
import { putDataCollection } from '../domain/cms/data-items.ts';
import type { SeedContext } from '../platform/module.ts';
import { CMS, cmsItemId, seededId } from './ids.ts';

/** Who owns the seeded items and the items the site (an API key) writes: the site's owner. */
export const SITE_OWNER = seededId('0d0b0000', 1);

const PAGES = [
  {
    title: 'About',
    slug: 'about',
    seoDescription: 'A small store of everyday things, made to last.',
    body: '<p>We are a small store of everyday things: linen, wool, ceramics and paper, made by people we know.</p><p>Everything here is chosen to be used for years, and mended when it wears.</p>',
  },
  {
    title: 'Shipping and returns',
    slug: 'shipping-and-returns',
    seoDescription: 'Delivery in 3 to 5 working days; 30 days to return anything.',
    body: '<h2>Shipping</h2><p>Orders leave our workshop within two working days and arrive in 3 to 5. Pickup from the workshop is free.</p><h2>Returns</h2><p>Send back anything unused within 30 days for a full refund.</p>',
  },
  {
    title: 'Frequently asked questions',
    slug: 'faq',
    seoDescription: 'Sizes, care, gift cards and orders.',
    body: '<h3>How do the sizes run?</h3><p>True to size; the linen shirt is cut loose.</p><h3>Do you sell gift cards?</h3><p>Yes, in any amount, redeemable at checkout.</p>',
  },
  {
    title: 'Terms and conditions',
    slug: 'terms-and-conditions',
    seoDescription: 'The terms of buying from the store.',
    body: '<p>Prices include no tax; tax is added at checkout by your shipping address. An order is a contract once it is paid.</p>',
  },
  {
    title: 'Privacy policy',
    slug: 'privacy-policy',
    seoDescription: 'What we keep about you, and why.',
    body: '<p>We keep your name, addresses and orders to deliver them, and nothing else. We never sell them.</p>',
  },
];

/** The menus, by slug: the pages they link to (by slug), in order. */
const MENUS: { title: string; slug: string; pages: string[] }[] = [
  { title: 'Header menu', slug: CMS.headerMenu, pages: ['about', 'faq'] },
  {
    title: 'Footer menu',
    slug: CMS.footerMenu,
    pages: ['about', 'shipping-and-returns', 'faq', 'terms-and-conditions', 'privacy-policy'],
  },
];

export function seedCms(ctx: SeedContext): void {
  const date = { $date: ctx.now.toISOString() };
  const system = (n: number) => ({ _id: cmsItemId(n), _owner: SITE_OWNER, _createdDate: date, _updatedDate: date });
  const pageIds = new Map(PAGES.map((p, k) => [p.slug, cmsItemId(k + 1)]));
  putDataCollection(
    ctx.db,
    { id: CMS.pages, references: {} },
    PAGES.map((page, k) => ({ data: { ...system(k + 1), ...page, seoTitle: `${page.title} | Storefront` } })),
  );
  putDataCollection(
    ctx.db,
    { id: CMS.menus, references: { pages: CMS.pages } },
    MENUS.map(({ pages, ...menu }, k) => ({
      data: { ...system(PAGES.length + k + 1), ...menu },
      references: { pages: pages.map((slug) => pageIds.get(slug)!) },
    })),
  );
}
