'use client';
/**
 * storefront-kit/react: the React layer over the client (client components). No globals: each
 * `<StorefrontProvider>` holds its own store. What it exports, by topic: the provider; the cart's
 * hooks, its actions' table and the Cart V1 option; checkout; money; the catalog's hooks and the
 * variant picker; members and the store's session auth; images; the headless components; and the
 * types they share. The server's render (storefront-kit/react/server), the tests' sandbox
 * (storefront-kit/react/testing) and TanStack Query (storefront-kit/react-query) are entries of
 * their own.
 */

// The provider, and the store it holds (its snapshot, its dehydrated form).
export {
  createStorefront,
  StorefrontProvider,
  useStorefront,
  type SharedStoreOptions,
  type StorefrontOptions,
  type StorefrontProviderProps,
} from './provider.tsx';
export type { CartActions, DehydratedState, StoreSnapshot, StorefrontStore, Resource } from './store.ts';
export type { JsonValue } from './data.ts';

// The cart: its hooks, the table of its changes (one entry per kind of change), Cart V1 until 2027-02-01.
export {
  useAddLines,
  useApplyCoupon,
  useCart,
  useCartActions,
  useCartCount,
  useCartLine,
  useCartTotals,
  useClearCart,
  useRefreshCart,
  useRemoveCoupon,
  useRemoveLines,
  useSetCartNote,
  useSuspenseCart,
  useUpdateQuantity,
  type CartTotals,
} from './cart.ts';
export {
  CART_CHANGES,
  type CartApi,
  type CartApiV1,
  type CartChange,
  type ChangeRule,
  type NamedLine,
} from './cart-actions.ts';
export { cartActionsOf, changeCart } from './store-actions.ts';
export { cartApiV1 } from './cart-v1.ts';

// Checkout, and where a shopper may be sent back to.
export { useCheckout, type CheckoutError, type CheckoutResult, type CheckoutStart } from './checkout.ts';
export { sameOriginPath } from './destinations.ts';

// Money from the provider's decimal text.
export { Money, useMoney, addDecimals, multiplyDecimal, type MoneyFormat, type MoneyProps } from './money.tsx';

// The catalog: products, collections, store variants, and the variant picker's rules.
export {
  useCollections,
  useProduct,
  useProducts,
  useStoreVariants,
  rememberProduct,
  useVariantSelection,
  type CatalogState,
} from './catalog.ts';
export {
  selectVariant,
  STORES_APP_ID,
  type ChoiceState,
  type Choices,
  type OptionState,
  type VariantSelection,
} from './variants.ts';

// Members: sign-in and out, the member, the wishlist; the store's own session auth.
export {
  useAuth,
  useMember,
  useWishlist,
  type Auth,
  type Credentials,
  type HostedLoginStart,
  type LoginErrorCode,
  type LoginResult,
  type LogoutResult,
} from './members.ts';
export {
  storeSessionAuth,
  ACCESS_TOKEN_PATH,
  type AccessTokenAnswer,
  type StoreSessionAuthOptions,
} from './session-auth.ts';

// Images of the provider's media, scaled for the screen.
export { Image, imageAttributes, type ImageProps, type ImageSource } from './image.tsx';

// The headless components: a cart with its lines, a product with its options and choices.
export {
  Cart,
  Choice,
  LineItem,
  Option,
  useProductContext,
  type CartProps,
  type ChoiceProps,
  type LineItemActions,
  type LineItemProps,
  type OptionProps,
  type ProductProps,
} from './components.tsx';
import { Product as ProductComponent } from './components.tsx';
import type { Product as ProductData } from './client-types.ts';
/** `<Product product={…}>`, the headless component; as a type, the product as the catalog's reader answers it. */
export const Product = ProductComponent;
export type Product = ProductData;

// The types the hooks share: the client they take, the cart and its lines, reads, errors typed by operation.
export type {
  ActionError,
  CartActionErrors,
  CartLine,
  CartResult,
  CartV1Operations,
  CartV2Operations,
  CartWarning,
  Collection,
  CollectionsPage,
  CollectionsQuery,
  LineItemInput,
  Member,
  MemberQuery,
  ProductsPage,
  ProductsQuery,
  ReadErrors,
  ServerCart,
  StorefrontAuth,
  StorefrontCart,
  StorefrontClient,
  StorefrontError,
  StoreVariant,
  Wishlist,
  WishlistQuery,
} from './client-types.ts';
