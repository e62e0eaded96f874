/**
 * Type tests of storefront-kit/react, checked by tsc (never run): what the hooks hand out, what
 * the actions take, and that an action's error narrows by its class and code.
 */
import { expectTypeOf } from 'vitest';
import {
  ApiKeyStrategy,
  ApplicationError,
  isApplicationError,
  SystemError,
  ValidationError,
  withDirectLogin,
  withHostedLogin,
  createClient,
  currentCartV2,
  OAuthStrategy,
  products,
  redirects,
} from '../../src/index.ts';
import {
  cartActionsOf,
  createStorefront,
  rememberProduct,
  StorefrontProvider,
  useCart,
  useCartActions,
  useCartCount,
  useCartLine,
  useCartTotals,
  useCheckout,
  useProduct,
  Image,
  useAuth,
  useCollections,
  useMember,
  useSuspenseCart,
  useWishlist,
  type Collection,
  type LoginErrorCode,
  type LoginResult,
  type Member,
  type CartLine,
  type CartWarning,
  type Product,
  type CartActions,
  type StorefrontCart,
  type StorefrontStore,
  type StorefrontError,
} from '../../src/react/index.ts';
import { createServerStorefront, type DehydratedState } from '../../src/react/server.ts';

const kit = createClient({ modules: { currentCartV2, products, redirects }, auth: OAuthStrategy({ clientId: 'c' }) });

export async function typeTests() {
  // The provider takes a client with a cart module (Cart V2's, or V1's); one without does not compile.
  void (<StorefrontProvider client={kit} />);
  const noCart = createClient({ modules: { products } });
  // @ts-expect-error the client needs the currentCartV2 module (or currentCart for Cart V1)
  void (<StorefrontProvider client={noCart} />);
  // Or a store createStorefront made, shared: then the provider takes neither a client nor a state.
  const shared = createStorefront({ client: kit });
  expectTypeOf(shared).toEqualTypeOf<StorefrontStore>();
  void (<StorefrontProvider store={shared} locale="de-DE" />);
  // @ts-expect-error a shared store was made with its client: the provider takes one or the other
  void (<StorefrontProvider store={shared} client={kit} />);
  // @ts-expect-error a shared store already holds its state
  void (<StorefrontProvider store={shared} state={{ version: 1, resources: {} }} />);
  // @ts-expect-error a provider needs a client or a store
  void (<StorefrontProvider />);
  expectTypeOf(cartActionsOf(shared).addLines).toEqualTypeOf<CartActions['addLines']>();
  expectTypeOf(rememberProduct).returns.toEqualTypeOf<() => void>();

  expectTypeOf(useCart()).toEqualTypeOf<StorefrontCart | undefined>();
  expectTypeOf(useCart((cart) => cart?.lineItems.length)).toEqualTypeOf<number | undefined>();
  expectTypeOf(useCartCount()).toEqualTypeOf<number>();
  expectTypeOf(useCartTotals().subtotal).toEqualTypeOf<string | undefined>();
  const line = useCartLine('l1');
  expectTypeOf(line).toEqualTypeOf<CartLine | undefined>();
  expectTypeOf(line!.quantity).toEqualTypeOf<number>();
  expectTypeOf(line!.pending).toEqualTypeOf<boolean>();
  // Dates are Dates.
  expectTypeOf(useCart()!.createdDate).toEqualTypeOf<Date | undefined>();
  expectTypeOf(useCart()!.warnings).toEqualTypeOf<CartWarning[]>();

  const actions = useCartActions();
  const ref = { catalogItemId: 'p1', appId: 'a1', options: { variantId: 'v1' } };
  await actions.addLines([{ catalogReference: ref, quantity: 1 }]);
  // Cart V2's catalog item: the quantity may be left out (one).
  await actions.addLines([{ catalogReference: ref }]);
  // @ts-expect-error the catalog reference needs its app id
  await actions.addLines([{ catalogReference: { catalogItemId: 'p1' }, quantity: 1 }]);
  // @ts-expect-error a quantity is a number
  await actions.updateQuantity('l1', '2');

  const result = await actions.updateQuantity('l1', 2);
  if (result.error) {
    // Any action's error is one of the catalogue's classes.
    expectTypeOf(result.error).toMatchTypeOf<StorefrontError>();
    expectTypeOf(result.error.code).toEqualTypeOf<string>();
    // An application error's code is exactly its operation's catalogue codes.
    if (result.error instanceof ApplicationError) {
      // (Cart V2's update and remove, and V1's quantity update while it is an option.)
      expectTypeOf<'LINE_ITEM_NOT_FOUND_IN_CART' | 'INSUFFICIENT_INVENTORY' | 'LINE_ITEM_NOT_FOUND'>().toMatchTypeOf<
        typeof result.error.code
      >();
      // And narrows its data.
      if (result.error.code === 'LINE_ITEM_NOT_FOUND_IN_CART')
        expectTypeOf(result.error.data.lineItemIds).toEqualTypeOf<Record<string, unknown>>();
      // @ts-expect-error the quantity update never answers a coupon's code
      if (result.error.code === 'COUPON_DOES_NOT_EXIST') return;
    }
    if (result.error instanceof ValidationError) expectTypeOf(result.error.violations[0].field).toEqualTypeOf<string>();
  } else {
    expectTypeOf(result.cart).toEqualTypeOf<StorefrontCart>();
  }

  // Each action by its own operation.
  const added = await actions.addLines([{ catalogReference: ref, quantity: 1 }]);
  if (added.error instanceof ApplicationError) {
    expectTypeOf<'ITEM_NOT_FOUND_IN_CATALOG' | 'MAX_LINE_ITEMS_EXCEEDED' | 'ITEM_NOT_FOUND'>().toMatchTypeOf<
      typeof added.error.code
    >();
    if (added.error.code === 'MAX_LINE_ITEMS_EXCEEDED') expectTypeOf(added.error.data.maxCount).toEqualTypeOf<number>();
  }
  const coupon = await actions.applyCoupon('SAVE10');
  if (coupon.error instanceof ApplicationError && coupon.error.code === 'INVALID_COUPON_CODE')
    expectTypeOf(coupon.error.data.couponCode).toEqualTypeOf<string>();
  // isApplicationError narrows an action's error too.
  if (isApplicationError(coupon.error, 'INVALID_COUPON_CODE'))
    expectTypeOf(coupon.error.data.couponCode).toEqualTypeOf<string>();
  const cleared = await actions.clear();
  if (cleared.error instanceof ApplicationError)
    expectTypeOf(cleared.error.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'OWNED_CART_NOT_FOUND'>();
  // The other forms are there as they are.
  if (cleared.error instanceof SystemError) expectTypeOf(cleared.error).toEqualTypeOf<SystemError>();

  const checkout = await useCheckout().start({ postFlowUrl: 'https://shop.example/thanks' });
  if (!checkout.error) expectTypeOf(checkout.url).toEqualTypeOf<string>();
  else if (checkout.error instanceof ApplicationError)
    expectTypeOf(checkout.error.code).toEqualTypeOf<
      | 'UNAUTHENTICATED'
      | 'PERMISSION_DENIED'
      | 'OWNED_CART_NOT_FOUND'
      | 'CART_IS_EMPTY'
      | 'INVALID_CLIENT'
      | 'INVALID_REDIRECT_SESSION'
      | 'INVALID_REDIRECT_URI'
    >();

  // Reads: the error by the read's operation.
  const wished = useWishlist({ id: 'w1', limit: 10 });
  if (wished.status === 'error' && wished.error instanceof ApplicationError)
    expectTypeOf(wished.error.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'WISHLIST_NOT_FOUND'>();
  if (wished.status === 'success') expectTypeOf(wished.data.items![0].dateAdded).toEqualTypeOf<Date | undefined>();
  const member = useMember();
  if (member.status === 'error' && member.error instanceof ApplicationError)
    expectTypeOf(member.error.code).toEqualTypeOf<'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'NOT_FOUND'>();
  if (member.status === 'success') expectTypeOf(member.data).toEqualTypeOf<Member | null>();
  const page = useCollections({ query: { paging: { limit: 10, offset: 10 } } });
  if (page.status === 'success') {
    expectTypeOf(page.data.collections).toEqualTypeOf<Collection[]>();
    expectTypeOf(page.data.metadata?.total).toEqualTypeOf<number | undefined>();
  }
  expectTypeOf(useSuspenseCart()).toEqualTypeOf<StorefrontCart>();
  expectTypeOf(useSuspenseCart((cart) => cart.lineItems.length)).toEqualTypeOf<number>();

  // Typed login states.
  const login = await useAuth().login({ email: 'a@b.test', password: 'p' });
  if (login.state === 'FAILURE') expectTypeOf(login.errorCode).toEqualTypeOf<LoginErrorCode | undefined>();
  if (login.state === 'EMAIL_VERIFICATION_REQUIRED')
    expectTypeOf(login.verify('123')).toEqualTypeOf<Promise<LoginResult>>();
  expectTypeOf(useAuth().status).toEqualTypeOf<'visitor' | 'member'>();
  // The provider takes the client's OAuthStrategy with hosted login, or direct login (which includes it).
  void (<StorefrontProvider client={kit} auth={withHostedLogin(OAuthStrategy({ clientId: 'c' }))} />);
  // @ts-expect-error useAuth() signs in: a bare OAuthStrategy has no hosted login
  void (<StorefrontProvider client={kit} auth={OAuthStrategy({ clientId: 'c' })} />);
  void (<StorefrontProvider client={kit} auth={withDirectLogin(OAuthStrategy({ clientId: 'c' }))} />);
  // @ts-expect-error an API key does not sign members in
  void (<StorefrontProvider client={kit} auth={ApiKeyStrategy({ apiKey: 'k', siteId: 's' })} />);

  // <Image> needs its width.
  void (<Image image="wix:image://v1/a.jpg/a.jpg#originWidth=10&originHeight=10" width={100} alt="" />);
  // @ts-expect-error the width it is shown at
  void (<Image image="wix:image://v1/a.jpg/a.jpg#originWidth=10&originHeight=10" alt="" />);

  expectTypeOf(useProduct('linen-shirt').data).toEqualTypeOf<Product | null | undefined>();

  const server = createServerStorefront({ client: kit });
  const cart = await server.prefetchCart();
  if (!cart.error) expectTypeOf(cart.data).toEqualTypeOf<StorefrontCart>();
  expectTypeOf(server.dehydrate()).toEqualTypeOf<DehydratedState>();
  // The state is JSON: it survives JSON.stringify as the same type.
  void (<StorefrontProvider client={kit} state={JSON.parse(JSON.stringify(server.dehydrate())) as DehydratedState} />);
}
