/**
 * What the React layer needs of the client, and the data types it hands out, all derived from
 * the client's operation types (no type written twice).
 */
import type { OAuthStrategy, withDirectLogin, withHostedLogin } from '../index.ts';
import type { collections, currentCart, members, products, redirects, wishlist } from '../modules.ts';
import type {
  ApplicationError,
  ErrorOf,
  HttpError,
  OptionsFor,
  ResultOf,
  SystemError,
  ValidationError,
} from '../index.ts';

type CartModule = typeof currentCart;

/**
 * A client the provider can use: `createClient({ modules: { currentCart, products, redirects }, auth })`.
 * `products` is needed by the catalog hooks and prefetches, `redirects` by checkout.
 */
export interface StorefrontClient {
  currentCart: Pick<
    CartModule,
    | 'getCurrentCart'
    | 'addToCurrentCart'
    | 'updateCurrentCart'
    | 'deleteCurrentCart'
    | 'removeLineItemsFromCurrentCart'
    | 'updateCurrentCartLineItemQuantity'
    | 'removeCouponFromCurrentCart'
    | 'createCheckoutFromCurrentCart'
  >;
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

/** The cart as the provider sends it. */
export type ServerCart = NonNullable<ResultOf<CartModule['getCurrentCart']>['cart']>;
type ServerLine = NonNullable<ServerCart['lineItems']>[number];

/** The add-to-cart operation's own line item: `{ catalogReference: { catalogItemId, appId, options }, quantity }`. */
export type LineItemInput = NonNullable<
  NonNullable<OptionsFor<CartModule['addToCurrentCart']>[0]>['lineItems']
>[number];

/** A cart line as shown: the server's line, or one shown before the server has answered. */
export type CartLine = ServerLine & {
  /** Always set: a line shown before the server answered has a temporary id (`optimistic: true`). */
  id: string;
  /**
   * The line's name for its life on this page: its id, except for a line added here, which keeps
   * the temporary id it was first shown with after the server names it. Use it as the React key
   * (so the line's element, and the focus on its buttons, survive the answer), with
   * `useCartLine`, `<LineItem id>` and the cart actions (a temporary id names the server's line).
   */
  key: string;
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
      /** The provider's availability status of the line. */
      status: 'NOT_AVAILABLE' | 'NOT_FOUND' | 'PARTIALLY_AVAILABLE';
      /** How many can be bought (0 when none). */
      quantityAvailable: number;
    }
  | {
      kind: 'coupon';
      couponCode: string;
      /** The cart carries the code but no discount of it applies. */
      status: 'NOT_APPLIED';
    };

/**
 * The cart as the hooks hand it out. A visitor with no cart yet (or after clear) is handed an
 * empty one, which has no id or dates: so every field but the lines is optional here, even those
 * the server's cart always has.
 */
export type StorefrontCart = Partial<Omit<ServerCart, 'lineItems'>> & {
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

type CartOps = StorefrontClient['currentCart'];

/** An action's outcome: the cart after it (a visitor without a cart: an empty one), or the error. It never rejects. */
export type CartResult<E extends StorefrontError = StorefrontError> =
  { cart: StorefrontCart; error?: undefined } | { error: E; cart?: undefined };

/** The errors of each cart action: its operation's codes (refresh: any cart operation's, as it may be answered by a change that superseded it). */
export interface CartActionErrors {
  addLines: ActionError<CartOps['addToCurrentCart']>;
  updateQuantity: ActionError<CartOps['updateCurrentCartLineItemQuantity']>;
  removeLines: ActionError<CartOps['removeLineItemsFromCurrentCart']>;
  applyCoupon: ActionError<CartOps['updateCurrentCart']>;
  removeCoupon: ActionError<CartOps['removeCouponFromCurrentCart']>;
  setNote: ActionError<CartOps['updateCurrentCart']>;
  clear: ActionError<CartOps['deleteCurrentCart']>;
  refresh: ActionError<CartOps[keyof CartOps]>;
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
