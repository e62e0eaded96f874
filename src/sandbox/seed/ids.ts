/**
 * The seeded ids, in one place: the seed writes these and the tests (and the spec's examples)
 * import them instead of copying literals. Ids are fixed; everything else a seed writes may
 * change (prices, stock, dates relative to the seed time).
 */
import { ALL_PRODUCTS_COLLECTION } from '../../provider-ids.ts';

/** A seeded uuid-shaped id: `<prefix>-0000-4000-8000-<n, 12 digits>`. */
export const seededId = (prefix: string, n: number): string =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The demo member (its e-mail and password are printed at start). */
export const DEMO_MEMBER = {
  id: '6a8c2f6e-0000-4000-8000-000000000001',
  email: 'demo@storefront.test',
  password: 'demo-password-1',
} as const;

/** Seeded product n (1-based, in the catalog seed's order). */
export const productId = (n: number): string => seededId('6b3a0000', n);
/** The k-th (0-based) variant of seeded product n that manages variants. */
export const variantId = (productN: number, k: number): string => seededId('00000000', productN * 100 + k + 1);

/** Seeded products by what they are. */
export const PRODUCT = {
  linenShirt: productId(1), // Size S M L XL (L and XL cost 5 more)
  canvasTote: productId(2), // Color Green / Red
  woolBeanie: productId(3), // 20 % off, sizes
  rainJacket: productId(4), // size S sold out
  trailSocks: productId(5),
  leatherBelt: productId(6),
  ceramicMug: productId(7), // Color Green / Red, 2 of each in stock
  espressoCups: productId(8),
  oliveOil: productId(9),
  coffeeBeans: productId(10),
  notebook: productId(11),
  fountainPen: productId(12),
  deskLamp: productId(13),
  scentedCandle: productId(14), // $4 off
  yogaMat: productId(15), // Color Green / Red
  waterBottle: productId(16),
  recipeEbook: productId(17),
  photoPresets: productId(18),
  knittingPattern: productId(19),
  giftCardDesign: productId(20),
  hiddenSample: productId(21), // not visible
  soldOutPoster: productId(22),
  cottonBandana: productId(23), // Color options, variants not managed
} as const;

/** Seeded collection n (2..7; the All Products collection has its own fixed id). */
export const collectionId = (n: number): string => seededId('7c000000', n);
export const COLLECTION = {
  allProducts: ALL_PRODUCTS_COLLECTION,
  clothing: { id: collectionId(2), slug: 'clothing' },
  kitchen: { id: collectionId(3), slug: 'kitchen' },
  studio: { id: collectionId(4), slug: 'studio' },
  digitalDownloads: { id: collectionId(5), slug: 'digital-downloads' },
  // The provider's Next.js template shows these two on its home page (and hides `hidden-*` from search).
  homepageFeatured: { id: collectionId(6), slug: 'hidden-homepage-featured-items' },
  homepageCarousel: { id: collectionId(7), slug: 'hidden-homepage-carousel' },
} as const;

/** The demo member's wishlist. */
export const WISHLIST_ID = seededId('5f1c0000', 1);

/** Seeded order n; the first is the id of the spec's examples. */
export const orderId = (n: number): string => `5b3c2d1e-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`;
export const ORDER = {
  paid: orderId(1),
  authorized: orderId(2), // a scheduled capture 3 days after the seed
  fulfilled: orderId(3),
  canceled: orderId(4), // refunded
  euroPos: orderId(5), // in EUR: no payment method collects it
} as const;

/** Seeded visitors that own seeded orders. */
export const seededVisitorId = (n: number): string => seededId('0c8d7f6e', n);

/** Seeded coupons and gift card. */
export const COUPON = { tenPercent: 'SAVE10', fiveOff: 'FIVEOFF' } as const;
export const GIFT_CARD = { code: 'GIFT-0001-DEMO', balance: 50 } as const;

/** The payment of the authorized order (its capture is scheduled; void and capture name it). */
export const AUTHORIZED_PAYMENT_ID = seededId('0e0f0000', 8);

/** Seeded members by what they are (the members seed's order). */
export const memberId = (n: number): string => seededId('6a8c2f6e', n);
export const MEMBER = {
  demo: DEMO_MEMBER.id,
  blocked: memberId(3),
  pending: memberId(4), // e-mail not verified yet
  muted: memberId(6),
  joel: memberId(7), // has a recovery e-mail waiting
} as const;

/**
 * The demo member's open cart (one line: a linen shirt, size S) and the checkout made from it;
 * the checkout and cart examples name these. The checkout's line keeps the cart line's id.
 */
export const CART_ID = '96a61a4b-6b61-47d1-a039-0213a8230ccd';
export const CHECKOUT_ID = '8a2b1c4d-0000-4000-8000-00000000c001';
export const CART_LINE_ITEM_ID = '00000000-0000-4000-8000-00000000a001';

/**
 * One-time tokens the seed leaves waiting, so the examples that spend them work once after each
 * start or reset: a login waiting for the pending member's e-mail code, and a password-recovery
 * e-mail sent to Joel (both in the outbox too).
 */
export const AUTH_STATE = {
  token: 'sfk-state-seeded-email-verification',
  memberId: MEMBER.pending,
  code: '123456',
} as const;
export const RECOVERY = { token: 'sfk-rec-seeded-recovery', memberId: MEMBER.joel } as const;

/**
 * The CMS collections the provider's Next.js template reads (its README asks a new store for
 * them): `Pages` (title, slug, SEO title and description, rich-text body) and `Menus` (a slug
 * and a multi-reference to pages), with the two menus it asks for by slug.
 */
export const CMS = {
  pages: 'Pages',
  menus: 'Menus',
  headerMenu: 'next-js-frontend-header-menu',
  footerMenu: 'next-js-frontend-footer-menu',
} as const;
/** Seeded CMS item n of a collection. */
export const cmsItemId = (n: number): string => seededId('0d0a0000', n);
