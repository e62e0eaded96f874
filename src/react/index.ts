'use client';
/**
 * storefront-kit/react: the React layer over the client (client components). No globals: each
 * `<StorefrontProvider>` holds its own store.
 */
export { StorefrontProvider, useStorefront, type StorefrontProviderProps } from './provider.tsx';
export { useCart, useCartActions, useCartCount, useCartLine, useCartTotals, type CartTotals } from './cart.ts';
export { useCheckout, type CheckoutResult, type CheckoutStart } from './checkout.ts';
export { Money, useMoney, addDecimals, multiplyDecimal, type MoneyFormat, type MoneyProps } from './money.tsx';
export { useProduct, useProducts, useVariantSelection, type CatalogState } from './catalog.ts';
export {
  selectVariant,
  STORES_APP_ID,
  type ChoiceState,
  type Choices,
  type OptionState,
  type VariantSelection,
} from './variants.ts';
export { CART_CHANGES, type CartApi, type CartApiV1, type CartChange, type ChangeRule } from './cart-actions.ts';
export { cartApiV1 } from './cart-v1.ts';
export type { CartActions, DehydratedState, StoreSnapshot, StorefrontStore, Resource } from './store.ts';
export type {
  CartLine,
  CartResult,
  CartV1Operations,
  CartV2Operations,
  ServerCart,
  CartWarning,
  LineItemInput,
  ProductsPage,
  ProductsQuery,
  StorefrontCart,
  StorefrontClient,
  StorefrontError,
} from './client-types.ts';
export type { JsonValue } from './data.ts';
// Members, images, headless components, typed action errors (issue 23, second increment).
export { useSuspenseCart } from './cart.ts';
export { useCollections, useStoreVariants } from './catalog.ts';
export { sameOriginPath } from './destinations.ts';
export {
  storeSessionAuth,
  ACCESS_TOKEN_PATH,
  type AccessTokenAnswer,
  type StoreSessionAuthOptions,
} from './session-auth.ts';
export { Image, imageAttributes, type ImageProps, type ImageSource } from './image.tsx';
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
export type {
  ActionError,
  CartActionErrors,
  Collection,
  CollectionsPage,
  CollectionsQuery,
  Member,
  MemberQuery,
  ReadErrors,
  StorefrontAuth,
  StoreVariant,
  Wishlist,
  WishlistQuery,
} from './client-types.ts';
export type { CheckoutError } from './checkout.ts';
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
