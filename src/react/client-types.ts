/**
 * What the React layer needs of the client, and the data types it hands out, all derived from
 * the client's operation types (no type written twice).
 */
import type { OAuthStrategy, withDirectLogin, withHostedLogin } from '../index.ts';
import type { collections, currentCart, currentCartV2, members, products, redirects, wishlist } from '../modules.ts';
import type {
  ApplicationError,
  ErrorOf,
  HttpError,
  OptionsFor,
  ResultOf,
  SystemError,
  ValidationError,
} from '../index.ts';

type CartModule = typeof currentCartV2;
type CartV1Module = typeof currentCart;

/** The current cart's operations the React layer calls on Cart V2 (the default `cartApi`). */
export type CartV2Operations = Pick<
  CartModule,
  | 'getCurrentCart'
  | 'addLineItemsToCurrentCart'
  | 'updateLineItemsInCurrentCart'
  | 'removeLineItemsFromCurrentCart'
  | 'addCouponToCurrentCart'
  | 'removeCouponFromCurrentCart'
  | 'updateCurrentCart'
  | 'deleteCurrentCart'
  | 'estimateCurrentCart'
>;

/** The current cart's operations the React layer calls on Cart V1 (`cartApi={cartApiV1}`, until the provider removes V1 on 2027-02-01). */
export type CartV1Operations = Pick<
  CartV1Module,
  | 'getCurrentCart'
  | 'addToCurrentCart'
  | 'updateCurrentCart'
  | 'deleteCurrentCart'
  | 'removeLineItemsFromCurrentCart'
  | 'updateCurrentCartLineItemQuantity'
  | 'removeCouponFromCurrentCart'
  | 'createCheckoutFromCurrentCart'
>;

/** The modules the React layer reads, each optional but a cart module (StorefrontClient). */
interface StorefrontModules {
  /** Cart V2: the cart hooks' operations (the default `cartApi`). */
  currentCartV2?: CartV2Operations;
  /** Cart V1: for `cartApi={cartApiV1}` only. */
  currentCart?: CartV1Operations;
  /** `queryStoreVariants` only for `useStoreVariants()` (preorder in the picker). */
  products?: Pick<typeof products, 'queryProducts'> & Partial<Pick<typeof products, 'queryStoreVariants'>>;
  redirects?: Pick<typeof redirects, 'createRedirectSession'>;
  /** For `useCollections()`. */
  collections?: Pick<typeof collections, 'queryCollections'>;
  /** For `useMember()`. */
  members?: Pick<typeof members, 'getCurrentMember'>;
  /** For `useWishlist()`. */
  wishlist?: Pick<typeof wishlist, 'getWishlistById'>;
}

/**
 * A client the provider can use: `createClient({ modules: { currentCartV2, products, redirects }, auth })`
 * (Cart V2, the default), or with `currentCart` (Cart V1) for `cartApi={cartApiV1}`.
 * `products` is needed by the catalog hooks and prefetches, `redirects` by checkout.
 */
export type StorefrontClient = StorefrontModules &
  ({ currentCartV2: CartV2Operations } | { currentCart: CartV1Operations });

type V2Cart = NonNullable<ResultOf<CartModule['getCurrentCart']>['cart']>;
type Summary = ResultOf<CartModule['estimateCurrentCart']>['summary'];

/**
 * The cart as the hooks read it: a Cart V2 (a V1 cart is read into the same shape), with the
 * totals and discounts of its price summary when the cart carries a coupon (Cart V2's cart has
 * no discounted total of its own: it is estimated).
 */
export type ServerCart = V2Cart & {
  /** The summary's totals (`subtotal`, `discount`, `total`...), when estimated (a cart with a coupon). */
  priceSummary?: Summary['priceSummary'];
  /** The summary's discounts, when estimated. */
  discounts?: Summary['discounts'];
  /** The subtotal less the discounts (decimal text), when known: estimated on V2, V1's own field on V1. */
  subtotalAfterDiscounts?: { amount: string };
};
type ServerLine = V2Cart['lineItems'][number];

/** The add-line-items operation's own catalog item: `{ catalogReference: { catalogItemId, appId, options }, quantity }`. */
export type LineItemInput = NonNullable<
  NonNullable<OptionsFor<CartModule['addLineItemsToCurrentCart']>[0]>['catalogItems']
>[number];

/** A cart line as shown: the server's line, or one shown before the server has answered (its fields then optional). */
export type CartLine = Partial<ServerLine> & {
  /** Always set: a line shown before the server answered has a temporary id (`optimistic: true`). */
  id: string;
  /**
   * The line's name for its life on this page: its id, except for a line added here, which keeps
   * the temporary id it was first shown with after the server names it. Use it as the React key
   * (so the line's element, and the focus on its buttons, survive the answer), with
   * `useCartLine`, `<LineItem id>` and the cart actions (a temporary id names the server's line).
   */
  key: string;
  /** The quantity asked for (Cart V2's `quantityInfo.requestedQuantity`). */
  quantity: number;
  /** A change to this line is queued or on its way. */
  pending: boolean;
  /** The line is not on the server yet (an add it has not answered); its id is temporary. */
  optimistic: boolean;
};

/** A line's stock, or the cart's coupon, as data to show (never English text). */
export type CartWarning =
  | {
      kind: 'availability';
      lineItemId: string;
      /** The provider's stock status of the line (Cart V2's `status`). */
      status: 'OUT_OF_STOCK' | 'REMOVED_FROM_CATALOG' | 'PARTIALLY_IN_STOCK';
      /** How many can be bought (0 when none). */
      quantityAvailable: number;
    }
  | {
      kind: 'coupon';
      couponCode: string;
      /** The cart carries the code but no discount of it applies (as its price summary says). */
      status: 'NOT_APPLIED';
    };

/**
 * The cart as the hooks hand it out. A visitor with no cart yet (or after clear) is handed an
 * empty one, which has no id or dates: so every field but the lines is optional here, even those
 * the server's cart always has.
 */
export type StorefrontCart = Partial<Omit<ServerCart, 'lineItems'>> & {
  /** The cart's currency (Cart V2's `currencyCode`). */
  currency?: string;
  lineItems: CartLine[];
  /** A change to the cart is queued or on its way. */
  pending: boolean;
  warnings: CartWarning[];
};

/** What an action resolves to when the provider refused it or could not be reached: the error catalogue's classes, each with `code`. */
export type StorefrontError = ApplicationError | ValidationError | HttpError | SystemError;

/**
 * The error of a call to `operations` (one operation function or a union of them): one
 * ApplicationError per code the operations declare in the error catalogue (`x-sfk-errors`),
 * each with its `data`, or a ValidationError, HttpError or SystemError. After
 * `error instanceof ApplicationError`, `error.code` is exactly those codes and narrows `data`.
 */
export type ActionError<Operations> = ErrorOf<Operations> | ValidationError | HttpError | SystemError;

type CartOps = CartV2Operations;
type V1Ops = CartV1Operations;

/** An action's outcome: the cart after it (a visitor without a cart: an empty one), or the error. It never rejects. */
export type CartResult<E extends StorefrontError = StorefrontError> =
  { cart: StorefrontCart; error?: undefined } | { error: E; cart?: undefined };

/**
 * The errors of each cart action: its operations' codes, on Cart V2 and on V1 (refresh: any cart
 * operation's, as it may be answered by a change that superseded it).
 */
export interface CartActionErrors {
  addLines: ActionError<CartOps['addLineItemsToCurrentCart'] | V1Ops['addToCurrentCart']>;
  updateQuantity: ActionError<
    | CartOps['updateLineItemsInCurrentCart']
    | CartOps['removeLineItemsFromCurrentCart']
    | V1Ops['updateCurrentCartLineItemQuantity']
  >;
  removeLines: ActionError<CartOps['removeLineItemsFromCurrentCart'] | V1Ops['removeLineItemsFromCurrentCart']>;
  applyCoupon: ActionError<
    CartOps['addCouponToCurrentCart'] | CartOps['removeCouponFromCurrentCart'] | V1Ops['updateCurrentCart']
  >;
  removeCoupon: ActionError<CartOps['removeCouponFromCurrentCart'] | V1Ops['removeCouponFromCurrentCart']>;
  setNote: ActionError<CartOps['updateCurrentCart'] | V1Ops['updateCurrentCart']>;
  clear: ActionError<CartOps['deleteCurrentCart'] | V1Ops['deleteCurrentCart']>;
  refresh: ActionError<CartOps[keyof CartOps] | V1Ops[keyof V1Ops]>;
}

/** The product type of the catalog reader. */
export type Product = NonNullable<
  ResultOf<NonNullable<StorefrontClient['products']>['queryProducts']>['products']
>[number];
/** The query of `queryProducts`. */
export type ProductsQuery = NonNullable<OptionsFor<NonNullable<StorefrontClient['products']>['queryProducts']>[0]>;
/** A page of products as `queryProducts` answers it. */
export type ProductsPage = ResultOf<NonNullable<StorefrontClient['products']>['queryProducts']>;

type QueryStoreVariants = NonNullable<NonNullable<StorefrontClient['products']>['queryStoreVariants']>;
/** A store variant as `queryStoreVariants` answers it: the variant with its product, stock and `preorderInfo`. */
export type StoreVariant = NonNullable<ResultOf<QueryStoreVariants>['variants']>[number];

type QueryCollections = NonNullable<StorefrontClient['collections']>['queryCollections'];
/** The query of `queryCollections` (offset paging: `{ query: { paging: { limit, offset } } }`). */
export type CollectionsQuery = NonNullable<OptionsFor<QueryCollections>[0]>;
/** A page of collections as `queryCollections` answers it (`metadata: { count, offset, total }`). */
export type CollectionsPage = ResultOf<QueryCollections>;
export type Collection = CollectionsPage['collections'][number];

type GetCurrentMember = NonNullable<StorefrontClient['members']>['getCurrentMember'];
/** The signed-in member as `getCurrentMember` answers it. */
export type Member = NonNullable<ResultOf<GetCurrentMember>['member']>;
/** `getCurrentMember`'s options (`{ fieldsets: ['FULL'] }`). */
export type MemberQuery = NonNullable<OptionsFor<GetCurrentMember>[0]>;

type GetWishlistById = NonNullable<StorefrontClient['wishlist']>['getWishlistById'];
/** A page of a wishlist (`limit`, `offset`, `kind`) as `getWishlistById` answers it. */
export type Wishlist = ResultOf<GetWishlistById>['wishlist'];
/** `getWishlistById`'s request: the wishlist's id, the page (`limit`, `offset`) and the item kinds. */
export type WishlistQuery = OptionsFor<GetWishlistById>[0];

/** The errors of the catalog and member reads, by their operations. */
export interface ReadErrors {
  product: ActionError<NonNullable<StorefrontClient['products']>['queryProducts']>;
  products: ActionError<NonNullable<StorefrontClient['products']>['queryProducts']>;
  collections: ActionError<QueryCollections>;
  storeVariants: ActionError<QueryStoreVariants>;
  member: ActionError<GetCurrentMember>;
  wishlist: ActionError<GetWishlistById>;
}

type Strategy = ReturnType<typeof OAuthStrategy>;
type HostedLogin = ReturnType<typeof withHostedLogin<Strategy>>;
type DirectLogin = ReturnType<typeof withDirectLogin<Strategy>>;

/**
 * The auth `<StorefrontProvider auth>` takes: the client's strategy as `withHostedLogin(OAuthStrategy({ clientId }))`
 * (hosted login), or `withDirectLogin(OAuthStrategy(...))` (login and register on the app's page too).
 */
export type StorefrontAuth = Pick<
  HostedLogin,
  'loggedIn' | 'on' | 'generateOAuthData' | 'getAuthUrl' | 'parseFromUrl' | 'getMemberTokens' | 'setTokens' | 'logout'
> &
  Partial<Pick<DirectLogin, 'login' | 'register' | 'processVerification' | 'getMemberTokensForDirectLogin'>>;
