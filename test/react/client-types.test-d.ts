/**
 * Type tests of client-types.ts, checked by tsc (never run): what the React layer asks of the
 * client (StorefrontClient: a cart module, every other module optional and narrowed to the
 * operations it calls), the data types it hands out, and the errors typed by operation. The
 * hooks' use of them is types.test-d.tsx.
 */
import { expectTypeOf } from 'vitest';
import {
  ApplicationError,
  createClient,
  currentCart,
  currentCartV2,
  HttpError,
  members,
  OAuthStrategy,
  orders,
  products,
  SystemError,
  ValidationError,
  withDirectLogin,
  withHostedLogin,
} from '../../src/index.ts';
import type {
  CartLine,
  CartResult,
  CartActionErrors,
  CartWarning,
  LineItemInput,
  Product,
  ReadErrors,
  ServerCart,
  StorefrontAuth,
  StorefrontCart,
  StorefrontClient,
  StorefrontError,
} from '../../src/react/client-types.ts';

const auth = OAuthStrategy({ clientId: 'c' });

export function typeTests(
  line: CartLine,
  cart: StorefrontCart,
  serverCart: ServerCart,
  warning: CartWarning,
  result: CartResult,
  errors: CartActionErrors,
  reads: ReadErrors,
) {
  // A client with Cart V2 or Cart V1 is one; with modules besides, too; without a cart module, not.
  expectTypeOf(createClient({ modules: { currentCartV2 }, auth })).toMatchTypeOf<StorefrontClient>();
  expectTypeOf(createClient({ modules: { currentCart }, auth })).toMatchTypeOf<StorefrontClient>();
  expectTypeOf(
    createClient({ modules: { currentCartV2, products, members, orders }, auth }),
  ).toMatchTypeOf<StorefrontClient>();
  expectTypeOf(createClient({ modules: { products }, auth })).not.toMatchTypeOf<StorefrontClient>();
  // Of each other module only the operations the layer calls: a stand-in needs no more.
  const reader = {} as Pick<typeof products, 'queryProducts'>;
  expectTypeOf({
    currentCartV2: {} as StorefrontClient['currentCartV2'] & object,
    products: reader,
  }).toMatchTypeOf<StorefrontClient>();
  expectTypeOf<NonNullable<StorefrontClient['products']>['queryStoreVariants']>().toEqualTypeOf<
    typeof products.queryStoreVariants | undefined
  >();

  // A line as shown: its id, key, quantity and states always there; the server's fields optional.
  expectTypeOf(line.id).toEqualTypeOf<string>();
  expectTypeOf(line.key).toEqualTypeOf<string>();
  expectTypeOf(line.quantity).toEqualTypeOf<number>();
  expectTypeOf(line.pending).toEqualTypeOf<boolean>();
  expectTypeOf(line.optimistic).toEqualTypeOf<boolean>();
  expectTypeOf(line.name).toEqualTypeOf<ServerCart['lineItems'][number]['name'] | undefined>();

  // The cart handed out: lines, pending and warnings always; the rest optional (an empty cart has no id).
  expectTypeOf(cart.lineItems).toEqualTypeOf<CartLine[]>();
  expectTypeOf(cart.pending).toEqualTypeOf<boolean>();
  expectTypeOf(cart.warnings).toEqualTypeOf<CartWarning[]>();
  expectTypeOf(cart.id).toEqualTypeOf<ServerCart['id'] | undefined>();
  expectTypeOf(cart.currency).toEqualTypeOf<string | undefined>();
  expectTypeOf(serverCart.subtotalAfterDiscounts).toEqualTypeOf<{ amount: string } | undefined>();

  // Warnings are data, by kind.
  if (warning.kind === 'availability') {
    expectTypeOf(warning.status).toEqualTypeOf<'OUT_OF_STOCK' | 'REMOVED_FROM_CATALOG' | 'PARTIALLY_IN_STOCK'>();
    expectTypeOf(warning.quantityAvailable).toEqualTypeOf<number>();
  } else {
    expectTypeOf(warning.status).toEqualTypeOf<'NOT_APPLIED'>();
    expectTypeOf(warning.couponCode).toEqualTypeOf<string>();
  }

  // An outcome is the cart or the error, never both.
  if (result.error) {
    expectTypeOf(result.error).toEqualTypeOf<StorefrontError>();
    expectTypeOf(result.cart).toEqualTypeOf<undefined>();
  } else expectTypeOf(result.cart).toEqualTypeOf<StorefrontCart>();
  expectTypeOf<StorefrontError>().toEqualTypeOf<ApplicationError | ValidationError | HttpError | SystemError>();

  // Each action's error by its operations' codes (Cart V2's and V1's).
  const cleared = errors.clear;
  if (cleared instanceof ApplicationError)
    expectTypeOf(cleared.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'OWNED_CART_NOT_FOUND'>();
  const note = errors.setNote;
  if (note instanceof ApplicationError) {
    // @ts-expect-error setting a note never answers a catalog code
    if (note.code === 'ITEM_NOT_FOUND_IN_CATALOG') return;
  }
  // Each read's error by its operation's codes.
  const member = reads.member;
  if (member instanceof ApplicationError)
    expectTypeOf(member.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'NOT_FOUND'>();
  const wished = reads.wishlist;
  if (wished instanceof ApplicationError)
    expectTypeOf(wished.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'WISHLIST_NOT_FOUND'>();

  // The add operation's own catalog item: its app id required, its quantity optional.
  expectTypeOf({ catalogReference: { catalogItemId: 'p1', appId: 'a1' } }).toMatchTypeOf<LineItemInput>();
  expectTypeOf({ catalogReference: { catalogItemId: 'p1' }, quantity: 1 }).not.toMatchTypeOf<LineItemInput>();

  // The product as queryProducts answers it.
  expectTypeOf<Product>().toEqualTypeOf<
    NonNullable<Awaited<ReturnType<NonNullable<StorefrontClient['products']>['queryProducts']>>['products']>[number]
  >();

  // The provider's auth: the strategy with hosted or direct login; direct login's methods optional.
  expectTypeOf(withHostedLogin(auth)).toMatchTypeOf<StorefrontAuth>();
  expectTypeOf(withDirectLogin(auth)).toMatchTypeOf<StorefrontAuth>();
  expectTypeOf(auth).not.toMatchTypeOf<StorefrontAuth>();
  expectTypeOf<StorefrontAuth['login']>().toMatchTypeOf<((...args: never[]) => unknown) | undefined>();
}
