/**
 * Type tests of storefront-kit/react, checked by tsc (never run): what the hooks hand out, what
 * the actions take, and that an action's error narrows by its class and code.
 */
import { expectTypeOf } from 'vitest';
import {
  ApplicationError,
  ValidationError,
  createClient,
  currentCart,
  OAuthStrategy,
  products,
  redirects,
} from '../../src/index.ts';
import {
  StorefrontProvider,
  useCart,
  useCartActions,
  useCartCount,
  useCartLine,
  useCartTotals,
  useCheckout,
  useProduct,
  type CartLine,
  type CartWarning,
  type Product,
  type StorefrontCart,
  type StorefrontError,
} from '../../src/react/index.ts';
import { createServerStorefront, type DehydratedState } from '../../src/react/server.ts';

const kit = createClient({ modules: { currentCart, products, redirects }, auth: OAuthStrategy({ clientId: 'c' }) });

export async function typeTests() {
  // The provider takes a client with the cart module; one without it does not compile.
  void (<StorefrontProvider client={kit} />);
  const noCart = createClient({ modules: { products } });
  // @ts-expect-error the client needs the currentCart module
  void (<StorefrontProvider client={noCart} />);

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
  // @ts-expect-error a line item needs its quantity
  await actions.addLines([{ catalogReference: ref }]);
  // @ts-expect-error the catalog reference needs its app id
  await actions.addLines([{ catalogReference: { catalogItemId: 'p1' }, quantity: 1 }]);
  // @ts-expect-error a quantity is a number
  await actions.updateQuantity('l1', '2');

  const result = await actions.updateQuantity('l1', 2);
  if (result.error) {
    expectTypeOf(result.error).toEqualTypeOf<StorefrontError>();
    expectTypeOf(result.error.code).toEqualTypeOf<string>();
    if (result.error instanceof ApplicationError)
      expectTypeOf(result.error.data).toEqualTypeOf<Record<string, unknown>>();
    if (result.error instanceof ValidationError) expectTypeOf(result.error.violations[0].field).toEqualTypeOf<string>();
  } else {
    expectTypeOf(result.cart).toEqualTypeOf<StorefrontCart>();
  }

  const checkout = await useCheckout().start({ postFlowUrl: 'https://shop.example/thanks' });
  if (!checkout.error) expectTypeOf(checkout.url).toEqualTypeOf<string>();

  expectTypeOf(useProduct('linen-shirt').data).toEqualTypeOf<Product | null | undefined>();

  const server = createServerStorefront({ client: kit });
  const cart = await server.prefetchCart();
  if (!cart.error) expectTypeOf(cart.data).toEqualTypeOf<StorefrontCart>();
  expectTypeOf(server.dehydrate()).toEqualTypeOf<DehydratedState>();
  // The state is JSON: it survives JSON.stringify as the same type.
  void (<StorefrontProvider client={kit} state={JSON.parse(JSON.stringify(server.dehydrate())) as DehydratedState} />);
}
