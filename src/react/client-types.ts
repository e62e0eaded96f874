/**
 * What the React layer needs of the client, and the data types it hands out, all derived from
 * the client's operation types (no type written twice).
 */
import type { currentCart, products, redirects } from '../modules.ts';
import type { ApplicationError, HttpError, OptionsFor, ResultOf, SystemError, ValidationError } from '../index.ts';

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
  products?: Pick<typeof products, 'queryProducts'>;
  redirects?: Pick<typeof redirects, 'createRedirectSession'>;
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

/** An action's outcome: the cart after it (a visitor without a cart: an empty one), or the error. It never rejects. */
export type CartResult = { cart: StorefrontCart; error?: undefined } | { error: StorefrontError; cart?: undefined };

/** The product type of the catalog reader. */
export type Product = NonNullable<
  ResultOf<NonNullable<StorefrontClient['products']>['queryProducts']>['products']
>[number];
/** The query of `queryProducts`. */
export type ProductsQuery = NonNullable<OptionsFor<NonNullable<StorefrontClient['products']>['queryProducts']>[0]>;
/** A page of products as `queryProducts` answers it. */
export type ProductsPage = ResultOf<NonNullable<StorefrontClient['products']>['queryProducts']>;
